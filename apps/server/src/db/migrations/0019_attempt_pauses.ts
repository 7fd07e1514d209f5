import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Pausing attempts (docs/features/proctoring.md "Pausing"): every pause with its reason, who made
 * it and who ended it, and on the attempt what the save path and the scheduler need to know that
 * it is paused, and the time it has been given back.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('attempt_pauses')
    .addColumn('id', 'integer', id)
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('attempts.id'))
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    /** Null while the pause goes on. */
    .addColumn('ended_at', 'varchar(30)')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('resume_reason', 'varchar(200)')
    .addColumn('paused_by', 'integer', (c) => c.notNull())
    /** Null while it goes on, or when the attempt was ended (submitted by a proctor) during it. */
    .addColumn('resumed_by', 'integer')
    /** Milliseconds of this pause the candidate got back (the limit may cap it); null while open. */
    .addColumn('given_back_ms', 'integer')
    .execute();
  await db.schema
    .createIndex('attempt_pauses_attempt_idx')
    .on('attempt_pauses')
    .columns(['attempt_id', 'id'])
    .execute();
  // At most one pause of an attempt goes on at a time (two proctors pressing at once).
  await db.schema
    .createIndex('attempt_pauses_open_idx')
    .on('attempt_pauses')
    .column('attempt_id')
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('attempts')
    /** Since when the attempt is paused; null while it runs. */
    .addColumn('paused_at', 'varchar(30)')
    .execute();
  await db.schema
    .alterTable('attempts')
    /** Why (the refusal of a save says it). */
    .addColumn('pause_reason', 'varchar(200)')
    .execute();
  await db.schema
    .alterTable('attempts')
    /** Every ended pause's length, in milliseconds. */
    .addColumn('paused_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('attempts')
    /** The part of paused_ms added to the deadline: at most the compensatory limit. */
    .addColumn('given_back_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['given_back_ms', 'paused_ms', 'pause_reason', 'paused_at']) {
    await db.schema.alterTable('attempts').dropColumn(column).execute();
  }
  await db.schema.dropTable('attempt_pauses').execute();
}

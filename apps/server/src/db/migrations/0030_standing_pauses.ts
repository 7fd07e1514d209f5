import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A pause of a whole exam or of one of its rooms stands until it is resumed
 * (docs/features/proctoring.md "Pausing"): a candidate who starts, or whose page joins,
 * meanwhile starts paused. One row per exam and room (room 0: the whole exam) while paused: since
 * when, why and who paused it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('standing_pauses')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('since', 'varchar(30)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('paused_by', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('standing_pauses_pk', ['exam_id', 'room_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('standing_pauses').execute();
}

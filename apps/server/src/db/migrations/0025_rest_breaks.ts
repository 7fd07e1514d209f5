import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Rest breaks (docs/features/accommodations.md "Rest breaks"): the accommodation's number of
 * breaks and their length, per batch and per student; a pause's kind ('pause' by a proctor,
 * 'break' taken by the candidate); and on the attempt the breaks it was given at start, how many
 * it took and the break time given back (apart from the compensatory limit of pauses).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of ['class_accommodations', 'student_accommodations']) {
    await db.schema.alterTable(table).addColumn('break_count', 'integer').execute();
    await db.schema.alterTable(table).addColumn('break_minutes', 'integer').execute();
  }
  await db.schema
    .alterTable('attempt_pauses')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('pause'))
    .execute();
  for (const column of ['breaks_allowed', 'break_minutes', 'breaks_taken', 'break_ms']) {
    await db.schema
      .alterTable('attempts')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['break_ms', 'breaks_taken', 'break_minutes', 'breaks_allowed']) {
    await db.schema.alterTable('attempts').dropColumn(column).execute();
  }
  await db.schema.alterTable('attempt_pauses').dropColumn('kind').execute();
  for (const table of ['student_accommodations', 'class_accommodations']) {
    await db.schema.alterTable(table).dropColumn('break_minutes').execute();
    await db.schema.alterTable(table).dropColumn('break_count').execute();
  }
}

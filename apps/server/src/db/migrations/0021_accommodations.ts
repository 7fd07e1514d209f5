import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Accommodations (docs/features/accommodations.md): per batch and per student (extra time as
 * minutes or a multiplier in hundredths, large font, screen-reader layout, a note); the exam's
 * switch; and on each attempt the extra minutes it got from them (fixed at start, only raised).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const [table, key, parent] of [
    ['class_accommodations', 'class_id', 'classes.id'],
    ['student_accommodations', 'student_id', 'students.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(key, 'integer', (c) => c.primaryKey().references(parent).onDelete('cascade'))
      .addColumn('extra_minutes', 'integer')
      /** Hundredths: 125, 150, 200. */
      .addColumn('time_multiplier', 'integer')
      .addColumn('large_font', 'integer')
      .addColumn('screen_reader', 'integer')
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_by', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  }
  await db.schema
    .alterTable('exams')
    .addColumn('apply_accommodations', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('attempts')
    .addColumn('accommodation_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('accommodation_minutes').execute();
  await db.schema.alterTable('exams').dropColumn('apply_accommodations').execute();
  await db.schema.dropTable('student_accommodations').execute();
  await db.schema.dropTable('class_accommodations').execute();
}

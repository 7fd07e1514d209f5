import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What the start of an attempt checks on the server (docs/operations/security.md): wrong access codes
 * counted per candidate, with the instant the lock lifts (in the database, so a restart keeps it),
 * and when the candidate first opened the exam's notice (its minimum reading time runs from there,
 * by the server's clock).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('exam_candidates')
    .addColumn('access_code_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exam_candidates')
    .addColumn('access_locked_until', 'varchar(30)')
    .execute();
  await db.schema
    .alterTable('exam_candidates')
    .addColumn('notice_opened_at', 'varchar(30)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['notice_opened_at', 'access_locked_until', 'access_code_failures']) {
    await db.schema.alterTable('exam_candidates').dropColumn(column).execute();
  }
}

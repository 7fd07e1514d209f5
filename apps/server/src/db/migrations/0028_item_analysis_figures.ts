import type { Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A released exam's item analysis, kept in the database (issue 29 §3): worked out once (at the
 * release, or by the first reader) and read back whole by every process and after a restart
 * while `scores_key` (the release and what its scores stand at) is the exam's current one.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('item_analysis_figures')
    .addColumn('exam_id', 'integer', (c) =>
      c.primaryKey().references('exams.id').onDelete('cascade'),
    )
    .addColumn('scores_key', 'text', (c) => c.notNull())
    /** JSON of the ItemAnalysisView. */
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('item_analysis_figures').execute();
}

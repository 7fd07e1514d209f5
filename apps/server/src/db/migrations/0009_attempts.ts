import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Attempts (one per candidate), their answers and their integrity events (docs/features/taking-an-exam.md). */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    /** One attempt per candidate: starting twice is refused by this constraint. */
    .addColumn('candidate_id', 'integer', (c) =>
      c.notNull().unique().references('exam_candidates.id'),
    )
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('paper_version_id', 'integer', (c) => c.notNull().references('paper_versions.id'))
    /** Decides the candidate's order, option letters and, for a paper drawn per candidate, the draw. */
    .addColumn('seed', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    /** min(window close, start + duration + extra time): the server's clock is the only one. */
    .addColumn('deadline', 'varchar(30)', (c) => c.notNull())
    /** Set once, by the one conditional UPDATE that finalizes the attempt. */
    .addColumn('finished_at', 'varchar(30)')
    /** 'submitted', 'deadline' or 'leave_limit'. */
    .addColumn('finish_reason', 'varchar(16)')
    /** Hundredths of a point, set at finalization. */
    .addColumn('objective_score', 'integer')
    /** Answers a marker still has to score. */
    .addColumn('pending_marking', 'integer')
    .addColumn('receipt_code', 'varchar(16)')
    /** The connection that holds the attempt (one live connection per attempt). */
    .addColumn('live_token', 'varchar(64)')
    .addColumn('leave_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // The finalization scheduler's query: unfinished attempts by deadline.
  await db.schema
    .createIndex('attempts_due_idx')
    .on('attempts')
    .columns(['finished_at', 'deadline'])
    .execute();
  await db.schema.createIndex('attempts_exam_idx').on('attempts').column('exam_id').execute();
  await db.schema.createIndex('attempts_student_idx').on('attempts').column('student_id').execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'integer', (c) =>
      c.notNull().references('attempts.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    /** The client's counter: a save with a lower or equal seq is ignored. */
    .addColumn('seq', 'integer', (c) => c.notNull())
    /** JSON: the option keys of the paper (not the candidate's letters), the blanks, the text. */
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(30)', (c) => c.notNull())
    /** Hundredths of a point: set at finalization for scored types, by marking for the others. */
    .addColumn('score', 'integer')
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('attempt_events')
    .addColumn('id', 'integer', id)
    .addColumn('attempt_id', 'integer', (c) =>
      c.notNull().references('attempts.id').onDelete('cascade'),
    )
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_events_attempt_idx')
    .on('attempt_events')
    .columns(['attempt_id', 'id'])
    .execute();
  await db.schema
    .createIndex('attempt_events_exam_idx')
    .on('attempt_events')
    .columns(['exam_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('attempt_events').execute();
  await db.schema.dropTable('attempt_answers').execute();
  await db.schema.dropTable('attempts').execute();
}

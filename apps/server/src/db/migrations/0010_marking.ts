import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Marking (docs/features/marking.md), designed whole: plans, assignments, the answers to mark with their lease,
 * marks, arbitration, group audits, key corrections, the score log and releases.
 * docs/marking-storage.md explains each table.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('marking_plans')
    .addColumn('exam_id', 'integer', (c) =>
      c.primaryKey().references('exams.id').onDelete('cascade'),
    )
    /** 'question' or 'candidate'. */
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    /** 1: every answer is marked by two different markers. */
    .addColumn('double_marking', 'integer', (c) => c.notNull().defaultTo(0))
    /** Hundredths of a point: the widest gap between two marks that still agrees. */
    .addColumn('tolerance', 'integer', (c) => c.notNull().defaultTo(0))
    /** Hundredths of a point: every mark is a multiple of it (or the full score). */
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(100))
    /** Percent (0–100) of a question's answers the group audit samples. */
    .addColumn('audit_share', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Who marks which question of an exam (in candidate mode too: a marker only gets the
  // questions assigned to them).
  await db.schema
    .createTable('marking_assignments')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    /** A user id, without a foreign key so that deleting a user never fails on it. */
    .addColumn('marker_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('marking_assignments_pk', ['exam_id', 'item_id', 'marker_id'])
    .execute();
  await db.schema
    .createIndex('marking_assignments_marker_idx')
    .on('marking_assignments')
    .columns(['marker_id', 'exam_id'])
    .execute();

  // One row per answer a marker scores: its own integer id (attempt_answers has a composite
  // key), the anonymous code the desk shows, and the lease that claims it.
  await db.schema
    .createTable('marking_answers')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('attempt_id', 'integer', (c) =>
      c.notNull().references('attempts.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    /** Random per attempt: the only name a marker ever sees for a candidate. */
    .addColumn('anon_code', 'varchar(16)', (c) => c.notNull())
    /** Hundredths of a point: the question's score for this candidate. */
    .addColumn('full_score', 'integer', (c) => c.notNull())
    /** 1, then one more each time a failed group audit sends the question back. */
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    /** Marks given in this cycle (0, 1, 2). */
    .addColumn('marks_done', 'integer', (c) => c.notNull().defaultTo(0))
    /** The lease: who holds the answer and until when; an expired lease is free. */
    .addColumn('lease_marker_id', 'integer')
    .addColumn('lease_until', 'varchar(30)')
    /** 1: two marks beyond the tolerance wait for an arbiter. */
    .addColumn('arbitration', 'integer', (c) => c.notNull().defaultTo(0))
    /** Hundredths of a point, once final (copied to attempt_answers.score). */
    .addColumn('final_score', 'integer')
    .addColumn('finalized_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('marking_answers_attempt_item_uq', ['attempt_id', 'item_id'])
    .execute();
  // The pool: an exam's question's answers in order, read by every "Next".
  await db.schema
    .createIndex('marking_answers_pool_idx')
    .on('marking_answers')
    .columns(['exam_id', 'item_id', 'final_score', 'id'])
    .execute();

  await db.schema
    .createTable('marking_marks')
    .addColumn('id', 'integer', id)
    .addColumn('answer_id', 'integer', (c) =>
      c.notNull().references('marking_answers.id').onDelete('cascade'),
    )
    .addColumn('cycle', 'integer', (c) => c.notNull())
    /** 1 or 2: first or second mark of the cycle. */
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('marker_id', 'integer', (c) => c.notNull())
    /** Hundredths of a point. */
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    // The database itself refuses a third mark or a marker marking one answer twice.
    .addUniqueConstraint('marking_marks_round_uq', ['answer_id', 'cycle', 'round'])
    .addUniqueConstraint('marking_marks_marker_uq', ['answer_id', 'cycle', 'marker_id'])
    .execute();
  await db.schema
    .createIndex('marking_marks_marker_idx')
    .on('marking_marks')
    .columns(['marker_id', 'answer_id'])
    .execute();

  await db.schema
    .createTable('marking_arbitrations')
    .addColumn('id', 'integer', id)
    .addColumn('answer_id', 'integer', (c) =>
      c.notNull().references('marking_answers.id').onDelete('cascade'),
    )
    .addColumn('cycle', 'integer', (c) => c.notNull())
    /** Hundredths of a point: final. */
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('arbiter_id', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('marking_arbitrations_uq', ['answer_id', 'cycle'])
    .execute();

  // Group audit per question and cycle: every row is kept, so failures stay in the history.
  await db.schema
    .createTable('marking_audits')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    /** docs/spec.md §4 group audit: 0 under review, 1 passed, 2 failed. */
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array of marking_answers ids drawn for review. */
    .addColumn('sample', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(30)')
    .addUniqueConstraint('marking_audits_uq', ['exam_id', 'item_id', 'cycle'])
    .execute();

  // The paper version is immutable: a corrected key is an overlay per exam and question, the
  // latest row winning.
  await db.schema
    .createTable('key_corrections')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    /** JSON: { answer, blanks } as the snapshot item holds them, before and after. */
    .addColumn('old_key', 'text', (c) => c.notNull())
    .addColumn('new_key', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** Attempts whose score changed. */
    .addColumn('rescored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('key_corrections_exam_idx')
    .on('key_corrections')
    .columns(['exam_id', 'item_id', 'id'])
    .execute();

  // Every score set or changed, by anyone or anything; no foreign keys: the record outlives rows.
  await db.schema
    .createTable('score_log')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    .addColumn('attempt_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'varchar(16)', (c) => c.notNull())
    /** The marking answer, when the answer is one a marker scores. */
    .addColumn('answer_id', 'integer')
    /** 'mark', 'revise', 'final', 'arbitration', 'audit', 'key'. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** Hundredths of a point; null: no score. */
    .addColumn('old_score', 'integer')
    .addColumn('new_score', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    /** 0 when the system set it (the mean of two marks). */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('score_log_exam_idx')
    .on('score_log')
    .columns(['exam_id', 'id'])
    .execute();
  await db.schema
    .createIndex('score_log_answer_idx')
    .on('score_log')
    .columns(['attempt_id', 'item_id', 'id'])
    .execute();

  // exams.released_at (0008) holds the current state; this keeps every release and withdrawal.
  await db.schema
    .createTable('score_releases')
    .addColumn('id', 'integer', id)
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    /** 'release' or 'withdraw'. */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('score_releases_exam_idx')
    .on('score_releases')
    .columns(['exam_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('score_releases').execute();
  await db.schema.dropTable('score_log').execute();
  await db.schema.dropTable('key_corrections').execute();
  await db.schema.dropTable('marking_audits').execute();
  await db.schema.dropTable('marking_arbitrations').execute();
  await db.schema.dropTable('marking_marks').execute();
  await db.schema.dropTable('marking_answers').execute();
  await db.schema.dropTable('marking_assignments').execute();
  await db.schema.dropTable('marking_plans').execute();
}

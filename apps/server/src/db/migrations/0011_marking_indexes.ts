import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed: a later change to the schema is a new migration.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Indexes for the marking desk's "Next" (docs/features/marking.md's bench): each query it runs reads a few
 * index entries instead of the whole pool or all of the exam's attempts.
 * docs/marking-storage.md explains each.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // The open pool (not final, not waiting for an arbiter) in id order: "Next" stops at its
  // first claimable answers, and `left` counts it from the index alone. PostgreSQL drops the
  // predicate's own columns from the index condition, so there `id` follows the question to give
  // the order; SQLite only matches them as index columns.
  await db.schema
    .createIndex('marking_answers_open_idx')
    .on('marking_answers')
    .columns(
      postgres
        ? ['exam_id', 'item_id', 'id', 'marks_done']
        : ['exam_id', 'item_id', 'final_score', 'arbitration', 'id', 'marks_done'],
    )
    .where(sql.ref('final_score'), 'is', null)
    .where(sql.ref('arbitration'), '=', sql.lit(0))
    .execute();

  // The answer a marker holds: only leased rows carry a holder.
  await db.schema
    .createIndex('marking_answers_lease_idx')
    .on('marking_answers')
    .columns(['exam_id', 'item_id', 'lease_marker_id'])
    .where(sql.ref('lease_marker_id'), 'is not', null)
    .execute();

  // Whether an exam's enrolment can still grow: its unfinished attempts and its latest attempt.
  await db.schema
    .createIndex('attempts_unfinished_idx')
    .on('attempts')
    .column('exam_id')
    .where(sql.ref('finished_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('attempts_exam_id_idx')
    .on('attempts')
    .columns(['exam_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('attempts_exam_id_idx').execute();
  await db.schema.dropIndex('attempts_unfinished_idx').execute();
  await db.schema.dropIndex('marking_answers_lease_idx').execute();
  await db.schema.dropIndex('marking_answers_open_idx').execute();
}

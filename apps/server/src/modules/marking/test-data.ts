import type { Db } from '../../db/database.js';

/**
 * Finished attempts for every candidate of the exam, written straight into the tables as
 * finalization leaves them: the objective score known, each marked item answered with
 * `textOf(candidateIndex, itemId)`. Driving hundreds of candidates through the socket would
 * test taking exams again, not marking. Answers the attempt ids in seat order.
 */
export async function addFinishedAttempts(
  db: Db,
  examId: number,
  options: {
    markedItemIds: string[];
    objective: number;
    textOf?: (i: number, itemId: string) => string;
  },
): Promise<number[]> {
  const exam = await db
    .selectFrom('exams')
    .select(['paper_version_id'])
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  const candidates = await db
    .selectFrom('exam_candidates')
    .select(['id', 'student_id'])
    .where('exam_id', '=', examId)
    .orderBy('seat_number')
    .execute();
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (const [i, candidate] of candidates.entries()) {
    const attempt = await db
      .insertInto('attempts')
      .values({
        exam_id: examId,
        candidate_id: candidate.id,
        student_id: candidate.student_id,
        paper_version_id: exam.paper_version_id!,
        seed: `seed-${examId}-${i}`,
        started_at: at,
        deadline: at,
        finished_at: at,
        finish_reason: 'submitted',
        objective_score: options.objective,
        pending_marking: options.markedItemIds.length,
        receipt_code: 'test',
        live_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(attempt.id);
    if (options.markedItemIds.length > 0) {
      await db
        .insertInto('attempt_answers')
        .values(
          options.markedItemIds.map((itemId) => ({
            attempt_id: attempt.id,
            item_id: itemId,
            seq: 1,
            value: JSON.stringify(options.textOf?.(i, itemId) ?? `Answer ${i} to ${itemId}`),
            saved_at: at,
            score: null,
          })),
        )
        .execute();
    }
    await db
      .updateTable('exam_candidates')
      .set({ status: 0 })
      .where('id', '=', candidate.id)
      .execute();
  }
  return ids;
}

import type { Db } from '../../db/database.js';

/** What a pause or a resume reads of the attempts concerned (docs/features/proctoring.md "Pausing"). */
export interface PauseTarget {
  id: number;
  exam_id: number;
  student_id: number;
  deadline: string;
  finished_at: string | null;
  paused_at: string | null;
  paused_ms: number;
  given_back_ms: number;
}

/** The attempts with what pausing and resuming them needs, in the caller's transaction. */
export function pauseTargets(trx: Db, attemptIds: readonly number[]): Promise<PauseTarget[]> {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('attempts')
    .select([
      'id',
      'exam_id',
      'student_id',
      'deadline',
      'finished_at',
      'paused_at',
      'paused_ms',
      'given_back_ms',
    ])
    .where('id', 'in', attemptIds)
    .orderBy('id')
    .execute();
}

/**
 * Pauses the attempt if it still runs, is not paused and its time is not up at `now` (one
 * conditional UPDATE: of two proctors pressing at once, one wins). An absence of its page going
 * on ends uncounted. Answers whether this call paused it.
 */
export async function markPaused(
  trx: Db,
  attemptId: number,
  since: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({ paused_at: since, pause_reason: reason, away_since: null, away_kind: null })
    .where('id', '=', attemptId)
    .where('finished_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('deadline', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPause(
  trx: Db,
  pause: { attemptId: number; examId: number; since: string; reason: string; by: number },
) {
  await trx
    .insertInto('attempt_pauses')
    .values({
      attempt_id: pause.attemptId,
      exam_id: pause.examId,
      started_at: pause.since,
      ended_at: null,
      reason: pause.reason,
      resume_reason: null,
      paused_by: pause.by,
      resumed_by: null,
      given_back_ms: null,
    })
    .execute();
}

/**
 * Ends the pause that began at `since` with the new deadline and totals (a conditional UPDATE:
 * a resume happens once, whichever process or proctor asks). Answers whether this call did.
 */
export async function markResumed(
  trx: Db,
  attemptId: number,
  since: string,
  resumed: { deadline: string; pausedMs: number; givenBackMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({
      paused_at: null,
      pause_reason: null,
      deadline: resumed.deadline,
      paused_ms: resumed.pausedMs,
      given_back_ms: resumed.givenBackMs,
    })
    .where('id', '=', attemptId)
    .where('paused_at', '=', since)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes the attempt's open pause (resumed by `by`, or ended with the attempt: `by` null). */
export async function closePause(
  trx: Db,
  attemptId: number,
  closed: { at: string; by: number | null; reason: string | null; givenBackMs: number | null },
) {
  await trx
    .updateTable('attempt_pauses')
    .set({
      ended_at: closed.at,
      resumed_by: closed.by,
      resume_reason: closed.reason,
      given_back_ms: closed.givenBackMs,
    })
    .where('attempt_id', '=', attemptId)
    .where('ended_at', 'is', null)
    .execute();
}

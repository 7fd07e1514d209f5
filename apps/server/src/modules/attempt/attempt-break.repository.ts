import type { Db } from '../../db/database.js';

/**
 * Rest breaks (docs/features/accommodations.md "Rest breaks"). A break is a pause the candidate
 * takes: `attempts.paused_at` is set (so saves, submit, the scheduler and absences treat it as a
 * pause) with this reason, which no proctor's pause can have (their reason is never empty), and
 * the record is an attempt_pauses row of kind 'break'.
 */
export const BREAK_REASON = '';

/** Whether the attempt's pause going on is a rest break the candidate took. */
export const onBreak = (row: { paused_at: string | null; pause_reason: string | null }) =>
  row.paused_at !== null && row.pause_reason === BREAK_REASON;

/** What taking or ending a break reads of the attempt. */
export interface BreakTarget {
  id: number;
  exam_id: number;
  student_id: number;
  deadline: string;
  finished_at: string | null;
  paused_at: string | null;
  pause_reason: string | null;
  breaks_allowed: number;
  breaks_taken: number;
  break_minutes: number;
  break_ms: number;
}

export function breakTarget(db: Db, attemptId: number): Promise<BreakTarget | undefined> {
  return db
    .selectFrom('attempts')
    .select([
      'id',
      'exam_id',
      'student_id',
      'deadline',
      'finished_at',
      'paused_at',
      'pause_reason',
      'breaks_allowed',
      'breaks_taken',
      'break_minutes',
      'break_ms',
    ])
    .where('id', '=', attemptId)
    .executeTakeFirst();
}

/**
 * Starts a break if the attempt still runs, is not paused, its time is not up at `now` and a break
 * is left (one conditional UPDATE: a second press or another process changes nothing). Answers
 * whether this call started it.
 */
export async function markBreak(
  trx: Db,
  attemptId: number,
  since: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set((eb) => ({
      paused_at: since,
      pause_reason: BREAK_REASON,
      breaks_taken: eb('breaks_taken', '+', 1),
      // An absence going on ends uncounted: the candidate may leave the page on a break.
      away_since: null,
      away_kind: null,
    }))
    .where('id', '=', attemptId)
    .where('finished_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('deadline', '>', now)
    .where((eb) => eb('breaks_taken', '<', eb.ref('breaks_allowed')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertBreak(
  trx: Db,
  taken: { attemptId: number; examId: number; since: string; by: number },
) {
  await trx
    .insertInto('attempt_pauses')
    .values({
      attempt_id: taken.attemptId,
      exam_id: taken.examId,
      started_at: taken.since,
      ended_at: null,
      reason: BREAK_REASON,
      resume_reason: null,
      paused_by: taken.by,
      resumed_by: null,
      given_back_ms: null,
      kind: 'break',
    })
    .execute();
}

/**
 * Ends the break that began at `since` with the deadline moved and the break time given back (a
 * conditional UPDATE: it ends once, whether the candidate or the scheduler of any process asks).
 * Answers whether this call ended it.
 */
export async function markBreakEnded(
  trx: Db,
  attemptId: number,
  since: string,
  ended: { deadline: string; breakMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({ paused_at: null, pause_reason: null, deadline: ended.deadline, break_ms: ended.breakMs })
    .where('id', '=', attemptId)
    .where('paused_at', '=', since)
    .where('pause_reason', '=', BREAK_REASON)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Running attempts on a break, with when it began and its minutes (the scheduler's sweep). */
export function attemptsOnBreak(db: Db, limit: number) {
  return db
    .selectFrom('attempts')
    .select(['id', 'paused_at', 'break_minutes'])
    .where('finished_at', 'is', null)
    .where('paused_at', 'is not', null)
    .where('pause_reason', '=', BREAK_REASON)
    .orderBy('paused_at')
    .limit(limit)
    .execute();
}

import type { Db } from '../../db/database.js';
import { News } from '../../lib/news.js';
import { onBreak } from './attempt-break.repository.js';
import { runningAttemptsOf, setDeadline } from './attempt.repository.js';

export interface DeadlineChange {
  attemptId: number;
  deadline: string;
  /** The deadline before: the page tells the candidate by how much it moved. */
  previous: string;
}

/**
 * An attempt's deadline: min(the window's close (windowEndOf: the session's), start + duration + the candidate's extra time).
 * Only the server's clock counts (DESIGN.md "The server owns the clock").
 */
export const deadlineOf = (
  startedAt: string,
  durationMinutes: number,
  extraMinutes: number,
  endAt: string,
) =>
  new Date(
    Math.min(Date.parse(startedAt) + (durationMinutes + extraMinutes) * 60_000, Date.parse(endAt)),
  ).toISOString();

/**
 * The close of a candidate's window: their session's end (docs/features/venues.md "Sessions"),
 * never past the exam's; without a session, the exam's.
 */
export const windowEndOf = (examEndAt: string, sessionEndAt: string | null) =>
  sessionEndAt !== null && sessionEndAt < examEndAt ? sessionEndAt : examEndAt;

/**
 * The time left of an attempt by the server's clock `now` (never below 0). A paused attempt's
 * clock stands still: what was left when the pause began (docs/features/proctoring.md "Pausing").
 */
export const remainingOf = (
  row: { deadline: string; paused_at: string | null },
  now: number,
): number =>
  Math.max(
    0,
    Date.parse(row.deadline) - (row.paused_at === null ? now : Date.parse(row.paused_at)),
  );

/**
 * What a resume gives back: the attempt's pauses in all (`pausedMs`, this one included) up to
 * the centre's limit, less what earlier resumes already gave. The deadline moves by `moveMs`.
 */
export function givenBack(
  before: { pausedMs: number; givenBackMs: number },
  thisPauseMs: number,
  limitMs: number,
) {
  const pausedMs = before.pausedMs + Math.max(0, thisPauseMs);
  const givenBackMs = Math.max(before.givenBackMs, Math.min(limitMs, pausedMs));
  return { pausedMs, givenBackMs, moveMs: givenBackMs - before.givenBackMs };
}

/**
 * The candidate's extra minutes for which the deadline computation (recomputeDeadlines) yields
 * at least `deadline`: what the attempt's accommodations and given-back pauses already cover is
 * not counted again, so that a later recompute neither adds them twice nor takes minutes back.
 */
export function extraMinutesCovering(
  deadline: string,
  attempt: {
    startedAt: string;
    durationMinutes: number;
    accommodationMinutes: number;
    givenBackMs: number;
  },
): number {
  const spanMs = Date.parse(deadline) - Date.parse(attempt.startedAt) - attempt.givenBackMs;
  return Math.max(
    0,
    Math.ceil(spanMs / 60_000 - attempt.durationMinutes - attempt.accommodationMinutes),
  );
}

/**
 * The attempt's paused time so far, as the compensatory limit counts it: every ended pause
 * (`paused_ms`: the candidate's, the room's, the exam's, standing ones included) and the one
 * going on at `now`. A rest break going on is not counted: it is break time (`break_ms`).
 */
export function pausedSoFar(
  row: {
    paused_ms: number | null;
    paused_at: string | null;
    pause_reason: string | null;
    finished_at: string | null;
  },
  now: number,
): number {
  const going =
    row.paused_at !== null && row.finished_at === null && !onBreak(row)
      ? Math.max(0, now - Date.parse(row.paused_at))
      : 0;
  return Number(row.paused_ms ?? 0) + going;
}

/** An instant moved on by `ms`. */
export const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

/**
 * After the exam's window or a candidate's extra time changed (inside the caller's transaction
 * `trx`): the running attempts of the exam (or of one student) get their deadline anew. Answers
 * the changes, for the pages to be told once the transaction has committed.
 */
export async function recomputeDeadlines(
  trx: Db,
  examId: number,
  studentId?: number,
): Promise<DeadlineChange[]> {
  const changes: DeadlineChange[] = [];
  for (const row of await runningAttemptsOf(trx, examId, studentId)) {
    // Paused time and rest breaks given back stay given back, past the window's close too; the extra time is
    // the proctor's and the accommodations' (fixed at start, only raised).
    const deadline = later(
      deadlineOf(
        row.started_at,
        row.duration_minutes,
        row.extra_minutes + row.accommodation_minutes,
        windowEndOf(row.end_at, row.session_end_at),
      ),
      row.given_back_ms + row.break_ms,
    );
    if (deadline === row.deadline) continue;
    await setDeadline(trx, row.id, deadline);
    changes.push({ attemptId: row.id, deadline, previous: row.deadline });
  }
  return changes;
}

/** Carries deadline changes from publishing (extra time, closing later) to the exam pages. */
export class DeadlineNews extends News<DeadlineChange[]> {
  override publish(changes: DeadlineChange[]) {
    if (changes.length > 0) super.publish(changes);
  }
}

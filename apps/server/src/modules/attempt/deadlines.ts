import type { Db } from '../../db/database.js';
import { News } from '../../lib/news.js';
import { runningAttemptsOf, setDeadline } from './attempt.repository.js';

export interface DeadlineChange {
  attemptId: number;
  deadline: string;
  /** The deadline before: the page tells the candidate by how much it moved. */
  previous: string;
}

/**
 * An attempt's deadline: min(the window's close, start + duration + the candidate's extra time).
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
    const deadline = deadlineOf(
      row.started_at,
      row.duration_minutes,
      // The proctor's extra time and the accommodations' (fixed at start, only raised).
      row.extra_minutes + row.accommodation_minutes,
      row.end_at,
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

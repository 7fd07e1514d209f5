import type { BreakAllowance, BreakEnded, BreakTaken } from '@kaoshi/shared';
import { inTransaction, nowIso } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptCore } from './attempt-core.js';
import {
  attemptsOnBreak,
  breakTarget,
  insertBreak,
  markBreak,
  markBreakEnded,
  onBreak,
  type BreakTarget,
} from './attempt-break.repository.js';
import { closePause } from './attempt-pause.repository.js';
import { later, remainingOf } from './deadlines.js';

/** Breaks the scheduler looks at per sweep, oldest first (few candidates rest at once). */
const BREAK_SWEEP_LIMIT = 1000;

const allowanceOf = (row: BreakTarget, takenNow = 0): BreakAllowance => ({
  allowed: row.breaks_allowed,
  taken: row.breaks_taken + takenNow,
  minutes: row.break_minutes,
});

/**
 * Rest breaks the candidate takes on their own attempt (docs/features/accommodations.md "Rest
 * breaks"): the paper is hidden, saves are refused as in a pause, the clock stops. Ending it moves
 * the deadline by the break's length, never more than its minutes, counted in `break_ms` (not in
 * the compensatory limit of pauses). A break that runs out is ended by the scheduler, once,
 * whichever process sweeps first. Lengths are measured on `clock` (the pause tests' clock). The
 * pages, the proctors' rows and the room's console hear of both at once (AttemptNews 'paused'
 * with `breakUntil`, then 'resumed', both with `breaks`).
 */
export class AttemptBreaks {
  constructor(
    private readonly core: AttemptCore,
    private readonly clock: Clock,
  ) {}

  /** The candidate (`userId`, their own attempt checked by the caller) takes a break. */
  async take(attemptId: number, userId: number): Promise<BreakTaken> {
    const at = this.clock.now();
    const since = new Date(at).toISOString();
    const taken = await inTransaction(this.core.db, async (trx) => {
      const row = await breakTarget(trx, attemptId);
      if (!row) throw conflict('breakAttemptEnded');
      this.refuseTaking(row);
      if (!(await markBreak(trx, row.id, since, nowIso()))) {
        // Another call came first: say what it did.
        const now = await breakTarget(trx, attemptId);
        if (now) this.refuseTaking(now);
        throw conflict('breakAlreadyTaking');
      }
      await insertBreak(trx, { attemptId: row.id, examId: row.exam_id, since, by: userId });
      return row;
    });
    const breakUntil = later(since, taken.break_minutes * 60_000);
    const breaks = allowanceOf(taken, 1);
    this.core.news.publish({
      kind: 'paused',
      attemptId: taken.id,
      examId: taken.exam_id,
      studentId: taken.student_id,
      since,
      reason: '',
      deadline: taken.deadline,
      breakUntil,
      breaks,
    });
    return {
      since,
      breakUntil,
      remainingMs: remainingOf({ deadline: taken.deadline, paused_at: since }, at),
      breaks,
    };
  }

  /** The candidate ends their break: the deadline moves by its length (up to its minutes). */
  async end(attemptId: number, userId: number): Promise<BreakEnded> {
    const ended = await this.endAt(attemptId, this.clock.now(), userId);
    if (!ended) throw conflict('breakNotTaking');
    return ended;
  }

  /**
   * The scheduler: every break that has run out ends at its minutes (the deadline moves by
   * exactly them). Answers how many it ended.
   */
  async endOverrun(limit = BREAK_SWEEP_LIMIT): Promise<number> {
    const rows = await attemptsOnBreak(this.core.db, limit);
    const now = this.clock.now();
    let ended = 0;
    for (const row of rows) {
      const until = Date.parse(row.paused_at!) + row.break_minutes * 60_000;
      if (until <= now && (await this.endAt(row.id, until, null))) ended += 1;
    }
    return ended;
  }

  /** Ends the break going on at `at` (`by` null: the scheduler); null when there was none. */
  private async endAt(
    attemptId: number,
    at: number,
    by: number | null,
  ): Promise<BreakEnded | null> {
    const atIso = new Date(at).toISOString();
    const done = await inTransaction(this.core.db, async (trx) => {
      const row = await breakTarget(trx, attemptId);
      if (!row || row.finished_at !== null || !onBreak(row)) return null;
      const since = row.paused_at!;
      const lengthMs = Math.min(Math.max(0, at - Date.parse(since)), row.break_minutes * 60_000);
      const deadline = later(row.deadline, lengthMs);
      const breakMs = row.break_ms + lengthMs;
      if (!(await markBreakEnded(trx, row.id, since, { deadline, breakMs }))) return null;
      // An attempt has one open pause record at a time: this break's.
      await closePause(trx, row.id, { at: atIso, by, reason: null, givenBackMs: lengthMs });
      return { row, since, lengthMs, deadline };
    });
    if (!done) return null;
    const { row, since, lengthMs, deadline } = done;
    this.core.news.publish({
      kind: 'resumed',
      attemptId: row.id,
      examId: row.exam_id,
      studentId: row.student_id,
      since,
      at: atIso,
      reason: '',
      previous: row.deadline,
      deadline,
      pausedMs: lengthMs,
      givenBackMs: lengthMs,
      // A break is not a pause: the pauses' totals stay as they were.
      totalPausedMs: 0,
      totalGivenBackMs: 0,
      breaks: allowanceOf(row),
    });
    return {
      deadline,
      remainingMs: Math.max(0, Date.parse(deadline) - Date.now()),
      givenBackMs: lengthMs,
      breaks: allowanceOf(row),
    };
  }

  /** Refuses a break the attempt cannot take now, naming why (its time up counts as ended). */
  private refuseTaking(row: BreakTarget) {
    if (row.finished_at !== null) throw conflict('breakAttemptEnded');
    if (onBreak(row)) throw conflict('breakAlreadyTaking');
    if (row.paused_at !== null) throw conflict('breakWhilePaused');
    if (Date.parse(row.deadline) <= Date.now()) throw conflict('breakAttemptEnded');
    if (row.breaks_taken >= row.breaks_allowed) {
      throw conflict('breakNoneLeft', { allowed: row.breaks_allowed });
    }
  }
}

import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptCore } from './attempt-core.js';
import type { Paused, Resumed } from './attempt-news.js';
import {
  liftPause,
  pauseMany,
  standingPauseOf,
  standPause,
  pauseTargets,
  resumeMany,
  resumeTargets,
  type PauseTarget,
  type ResumeRow,
} from './attempt-pause.repository.js';
import { givenBack, later } from './deadlines.js';

export type { Paused, Resumed };

/** Who pauses or resumes, and why (said to the candidate, kept on the record). */
export interface PauseBy {
  userId: number;
  reason: string;
}

/** Why an attempt was left as it was: the single-candidate calls refuse with it. */
export type PauseRefusal = 'ended' | 'paused' | 'notPaused';

interface PauseOptions<T> {
  /** More to write in the same transaction (the proctor's record). */
  within?: (trx: Db, changed: T[]) => Promise<void>;
  /** Refuse the whole call when one attempt cannot be changed (one candidate's button). */
  strict?: (why: PauseRefusal, attemptId: number) => AppError;
  /**
   * The whole exam (room 0) or a room is paused (resumed) as such: a candidate who starts or
   * joins while it stands starts paused (pauseIfStanding).
   */
  standing?: { examId: number; roomId: number };
}

/**
 * Pausing and resuming attempts (docs/features/proctoring.md "Pausing"), for any set of
 * attempts: one candidate, an exam, later a room. A paused attempt takes no saves and no submit,
 * counts no leave and is not finalized by the scheduler; a resume gives back the paused time
 * (up to the centre's limit per attempt) by moving the deadline, once, whichever process runs
 * it. The pause's length is measured on `clock` (tests move it on). The pages hear of both at
 * once, after the transaction has committed (AttemptNews 'paused', 'resumed').
 */
export class AttemptPausing {
  private readonly db: Db;

  constructor(
    private readonly core: AttemptCore,
    private readonly clock: Clock,
    /** COMPENSATORY_MINUTES_LIMIT in milliseconds. */
    readonly limitMs: number,
  ) {
    this.db = core.db;
  }

  /**
   * Pauses the attempts that can be: a constant number of statements per 1,000 attempts
   * (attempt-pause.repository.ts pauseMany), however many. With `strict`, an attempt left as it
   * was refuses the whole call (nothing written).
   */
  async pause(
    attemptIds: readonly number[],
    by: PauseBy,
    options: PauseOptions<Paused> = {},
  ): Promise<Paused[]> {
    const since = new Date(this.clock.now()).toISOString();
    const paused = await inTransaction(this.db, async (trx) => {
      // Standing first: a start that commits after this reads it, one before is among the rows.
      if (options.standing) {
        const { examId, roomId } = options.standing;
        await standPause(trx, examId, roomId, { since, reason: by.reason, paused_by: by.userId });
      }
      const rows = await pauseMany(trx, attemptIds, {
        since,
        reason: by.reason,
        by: by.userId,
        now: nowIso(),
      });
      if (options.strict && rows.length < new Set(attemptIds).size) {
        const done = new Set(rows.map((row) => row.id));
        for (const target of await pauseTargets(trx, attemptIds)) {
          if (!done.has(target.id)) {
            throw options.strict(this.pauseRefusal(target) ?? 'paused', target.id);
          }
        }
      }
      const done: Paused[] = rows.map((row) => ({
        attemptId: row.id,
        examId: row.exam_id,
        studentId: row.student_id,
        since,
        reason: by.reason,
        deadline: row.deadline,
      }));
      await options.within?.(trx, done);
      return done;
    });
    for (const change of paused) this.core.news.publish({ kind: 'paused', ...change });
    return paused;
  }

  /**
   * Resumes the paused attempts: each one's time given back (up to the limit per attempt) is
   * computed from its row as read, then written with a constant number of statements per 1,000
   * attempts (resumeMany); the deadline moves once, whichever process asks.
   */
  async resume(
    attemptIds: readonly number[],
    by: PauseBy,
    options: PauseOptions<Resumed> = {},
  ): Promise<Resumed[]> {
    const at = this.clock.now();
    const atIso = new Date(at).toISOString();
    const resumed = await inTransaction(this.db, async (trx) => {
      if (options.standing) {
        await liftPause(trx, options.standing.examId, options.standing.roomId);
      }
      const targets = await resumeTargets(trx, attemptIds);
      const planned: { target: PauseTarget; row: ResumeRow; since: string }[] = [];
      for (const target of targets) {
        const since = target.paused_at;
        if (since === null || target.finished_at !== null) {
          if (options.strict) throw options.strict('notPaused', target.id);
          continue;
        }
        const back = givenBack(
          { pausedMs: target.paused_ms, givenBackMs: target.given_back_ms },
          at - Date.parse(since),
          this.limitMs,
        );
        planned.push({
          target,
          since,
          row: {
            id: target.id,
            since,
            deadline: later(target.deadline, back.moveMs),
            pausedMs: back.pausedMs,
            givenBackMs: back.givenBackMs,
            moveMs: back.moveMs,
          },
        });
      }
      const claimed = await resumeMany(
        trx,
        planned.map((plan) => plan.row),
        { at: atIso, by: by.userId, reason: by.reason },
      );
      const done: Resumed[] = [];
      for (const { target, row, since } of planned) {
        if (!claimed.has(target.id)) {
          if (options.strict) throw options.strict('notPaused', target.id);
          continue;
        }
        done.push({
          attemptId: target.id,
          examId: target.exam_id,
          studentId: target.student_id,
          since,
          at: atIso,
          reason: by.reason,
          previous: target.deadline,
          deadline: row.deadline,
          pausedMs: Math.max(0, at - Date.parse(since)),
          givenBackMs: row.moveMs,
          totalPausedMs: row.pausedMs,
          totalGivenBackMs: row.givenBackMs,
        });
      }
      await options.within?.(trx, done);
      return done;
    });
    for (const change of resumed) this.core.news.publish({ kind: 'resumed', ...change });
    return resumed;
  }

  /**
   * A candidate who starts, or whose page joins, while their exam or room stands paused starts
   * paused: their clock does not run and the page shows why (from now: no time of theirs was
   * lost before). Answers the pause, if this call made one.
   */
  async pauseIfStanding(attemptId: number): Promise<Paused | undefined> {
    // Almost always none: one plain read, no transaction.
    if (!(await standingPauseOf(this.db, attemptId))) return undefined;
    const since = new Date(this.clock.now()).toISOString();
    const paused = await inTransaction(this.db, async (trx) => {
      // Read again in the pause's transaction (locked on PostgreSQL): a resume lifting it
      // (lift) waits until this pause has committed, and then finds the attempt paused.
      const standing = await standingPauseOf(trx, attemptId, true);
      if (!standing) return undefined;
      const [row] = await pauseMany(trx, [attemptId], {
        since,
        reason: standing.reason,
        by: standing.paused_by,
        now: nowIso(),
      });
      if (!row) return undefined;
      return {
        attemptId: row.id,
        examId: row.exam_id,
        studentId: row.student_id,
        since,
        reason: standing.reason,
        deadline: row.deadline,
      } satisfies Paused;
    });
    if (paused) this.core.news.publish({ kind: 'paused', ...paused });
    return paused;
  }

  /**
   * Ends the exam's (room 0: and its rooms') or the room's standing pause. Called before the
   * attempts to resume are read: a late pause still being written is waited for and so read.
   */
  async lift(standing: { examId: number; roomId: number }): Promise<void> {
    await liftPause(this.db, standing.examId, standing.roomId);
  }

  /** Now on the clock pauses are measured on (a pause going on is so long). */
  now(): number {
    return this.clock.now();
  }

  /** Why the attempt cannot be paused now, if it cannot (its time up counts as ended). */
  private pauseRefusal(target: PauseTarget): PauseRefusal | null {
    if (target.finished_at !== null || Date.parse(target.deadline) <= Date.now()) return 'ended';
    if (target.paused_at !== null) return 'paused';
    return null;
  }
}

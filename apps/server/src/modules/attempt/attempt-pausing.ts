import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptCore } from './attempt-core.js';
import type { Paused, Resumed } from './attempt-news.js';
import {
  closePause,
  insertPause,
  markPaused,
  markResumed,
  pauseTargets,
  type PauseTarget,
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

  async pause(
    attemptIds: readonly number[],
    by: PauseBy,
    options: PauseOptions<Paused> = {},
  ): Promise<Paused[]> {
    const since = new Date(this.clock.now()).toISOString();
    const paused = await inTransaction(this.db, async (trx) => {
      const done: Paused[] = [];
      for (const target of await pauseTargets(trx, attemptIds)) {
        const why = this.pauseRefusal(target);
        if (!why && (await markPaused(trx, target.id, since, by.reason, nowIso()))) {
          await insertPause(trx, {
            attemptId: target.id,
            examId: target.exam_id,
            since,
            reason: by.reason,
            by: by.userId,
          });
          done.push({
            attemptId: target.id,
            examId: target.exam_id,
            studentId: target.student_id,
            since,
            reason: by.reason,
            deadline: target.deadline,
          });
        } else if (options.strict) throw options.strict(why ?? 'paused', target.id);
      }
      await options.within?.(trx, done);
      return done;
    });
    for (const change of paused) this.core.news.publish({ kind: 'paused', ...change });
    return paused;
  }

  async resume(
    attemptIds: readonly number[],
    by: PauseBy,
    options: PauseOptions<Resumed> = {},
  ): Promise<Resumed[]> {
    const at = this.clock.now();
    const atIso = new Date(at).toISOString();
    const resumed = await inTransaction(this.db, async (trx) => {
      const done: Resumed[] = [];
      for (const target of await pauseTargets(trx, attemptIds)) {
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
        const deadline = later(target.deadline, back.moveMs);
        const claimed = await markResumed(trx, target.id, since, {
          deadline,
          pausedMs: back.pausedMs,
          givenBackMs: back.givenBackMs,
        });
        if (!claimed) {
          if (options.strict) throw options.strict('notPaused', target.id);
          continue;
        }
        await closePause(trx, target.id, {
          at: atIso,
          by: by.userId,
          reason: by.reason,
          givenBackMs: back.moveMs,
        });
        done.push({
          attemptId: target.id,
          examId: target.exam_id,
          studentId: target.student_id,
          since,
          at: atIso,
          reason: by.reason,
          previous: target.deadline,
          deadline,
          pausedMs: Math.max(0, at - Date.parse(since)),
          givenBackMs: back.moveMs,
          totalPausedMs: back.pausedMs,
          totalGivenBackMs: back.givenBackMs,
        });
      }
      await options.within?.(trx, done);
      return done;
    });
    for (const change of resumed) this.core.news.publish({ kind: 'resumed', ...change });
    return resumed;
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

import {
  ApiStatus,
  SAVE_GRACE_MS,
  type ApiStatusCode,
  type MessageKey,
  type MessageParams,
} from '@kaoshi/shared';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import {
  attemptsForSaves,
  countAnswered,
  upsertAnswers,
  type StoredSave,
} from './attempt.repository.js';
import { onBreak } from './attempt-break.repository.js';
import { WriteGroup } from './write-group.js';
import { shownTime } from '../../lib/shown-time.js';

/** A save written (or ignored as older): how many of its attempt's items now hold an answer. */
export interface SaveStored {
  answeredCount: number;
}

const refusal = (status: ApiStatusCode, key: MessageKey, params: MessageParams) =>
  new AppError(status, key, params);

/**
 * Grouped answer writes (DESIGN.md "An acknowledged answer is never lost"): the saves that arrive
 * within a few milliseconds go to the database in one transaction, and each caller's promise
 * settles only after that transaction has committed. Inside it, each attempt is read (on
 * PostgreSQL with a share lock, so a finalization running beside it waits, or is waited for) and
 * a save for a finished attempt, a paused one, or past its deadline and the grace, is refused.
 * The same transaction counts each attempt's answered items anew (the proctor's view reads it).
 */
export class AnswerWriter {
  private readonly group: WriteGroup<StoredSave, AppError | SaveStored>;

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
  ) {
    // PostgreSQL: up to 4 batches at once (one waits not for another's round trips); their
    // upserts keep the highest seq whatever order they commit in, and lock rows in key order.
    this.group = new WriteGroup((saves) => this.write(saves), postgres ? 4 : 1);
  }

  /**
   * Settles once written (or ignored as older) with its attempt's count of answered items after
   * the batch, or with the refusal.
   */
  save(save: StoredSave): Promise<AppError | SaveStored> {
    return this.group.add(save);
  }

  /** Writes what is waiting now (also on shutdown). */
  drain(): Promise<void> {
    return this.group.drain();
  }

  private write(batch: StoredSave[]): Promise<(AppError | SaveStored)[]> {
    return inTransaction(this.db, async (trx) => {
      const ids = [...new Set(batch.map((save) => save.attemptId))];
      const attempts = new Map(
        (await attemptsForSaves(trx, ids, this.postgres)).map((row) => [row.id, row]),
      );
      const now = Date.now();
      // One row per attempt and item: the highest seq of this batch (the others it supersedes).
      const latest = new Map<string, StoredSave>();
      const outcomes = batch.map((save) => {
        const attempt = attempts.get(save.attemptId);
        if (!attempt) return notFound('attempt', save.attemptId);
        if (attempt.finished_at !== null) {
          return attempt.finish_reason === 'deadline'
            ? refusal(ApiStatus.TIME_UP, 'timeUp', { deadline: shownTime(attempt.deadline) })
            : refusal(ApiStatus.ATTEMPT_ENDED, 'attemptEnded', {
                at: shownTime(attempt.finished_at),
              });
        }
        // Paused (its deadline passed during the pause perhaps): refused, the page keeps it.
        if (attempt.paused_at !== null) {
          // On a rest break the candidate's own (attempt-breaks.ts): said so, not a proctor.
          return onBreak(attempt)
            ? refusal(ApiStatus.ATTEMPT_PAUSED, 'attemptOnBreak', {})
            : refusal(ApiStatus.ATTEMPT_PAUSED, 'attemptPaused', {
                reason: attempt.pause_reason ?? '',
              });
        }
        if (now > Date.parse(attempt.deadline) + SAVE_GRACE_MS) {
          return refusal(ApiStatus.TIME_UP, 'timeUp', { deadline: shownTime(attempt.deadline) });
        }
        const key = `${save.attemptId}/${save.itemId}`;
        const kept = latest.get(key);
        if (!kept || kept.seq < save.seq) latest.set(key, save);
        return null;
      });
      // In key order: overlapping batches lock the rows they share in the same order (no deadlock).
      const rows = [...latest.values()].sort(
        (a, b) =>
          a.attemptId - b.attemptId || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0),
      );
      await upsertAnswers(trx, rows);
      const written = [...new Set(rows.map((save) => save.attemptId))];
      const lastAt = rows.reduce((at, save) => (save.savedAt > at ? save.savedAt : at), '');
      const counts = written.length === 0 ? new Map() : await countAnswered(trx, written, lastAt);
      return outcomes.map(
        (outcome, i) => outcome ?? { answeredCount: counts.get(batch[i]!.attemptId) ?? 0 },
      );
    });
  }
}

import {
  ApiStatus,
  SAVE_GRACE_MS,
  type ApiStatusCode,
  type MessageKey,
  type MessageParams,
} from '@kaoshi/shared';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { upsertAnswers, type StoredSave } from './attempt.repository.js';

/** How long saves gather before they are written together. */
export const FLUSH_EVERY_MS = 5;

interface Pending {
  save: StoredSave;
  resolve: (refusal: AppError | null) => void;
  reject: (error: unknown) => void;
}

/** An instant as users read it in a message: the server's local time, to the second. */
export const shownTime = (iso: string) => {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

const refusal = (status: ApiStatusCode, key: MessageKey, params: MessageParams) =>
  new AppError(status, key, params);

/**
 * Grouped answer writes (DESIGN.md "An acknowledged answer is never lost"): the saves that arrive
 * within a few milliseconds go to the database in one transaction, and each caller's promise
 * settles only after that transaction has committed. Inside it, each attempt is read (on
 * PostgreSQL with a share lock, so a finalization running beside it waits, or is waited for) and
 * a save for a finished attempt, or past its deadline and the grace, is refused.
 */
export class AnswerWriter {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
  ) {}

  /** Settles with null once written (or ignored as older), or with the refusal. */
  save(save: StoredSave): Promise<AppError | null> {
    return new Promise((resolve, reject) => {
      this.pending.push({ save, resolve, reject });
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.running = this.running.then(() => this.flush());
      }, FLUSH_EVERY_MS);
    });
  }

  /** Writes what is waiting now (also on shutdown). */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.running = this.running.then(() => this.flush());
    }
    await this.running;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      const outcomes = await inTransaction(this.db, async (trx) => {
        const ids = [...new Set(batch.map((p) => p.save.attemptId))];
        let query = trx
          .selectFrom('attempts')
          .select(['id', 'deadline', 'finished_at', 'finish_reason'])
          .where('id', 'in', ids);
        if (this.postgres) query = query.forShare();
        const attempts = new Map((await query.execute()).map((row) => [row.id, row]));
        const now = Date.now();
        // One row per attempt and item: the highest seq of this batch (the others it supersedes).
        const latest = new Map<string, StoredSave>();
        const outcomes = batch.map(({ save }) => {
          const attempt = attempts.get(save.attemptId);
          if (!attempt) return notFound('attempt', save.attemptId);
          if (attempt.finished_at !== null) {
            return attempt.finish_reason === 'deadline'
              ? refusal(ApiStatus.TIME_UP, 'timeUp', { deadline: shownTime(attempt.deadline) })
              : refusal(ApiStatus.ATTEMPT_ENDED, 'attemptEnded', {
                  at: shownTime(attempt.finished_at),
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
        await upsertAnswers(trx, [...latest.values()]);
        return outcomes;
      });
      batch.forEach((pending, i) => pending.resolve(outcomes[i]!));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}

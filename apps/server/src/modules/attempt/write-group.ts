import { outsideControlLane } from '../../db/control-lane.js';

/** How long writes gather before they go to the database together. */
export const FLUSH_EVERY_MS = 5;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: what arrives within a few milliseconds is written by one call of `write` (one
 * transaction), and each caller's promise settles only after it, with its own result. Thousands
 * of examinees saving or joining in the same second cost a handful of commits instead of one each.
 *
 * `concurrency` flushes may be in flight at once (PostgreSQL, whose pool has connections to
 * spare: a batch need not wait for the previous one's four round trips); SQLite has one
 * connection, so one. With more than one, `write` must give the same result whatever order
 * overlapping batches commit in (the answer upsert keeps the highest seq).
 */
export class WriteGroup<T, R> {
  private pending: Waiting<T, R>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Told when the batch holding what is pending now has been written (drain). */
  private pendingWritten: (() => void)[] = [];

  /** `write` answers one result per item, in order; if it throws, every caller gets the error. */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly concurrency = 1,
  ) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      // A batch is everyone's: its writes never take the control lane's connections.
      this.timer ??= outsideControlLane(() =>
        setTimeout(() => {
          this.timer = undefined;
          this.startFlush();
        }, FLUSH_EVERY_MS),
      );
    });
  }

  /**
   * Writes what is waiting now and waits for it and every write in flight (before a submit, on
   * shutdown); not for what arrives later, which under load never stops arriving.
   */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.startFlush();
    const waits = [...this.inFlight];
    if (this.pending.length > 0) {
      waits.push(new Promise<void>((resolve) => this.pendingWritten.push(resolve)));
    }
    await Promise.all(waits);
  }

  /** Sends what is waiting, unless `concurrency` batches are already in flight. */
  private startFlush() {
    if (this.pending.length === 0 || this.inFlight.size >= this.concurrency) return;
    const batch = this.pending;
    const written = this.pendingWritten;
    this.pending = [];
    this.pendingWritten = [];
    const flight: Promise<void> = this.flush(batch).finally(() => {
      this.inFlight.delete(flight);
      for (const done of written) done();
      // What gathered while every slot was busy goes at once: it has waited long enough.
      this.startFlush();
    });
    this.inFlight.add(flight);
  }

  private async flush(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

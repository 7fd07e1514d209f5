/** How long writes gather before they go to the database together. */
export const FLUSH_EVERY_MS = 5;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: what arrives within a few milliseconds is written by one call of `write` (one
 * transaction), and each caller's promise settles only after it, with its own result. Flushes
 * run one after another, in arrival order. Thousands of examinees saving or joining in the same
 * second cost a handful of commits instead of one each.
 */
export class WriteGroup<T, R> {
  private pending: Waiting<T, R>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  /** `write` answers one result per item, in order; if it throws, every caller gets the error. */
  constructor(private readonly write: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.running = this.running.then(() => this.flush());
      }, FLUSH_EVERY_MS);
    });
  }

  /** Writes what is waiting now (before a submit, and on shutdown). */
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
      const results = await this.write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

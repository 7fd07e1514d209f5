/** Entries kept before the full (idle) buckets are dropped. */
const PRUNE_ABOVE = 50_000;

/**
 * A token bucket per key (an attempt): `burst` at once, then one more every `refillMs`. In memory
 * and per process: it guards the event loop and the database of this process, which is what a
 * flood of page events wears down (docs/operations/security.md). The clock is passed in for its tests.
 */
export class EventLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for `key`: 0 when it may go, else the milliseconds until the next one. */
  take(key: number): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.floor((now - bucket.at) / this.refillMs);
    if (refilled > 0) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + refilled);
      bucket.at = bucket.tokens === this.burst ? now : bucket.at + refilled * this.refillMs;
    }
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= PRUNE_ABOVE) this.prune(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens === 0) return bucket.at + this.refillMs - now;
    bucket.tokens -= 1;
    return 0;
  }

  /** Drops the buckets that have refilled: they hold nothing a fresh one would not. */
  private prune(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + Math.floor((now - bucket.at) / this.refillMs) >= this.burst) {
        this.buckets.delete(key);
      }
    }
  }
}

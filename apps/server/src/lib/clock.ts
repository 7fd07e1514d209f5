/**
 * The server's clock where a rule measures time between events (a leave's grace): tests move
 * it on instead of waiting.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

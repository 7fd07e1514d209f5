import {
  MARKING_LEASE_MS,
  SCORE_SCALE,
  scoreFromHundredths,
  scoreToHundredths,
} from '@kaoshi/shared';

/**
 * What the marker typed as a score: a number with '.' or ',' as the decimal mark ("7", "7.5",
 * "7,5"), or why it is not one. Range and step are the server's to judge: it words the refusal
 * in the marker's language and is the only judge that counts.
 */
export function parseScore(text: string): { score: number } | { problem: 'empty' | 'notANumber' } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { problem: 'empty' };
  if (!/^\d{1,4}(\.\d*)?$|^\.\d+$/.test(trimmed)) return { problem: 'notANumber' };
  return { score: Number(trimmed) };
}

/**
 * The quick-score buttons: every step from 0 to the full score when there are few (at most 11);
 * else every whole point when the step divides a point and the question is worth at most 10;
 * else 0, a quarter, half and three quarters rounded down to the step. The full score always
 * (the server takes it even when the step does not divide it).
 */
export function quickScores(full: number, step: number): number[] {
  const fullH = scoreToHundredths(full);
  const stepH = scoreToHundredths(step);
  if (fullH <= 0 || stepH <= 0) return [0];
  const upTo = (every: number) =>
    Array.from({ length: Math.floor(fullH / every) + 1 }, (_, n) => n * every);
  let picks: number[];
  if (Math.floor(fullH / stepH) <= 10) picks = upTo(stepH);
  else if (SCORE_SCALE % stepH === 0 && fullH <= 10 * SCORE_SCALE) picks = upTo(SCORE_SCALE);
  else {
    picks = [0, 0.25, 0.5, 0.75].map((share) => Math.floor((fullH * share) / stepH) * stepH);
  }
  return [...new Set([...picks, fullH])].map(scoreFromHundredths);
}

/**
 * The gap between the server's clock and this browser's (server minus browser, ms), as far as a
 * lease tells it: a lease just claimed ends MARKING_LEASE_MS after the server's "now", so
 * `leaseUntil - MARKING_LEASE_MS` is the server's time when it answered. A lease held from
 * before (a reload) started earlier and gives a lower figure, so the highest seen is the best.
 */
export function leaseClockOffset(previous: number | null, leaseUntil: string, receivedAt: number) {
  const seen = Date.parse(leaseUntil) - MARKING_LEASE_MS - receivedAt;
  return previous === null ? seen : Math.max(previous, seen);
}

/** Milliseconds left on a lease at the browser's `now`, by the server's clock. */
export const leaseLeft = (leaseUntil: string, now: number, offset: number) =>
  Date.parse(leaseUntil) - (now + offset);

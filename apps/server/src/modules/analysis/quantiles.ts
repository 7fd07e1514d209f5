/**
 * The figures of score analysis, on integer hundredths so that nothing drifts: ranks with ties,
 * quantiles, histogram bins. Pure functions, one pass over already sorted values where possible.
 */

/**
 * The quantile `p` (0–1) of values sorted ascending, by linear interpolation between the order
 * statistics: h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). This is Hyndman and Fan's
 * type 7, the default of R, NumPy and Excel's QUARTILE.INC / PERCENTILE.INC. Null when empty.
 */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (h - low) * (sorted[high]! - sorted[low]!);
}

export interface FiveNumbers {
  count: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

/** Min, Q1, median, Q3 and max (type 7) of values sorted ascending. */
export function fiveNumbers(sorted: readonly number[]): FiveNumbers {
  return {
    count: sorted.length,
    min: sorted.length ? sorted[0]! : null,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    max: sorted.length ? sorted.at(-1)! : null,
  };
}

export const ascending = (a: number, b: number) => a - b;

/**
 * Competition ranks (1, 2, 2, 4) of `scores`, highest first: each score's rank is one more than
 * the number of higher scores. Answers score → rank.
 */
export function competitionRanks(scores: Iterable<number>): Map<number, number> {
  const sorted = [...scores].sort((a, b) => b - a);
  const ranks = new Map<number, number>();
  sorted.forEach((score, index) => {
    if (!ranks.has(score)) ranks.set(score, index + 1);
  });
  return ranks;
}

/**
 * Ten bins of 10 % of `total` each (hundredths): [0, 10 %), [10 %, 20 %) … [90 %, 100 %], the
 * last one closed so that a full score counts. A score above the total (a corrected key can
 * not make one, but a bad row could) falls in the last bin, one below zero in the first.
 */
export function histogram(scores: Iterable<number>, total: number) {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const score of scores) {
    const bin = total > 0 ? Math.floor((score * 10) / total) : 0;
    counts[Math.max(0, Math.min(9, bin))]! += 1;
  }
  return counts.map((count, i) => ({
    from: (total * i) / 10,
    to: (total * (i + 1)) / 10,
    count,
  }));
}

/** part / whole to four decimals (0.6667), null when whole is 0. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** Hundredths → points, rounded to two decimals (an interpolated quantile can fall between). */
export const points = (hundredths: number) => Math.round(hundredths) / 100;
export const pointsOrNull = (hundredths: number | null) =>
  hundredths === null ? null : points(hundredths);

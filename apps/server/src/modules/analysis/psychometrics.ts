import {
  ITEM_EASY,
  ITEM_GROUP_SHARE,
  ITEM_HARD,
  ITEM_LOW_DISCRIMINATION,
  type ItemFlag,
} from '@kaoshi/shared';

/**
 * The figures of classical test theory from sums, so that the database adds up a million
 * answers and the server only divides. Population moments (divide by n) throughout: these
 * describe the candidates who sat, not a sample of others.
 */

/** One candidate's total, ranked by score then by attempt id (the earlier attempt ranks higher). */
export interface RankedTotal {
  attemptId: number;
  total: number;
}

/** Where the upper and lower groups end: (total, attempt id) of their last members. */
export interface GroupCuts {
  size: number;
  upper: { total: number; attemptId: number };
  lower: { total: number; attemptId: number };
}

const byRank = (a: RankedTotal, b: RankedTotal) => b.total - a.total || a.attemptId - b.attemptId;

/**
 * The upper and lower 27 % (rounded, at least one each) by total score. Ties at a cut are broken
 * by attempt id, so the groups always hold exactly `size` candidates. Null below two candidates.
 */
export function groupCuts(totals: RankedTotal[], share = ITEM_GROUP_SHARE): GroupCuts | null {
  if (totals.length < 2) return null;
  const ranked = [...totals].sort(byRank);
  const size = Math.max(
    1,
    Math.min(Math.floor(ranked.length / 2), Math.round(ranked.length * share)),
  );
  const upper = ranked[size - 1]!;
  const lower = ranked[ranked.length - size]!;
  return {
    size,
    upper: { total: upper.total, attemptId: upper.attemptId },
    lower: { total: lower.total, attemptId: lower.attemptId },
  };
}

export const inUpper = (cuts: GroupCuts, t: RankedTotal) =>
  t.total > cuts.upper.total ||
  (t.total === cuts.upper.total && t.attemptId <= cuts.upper.attemptId);
export const inLower = (cuts: GroupCuts, t: RankedTotal) =>
  t.total < cuts.lower.total ||
  (t.total === cuts.lower.total && t.attemptId >= cuts.lower.attemptId);

/** Sums over the candidates who sat one question (x: their score of it, t: their total). */
export interface ItemSums {
  n: number;
  sx: number;
  sxx: number;
  sxt: number;
  st: number;
  stt: number;
  /** Σ x over the upper and the lower group, and how many of each group sat it. */
  upper: number;
  upperN: number;
  lower: number;
  lowerN: number;
}

export interface ItemMoments {
  mean: number;
  variance: number;
  facility: number | null;
  discrimination: number | null;
  itemRest: number | null;
}

/** Round for the wire: 4 decimals are more than any reader of these figures needs. */
export const round4 = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10_000) / 10_000;

/**
 * Facility (mean / full), discrimination ((upper mean − lower mean) / full) and the item–rest
 * correlation: Pearson's r of x with r = t − x, from cov(x, t − x) = cov(x, t) − var(x) and
 * var(t − x) = var(t) − 2 cov(x, t) + var(x). Null where a figure has no meaning (nobody sat
 * it, no spread).
 */
export function itemMoments(s: ItemSums, full: number): ItemMoments {
  if (s.n === 0) {
    return { mean: 0, variance: 0, facility: null, discrimination: null, itemRest: null };
  }
  const mean = s.sx / s.n;
  const variance = Math.max(0, s.sxx / s.n - mean * mean);
  const meanT = s.st / s.n;
  const varT = Math.max(0, s.stt / s.n - meanT * meanT);
  const covXT = s.sxt / s.n - mean * meanT;
  const covXR = covXT - variance;
  const varR = varT - 2 * covXT + variance;
  const itemRest = variance > 1e-12 && varR > 1e-12 ? covXR / Math.sqrt(variance * varR) : null;
  const discrimination =
    full > 0 && s.upperN > 0 && s.lowerN > 0
      ? (s.upper / s.upperN - s.lower / s.lowerN) / full
      : null;
  return {
    mean,
    variance,
    facility: full > 0 ? mean / full : null,
    discrimination,
    itemRest,
  };
}

/** Cronbach's alpha: k/(k−1) · (1 − Σ var(item) / var(total)); null with fewer than 2 items. */
export function cronbachAlpha(itemVariances: number[], totalVariance: number): number | null {
  const k = itemVariances.length;
  if (k < 2 || totalVariance <= 1e-12) return null;
  const sum = itemVariances.reduce((a, b) => a + b, 0);
  return (k / (k - 1)) * (1 - sum / totalVariance);
}

/** The mean, median and population variance of values sorted ascending. */
export function describe(sorted: Float64Array | number[]): {
  mean: number | null;
  median: number | null;
  variance: number | null;
} {
  const n = sorted.length;
  if (n === 0) return { mean: null, median: null, variance: null };
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    sum += sorted[i]!;
    squares += sorted[i]! * sorted[i]!;
  }
  const mean = sum / n;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { mean, median, variance: Math.max(0, squares / n - mean * mean) };
}

/** Too easy above 0.9, too hard below 0.2; discrimination below 0 negative, below 0.1 near zero. */
export function flagsOf(facility: number | null, discrimination: number | null): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (facility !== null && facility > ITEM_EASY) flags.push('tooEasy');
  if (facility !== null && facility < ITEM_HARD) flags.push('tooHard');
  if (discrimination !== null && discrimination < 0) flags.push('negativeDiscrimination');
  else if (discrimination !== null && discrimination < ITEM_LOW_DISCRIMINATION)
    flags.push('lowDiscrimination');
  return flags;
}

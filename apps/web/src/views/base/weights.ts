import { MAX_COURSE_WEIGHT, percentFromWeight, weightFromPercent } from '@kaoshi/shared';

/** An appraisal point as far as its course's weight sum is concerned (weight in percent). */
export interface Weighted {
  id: number;
  weight: number;
}

/** 100 %: what the points of one course may add up to at most. */
export const MAX_COURSE_PERCENT = percentFromWeight(MAX_COURSE_WEIGHT);

/**
 * The sum of the points' weights in percent, leaving out `exceptId` (the point being edited).
 * Added in hundredths of a percent, as the server stores them, so 33.33 + 33.33 + 33.34 is 100.
 */
export function weightSum(points: readonly Weighted[], exceptId?: number): number {
  const hundredths = points
    .filter((point) => point.id !== exceptId)
    .reduce((sum, point) => sum + weightFromPercent(point.weight), 0);
  return percentFromWeight(hundredths);
}

/** What is left of 100 % for one more point (or for `exceptId` again); never below 0. */
export function remainingWeight(points: readonly Weighted[], exceptId?: number): number {
  const left = MAX_COURSE_WEIGHT - weightFromPercent(weightSum(points, exceptId));
  return percentFromWeight(Math.max(0, left));
}

/**
 * The sum the course would reach with `weight` for a new point (or for `exceptId`), when that is
 * over 100 %; undefined when it fits. The server refuses the same.
 */
export function sumIfOver(
  points: readonly Weighted[],
  weight: number,
  exceptId?: number,
): number | undefined {
  const total = weightFromPercent(weightSum(points, exceptId)) + weightFromPercent(weight);
  return total > MAX_COURSE_WEIGHT ? percentFromWeight(total) : undefined;
}

export type WeightState = 'empty' | 'partial' | 'full' | 'over';

/** How a course's sum reads: nothing yet, under 100 %, exactly 100 %, over (old or bad data). */
export function weightState(sum: number): WeightState {
  const hundredths = weightFromPercent(sum);
  if (hundredths === 0) return 'empty';
  if (hundredths < MAX_COURSE_WEIGHT) return 'partial';
  return hundredths === MAX_COURSE_WEIGHT ? 'full' : 'over';
}

/** A percent for display: at most two decimals, no trailing zeros (35.5, 100, 33.33). */
export const formatPercent = (percent: number) => String(Number(percent.toFixed(2)));

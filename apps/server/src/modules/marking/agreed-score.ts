/**
 * The final score of two marks within the tolerance: their mean, rounded to the step. A mean
 * half-way between two allowed scores goes to the even multiple of the step (not always up:
 * markers of a peer plugin complain that its agreed grade always takes the higher mark). The
 * allowed scores are the multiples of the step up to the full score, and the full score itself.
 * All values in hundredths.
 */
export function agreedScore(a: number, b: number, step: number, full: number): number {
  if (a === b) return a;
  const doubled = a + b;
  const low = Math.floor(doubled / (2 * step)) * step;
  if (low * 2 === doubled) return low;
  const high = Math.min(low + step, full);
  const fromLow = doubled - 2 * low;
  const fromHigh = 2 * high - doubled;
  if (fromLow < fromHigh) return low;
  if (fromHigh < fromLow) return high;
  return (low / step) % 2 === 0 ? low : high;
}

/** Whether `score` (hundredths) is one a marker may give on a question worth `full`. */
export const onStep = (score: number, step: number, full: number) =>
  score === full || score % step === 0;

/** The outcome of an answer's marks in its cycle (hundredths). */
export function outcomeOf(
  marks: readonly { marker_id: number; score: number }[],
  plan: { needed: number; tolerance: number; step: number },
  full: number,
): { final: number | null; arbitration: boolean } {
  if (marks.length < plan.needed) return { final: null, arbitration: false };
  const [a, b] = marks;
  if (plan.needed === 1 || !b) return { final: a!.score, arbitration: false };
  if (Math.abs(a!.score - b.score) > plan.tolerance) return { final: null, arbitration: true };
  return { final: agreedScore(a!.score, b.score, plan.step, full), arbitration: false };
}

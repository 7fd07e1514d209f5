import { describe as suite, expect, it } from 'vitest';
import { cronbachAlpha, describe, flagsOf, groupCuts, inLower, inUpper } from './psychometrics.js';

suite('psychometrics', () => {
  it('cuts 27 % groups of exactly round(0.27 n), ties going to the earlier attempt', () => {
    // 10 candidates: round(2.7) = 3 each. Totals by attempt id 1..10.
    const totals = [5, 9, 9, 9, 7, 3, 3, 1, 3, 6].map((total, i) => ({ attemptId: i + 1, total }));
    const cuts = groupCuts(totals)!;
    expect(cuts.size).toBe(3);
    // Upper: the three 9s (ids 2, 3, 4); lower: 1 (id 8), then the last two of the 3s (ids 7, 9).
    expect(totals.filter((t) => inUpper(cuts, t)).map((t) => t.attemptId)).toEqual([2, 3, 4]);
    expect(totals.filter((t) => inLower(cuts, t)).map((t) => t.attemptId)).toEqual([7, 8, 9]);
    // Two candidates: one each; one candidate: no groups.
    expect(groupCuts(totals.slice(0, 2))!.size).toBe(1);
    expect(groupCuts(totals.slice(0, 1))).toBeNull();
  });

  it('flags strictly past the thresholds', () => {
    expect(flagsOf(0.9, 0.1)).toEqual([]);
    expect(flagsOf(0.9001, 0.0999)).toEqual(['tooEasy', 'lowDiscrimination']);
    expect(flagsOf(0.2, 0)).toEqual(['lowDiscrimination']);
    expect(flagsOf(0.1999, -0.01)).toEqual(['tooHard', 'negativeDiscrimination']);
    expect(flagsOf(null, null)).toEqual([]);
  });

  it('describes sorted totals and gives alpha only where it means something', () => {
    expect(describe([1, 2, 4, 9])).toEqual({ mean: 4, median: 3, variance: 9.5 });
    expect(describe([])).toEqual({ mean: null, median: null, variance: null });
    // 2 items of variance 1 each, total variance 4 (perfectly correlated): 2 · (1 − 2/4) = 1.
    expect(cronbachAlpha([1, 1], 4)).toBe(1);
    expect(cronbachAlpha([1], 4)).toBeNull();
    expect(cronbachAlpha([0, 0], 0)).toBeNull();
  });
});

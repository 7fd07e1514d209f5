import { describe, expect, it } from 'vitest';
import { competitionRanks, fiveNumbers, histogram, quantile, rate } from './quantiles.js';

describe('analysis figures', () => {
  it('ranks with ties 1, 2, 2, 4', () => {
    const ranks = competitionRanks([7000, 9000, 9000, 10000, 5000]);
    // 100 → 1; 90, 90 → 2; 70 → 4 (three above it); 50 → 5.
    expect([10000, 9000, 7000, 5000].map((score) => ranks.get(score))).toEqual([1, 2, 4, 5]);
  });

  it('five numbers by linear interpolation (type 7) on a small set', () => {
    // [1, 2, 4, 7, 8], n = 5: h = 4p. Q1 h = 1 → 2; median h = 2 → 4; Q3 h = 3 → 7.
    expect(fiveNumbers([1, 2, 4, 7, 8])).toEqual({
      count: 5,
      min: 1,
      q1: 2,
      median: 4,
      q3: 7,
      max: 8,
    });
    // [10, 20, 40, 80], n = 4: h = 3p. Q1 h = 0.75 → 10 + 0.75·10 = 17.5; median h = 1.5 →
    // 20 + 0.5·20 = 30; Q3 h = 2.25 → 40 + 0.25·40 = 50.
    expect(fiveNumbers([10, 20, 40, 80])).toMatchObject({ q1: 17.5, median: 30, q3: 50 });
    expect(fiveNumbers([5])).toEqual({ count: 1, min: 5, q1: 5, median: 5, q3: 5, max: 5 });
    expect(fiveNumbers([])).toEqual({
      count: 0,
      min: null,
      q1: null,
      median: null,
      q3: null,
      max: null,
    });
    expect(quantile([3, 9], 0.5)).toBe(6);
  });

  it('bins of 10 % of the total, the last one closed', () => {
    // Total 50 points (5000): bins of 5 points. 0 → bin 0; 4.99 → 0; 5 → 1; 49.99 → 9; 50 → 9.
    const bins = histogram([0, 499, 500, 4999, 5000], 5000);
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(bins[1]).toEqual({ from: 500, to: 1000, count: 1 });
    expect(rate(2, 3)).toBe(0.6667);
    expect(rate(1, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { asPercent, msUntil, passRateSeries, passRateTotals } from './dashboard-format';

const days = [
  { day: '2026-11-25', sat: 0, passed: 0, rate: null },
  { day: '2026-11-26', sat: 4, passed: 3, rate: 0.75 },
  { day: '2026-11-27', sat: 3, passed: 1, rate: 0.3333 },
];

describe('dashboard format', () => {
  it('adds up the days: sat, passed and the rate over them all', () => {
    expect(passRateTotals(days)).toEqual({ sat: 7, passed: 4, rate: 4 / 7 });
    expect(passRateTotals([days[0]!])).toEqual({ sat: 0, passed: 0, rate: null });
  });

  it('gives the chart day labels, percents with a gap for a day nobody sat, and the counts', () => {
    expect(passRateSeries(days)).toEqual({
      labels: ['11-25', '11-26', '11-27'],
      rates: [null, 75, 33.3],
      sat: [0, 4, 3],
    });
  });

  it('rounds a share to a percent with one decimal', () => {
    expect(asPercent(0.5714)).toBe(57.1);
    expect(asPercent(1)).toBe(100);
    expect(asPercent(null)).toBeNull();
  });

  it('counts down to an opening by the server clock, never below zero', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(msUntil('2026-11-27T10:01:30Z', now)).toBe(90_000);
    expect(msUntil('2026-11-27T09:00:00Z', now)).toBe(0);
  });
});

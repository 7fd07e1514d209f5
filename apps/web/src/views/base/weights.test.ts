import { describe, expect, it } from 'vitest';
import {
  MAX_COURSE_PERCENT,
  formatPercent,
  remainingWeight,
  sumIfOver,
  weightState,
  weightSum,
} from './weights';

const points = [
  { id: 1, weight: 33.33 },
  { id: 2, weight: 33.33 },
  { id: 3, weight: 20.1 },
];

describe('weightSum', () => {
  it('adds in hundredths, so decimals do not drift', () => {
    expect(weightSum(points)).toBe(86.76);
    expect(weightSum([...points, { id: 4, weight: 13.24 }])).toBe(100);
    expect(
      weightSum([
        { id: 1, weight: 0.1 },
        { id: 2, weight: 0.2 },
      ]),
    ).toBe(0.3);
  });

  it('leaves out the point being edited', () => {
    expect(weightSum(points, 3)).toBe(66.66);
  });

  it('is 0 for a course without points', () => {
    expect(weightSum([])).toBe(0);
  });
});

describe('remainingWeight', () => {
  it('is what is left of 100 %', () => {
    expect(MAX_COURSE_PERCENT).toBe(100);
    expect(remainingWeight(points)).toBe(13.24);
    expect(remainingWeight(points, 1)).toBe(46.57);
    expect(remainingWeight([])).toBe(100);
  });

  it('never goes below 0 (a course already over, from old data)', () => {
    expect(
      remainingWeight([
        { id: 1, weight: 100 },
        { id: 2, weight: 5 },
      ]),
    ).toBe(0);
  });
});

describe('sumIfOver', () => {
  it('accepts a weight that reaches exactly 100 %', () => {
    expect(sumIfOver(points, 13.24)).toBeUndefined();
    expect(sumIfOver([], 100)).toBeUndefined();
  });

  it('gives the sum a weight would reach past 100 %', () => {
    expect(sumIfOver(points, 13.25)).toBe(100.01);
    expect(sumIfOver(points, 50)).toBe(136.76);
  });

  it('counts an edited point once, with its new weight', () => {
    expect(sumIfOver(points, 46.57, 1)).toBeUndefined();
    expect(sumIfOver(points, 46.58, 1)).toBe(100.01);
  });
});

describe('weightState', () => {
  it.each([
    [0, 'empty'],
    [0.01, 'partial'],
    [99.99, 'partial'],
    [100, 'full'],
    [100.01, 'over'],
  ] as const)('%s %% is %s', (sum, state) => {
    expect(weightState(sum)).toBe(state);
  });
});

describe('formatPercent', () => {
  it('shows at most two decimals without trailing zeros', () => {
    expect(formatPercent(35.5)).toBe('35.5');
    expect(formatPercent(100)).toBe('100');
    expect(formatPercent(0.1 + 0.2)).toBe('0.3');
    expect(formatPercent(33.333)).toBe('33.33');
  });
});

import { describe, expect, it } from 'vitest';
import { blanksOf, itemPlace, onStep, percent, points } from './marking-format';

describe('marking-format', () => {
  it('places an item id as paper-version.ts numbers it (from 1)', () => {
    expect(itemPlace('s5q1')).toEqual({ section: 5, number: 1 });
    expect(itemPlace('s2p12')).toEqual({ section: 2, number: 12 });
    expect(itemPlace('q1')).toBeNull();
  });

  it('checks the step in hundredths, so 0.1 + 0.2 style floats do not fail', () => {
    expect(onStep(6.5, 0.5)).toBe(true);
    expect(onStep(6.3, 0.5)).toBe(false);
    expect(onStep(0.3, 0.1)).toBe(true);
    expect(onStep(0.7, 0.35)).toBe(true);
    expect(onStep(1, 0)).toBe(false);
  });

  it('shows points without float noise and percents within 0..100', () => {
    expect(points(8.25)).toBe('8.25');
    expect(points(0.1 + 0.2)).toBe('0.3');
    expect(points(null)).toBe('—');
    expect(percent(1, 3)).toBe(33);
    expect(percent(3, 0)).toBe(0);
    expect(percent(5, 4)).toBe(100);
  });

  it('reads corrected blanks one per line, alternatives split by |', () => {
    expect(blanksOf('欧姆 | Ω\n\n 安培|A|')).toEqual([
      ['欧姆', 'Ω'],
      ['安培', 'A'],
    ]);
  });
});

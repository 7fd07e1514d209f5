import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOnWhite } from './contrast';

describe('theme contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // The figures axe reported before the fix.
    expect(contrastRatio('#ffffff', '#409eff')).toBeCloseTo(2.78, 1);
    expect(contrastRatio('#ffffff', '#00bfad')).toBeCloseTo(2.31, 1);
    expect(contrastRatio('#ededed', '#6d6d6d')).toBeCloseTo(4.41, 1);
  });

  it('darkens a light theme colour just enough for white text, and keeps a dark one', () => {
    for (const colour of ['#409EFF', '#00bfad', '#1890ff', '#11a983', '#13c2c2', '#ffff00']) {
      const shade = readableOnWhite(colour);
      expect(contrastRatio(shade, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, '#ffffff'), colour).toBeLessThan(4.8);
    }
    expect(readableOnWhite('#304156')).toBe('#304156');
    expect(readableOnWhite('#212121')).toBe('#212121');
  });
});

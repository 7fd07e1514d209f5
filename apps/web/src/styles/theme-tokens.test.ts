import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { applyChosenColour, themeColours } from './theme-tokens';

describe('theme colour: the chosen colour for decoration, its deeper shade for text', () => {
  it('gives antd the readable shade for text and the chosen colour for decoration', () => {
    const { token, components } = themeColours('#409EFF');
    expect(token?.colorPrimary).toBe('#3178c2');
    expect(token?.colorPrimaryText).toBe('#3178c2');
    expect(contrastRatio('#3178c2', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(components?.Switch?.colorPrimary).toBe('#409EFF');
    expect(components?.Tabs?.inkBarColor).toBe('#409EFF');
    expect(components?.Progress?.defaultColor).toBe('#409EFF');
  });

  it('hands the chosen colour, not its shade, to the layout', () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => set.set(name, value) } };
    applyChosenColour('#409EFF', root as unknown as { style: CSSStyleDeclaration });
    expect(set.get('--theme-chosen')).toBe('#409EFF');
  });
});

/**
 * WCAG 2 contrast arithmetic for the theme: a chosen theme colour (docs/spec.md §9 presets, e.g. #409EFF)
 * fills buttons with white text and colours links on white, and most presets are too light for
 * the 4.5:1 that normal text needs. The colour is kept as chosen; what paints text is its shade.
 */

const channels = (hex: string): [number, number, number] => {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
};

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/**
 * `hex` itself when white text on it (and it as text on white) reaches `ratio`, else the lightest
 * shade of it, mixed towards black in steps of 1 %, that does.
 */
export function readableOnWhite(hex: string, ratio = TEXT_CONTRAST): string {
  const rgb = channels(hex);
  for (let share = 0; share <= 100; share += 1) {
    const shade = toHex(rgb.map((channel) => (channel * (100 - share)) / 100));
    if (contrastRatio(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}

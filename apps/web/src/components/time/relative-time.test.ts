import { describe, expect, it } from 'vitest';
import { relativeTimeText } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => NOW - ms;
const text = (at: number, language = 'en') => relativeTimeText(at, NOW, language, 'just now');

describe('relative time in words (spec §9), independent of the clock', () => {
  it('reads just now, minutes, hours, then days: "1 day ago", never "yesterday"', () => {
    expect(text(ago(10_000))).toBe('just now');
    expect(text(ago(45_000))).toBe('1 minute ago');
    expect(text(ago(5 * 60_000))).toBe('5 minutes ago');
    expect(text(ago(3 * 3_600_000))).toBe('3 hours ago');
    expect(text(ago(36 * 3_600_000))).toBe('1 day ago');
    expect(text(ago(3 * 86_400_000))).toBe('3 days ago');
  });

  it('speaks the UI language', () => {
    expect(text(ago(5 * 60_000), 'zh')).toBe('5分钟前');
    expect(text(ago(5 * 60_000), 'es')).toBe('hace 5 minutos');
    expect(text(ago(5 * 60_000), 'ja')).toBe('5 分前');
  });
});

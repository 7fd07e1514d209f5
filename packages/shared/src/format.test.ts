import { describe, expect, it } from 'vitest';
import {
  chineseNumeral,
  formatFileSize,
  formatNumber,
  relativeTime,
  titleHasNumber,
} from './format.js';

describe('formatNumber', () => {
  it('keeps numbers under 1000 as they are', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(12.34, 1)).toBe('12.3');
  });

  it('uses k, M, G, T, P, E at powers of 1000', () => {
    expect(formatNumber(1500)).toBe('1.5k');
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(2_345_678, 2)).toBe('2.35M');
    expect(formatNumber(3e9)).toBe('3G');
    expect(formatNumber(4.2e12)).toBe('4.2T');
    expect(formatNumber(5e15)).toBe('5P');
    expect(formatNumber(6e18)).toBe('6E');
    expect(formatNumber(7e21)).toBe('7000E');
  });

  it('drops trailing zeros but not the zeros of whole numbers', () => {
    expect(formatNumber(2000, 3)).toBe('2k');
    expect(formatNumber(10_000)).toBe('10k');
    expect(formatNumber(100_000, 2)).toBe('100k');
    expect(formatNumber(1050, 2)).toBe('1.05k');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatNumber(999.96)).toBe('1k');
    expect(formatNumber(999_960)).toBe('1M');
    expect(formatNumber(999_940)).toBe('999.9k');
  });

  it('rounds to whole units with 0 digits', () => {
    expect(formatNumber(1500, 0)).toBe('2k');
    expect(formatNumber(1499, 0)).toBe('1k');
  });

  it('keeps the sign of negative numbers and never prints -0', () => {
    expect(formatNumber(-1500)).toBe('-1.5k');
    expect(formatNumber(-0.01)).toBe('0');
  });

  it('passes non-finite numbers through', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(Infinity)).toBe('Infinity');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  const ago = (ms: number) => now - ms;
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const d = 24 * h;

  it('says just now under 30 seconds, and for times in the future', () => {
    expect(relativeTime(now, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(relativeTime(ago(29_999), now)).toEqual({ unit: 'justNow', count: 0 });
    expect(relativeTime(now + 5 * min, now)).toEqual({ unit: 'justNow', count: 0 });
  });

  it('counts minutes under an hour, at least 1', () => {
    expect(relativeTime(ago(30 * s), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(2 * min + 59 * s), now)).toEqual({ unit: 'minutes', count: 2 });
    expect(relativeTime(ago(h - 1), now)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('counts hours under a day', () => {
    expect(relativeTime(ago(h), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(d - 1), now)).toEqual({ unit: 'hours', count: 23 });
  });

  it('says 1 day under 2 days, then counts days', () => {
    expect(relativeTime(ago(d), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(2 * d - 1), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(2 * d), now)).toEqual({ unit: 'days', count: 2 });
    expect(relativeTime(ago(400 * d), now)).toEqual({ unit: 'days', count: 400 });
  });

  it('accepts Dates and ISO-8601 strings', () => {
    expect(relativeTime('2025-06-01T11:55:00Z', new Date(now))).toEqual({
      unit: 'minutes',
      count: 5,
    });
    expect(relativeTime(new Date(ago(3 * h)), '2025-06-01T12:00:00.000Z')).toEqual({
      unit: 'hours',
      count: 3,
    });
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(Date.now() - 10 * min)).toEqual({ unit: 'minutes', count: 10 });
  });

  it('refuses invalid dates', () => {
    expect(() => relativeTime('not a date', now)).toThrow(RangeError);
    expect(() => relativeTime(now, Number.NaN)).toThrow(RangeError);
  });
});

describe('formatFileSize', () => {
  it('says bytes, KB or MB, never "0 MB" for a small file', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(8704)).toBe('8.5 KB');
    expect(formatFileSize(1023 * 1024)).toBe('1023 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});

describe('titleHasNumber', () => {
  it('finds the numbers authors give their sections', () => {
    for (const title of [
      '一、客观题',
      '（二）判断题',
      '第三部分 简答题',
      '第1部分',
      '3. Short answers',
      'Part 2 – True or false',
      'Parte 1: opción única',
      '大問1 選択問題',
      'IV. Essays',
    ]) {
      expect(titleHasNumber(title), title).toBe(true);
    }
  });
  it('leaves titles without one', () => {
    for (const title of [
      '单选题',
      '客观题（共 10 题）',
      'Multiple choice',
      '100 V circuits',
      '1.5 V cells',
    ]) {
      expect(titleHasNumber(title), title).toBe(false);
    }
  });
});

describe('chineseNumeral', () => {
  it('numbers parts as a Chinese paper does, past ten and twenty', () => {
    const numbered = [1, 9, 10, 11, 19, 20, 21, 30, 45, 99].map(chineseNumeral);
    expect(numbered).toEqual([
      '一',
      '九',
      '十',
      '十一',
      '十九',
      '二十',
      '二十一',
      '三十',
      '四十五',
      '九十九',
    ]);
  });

  it('falls back to digits where Chinese numerals would not be read', () => {
    expect([0, 100, 2.5].map(chineseNumeral)).toEqual(['0', '100', '2.5']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  columnOrder,
  formatDuration,
  formatPoints,
  formatRate,
  sectionHeading,
  sortDirection,
} from './statistics-format';

describe('statistics formats', () => {
  it('heads a section with its own title, "Part N" only when it has none', () => {
    const part = (n: number) => `Part ${n}`;
    expect(sectionHeading({ title: '一、单选题' }, 0, part)).toBe('一、单选题');
    expect(sectionHeading({ title: '  ' }, 2, part)).toBe('Part 3');
  });

  it('writes a time used as m:ss, h:mm:ss past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3600 + 2 * 60 + 5)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(-1)).toBe('–');
  });

  it('writes a rate as a percentage with one decimal, none when nobody sat', () => {
    expect(formatRate(2 / 3)).toBe('66.7 %');
    expect(formatRate(1)).toBe('100 %');
    expect(formatRate(0)).toBe('0 %');
    expect(formatRate(null)).toBe('–');
  });

  it('writes points with at most two decimals', () => {
    expect(formatPoints(2.5)).toBe('2.5');
    expect(formatPoints(45)).toBe('45');
    expect(formatPoints(1 / 3)).toBe('0.33');
    expect(formatPoints(null)).toBe('–');
    expect(formatPoints(undefined)).toBe('–');
  });

  it("maps antd's sorter to the server's direction", () => {
    expect(sortDirection('ascend')).toBe('asc');
    expect(sortDirection('descend')).toBe('desc');
    expect(sortDirection(null)).toBeUndefined();
  });

  it("shows each column's arrow with the server's default direction", () => {
    expect(columnOrder('rank', undefined, 'rank')).toBe('ascend');
    expect(columnOrder('score', undefined, 'score')).toBe('descend');
    expect(columnOrder('score', 'asc', 'score')).toBe('ascend');
    expect(columnOrder('name', 'desc', 'name')).toBe('descend');
    expect(columnOrder('name', 'desc', 'rank')).toBeNull();
  });
});

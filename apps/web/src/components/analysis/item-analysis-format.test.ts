import type { TFunction } from 'i18next';
import type { ItemFigures } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  discriminationFloor,
  index2,
  itemHeading,
  percent1,
  scatterGroups,
  sortFlags,
} from './item-analysis-format';

const item = (over: Partial<ItemFigures>): ItemFigures => ({
  itemId: 's1q1',
  questionId: 1,
  section: 1,
  sectionTitle: '',
  number: 1,
  type: 0,
  courseId: 1,
  pointId: null,
  fullScore: 2,
  candidates: 10,
  answered: 10,
  mean: 1,
  sd: 0.5,
  facility: 0.5,
  discrimination: 0.4,
  itemRest: 0.3,
  options: null,
  omitted: 0,
  flags: [],
  ...over,
});

describe('item analysis format', () => {
  it("names a question by its section's title, by the section's number when it has none", () => {
    const t = ((key: string, values: Record<string, unknown>) =>
      `${key} ${JSON.stringify(values)}`) as unknown as TFunction;
    expect(itemHeading(t, item({ sectionTitle: '一、单选题', number: 2 }))).toBe(
      'itemAnalysis.items.titledLabel {"title":"一、单选题","number":2}',
    );
    expect(itemHeading(t, item({ section: 3, number: 1 }))).toBe(
      'itemAnalysis.items.label {"section":3,"number":1}',
    );
  });

  it('writes indices with two decimals and shares as a percent with one, — for none', () => {
    expect(index2(0.456)).toBe('0.46');
    expect(index2(-0.1)).toBe('-0.10');
    expect(index2(null)).toBe('—');
    expect(percent1(0.4567)).toBe('45.7');
    expect(percent1(1)).toBe('100');
    expect(percent1(undefined)).toBe('—');
  });

  it('orders flags worst first', () => {
    expect(sortFlags(['tooEasy', 'lowDiscrimination'])).toEqual(['lowDiscrimination', 'tooEasy']);
    expect(sortFlags(['tooHard', 'negativeDiscrimination'])).toEqual([
      'negativeDiscrimination',
      'tooHard',
    ]);
  });

  it('groups the scatter by the worst flag, skipping questions without figures', () => {
    const groups = scatterGroups([
      item({ itemId: 'a', flags: [] }),
      item({
        itemId: 'b',
        facility: 0.95,
        discrimination: 0.05,
        flags: ['tooEasy', 'lowDiscrimination'],
      }),
      item({ itemId: 'c', facility: null, discrimination: null }),
      item({
        itemId: 'd',
        facility: 0.1,
        discrimination: -0.2,
        flags: ['negativeDiscrimination', 'tooHard'],
      }),
    ]);
    expect(groups.map((g) => [g.group, g.points.map((p) => p.item.itemId)])).toEqual([
      ['negativeDiscrimination', ['d']],
      ['lowDiscrimination', ['b']],
      ['ok', ['a']],
    ]);
    expect(groups[0]!.points[0]!.value).toEqual([0.1, -0.2]);
  });

  it('lowers the discrimination axis below 0 only for a negative value', () => {
    expect(discriminationFloor([item({ discrimination: 0.3 })])).toBe(0);
    expect(
      discriminationFloor([item({ discrimination: -0.25 }), item({ discrimination: null })]),
    ).toBe(-0.3);
  });
});

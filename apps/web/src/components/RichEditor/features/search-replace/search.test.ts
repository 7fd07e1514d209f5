import { Schema } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { findInText, findMatches, matchIndexFrom, stepMatch } from './search';
import { replaceAllMatches, replaceMatch } from './search-plugin';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    text: { group: 'inline' },
    formula: { group: 'inline', inline: true, atom: true },
  },
  marks: { bold: {} },
});

const { paragraph, formula } = schema.nodes as Record<string, NonNullable<Schema['nodes'][string]>>;
const text = (value: string, bold = false) =>
  schema.text(value, bold ? [schema.marks.bold!.create()] : []);

// <p>Apple a<b>pp</b>le</p><p>x[formula]apple APPLE</p>
const doc = schema.node('doc', null, [
  paragraph!.create(null, [text('Apple a'), text('pp', true), text('le')]),
  paragraph!.create(null, [text('x'), formula!.create(), text('apple APPLE')]),
]);

const slice = (from: number, to: number) => doc.textBetween(from, to);

describe('findInText', () => {
  it('finds non-overlapping occurrences', () => {
    expect(findInText('aaaa', 'aa', true)).toEqual([0, 2]);
  });

  it('ignores case unless asked', () => {
    expect(findInText('Ab ab AB', 'ab', false)).toEqual([0, 3, 6]);
    expect(findInText('Ab ab AB', 'ab', true)).toEqual([3]);
  });

  it('keeps offsets when lower-casing would change the length', () => {
    expect(findInText('İx ix', 'x', false)).toEqual([1, 4]);
  });

  it('finds nothing for an empty query', () => {
    expect(findInText('abc', '', false)).toEqual([]);
  });
});

describe('findMatches', () => {
  it('maps matches to document positions, across marks and after inline objects', () => {
    const matches = findMatches(doc, 'apple', false);
    expect(matches.map(({ from, to }) => slice(from, to))).toEqual([
      'Apple',
      'apple',
      'apple',
      'APPLE',
    ]);
  });

  it('matches case when asked', () => {
    const matches = findMatches(doc, 'apple', true);
    expect(matches.map(({ from, to }) => slice(from, to))).toEqual(['apple', 'apple']);
    expect(matches[1]!.from).toBeGreaterThan(doc.child(0).nodeSize);
  });

  it('never matches across two paragraphs', () => {
    expect(findMatches(doc, 'lex', false)).toEqual([]);
  });
});

describe('match navigation', () => {
  const matches = findMatches(doc, 'apple', false);

  it('starts at the first match after the cursor, wrapping', () => {
    expect(matchIndexFrom(matches, 0)).toBe(0);
    expect(matchIndexFrom(matches, matches[1]!.from)).toBe(1);
    expect(matchIndexFrom(matches, doc.content.size)).toBe(0);
    expect(matchIndexFrom([], 3)).toBe(-1);
  });

  it('steps forward and back with wrap-around', () => {
    expect(stepMatch(4, 3, 1)).toBe(0);
    expect(stepMatch(4, 0, -1)).toBe(3);
    expect(stepMatch(4, -1, -1)).toBe(3);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});

describe('replacing', () => {
  const state = () => EditorState.create({ doc });

  it('replaces every match in one step, keeping the rest', () => {
    const before = state();
    const tr = replaceAllMatches(before.tr, findMatches(doc, 'apple', false), 'pear');
    expect(tr.doc.child(0).textContent).toBe('pear pear');
    expect(tr.doc.child(1).textContent).toBe('xpear pear');
    expect(tr.doc.child(1).childCount).toBe(3);
  });

  it('replaces one match', () => {
    const before = state();
    const matches = findMatches(doc, 'apple', true);
    const tr = replaceMatch(before.tr, matches[1]!, '');
    expect(tr.doc.child(1).textContent).toBe('x APPLE');
    expect(tr.doc.child(0).textContent).toBe('Apple apple');
    expect(findMatches(tr.doc, 'apple', true)).toHaveLength(1);
  });
});

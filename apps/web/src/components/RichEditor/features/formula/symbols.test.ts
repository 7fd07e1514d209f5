import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { FORMULA_GREEK, FORMULA_SYMBOLS, FORMULA_TEMPLATES, insertSnippet } from './symbols';

describe('insertSnippet', () => {
  it('puts the cursor in the first empty argument', () => {
    expect(insertSnippet('x=', 2, 2, '\\frac{}{}')).toEqual({ value: 'x=\\frac{}{}', cursor: 8 });
    expect(insertSnippet('', 0, 0, '\\sqrt[]{}')).toEqual({ value: '\\sqrt[]{}', cursor: 6 });
  });

  it('replaces the selected text and ends after a snippet without arguments', () => {
    expect(insertSnippet('a+b', 1, 2, '\\pm ')).toEqual({ value: 'a\\pm b', cursor: 5 });
  });
});

describe('formula buttons', () => {
  const all = [...FORMULA_TEMPLATES, ...FORMULA_GREEK, ...FORMULA_SYMBOLS];

  it.each(all)('$latex is LaTeX KaTeX accepts once its arguments are filled', ({ latex }) => {
    const filled = latex.replace(/\{\}/g, '{x}').replace(/\[\]/g, '[3]');
    expect(() => katex.renderToString(`a${filled}b`, { throwOnError: true })).not.toThrow();
  });
});

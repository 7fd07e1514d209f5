import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ommlToLatex, type XmlNode } from './question-import-docx-omml.js';
import { sectionOf } from './question-import-docx.js';

// OMML as Word writes it (namespace prefixes m: and w:), read as the editor's LaTeX.

function math(inner: string): XmlNode {
  const root: XmlNode = { name: '', attributes: {}, children: [], text: '' };
  const stack = [root];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const node = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => (stack[stack.length - 1]!.text += text));
  parser
    .write(
      `<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${inner}</m:oMath>`,
    )
    .close();
  return root.children[0]!;
}
const r = (text: string) => `<m:r><w:rPr><w:i/></w:rPr><m:t>${text}</m:t></m:r>`;

describe('OMML to LaTeX', () => {
  it('reads fractions, scripts, radicals, delimiters, sums and functions', () => {
    expect(
      ommlToLatex(math(`<m:f><m:fPr/><m:num>${r('a+b')}</m:num><m:den>${r('2')}</m:den></m:f>`)),
    ).toEqual({
      latex: '\\frac{a+b}{2}',
      unknown: [],
    });
    expect(
      ommlToLatex(
        math(
          `<m:sSup><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup>${r('×')}<m:sSub><m:e>${r('R')}</m:e><m:sub>${r('1')}</m:sub></m:sSub>`,
        ),
      ).latex,
    ).toBe('{x}^{2}\\times {R}_{1}');
    expect(
      ommlToLatex(
        math(
          `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r('2')}</m:e></m:rad>`,
        ),
      ).latex,
    ).toBe('\\sqrt{2}');
    expect(
      ommlToLatex(math(`<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('8')}</m:e></m:rad>`)).latex,
    ).toBe('\\sqrt[3]{8}');
    expect(
      ommlToLatex(
        math(
          `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr><m:e>${r('a')}</m:e></m:d>`,
        ),
      ).latex,
    ).toBe('\\left[a\\right]');
    expect(
      ommlToLatex(
        math(
          `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e>${r('i')}</m:e></m:nary>`,
        ),
      ).latex,
    ).toBe('\\sum_{i=1}^{n}{i}');
    expect(
      ommlToLatex(math(`<m:func><m:fName>${r('sin')}</m:fName><m:e>${r('α')}</m:e></m:func>`))
        .latex,
    ).toBe('\\sin {\\alpha}');
  });

  it('keeps what it cannot read as text and names it', () => {
    expect(
      ommlToLatex(math(`<m:eqArr><m:e>${r('x=1')}</m:e><m:e>${r('y=2')}</m:e></m:eqArr>`)),
    ).toEqual({
      latex: 'x=1y=2',
      unknown: ['m:eqArr'],
    });
  });
});

describe('section headings', () => {
  it('gives the type and score in the four languages, and ignores other lines', () => {
    expect(sectionOf('一、单选题（每题2分，共20分）')).toEqual({ type: 0, score: '2' });
    expect(sectionOf('三、判断题')).toEqual({ type: 2, score: '' });
    expect(sectionOf('II. Multiple choice (3 points each)')).toEqual({ type: 1, score: '3' });
    expect(sectionOf('IV. Completar espacios (2 puntos cada una)')).toEqual({
      type: 4,
      score: '2',
    });
    expect(sectionOf('五、記述式（各5点）')).toEqual({ type: 5, score: '5' });
    expect(sectionOf('一、安全常识')).toBeUndefined();
    expect(sectionOf('1. 单选题')).toBeUndefined();
  });
});

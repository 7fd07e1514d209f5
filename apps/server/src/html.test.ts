import { XSS_VECTORS } from '@kaoshi/shared/xss-vectors';
import { renderMessage } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { allowListBreaches } from '../test/html-breaches.js';
import {
  HTML_ELEMENTS_MAX,
  HTML_NESTING_MAX,
  htmlHasContent,
  htmlLoadProblem,
  sanitizeHtml,
} from './html.js';

describe('sanitizeHtml (server side of the one allow-list)', () => {
  it(`leaves nothing executable in any of ${XSS_VECTORS.length} known XSS vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
    for (const vector of XSS_VECTORS) {
      const clean = sanitizeHtml(vector);
      expect(allowListBreaches(clean), vector).toEqual([]);
      // Sanitizing twice changes nothing: what the server stores is already in its final form.
      expect(sanitizeHtml(clean), vector).toBe(clean);
    }
  });

  it('keeps what the editor produces', () => {
    const editorHtml = [
      '<h2 style="text-align: center">Title</h2>',
      '<p style="text-indent: 2.6em"><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> x<sub>2</sub> y<sup>3</sup>',
      ' <span style="font-size: 16px; color: #ff0000; background-color: rgb(255, 255, 0)">coloured</span></p>',
      '<p><a href="http://example.com" target="_blank" rel="noopener noreferrer">link</a>',
      ' <a href="/api/kaoshi-files/file/2026/11/a.pdf" data-type="attachment">a.pdf</a></p>',
      '<p><img src="/api/kaoshi-files/file/2026/11/a.png" width="200" height="100" alt="figure" /></p>',
      '<video src="/api/kaoshi-files/file/2026/11/v.mp4" controls width="420" height="280"></video>',
      '<audio src="/api/kaoshi-files/file/2026/11/m.mp3" controls style="width: 400px; height: 95px"></audio>',
      '<p><span data-type="formula" data-latex="\\frac{a}{b}">\\frac{a}{b}</span></p>',
      '<table data-chart="bar" style="border-collapse: collapse"><tbody><tr>',
      '<td colwidth="120" style="vertical-align: top">a</td><th colspan="2" rowspan="1">b</th></tr></tbody></table>',
      '<ol start="3"><li>one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote><pre><code>x</code></pre><hr />',
      '<p class="ke-custom-title">styled</p>',
    ].join('');
    expect(sanitizeHtml(editorHtml)).toBe(editorHtml);
  });

  it('drops unsafe URLs, styles and classes but keeps the element and its text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<p style="color: red; background: url(x)" class="ant-x ke-y">t</p>')).toBe(
      '<p style="color: red" class="ke-y">t</p>',
    );
    expect(sanitizeHtml('<img src="javascript:alert(1)" alt="x" />')).toBe('');
    expect(sanitizeHtml('<a href="https://e.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('tells empty HTML from HTML that shows something', () => {
    expect(htmlHasContent(sanitizeHtml('<p> &nbsp; </p><p><br /></p>'))).toBe(false);
    expect(htmlHasContent(sanitizeHtml('<script>alert(1)</script>'))).toBe(false);
    expect(htmlHasContent(sanitizeHtml('<p>x</p>'))).toBe(true);
    expect(htmlHasContent(sanitizeHtml('<p><img src="/api/kaoshi-files/file/a.png" /></p>'))).toBe(
      true,
    );
    expect(htmlHasContent(sanitizeHtml('<span data-type="formula" data-latex="x">x</span>'))).toBe(
      true,
    );
  });
});

describe('htmlLoadProblem (refuses before sanitizing what would cost too much to clean)', () => {
  // The problem as the English catalogue words it (null when the HTML may be sanitized).
  const problemOf = (html: string) => {
    const problem = htmlLoadProblem(html);
    return problem && renderMessage(problem.key, problem.params, 'en');
  };
  const nested = (depth: number, open = '<b>', close = '</b>') =>
    `${open.repeat(depth)}x${close.repeat(depth)}`;

  it('refuses the reported input: <b> repeated 330,000 times', () => {
    expect(problemOf('<b>'.repeat(330_000))).toMatch(/more than 100 levels deep/);
  });

  it(`allows ${HTML_NESTING_MAX} levels and refuses one more`, () => {
    expect(problemOf(nested(HTML_NESTING_MAX))).toBeNull();
    expect(problemOf(nested(HTML_NESTING_MAX + 1))).toMatch(/levels deep/);
  });

  it('is not fooled into counting shallower than the parser nests', () => {
    const deep = HTML_NESTING_MAX + 1;
    // End tags the parser ignores: of an element not open, a name with a character it keeps.
    expect(problemOf('<b></i>'.repeat(deep))).toMatch(/levels deep/);
    expect(problemOf('<b\u00a0></b>'.repeat(deep))).toMatch(/levels deep/);
    expect(problemOf('<b></b/>'.repeat(deep))).toMatch(/levels deep/);
    // Self-closing syntax does not close an HTML element; upper case is the same element.
    expect(problemOf('<B/>'.repeat(deep))).toMatch(/levels deep/);
    expect(problemOf('<div><!--> <span>'.repeat(deep))).toMatch(/levels deep/);
  });

  it('follows the ends the parser implies, so unclosed paragraphs, items and cells pass', () => {
    expect(problemOf('<p>x'.repeat(500))).toBeNull();
    expect(problemOf(`<ul>${'<li>x'.repeat(500)}</ul>`)).toBeNull();
    expect(problemOf(`<table>${'<tr><td>x<td>y'.repeat(500)}</table>`)).toBeNull();
    expect(problemOf('<br><img src="/a.png"><hr>'.repeat(1000))).toBeNull();
  });

  it(`refuses more than ${HTML_ELEMENTS_MAX.toLocaleString('en')} elements, stray "<" and lone end tags included`, () => {
    expect(problemOf('<b></b>'.repeat(HTML_ELEMENTS_MAX))).toBeNull();
    expect(problemOf('<b></b>'.repeat(HTML_ELEMENTS_MAX + 1))).toMatch(/more than 50,000 elements/);
    expect(problemOf('a < b '.repeat(HTML_ELEMENTS_MAX + 1))).toMatch(/elements/);
    expect(problemOf('</p>'.repeat(HTML_ELEMENTS_MAX + 1))).toMatch(/elements/);
    expect(problemOf('</br>'.repeat(HTML_ELEMENTS_MAX + 1))).toMatch(/elements/);
  });

  it('passes what the editor makes: a 100 × 20 table with formatted cells, nested lists', () => {
    const cell =
      '<td colspan="1" rowspan="1" colwidth="120"><p style="text-align: center"><strong><em><u><s>' +
      '<span style="color: #ff0000; font-size: 16px">x<sub>2</sub></span></s></u></em></strong></p></td>';
    const table = `<table><colgroup>${'<col style="width: 120px">'.repeat(20)}</colgroup><tbody>${`<tr>${cell.repeat(20)}</tr>`.repeat(100)}</tbody></table>`;
    expect(problemOf(table)).toBeNull();
    expect(problemOf(nested(20, '<ul><li><p>item</p>', '</li></ul>'))).toBeNull();
  });
});

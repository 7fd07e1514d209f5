import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { KATEX_OPTIONS } from './katex';

/** Commands that, trusted, write a link, an image or attributes of the author's choosing. */
const UNTRUSTED = [
  String.raw`\href{/api/kaoshi-user/user/logout}{x}`,
  String.raw`\href{javascript:alert(1)}{x}`,
  String.raw`\url{/api/kaoshi-user/user/reSetPass/1}`,
  String.raw`\includegraphics{/api/kaoshi-user/user/reSetPass/1}`,
  String.raw`\includegraphics[height=1em]{https://xss.example/t.png}`,
  String.raw`\htmlId{x}{y}`,
  String.raw`\htmlClass{ant-modal}{y}`,
  String.raw`\htmlStyle{position:fixed;inset:0}{y}`,
  String.raw`\htmlData{src=/api/kaoshi-user/user/logout}{y}`,
];

/** The typeset markup without its annotation, which repeats the source as text. */
function typeset(latex: string) {
  return katex
    .renderToString(latex, KATEX_OPTIONS)
    .replace(/<annotation\b[^>]*>[\s\S]*?<\/annotation>/g, '');
}

describe('KaTeX with trust off', () => {
  it.each(UNTRUSTED)('%s writes no link, image or chosen attribute', (latex) => {
    const html = typeset(latex);
    expect(html).not.toMatch(/\s(href|src|id|data-[\w-]*)=/);
    expect(html).not.toMatch(/<(a|img|mglyph)\b/);
    expect(html).not.toMatch(/\/api\/|javascript:|xss\.example|position:fixed|ant-modal/);
    // The command shows as unsupported (KaTeX's error colour) instead.
    expect(html).toContain('#cc0000');
  });

  it('still typesets ordinary formulas', () => {
    expect(typeset(String.raw`\frac{a}{b}+\sqrt{x}`)).toContain('class="mfrac"');
  });
});

import { describe, expect, it } from 'vitest';
import { allowedAttributeValue, filterClasses, filterStyle, isSafeUrl } from './allow-list.js';

describe('the HTML allow-list', () => {
  it('accepts http(s) and our own paths, refuses script, data and protocol-relative URLs', () => {
    expect(isSafeUrl('https://example.com/a', 'href')).toBe(true);
    expect(isSafeUrl('mailto:a@example.com', 'href')).toBe(true);
    expect(isSafeUrl('/api/kaoshi-files/file/a.png', 'src')).toBe(true);
    expect(isSafeUrl('#top', 'href')).toBe(true);
    expect(isSafeUrl('mailto:a@example.com', 'src')).toBe(false);
    expect(isSafeUrl('//evil.example/x', 'src')).toBe(false);
    expect(isSafeUrl('/\\evil.example/x', 'href')).toBe(false);
    expect(isSafeUrl('javascript:alert(1)', 'href')).toBe(false);
    expect(isSafeUrl('java\tscript:alert(1)', 'href')).toBe(false);
    expect(isSafeUrl('data:image/png;base64,AAAA', 'src')).toBe(false);
    expect(isSafeUrl('relative/path.png', 'src')).toBe(false);
  });

  it('keeps presentational style declarations only', () => {
    expect(filterStyle('color: red; font-size:16px;text-indent: 2.6em')).toBe(
      'color: red; font-size: 16px; text-indent: 2.6em',
    );
    expect(filterStyle('background: url(x); position: fixed; color: red')).toBe('color: red');
    expect(filterStyle('width: expression(alert(1))')).toBe('');
    expect(filterStyle('color: r\\65 d')).toBe('');
    expect(filterStyle('color: red /* x */')).toBe('');
    expect(filterStyle('background-color: rgb(255, 0, 0) !important')).toBe(
      'background-color: rgb(255, 0, 0)',
    );
  });

  it('keeps the editor classes only', () => {
    expect(filterClasses('ant-modal ke-title ke-x"y')).toBe('ke-title');
  });

  it('checks attributes per element', () => {
    expect(allowedAttributeValue('img', 'onerror', 'alert(1)')).toBeNull();
    expect(allowedAttributeValue('p', 'src', '/a.png')).toBeNull();
    expect(allowedAttributeValue('table', 'data-chart', 'pie')).toBe('pie');
    expect(allowedAttributeValue('table', 'data-chart', 'pie;x')).toBeNull();
    expect(allowedAttributeValue('a', 'target', '_top')).toBeNull();
    expect(allowedAttributeValue('span', 'data-type', 'formula')).toBe('formula');
  });
});

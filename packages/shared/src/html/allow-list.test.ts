import { describe, expect, it } from 'vitest';
import {
  HTML_TAG_ATTRIBUTES,
  allowedAttributeValue,
  filterClasses,
  filterStyle,
  isSafeUrl,
} from './allow-list.js';

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

  describe('images and media load only stored files and other hosts over https', () => {
    /** Every attribute the allow-list keeps whose URL a browser loads by itself. */
    const loaded = [
      ['img', 'src'],
      ['video', 'src'],
      ['video', 'poster'],
      ['audio', 'src'],
    ] as const;

    it.each(loaded)('%s %s keeps the file route and https of another host', (tag, attribute) => {
      for (const url of [
        '/api/kaoshi-files/file/0123456789abcdef0123456789abcdef.png',
        '/api/kaoshi-files/file/2026/11/a_b-c.mp4',
        'https://cdn.example.org/a.png',
        'https://cdn.example.org:8443/v.mp4?x=1',
      ]) {
        expect(allowedAttributeValue(tag, attribute, url, 'exam.example.com'), url).toBe(url);
      }
    });

    it.each(loaded)(
      '%s %s refuses any other path of ours, http, and our own host',
      (tag, attribute) => {
        for (const url of [
          '/api/kaoshi-user/user/reSetPass/1',
          '/api/kaoshi-user/user/logout',
          '/api/kaoshi-user/user/logout?x.png',
          '/logo.svg',
          '/uploads/2026/11/a.png',
          '/api/kaoshi-files/editor?action=config',
          '/api/kaoshi-files/file/../../kaoshi-user/user/logout',
          '/api/kaoshi-files/file/%2e%2e/%2e%2e/kaoshi-user/user/logout',
          '/api/kaoshi-files/file/..%2f..%2fkaoshi-user/user/logout',
          '/api/kaoshi-files/file/a.png/../../../kaoshi-user/user/logout',
          '/api/kaoshi-files/file/..\\..\\kaoshi-user\\user\\logout',
          '/api/kaoshi-files/file/.',
          '/api/kaoshi-files/file/',
          '/API/kaoshi-files/file/a.png',
          '/api/kaoshi-files/file/a.png?/../../logout',
          'api/kaoshi-user/user/logout',
          './api/kaoshi-user/user/logout',
          '../api/kaoshi-user/user/logout',
          '//exam.example.com/api/kaoshi-user/user/logout',
          'http://cdn.example.org/a.png',
          'https://exam.example.com/api/kaoshi-user/user/logout',
          'https://EXAM.example.com/api/kaoshi-user/user/reSetPass/1',
          'https://exam.example.com:443/api/kaoshi-user/user/logout',
          'https:///api/kaoshi-user/user/logout',
          'https:/api/kaoshi-user/user/logout',
          'https://user@cdn.example.org/a.png',
          'data:image/png;base64,AAAA',
          'blob:https://exam.example.com/1',
        ]) {
          expect(allowedAttributeValue(tag, attribute, url, 'exam.example.com'), url).toBeNull();
        }
      },
    );

    it('links still reach our own pages (a navigation the user chooses; the API refuses it)', () => {
      expect(allowedAttributeValue('a', 'href', '/dashboard')).toBe('/dashboard');
    });

    it('keeps no attribute that loads a URL besides src and poster (srcset, data, background…)', () => {
      for (const [tag, attribute] of [
        ['img', 'srcset'],
        ['img', 'sizes'],
        ['img', 'lowsrc'],
        ['img', 'longdesc'],
        ['video', 'srcset'],
        ['audio', 'srcset'],
        ['source', 'src'],
        ['source', 'srcset'],
        ['track', 'src'],
        ['picture', 'srcset'],
        ['table', 'background'],
        ['td', 'background'],
        ['object', 'data'],
        ['embed', 'src'],
        ['input', 'src'],
        ['link', 'href'],
        ['image', 'href'],
        ['use', 'href'],
        ['image', 'xlink:href'],
      ]) {
        expect(allowedAttributeValue(tag!, attribute!, '/api/kaoshi-user/user/logout')).toBeNull();
      }
      const urlAttributes = Object.values(HTML_TAG_ATTRIBUTES)
        .flat()
        .filter((name) => /src|href|poster|data$|background|action/.test(name));
      expect([...new Set(urlAttributes)].sort()).toEqual(['href', 'poster', 'src']);
    });
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

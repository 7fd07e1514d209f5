import { describe, expect, it } from 'vitest';
import { shellOf, withShell } from './shell-plugin';

describe('the app shell of a build', () => {
  const output = [
    'assets/index-a1.js',
    'sw.js',
    '.vite/manifest.json',
    'index.html',
    'assets/b-2.css',
  ];

  it('keeps index.html and the hashed assets, not the worker or the manifest', () => {
    expect(shellOf(output, '<html>').files).toEqual([
      '/index.html',
      '/assets/b-2.css',
      '/assets/index-a1.js',
    ]);
  });

  it('keeps at install only what index.html loads (the rest as the page loads it)', () => {
    const html = `<script type="module" src="/assets/index-a1.js"></script>`;
    expect(shellOf([...output, 'assets/Lazy-c3.js'], html, ['/logo.svg']).precache).toEqual([
      '/index.html',
      '/logo.svg',
      '/assets/index-a1.js',
    ]);
  });

  it('keeps the public icons it is given', () => {
    expect(shellOf(['index.html'], '<html>', ['/logo.svg']).files).toEqual([
      '/index.html',
      '/logo.svg',
    ]);
  });

  it('has a new version, so a new cache, when a file or index.html changes', () => {
    const version = shellOf(output, '<html>').version;
    expect(shellOf([...output].reverse(), '<html>').version).toBe(version);
    expect(shellOf(['assets/index-a2.js', 'index.html'], '<html>').version).not.toBe(version);
    expect(shellOf(output, '<html lang="en">').version).not.toBe(version);
  });

  it('writes the shell into the worker in place of its placeholder', () => {
    const shell = shellOf(output, '<html>');
    const code = withShell(`const s=JSON.parse("__KAOSHI_SHELL__");`, shell);
    const parsed = new Function(`${code} return s;`)() as unknown;
    expect(parsed).toEqual(shell);
    expect(() => withShell('const s = 1;', shell)).toThrow(/placeholder/);
  });
});

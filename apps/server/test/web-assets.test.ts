import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './build-app.js';

/** A built web app of three files: index.html, one hashed asset and the shell's service worker. */
function builtWeb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kaoshi</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

const ASSET_TEXT = `export const words = ${JSON.stringify('kaoshi '.repeat(400))};`;
const INDEX_TEXT = `<!doctype html><title>Kaoshi</title><!-- ${'padding '.repeat(200)} -->`;

/** A build as apps/web/scripts/precompress.mjs leaves it: .br and .gz beside the files. */
function precompressedWeb(): string {
  const dir = builtWeb();
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text, { level: 9 }));
  };
  write('assets/words-Xy9Z.js', ASSET_TEXT);
  write('index.html', INDEX_TEXT);
  return dir;
}

describe('the built web app as served', () => {
  const web = builtWeb();
  const t = useTestApp({ WEB_DIST: web });
  afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

  it('caches hashed assets for a year and makes the page revalidate index.html', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/exam-student/examStudentTest']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Kaoshi</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the service worker from the root, revalidated like index.html (a new build is seen)', async () => {
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});

describe('the built web app sent precompressed', () => {
  const web = precompressedWeb();
  const t = useTestApp({ WEB_DIST: web });
  afterAll(() => fs.rmSync(web, { recursive: true, force: true }));
  const onDisk = (file: string) => fs.readFileSync(path.join(web, file));

  it("sends the build's .br or .gz copy as it is, by Accept-Encoding, with the asset's type and caching", async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const asset = await t.app.inject({
        url: '/assets/words-Xy9Z.js',
        headers: { 'accept-encoding': accept },
      });
      expect(asset.statusCode, accept).toBe(200);
      expect(asset.headers['content-encoding'], accept).toBe(encoding);
      expect(asset.headers['content-type'], accept).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(asset.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary, accept).toMatch(/accept-encoding/i);
      const file = `assets/words-Xy9Z.js.${encoding === 'br' ? 'br' : 'gz'}`;
      expect(asset.rawPayload.equals(onDisk(file)), accept).toBe(true);
    }
  });

  it('sends the plain file to a browser that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const asset = await t.app.inject({ url: '/assets/words-Xy9Z.js', headers });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body).toBe(ASSET_TEXT);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html precompressed and always revalidated, at / and at /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_TEXT);
    }
    const plain = await t.app.inject({ url: '/index.html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_TEXT);
  });
});

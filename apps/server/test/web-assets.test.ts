import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

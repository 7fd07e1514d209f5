import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EDITOR_STATE_SUCCESS,
  FILE_SERVE_PATH,
  TOKEN_COOKIE,
  UPLOAD_MAX_BYTES,
  type EditorCatchResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { PNG, SVG } from './fixtures.js';
import { editorCaller, uploadRows } from './test-data.js';

/** A local web server for remote capture: PNG, HTML, redirects, a large image, a 404. */
async function startImageServer() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/hop') {
      const next = hops > 1 ? `/hop?hops=${hops - 1}` : '/pic.png';
      response.writeHead(302, { location: next }).end();
    } else if (url.pathname.endsWith('.png') && url.pathname !== '/fake.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (url.pathname === '/fake.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(SVG);
    } else if (url.pathname === '/big') {
      // No content-length: the limit must hold on the bytes that arrive.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG);
      response.end(Buffer.alloc(UPLOAD_MAX_BYTES.image));
    } else {
      response.writeHead(404).end('nope');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('remote image capture', () => {
  let images: Awaited<ReturnType<typeof startImageServer>>;
  beforeAll(async () => {
    images = await startImageServer();
  });
  afterAll(() => images.close());

  describe('with UPLOAD_ALLOW_PRIVATE_FETCH=on (tests only)', () => {
    let t: TestApp;
    let token: string;
    const editor = editorCaller(
      () => t,
      () => token,
    );
    beforeAll(async () => {
      t = await createTestApp({ UPLOAD_ALLOW_PRIVATE_FETCH: 'on' });
      token = (await login(t.app)).token!;
    });
    afterAll(() => t.close());

    it('captures images (form source[] and JSON), following up to 3 redirects', async () => {
      const sources = [
        `${images.base}/pic.png`,
        `${images.base}/hop?hops=3`,
        `${images.base}/hop?hops=4`,
        `${images.base}/fake.png`,
        `${images.base}/big`,
        `${images.base}/missing`,
      ];
      const { http: status, body } = await editor.form<EditorCatchResult>('catchimage', {
        'source[]': sources,
      });
      expect(status).toBe(200);
      expect(body.state).toBe(EDITOR_STATE_SUCCESS);
      expect(body.list.map((entry) => entry.source)).toEqual(sources);
      const [pic, threeHops, fourHops, fake, big, missing] = body.list;
      expect(pic).toMatchObject({ state: EDITOR_STATE_SUCCESS });
      expect(threeHops).toMatchObject({ state: EDITOR_STATE_SUCCESS });
      expect(fourHops).toMatchObject({ state: 'Too many redirects', url: '' });
      expect(fake).toMatchObject({ state: 'Content is HTML/SVG markup, not an image', url: '' });
      expect(big!.state).toBe('Larger than 5 MB');
      expect(missing).toMatchObject({ state: 'The remote server answered HTTP 404', url: '' });

      const served = await t.app.inject({
        method: 'GET',
        url: pic!.url,
        cookies: { [TOKEN_COOKIE]: token },
      });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const row = await t.handle.db
        .selectFrom('uploads')
        .selectAll()
        .where('stored_name', '=', pic!.url.slice(FILE_SERVE_PATH.length))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'image', original_name: 'pic.png', mime: 'image/png' });

      const json = await editor.call<EditorCatchResult>('catchimage', {
        payload: { source: [`http://localhost:${images.port}/again.png`] },
      });
      expect(json.body).toMatchObject({ state: EDITOR_STATE_SUCCESS });
      expect(json.body.list[0]!.url).toMatch(/^\/api\/kaoshi-files\/file\/[0-9a-f]{32}\.png$/);
    });

    it('answers a state text when nothing was sent or nothing could be captured', async () => {
      const none = await editor.call<EditorCatchResult>('catchimage', { payload: {} });
      expect(none.body).toEqual({ state: 'Send the image URLs in "source[]"', list: [] });
      const empty = await editor.call<EditorCatchResult>('catchimage', { payload: { source: [] } });
      expect(empty.body.state).toBe('No image URL was sent');
      const tooMany = await editor.call<EditorCatchResult>('catchimage', {
        payload: { source: Array.from({ length: 51 }, (_, i) => `${images.base}/${i}.png`) },
      });
      expect(tooMany.body).toEqual({ state: 'At most 50 images at a time', list: [] });
      const failed = await editor.form<EditorCatchResult>('catchimage', {
        'source[]': `${images.base}/missing`,
      });
      expect(failed.body.state).toBe('No remote image could be captured');
    });
  });

  describe('by default (private addresses refused)', () => {
    let t: TestApp;
    let token: string;
    const editor = editorCaller(
      () => t,
      () => token,
    );
    beforeAll(async () => {
      t = await createTestApp();
      token = (await login(t.app)).token!;
    });
    afterAll(() => t.close());

    it('refuses loopback, private, link-local and metadata addresses and non-http schemes', async () => {
      let hits = 0;
      const counter = http.createServer((_request, response) => {
        hits++;
        response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      });
      await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
      const { port } = counter.address() as AddressInfo;
      try {
        const refusedSources: [string, RegExp][] = [
          [`http://127.0.0.1:${port}/a.png`, /private or reserved address \(127\.0\.0\.1\)/],
          [`http://localhost:${port}/a.png`, /private or reserved address/],
          [`http://[::1]:${port}/a.png`, /private or reserved address \(::1\)/],
          [`http://[::ffff:127.0.0.1]:${port}/a.png`, /private or reserved address/],
          [`http://2130706433:${port}/a.png`, /private or reserved address \(127\.0\.0\.1\)/],
          [`http://0x7f.1:${port}/a.png`, /private or reserved address \(127\.0\.0\.1\)/],
          ['http://10.1.2.3/a.png', /private or reserved address \(10\.1\.2\.3\)/],
          ['http://192.168.1.1/a.png', /private or reserved address/],
          ['http://172.16.0.1/a.png', /private or reserved address/],
          ['http://100.100.100.200/latest/meta-data', /private or reserved address/],
          ['http://169.254.169.254/latest/meta-data/', /\(169\.254\.169\.254\)/],
          ['http://[fd00:ec2::254]/latest/meta-data/', /private or reserved address/],
          ['http://[fe80::1]/a.png', /private or reserved address/],
          ['http://0.0.0.0/a.png', /private or reserved address/],
          ['http://224.0.0.1/a.png', /private or reserved address/],
          [`ftp://127.0.0.1:${port}/a.png`, /Only http and https/],
          ['file:///etc/passwd', /Only http and https/],
          ['data:image/png;base64,iVBORw0KGgo=', /Only http and https/],
          ['javascript:alert(1)', /Only http and https/],
          ['not a url', /Not a valid URL/],
          [`http://user:pass@127.0.0.1:${port}/a.png`, /credentials/],
        ];
        const { body } = await editor.form<EditorCatchResult>('catchimage', {
          'source[]': refusedSources.map(([source]) => source),
        });
        expect(body.state).toBe('No remote image could be captured');
        refusedSources.forEach(([source, state], index) => {
          expect(body.list[index]!.source).toBe(source);
          expect(body.list[index]!.state, source).toMatch(state);
          expect(body.list[index]!.url).toBe('');
        });
        expect(hits).toBe(0);
        expect(await uploadRows(t)).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => counter.close(() => resolve()));
      }
    });
  });
});

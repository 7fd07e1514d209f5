import {
  ApiStatus,
  EDITOR_PATH,
  EDITOR_STATE_SUCCESS,
  EditorAction,
  TOKEN_COOKIE,
  UserType,
  type EditorUploadResult,
} from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../src/plugins/access.js';
import { PNG, multipart } from '../src/modules/files/fixtures.js';
import type { Client } from './build-app.js';
import { ADMIN_PASSWORD, appWithAdmin, login, type TestApp } from './build-app.js';

/** What a page's markup, a navigation or a worker makes a browser send (Fetch Metadata). */
const BROWSER_LOADS = [
  'document',
  'iframe',
  'frame',
  'image',
  'audio',
  'video',
  'track',
  'script',
  'style',
  'font',
  'object',
  'embed',
  'worker',
  'sharedworker',
  'serviceworker',
  'manifest',
  'report',
  'xslt',
];

const FILE_ROUTE = 'GET /api/kaoshi-files/file/:name';
/** Routes a browser loads by itself, with what it loads them as; written out here, not read back. */
const DECLARED_LOADS: Record<string, string[]> = {
  [FILE_ROUTE]: ['image', 'audio', 'video', 'track', 'document'],
  'GET /api/kaoshi-user/security/captcha': ['image'],
};
const DOCS_ROUTE = /^(GET|HEAD) \/api\/docs(\/|$)/;
const DOCS_LOADS = ['document', 'script', 'style', 'image'];
/** The spec's GETs that change data (§7): never answered to a document. */
const STATE_CHANGING_GETS = [
  'GET /api/kaoshi-user/user/logout',
  'GET /api/kaoshi-user/user/reSetPass/:id',
];

const label = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

function allowedLoads(route: RouteAccessEntry): string[] {
  const key = label(route);
  const declared = DOCS_ROUTE.test(key) ? DOCS_LOADS : (DECLARED_LOADS[key] ?? []);
  const opened =
    route.method === 'GET' && !STATE_CHANGING_GETS.includes(key) && !declared.includes('document')
      ? ['document']
      : [];
  return [...declared, ...opened];
}

function requestFor(route: RouteAccessEntry, dest: string): InjectOptions {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return {
    method: route.method as InjectOptions['method'],
    url: route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x'),
    headers: { 'sec-fetch-dest': dest, 'sec-fetch-site': 'same-origin', 'accept-language': 'en' },
    ...(hasBody && { payload: {} }),
  };
}

/** The docs answer HTML and scripts, some redirects nothing: only an envelope can be the refusal. */
function envelopeOf(text: string): { message?: string } {
  try {
    return JSON.parse(text) as { message?: string };
  } catch {
    return {};
  }
}

const refusedAs = (dest: string) => ({
  status: ApiStatus.FORBIDDEN,
  message: `The API answers only calls made by the app: a browser load as ${dest} is refused`,
});

describe('browser loads of the API (Sec-Fetch-Dest)', () => {
  let t: TestApp;
  let admin: Client;
  let routes: RouteAccessEntry[];
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    routes = t.app.listRouteAccess().filter((route) => route.url.startsWith('/api/'));
  });
  afterAll(() => t.close());

  it('refuses every route under /api/ every load it does not declare, before its session check', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let refusals = 0;
    for (const route of routes) {
      const allowed = allowedLoads(route);
      for (const dest of BROWSER_LOADS) {
        // No session: a refused load answers 403 with the gate's message, not the session's 401.
        const response = await t.app.inject(requestFor(route, dest));
        const body = envelopeOf(response.body);
        // A HEAD answer has no body to read the refusal from.
        const refused =
          response.statusCode === 403 &&
          (route.method === 'HEAD' || body.message === refusedAs(dest).message);
        if (refused) refusals++;
        if (refused === allowed.includes(dest)) {
          wrong.push(`${label(route)} as ${dest}: ${response.statusCode} ${body.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(routes.length * 10);
  });

  it('refuses an unknown /api/ path loaded as an image', async () => {
    const response = await t.app.inject(
      requestFor(
        { method: 'GET', url: '/api/kaoshi-nothing/here', access: 'public', schema: undefined },
        'image',
      ),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject(refusedAs('image'));
  });

  it("does not reset the administrator's password from an image, a video, a frame or a link", async () => {
    for (const dest of ['image', 'video', 'audio', 'iframe', 'document']) {
      const response = await admin.request({
        ...requestFor(
          {
            method: 'GET',
            url: '/api/kaoshi-user/user/reSetPass/:id',
            access: 'public',
            schema: undefined,
          },
          dest,
        ),
      });
      expect(response.http, dest).toBe(403);
      expect(response.body, dest).toMatchObject(refusedAs(dest));
    }
    // The password is unchanged and the session still lives.
    await login(t.app, 'admin', ADMIN_PASSWORD, UserType.ADMIN);
    expect((await admin.get('/api/kaoshi-user/auth/authWebUser')).body.status).toBe(200);
  });

  it('does not sign anyone out from an image or a link; a script still signs out', async () => {
    const user = await login(t.app);
    for (const dest of ['image', 'audio', 'document']) {
      const response = await user.request(
        requestFor(
          {
            method: 'GET',
            url: '/api/kaoshi-user/user/logout',
            access: 'public',
            schema: undefined,
          },
          dest,
        ),
      );
      expect(response.body, dest).toMatchObject(refusedAs(dest));
    }
    expect((await user.get('/api/kaoshi-user/auth/authWebUser')).body.status).toBe(200);
    const byScript = await user.request({
      method: 'GET',
      url: '/api/kaoshi-user/user/logout',
      headers: { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
    });
    expect(byScript.body.status).toBe(200);
    expect((await user.get('/api/kaoshi-user/auth/authWebUser')).body.status).toBe(
      ApiStatus.NO_SESSION,
    );
  });

  it('answers calls without Sec-Fetch-Dest (API clients, older browsers) and with empty', async () => {
    for (const headers of [{}, { 'sec-fetch-dest': 'empty' }]) {
      const response = await admin.request({
        method: 'GET',
        url: '/api/kaoshi-user/user/listUser',
        headers,
      });
      expect(response.body.status).toBe(200);
    }
  });

  it('shows an uploaded image loaded as an image, and opens it and a download as a document', async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${EDITOR_PATH}?action=${EditorAction.UPLOAD_IMAGE}`,
      cookies: { [TOKEN_COOKIE]: admin.token! },
      ...multipart([
        { name: 'type', value: 'ajax' },
        { name: 'upfile', value: PNG, filename: 'a.png' },
      ]),
    } as InjectOptions);
    const file = uploaded.json<EditorUploadResult>();
    expect(file.state).toBe(EDITOR_STATE_SUCCESS);
    for (const dest of ['image', 'document']) {
      const response = await t.app.inject({
        method: 'GET',
        url: file.url,
        headers: { 'sec-fetch-dest': dest, 'sec-fetch-site': 'same-origin' },
        cookies: { [TOKEN_COOKIE]: admin.token! },
      });
      expect(response.statusCode, dest).toBe(200);
      expect(response.rawPayload.equals(PNG), dest).toBe(true);
    }
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/kaoshi-question/question/importTemplate',
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' },
      cookies: { [TOKEN_COOKIE]: admin.token! },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers a form posted as a document with the refusal, before its handler', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/kaoshi-user/security/doLogin',
      payload: new URLSearchParams({ username: 'admin', password: 'x' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-dest': 'document',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject(refusedAs('document'));
  });
});

import {
  BUILT_IN_PERMISSION_KEYS,
  TOKEN_COOKIE,
  UserType,
  clientPasswordHash,
} from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../src/plugins/access.js';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_URL,
  createTestApp,
  login,
  testDialect,
  useTestApp,
} from './build-app.js';
import { ME, ROLE, USER, expectOk, expectStatus, signedInTeacher } from './factories.js';

/** The only /api routes anyone may call without a session. */
const PUBLIC_API = [
  /^\/api\/health$/,
  /^\/api\/health\/live$/,
  /^\/api\/kaoshi-user\/security\/captcha$/,
  /^\/api\/kaoshi-user\/security\/doLogin$/,
  /^\/api\/kaoshi-user\/security\/loginOptions$/,
  // A certificate's public check (docs/features/analysis.md): anyone holding the printed QR code.
  /^\/api\/public\/verify\/:code$/,
  /^\/api\/docs(\/.*|\*)?$/,
];

/**
 * Every route Fastify knows, from its own route tree (`printRoutes`), as "METHOD /url" lines;
 * compared with listRouteAccess() so that a route the access plugin never saw cannot hide.
 */
function routesFromRouter(printed: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2];
    prefixes.length = depth;
    prefixes[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${url}`);
  }
  return routes;
}

/** A request to the route with every :param set to 1 and an empty JSON body where one is sent. */
function requestFor(route: RouteAccessEntry): InjectOptions {
  const url = route.url.replace(/:\w+/g, '1');
  const method = route.method as InjectOptions['method'];
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return { method, url, ...(hasBody && { payload: {} }) };
}

describe('route access declarations', () => {
  const t = useTestApp();
  let routes: RouteAccessEntry[];
  beforeAll(async () => {
    routes = t.app.listRouteAccess();
  });

  const label = (route: RouteAccessEntry) => `${route.method} ${route.url}`;
  const withPermission = () =>
    routes.filter((route) => typeof route.access === 'object' && route.access !== null);

  it('lists the routes of every module', () => {
    const urls = routes.map((route) => route.url);
    for (const url of [
      '/api/health',
      '/api/kaoshi-user/security/doLogin',
      '/api/kaoshi-user/user/listUser',
      '/api/kaoshi-user/role/listRole',
      '/api/kaoshi-user/permission/listPermissionTree',
      '/api/kaoshi-school/classes/listClasses',
      '/api/kaoshi-base/knowledge/listKnowledgeTree',
      '/api/kaoshi-base/student/export',
      '/api/kaoshi-files/editor',
      '/api/kaoshi-question/question/export',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('every route declares its access', () => {
    expect(routes.filter((route) => route.access === undefined).map(label)).toEqual([]);
  });

  it('listRouteAccess() lists every route the server answers', () => {
    const known = routesFromRouter(t.app.printRoutes({ commonPrefix: false }));
    expect(known).toContain('GET /api/kaoshi-user/user/listUser');
    expect(known.length).toBeGreaterThan(20);
    const listed = routes.map(label);
    // printRoutes folds a wildcard into its parent node ("/api/docs" + "*" for "/api/docs/static/*"),
    // so a printed wildcard matches a listed wildcard route under the same prefix.
    const isListed = (route: string) =>
      route.endsWith('*')
        ? listed.some((entry) => entry.endsWith('*') && entry.startsWith(route.slice(0, -1)))
        : listed.includes(route);
    expect(known.filter((route) => !isListed(route))).toEqual([]);
  });

  it('every /api route outside a short public list needs a session or a permission', () => {
    const offenders = routes
      .filter((route) => route.url.startsWith('/api'))
      .filter((route) => !PUBLIC_API.some((pattern) => pattern.test(route.url)))
      .filter((route) => route.access !== 'session' && typeof route.access !== 'object')
      .map((route) => `${label(route)} → ${JSON.stringify(route.access)}`);
    expect(offenders).toEqual([]);
  });

  it('every permission a route names is a built-in key (seeded, so grantable, and never deletable)', () => {
    const unknown = withPermission().flatMap((route) =>
      (route.access as { permission: string[] }).permission
        .filter((key) => !BUILT_IN_PERMISSION_KEYS.includes(key))
        .map((key) => `${label(route)} → ${key}`),
    );
    expect(unknown).toEqual([]);
    expect(withPermission().length).toBeGreaterThan(10);
  });

  it('refuses every permission route to a signed-in teacher who holds no keys (403, 10001)', async () => {
    const admin = await login(t.app);
    const teacher = await signedInTeacher(t.app, admin, []);
    const failures: string[] = [];
    for (const route of withPermission()) {
      const response = await t.app.inject({
        ...requestFor(route),
        cookies: { [TOKEN_COOKIE]: teacher.client.token! },
      });
      const status = route.method === 'HEAD' ? 10001 : response.json().status;
      if (response.statusCode !== 403 || status !== 10001) {
        failures.push(`${label(route)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every route that needs a session to an anonymous caller (401, 10000)', async () => {
    const guarded = routes.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(withPermission().length);
    const failures: string[] = [];
    for (const route of guarded) {
      const response = await t.app.inject(requestFor(route));
      const status = route.method === 'HEAD' ? 10000 : response.json().status;
      if (response.statusCode !== 401 || status !== 10000) {
        failures.push(`${label(route)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a refused call changes nothing', async () => {
    const admin = await login(t.app);
    const teacher = await signedInTeacher(t.app, admin, []);
    const before = await admin.get<{ total: number }>(`${USER}/listUser`);
    const tried = await teacher.client.post(`${USER}/addUser`, {
      name: 'sneaky',
      nickName: 'Sneaky',
      userType: 1,
    });
    expectStatus(tried, 10001, /SYSTEM-USER/);
    expectStatus(await new Client(t.app).delete(`${USER}/deleteUser/${teacher.id}`), 10000);
    const after = await admin.get<{ total: number }>(`${USER}/listUser`);
    expect(after.body.data.total).toBe(before.body.data.total);
  });
});

describe('public endpoints', () => {
  const t = useTestApp();

  it('answers an unknown /api path with the 10003 envelope and HTTP 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const result = await new Client(t.app).request({ method, url: '/api/nope' });
      expectStatus(result, 10003, /\/api\/nope/);
      expect(result.body.data).toBeNull();
    }
  });

  it('GET /api/health answers 200 with the database in use', async () => {
    const result = await new Client(t.app).get<{ database: string }>('/api/health');
    expectStatus(result, 200);
    expect(result.body.data.database).toBe(testDialect);
    expectStatus(await new Client(t.app).get('/api/health/live'), 200);
  });

  it('/api/docs/json is an OpenAPI document listing the spec calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/kaoshi-user/user/listUser']).toHaveProperty('get');
    expect(doc.paths['/api/kaoshi-user/role/bindRoleWithPermission']).toHaveProperty('post');
    expect(doc.paths['/api/kaoshi-user/user/deleteUser/{id}']).toHaveProperty('delete');
  });
});

describe('requests another site starts, form bodies, caching', () => {
  const t = useTestApp();

  const adminForm = {
    username: 'admin',
    password: clientPasswordHash(ADMIN_PASSWORD),
    userType: String(UserType.ADMIN),
  };
  /** doLogin as a browser form post (inject's Host is localhost:80). */
  const formLogin = (headers: Record<string, string | undefined>) =>
    new Client(t.app).request<{ token: string }>({
      method: 'POST',
      url: LOGIN_URL,
      payload: new URLSearchParams(adminForm).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } as Record<
        string,
        string
      >,
    });

  it('doLogin refuses a form posted by another site (login CSRF), by Sec-Fetch-Site or Origin', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'http://localhost:8080' },
      { origin: 'null' },
    ]) {
      const result = await formLogin(headers);
      expectStatus(result, 10001, /Cross-site/);
      expect(result.cookies[TOKEN_COOKIE], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('doLogin still takes the form from its own page, as the spec sends it', async () => {
    for (const headers of [
      {},
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      { origin: 'http://LOCALHOST:80' },
      { origin: 'https://localhost:80' },
    ]) {
      expectOk(await formLogin(headers));
    }
  });

  it('refuses a signed-in write whose Origin is another site', async () => {
    const admin = await login(t.app);
    const name = `Origin ${Date.now()}`;
    const result = await admin.request({
      method: 'POST',
      url: `${ROLE}/addRole`,
      payload: { name, key: `ORIGIN_${Date.now()}` },
      headers: { origin: 'https://evil.example' },
    });
    expectStatus(result, 10001, /Cross-site/);
    const roles = expectOk(await admin.get<{ name: string }[]>(`${ROLE}/listAllRolesForSelect`));
    expect(roles.map((role) => role.name)).not.toContain(name);
  });

  it('believes X-Forwarded-Host for the Origin check only from a trusted proxy', async () => {
    const admin = await login(t.app);
    const behindProxy = {
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'exam.example.com',
      origin: 'https://exam.example.com',
    };
    expectStatus(await admin.request({ method: 'GET', url: ME, headers: behindProxy }), 10001);
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const client = await login(proxied.app);
      expectOk(await client.request({ method: 'GET', url: ME, headers: behindProxy }));
    } finally {
      await proxied.close();
    }
  });

  it('refuses form bodies on JSON calls, writing nothing; the spec form posts still take them', async () => {
    const admin = await login(t.app);
    const key = `FORM_${Date.now()}`;
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', `name=Form&key=${key}`],
      ['text/plain', `name=Form&key=${key}`],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nForm\r\n--x--\r\n`,
      ],
    ] as const) {
      const result = await admin.request({
        method: 'POST',
        url: `${ROLE}/addRole`,
        payload,
        headers: { 'content-type': type },
      });
      expectStatus(result, 10002, /body: .* is not accepted here; send application\/json/);
    }
    const roles = expectOk(await admin.get<{ key: string }[]>(`${ROLE}/listAllRolesForSelect`));
    expect(roles.map((role) => role.key)).not.toContain(key);
    expectOk(await admin.form(`${ROLE}/listPermissionKeysByRoles`, { roles: 'SUPER_ADMIN' }));
  });

  it('marks signed-in answers (and the sign-in itself) Cache-Control: no-store', async () => {
    const signIn = await formLogin({});
    expect(signIn.headers['cache-control']).toBe('no-store');
    const admin = await login(t.app);
    for (const url of [ME, `${USER}/listUser`, `${ROLE}/listAllRolesForSelect`]) {
      const result = await admin.get(url);
      expectOk(result);
      expect(result.headers['cache-control'], url).toBe('no-store');
    }
    expect((await new Client(t.app).get(ME)).headers['cache-control']).toBe('no-store');
  });
});

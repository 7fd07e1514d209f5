import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TOKEN_COOKIE, UserType, clientPasswordHash, type Envelope } from '@kaoshi/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Clock } from '../src/lib/clock.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seed } from '../src/db/seed.js';
import { ADMIN_PASSWORD, type TemplateDatabase } from './template-database.js';

export { ADMIN_PASSWORD } from './template-database.js';
export const DEFAULT_PASSWORD = '123456';
export const testDialect = (process.env.KAOSHI_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/**
 * A brand-new database on the dialect under test (empty, or a copy of the run's migrated and
 * seeded template), and how to throw it away.
 */
export async function freshDatabase(template?: TemplateDatabase): Promise<{
  database: Config['database'];
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-test-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (testDialect === 'sqlite') {
    const file = path.join(dataDir, 'kaoshi.db');
    if (template?.kind === 'sqlite') fs.copyFileSync(template.file, file);
    return {
      database: { kind: 'sqlite', file },
      dataDir,
      drop: removeDir,
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KAOSHI_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kaoshi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString(), poolSize: 10 },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pool.end() resolves before its sockets have closed: a forced drop would then send those
      // connections a FATAL that surfaces as an unhandled error. Wait for them to go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await removeDir();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

/** buildApp on a fresh, migrated and seeded database; captcha off unless the test turns it on. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** The clock an exam page's absences are measured on (a test moves it on). */
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const template = env.ADMIN_PASSWORD ? undefined : inject('templateDatabase');
  const fresh = await freshDatabase(template);
  const config = loadConfig({
    DATA_DIR: fresh.dataDir,
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    DEFAULT_PASSWORD,
    ...env,
  });
  config.database = fresh.database;
  const handle = openDatabase(config.database);
  if (!template) {
    await migrateToLatest(handle.db);
    await seed(handle.db, config);
  }
  const app = await buildApp(config, handle, { clock });
  await app.ready();
  return {
    app,
    config,
    handle,
    close: async () => {
      await app.close();
      await fresh.drop();
    },
  };
}

/**
 * A fresh test app (createTestApp) for the describe this is called in: built before its tests
 * and closed after them. The object is filled in by its beforeAll, so read it inside tests.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, options));
  });
  afterAll(() => t.close());
  return t;
}

/** useTestApp with the administrator signed in as `admin`. */
export function useAdminApp(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): TestApp & { admin: Client } {
  const t = useTestApp(env, options) as TestApp & { admin: Client };
  beforeAll(async () => {
    t.admin = await login(t.app);
  });
  return t;
}

/** A fresh test app (createTestApp) and its administrator, signed in: how most suites start. */
export async function appWithAdmin(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<{ t: TestApp; admin: Client }> {
  const t = await createTestApp(env, options);
  return { t, admin: await login(t.app) };
}

export interface ApiResult<T = unknown> {
  http: number;
  body: Envelope<T>;
  cookies: Record<string, string>;
  headers: Record<string, unknown>;
}

/** A thin client over inject: sends the session cookie and reads the envelope. */
export class Client {
  constructor(
    private readonly app: FastifyInstance,
    public token?: string,
  ) {}

  async request<T = unknown>(options: InjectOptions): Promise<ApiResult<T>> {
    const response = await this.app.inject({
      ...options,
      cookies: {
        ...(this.token ? { [TOKEN_COOKIE]: this.token } : {}),
        ...(options.cookies ?? {}),
      },
    });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    let body: Envelope<T>;
    try {
      body = response.json<Envelope<T>>();
    } catch {
      throw new Error(`Not JSON (${response.statusCode}): ${response.body.slice(0, 200)}`);
    }
    return { http: response.statusCode, body, cookies, headers: response.headers };
  }

  get<T = unknown>(url: string, query?: Record<string, string>) {
    return this.request<T>({ method: 'GET', url, query });
  }
  post<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  /** application/x-www-form-urlencoded, as the spec's form calls send. */
  form<T = unknown>(url: string, fields: Record<string, string>) {
    return this.request<T>({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  put<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete<T = unknown>(url: string) {
    return this.request<T>({ method: 'DELETE', url });
  }
}

export const LOGIN_URL = '/api/kaoshi-user/security/doLogin';

/** Signs in through doLogin (form, client hash) and returns a client carrying the session. */
export async function login(
  app: FastifyInstance,
  username = 'admin',
  password = ADMIN_PASSWORD,
  userType: number = UserType.ADMIN,
): Promise<Client> {
  const anonymous = new Client(app);
  const result = await anonymous.form<{ token: string }>(LOGIN_URL, {
    username,
    password: clientPasswordHash(password),
    verifyCode: '',
    userType: String(userType),
  });
  if (result.body.status !== 200)
    throw new Error(`login ${username} failed: ${result.body.message}`);
  return new Client(app, result.body.data.token);
}

let counter = 0;
/** Adds a user through the API (as admin) with the given roles; its password is the default. */
export async function createUser(
  admin: Client,
  options: { userType?: number; roleKeys?: string[]; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `user${Date.now().toString(36)}${counter++}`;
  const userType = options.userType ?? UserType.TEACHER;
  const added = await admin.post<{ id: number }>('/api/kaoshi-user/user/addUser', {
    name,
    nickName: `Nick ${name}`,
    userType,
  });
  if (added.body.status !== 200) throw new Error(`addUser failed: ${added.body.message}`);
  const id = added.body.data.id;
  if (options.roleKeys?.length) {
    const roles = await admin.get<{ roleId: number; key: string }[]>(
      '/api/kaoshi-user/role/listAllRolesForSelect',
    );
    const roleIds = options.roleKeys.map((key) => {
      const role = roles.body.data.find((r) => r.key === key);
      if (!role) throw new Error(`no role ${key}`);
      return role.roleId;
    });
    const bound = await admin.post('/api/kaoshi-user/user/bindUserWithRole', {
      userId: id,
      roleIds,
    });
    if (bound.body.status !== 200) throw new Error(`bind failed: ${bound.body.message}`);
  }
  return { id, name };
}

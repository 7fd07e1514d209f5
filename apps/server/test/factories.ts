import {
  TOKEN_COOKIE,
  UserType,
  httpStatusOf,
  type ApiStatusCode,
  type Envelope,
  type PermissionView,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Kysely, SelectType } from 'kysely';
import { expect } from 'vitest';
import { DEFAULT_PASSWORD, login, type ApiResult, type Client } from './build-app.js';
import type { Db } from '../src/db/database.js';
import type { Database } from '../src/db/types.js';

export const USER = '/api/kaoshi-user/user';
export const ROLE = '/api/kaoshi-user/role';
export const PERMISSION = '/api/kaoshi-user/permission';
export const ME = '/api/kaoshi-user/auth/authWebUser';

let counter = 0;
/** A name no other call in this test file has used (deterministic: a counter, not the clock). */
export const uniqueName = (prefix = 'u') => `${prefix}${++counter}`;
/** Role and permission keys: upper-case letters, digits and _. */
export const uniqueKey = (prefix = 'K') => `${prefix}_${++counter}`;

/**
 * What a refusal says, led by the API name of the field it blames (`data.field`) instead of its
 * label, e.g. `name: the username "x" is taken` for `Name: the username "x" is taken`: a test
 * can match the field, the English wording (the default language) or both.
 */
export function refusalText(result: { body: Envelope<unknown> }): string {
  const data = result.body.data as { field?: unknown } | null;
  if (typeof data?.field !== 'string') return result.body.message;
  return `${data.field}: ${result.body.message.replace(/^[^:]*: /, '')}`;
}

/**
 * Asserts the envelope: its status, the HTTP status that mirrors it, and (optionally) the
 * message, read with the field it blames (refusalText). Returns the data for further checks.
 */
export function expectStatus<T>(
  result: ApiResult<T>,
  status: ApiStatusCode,
  message?: RegExp | string,
): T {
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ status });
  expect(result.http).toBe(httpStatusOf[status]);
  expect(typeof result.body.message).toBe('string');
  if (message !== undefined) expect(refusalText(result)).toMatch(message);
  return result.body.data;
}

export const expectOk = <T>(result: ApiResult<T>): T => expectStatus(result, 200);

export function flattenTree(nodes: PermissionView[]): PermissionView[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children ?? [])]);
}

/** Permission id by key, read from the tree the API serves. */
export async function permissionIds(admin: Client): Promise<Map<string, number>> {
  const tree = expectOk(await admin.get<PermissionView[]>(`${PERMISSION}/listPermissionTree`));
  return new Map(flattenTree(tree).map((node) => [node.key, node.id]));
}

export async function roleIdOf(admin: Client, key: string): Promise<number> {
  const roles = expectOk(
    await admin.get<{ roleId: number; key: string }[]>(`${ROLE}/listAllRolesForSelect`),
  );
  const role = roles.find((r) => r.key === key);
  if (!role) throw new Error(`no role ${key}`);
  return role.roleId;
}

/** Adds a role through the API and grants it exactly these permission keys. */
export async function createRole(
  admin: Client,
  options: { key?: string; name?: string; permissionKeys?: string[] } = {},
): Promise<{ roleId: number; key: string; name: string }> {
  const key = options.key ?? uniqueKey('ROLE');
  const name = options.name ?? `Role ${key}`;
  const { roleId } = expectOk(
    await admin.post<{ roleId: number }>(`${ROLE}/addRole`, { name, key }),
  );
  if (options.permissionKeys?.length) {
    const ids = await permissionIds(admin);
    const wanted = options.permissionKeys.map((k) => {
      const id = ids.get(k);
      if (id === undefined) throw new Error(`no permission ${k}`);
      return id;
    });
    expectOk(await admin.post(`${ROLE}/bindRoleWithPermission`, { roleId, permissionIds: wanted }));
  }
  return { roleId, key, name };
}

export async function bindRoles(admin: Client, userId: number, roleIds: number[]) {
  expectOk(await admin.post(`${USER}/bindUserWithRole`, { userId, roleIds }));
}

/** Adds a user (default password) with the given role ids. */
export async function addUser(
  admin: Client,
  options: { userType?: number; roleIds?: number[]; name?: string; nickName?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? uniqueName('user');
  const { id } = expectOk(
    await admin.post<{ id: number }>(`${USER}/addUser`, {
      name,
      nickName: options.nickName ?? `Nick ${name}`,
      userType: options.userType ?? UserType.TEACHER,
    }),
  );
  if (options.roleIds) await bindRoles(admin, id, options.roleIds);
  return { id, name };
}

/** A teacher (userType 2) whose only role is a custom role granting exactly `permissionKeys`. */
export async function signedInTeacher(
  app: FastifyInstance,
  admin: Client,
  permissionKeys: string[] = [],
) {
  const role = await createRole(admin, { permissionKeys });
  const user = await addUser(admin, { userType: UserType.TEACHER, roleIds: [role.roleId] });
  const client = await login(app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
  return { ...user, role, client };
}

/** One column of the row of `table` whose `key` column (id unless told) is `value`, as stored. */
export async function storedValue<
  T extends keyof Database & string,
  C extends keyof Database[T] & string,
>(
  db: Db,
  table: T,
  column: C,
  value: number | string,
  key = 'id',
): Promise<SelectType<Database[T][C]>> {
  // Kysely cannot type a query on a table named by a type parameter: typed by the signature.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = await untyped
    .selectFrom(table as string)
    .select(column as string)
    .where(key, '=', value)
    .executeTakeFirstOrThrow();
  return row[column] as SelectType<Database[T][C]>;
}

/** An export downloaded as `client` in `language`: answered 200 with a real workbook, opened. */
export async function exportedWorkbook(
  app: FastifyInstance,
  url: string,
  client: Client,
  language: string,
): Promise<ExcelJS.Workbook> {
  const response = await app.inject({
    method: 'GET',
    url,
    cookies: { [TOKEN_COOKIE]: client.token! },
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return book;
}

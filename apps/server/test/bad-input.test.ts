import {
  Perm,
  RoleKey,
  UserType,
  type ListResult,
  type RoleView,
  type UserView,
} from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type ApiResult, type Client, type TestApp } from './build-app.js';
import {
  PERMISSION,
  ROLE,
  USER,
  addUser,
  createRole,
  expectOk,
  expectStatus,
  permissionIds,
  roleIdOf,
  uniqueName,
} from './factories.js';

const LONG = 'x'.repeat(10_000);
const json = (method: 'POST' | 'PUT', url: string, payload: unknown): InjectOptions => ({
  method,
  url,
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const raw = (method: 'POST' | 'PUT', url: string, payload: string, type = 'application/json') => ({
  method,
  url,
  payload,
  headers: { 'content-type': type },
});

const validUser = () => ({ name: uniqueName('valid'), nickName: 'Valid', userType: 2 });

interface Case {
  name: string;
  request: InjectOptions;
  status: 10002 | 10003;
  /** The field (or part of the request) the message must name. */
  names?: RegExp;
}

const cases: Case[] = [
  // Oversize strings
  {
    name: 'addUser name of 10,000 characters',
    request: json('POST', `${USER}/addUser`, { ...validUser(), name: LONG }),
    status: 10002,
    names: /name/,
  },
  {
    name: 'addUser nickName of 10,000 characters',
    request: json('POST', `${USER}/addUser`, { ...validUser(), nickName: LONG }),
    status: 10002,
    names: /nickName/,
  },
  {
    name: 'updateUser introduction of 10,000 characters',
    request: json('PUT', `${USER}/updateUser`, { id: 1, ...validUser(), introduction: LONG }),
    status: 10002,
    names: /introduction/,
  },
  {
    name: 'listUser name filter of 10,000 characters',
    request: { method: 'GET', url: `${USER}/listUser`, query: { name: LONG } },
    status: 10002,
    names: /name/,
  },
  {
    name: 'addRole name of 10,000 characters',
    request: json('POST', `${ROLE}/addRole`, { name: LONG, key: 'LONG_NAME' }),
    status: 10002,
    names: /name/,
  },
  {
    name: 'addPermission name of 10,000 characters',
    request: json('POST', `${PERMISSION}/addPermission`, {
      parentId: 0,
      name: LONG,
      key: 'LONG-NAME',
      type: 0,
    }),
    status: 10002,
    names: /name/,
  },
  {
    name: 'a body over the 1 MiB limit',
    request: json('POST', `${USER}/addUser`, { ...validUser(), nickName: 'x'.repeat(1_100_000) }),
    status: 10002,
    names: /body/,
  },

  // Wrong types
  {
    name: 'addUser userType "abc"',
    request: json('POST', `${USER}/addUser`, { ...validUser(), userType: 'abc' }),
    status: 10002,
    names: /userType/,
  },
  {
    name: 'addUser userType 4 (not a user type)',
    request: json('POST', `${USER}/addUser`, { ...validUser(), userType: 4 }),
    status: 10002,
    names: /userType/,
  },
  {
    name: 'listUser userType "abc"',
    request: { method: 'GET', url: `${USER}/listUser`, query: { userType: 'abc' } },
    status: 10002,
    names: /userType/,
  },
  {
    name: 'bindUserWithRole roleIds "x"',
    request: json('POST', `${USER}/bindUserWithRole`, { userId: 1, roleIds: 'x' }),
    status: 10002,
    names: /roleIds/,
  },
  {
    name: 'bindUserWithRole roleIds [1, "x"]',
    request: json('POST', `${USER}/bindUserWithRole`, { userId: 1, roleIds: [1, 'x'] }),
    status: 10002,
    names: /roleIds/,
  },
  {
    name: 'bindUserWithRole roleIds as an object',
    request: json('POST', `${USER}/bindUserWithRole`, { userId: 1, roleIds: { 0: 1 } }),
    status: 10002,
    names: /roleIds/,
  },
  {
    name: 'bindUserWithRole with 51 role ids',
    request: json('POST', `${USER}/bindUserWithRole`, {
      userId: 1,
      roleIds: Array.from({ length: 51 }, (_, i) => i + 1),
    }),
    status: 10002,
    names: /roleIds/,
  },
  {
    name: 'bindRoleWithPermission permissionIds "1,abc" (form)',
    request: raw(
      'POST',
      `${ROLE}/bindRoleWithPermission`,
      'roleId=2&permissionIds=1%2Cabc',
      'application/x-www-form-urlencoded',
    ),
    status: 10002,
    names: /permissionIds/,
  },
  {
    name: 'bindRoleWithPermission roleId "abc" (form)',
    request: raw(
      'POST',
      `${ROLE}/bindRoleWithPermission`,
      'roleId=abc&permissionIds=1',
      'application/x-www-form-urlencoded',
    ),
    status: 10002,
    names: /roleId/,
  },
  {
    name: 'addPermission type 2',
    request: json('POST', `${PERMISSION}/addPermission`, {
      parentId: 0,
      name: 'n',
      key: 'TYPE-TWO',
      type: 2,
    }),
    status: 10002,
    names: /type/,
  },
  {
    name: 'addPermission parentId -1',
    request: json('POST', `${PERMISSION}/addPermission`, {
      parentId: -1,
      name: 'n',
      key: 'NEG-PARENT',
      type: 0,
    }),
    status: 10002,
    names: /parentId/,
  },
  {
    name: 'addUser email "not-an-email"',
    request: json('POST', `${USER}/addUser`, { ...validUser(), email: 'not-an-email' }),
    status: 10002,
    names: /email/,
  },
  {
    name: 'addUser avatar "javascript:alert(1)"',
    request: json('POST', `${USER}/addUser`, { ...validUser(), avatar: 'javascript:alert(1)' }),
    status: 10002,
    names: /avatar/,
  },
  {
    name: 'addUser endDate "someday"',
    request: json('POST', `${USER}/addUser`, { ...validUser(), endDate: 'someday' }),
    status: 10002,
    names: /endDate/,
  },
  {
    name: 'addUser name with a space and a quote',
    request: json('POST', `${USER}/addUser`, { ...validUser(), name: "bob' --" }),
    status: 10002,
    names: /name/,
  },
  {
    name: 'addUser nickName of spaces only',
    request: json('POST', `${USER}/addUser`, { ...validUser(), nickName: '   ' }),
    status: 10002,
    names: /nickName/,
  },
  {
    name: 'addUser without nickName',
    request: json('POST', `${USER}/addUser`, { name: uniqueName('n'), userType: 2 }),
    status: 10002,
    names: /nickName/,
  },

  // Unknown ids
  ...(
    [
      ['GET', `${USER}/queryUserDetailByUserId/9999999`],
      ['DELETE', `${USER}/deleteUser/9999999`],
      ['GET', `${USER}/reSetPass/9999999`],
      ['GET', `${ROLE}/getRoleById/9999999`],
      ['DELETE', `${ROLE}/deleteRole/9999999`],
      ['GET', `${ROLE}/listRoleRefPermission/9999999`],
      ['DELETE', `${PERMISSION}/deletePermission/9999999`],
    ] as const
  ).map(([method, url]): Case => ({
    name: `${method} ${url.replace(/^.*\/(\w+\/\d+)$/, '$1')}`,
    request: { method, url },
    status: 10003,
    names: /9999999/,
  })),
  {
    name: 'updateUser id 9999999',
    request: json('PUT', `${USER}/updateUser`, { id: 9_999_999, ...validUser() }),
    status: 10003,
  },
  {
    name: 'bindUserWithRole userId 9999999',
    request: json('POST', `${USER}/bindUserWithRole`, { userId: 9_999_999, roleIds: [] }),
    status: 10003,
  },
  {
    name: 'updateRole roleId 9999999',
    request: json('PUT', `${ROLE}/updateRole`, { roleId: 9_999_999, name: 'n', key: 'GHOST' }),
    status: 10003,
  },
  {
    name: 'bindRoleWithPermission roleId 9999999',
    request: json('POST', `${ROLE}/bindRoleWithPermission`, {
      roleId: 9_999_999,
      permissionIds: [],
    }),
    status: 10003,
  },
  {
    name: 'updatePermission id 9999999',
    request: json('PUT', `${PERMISSION}/updatePermission`, {
      id: 9_999_999,
      parentId: 0,
      name: 'n',
      key: 'GHOST',
      type: 0,
    }),
    status: 10003,
  },

  // Bad ids in the path
  ...['0', '-1', '1e20', 'abc', '1.5', '2147483648'].flatMap((id) =>
    [
      `${USER}/queryUserDetailByUserId/${id}`,
      `${ROLE}/getRoleById/${id}`,
      `${ROLE}/listRoleRefPermission/${id}`,
    ].map((url): Case => ({
      name: `GET …/${url.split('/').slice(-2).join('/')}`,
      request: { method: 'GET', url },
      status: 10002,
      names: /id/,
    })),
  ),
  ...['0', '-1', 'abc'].flatMap((id) =>
    [
      `${USER}/deleteUser/${id}`,
      `${ROLE}/deleteRole/${id}`,
      `${PERMISSION}/deletePermission/${id}`,
    ].map((url): Case => ({
      name: `DELETE …/${url.split('/').slice(-2).join('/')}`,
      request: { method: 'DELETE', url },
      status: 10002,
      names: /id/,
    })),
  ),
  {
    name: 'updateUser id 0',
    request: json('PUT', `${USER}/updateUser`, { ...validUser(), id: 0 }),
    status: 10002,
    names: /id/,
  },

  // Paging
  ...(
    [
      { page: '-1' },
      { page: '0' },
      { page: 'abc' },
      { page: '1.5' },
      { limit: '0' },
      { limit: '-5' },
      { limit: '501' },
      { limit: '1e12' },
      { limit: 'ten' },
    ] as Record<string, string>[]
  ).flatMap((query) =>
    [`${USER}/listUser`, `${ROLE}/listRole`].map((url): Case => ({
      name: `${url.split('/').pop()} ${new URLSearchParams(query)}`,
      request: { method: 'GET', url, query },
      status: 10002,
      names: new RegExp(`^${Object.keys(query)[0]}:`),
    })),
  ),

  // Bodies that are not JSON objects
  {
    name: 'malformed JSON',
    request: raw('POST', `${USER}/addUser`, '{"name": "x",'),
    status: 10002,
    names: /JSON|body/i,
  },
  {
    name: 'an empty body declared as JSON',
    request: raw('POST', `${USER}/addUser`, ''),
    status: 10002,
    names: /body/i,
  },
  ...['[1,2,3]', '"a string"', '42', 'null', 'true'].map((payload): Case => ({
    name: `a JSON body ${payload}`,
    request: raw('PUT', `${USER}/updateUser`, payload),
    status: 10002,
    names: /body/,
  })),
  {
    name: 'a prototype-poisoning body',
    request: raw('POST', `${ROLE}/addRole`, '{"name":"p","key":"PROTO","__proto__":{"x":1}}'),
    status: 10002,
  },
  {
    name: 'a text/plain body',
    request: raw('POST', `${ROLE}/addRole`, 'name=x', 'text/plain'),
    status: 10002,
    names: /body/,
  },
  {
    name: 'an unsupported content type',
    request: raw('POST', `${ROLE}/addRole`, '<role/>', 'application/xml'),
    status: 10002,
    names: /media type|content-type/i,
  },
];

describe('bad input answers the envelope, never a 500', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  it.each(cases)('$name → $status', async ({ request, status, names }) => {
    const result = await admin.request(request);
    expectStatus(result, status, names);
    // A refusal names at most the field it blames, for the form to show it there.
    expect(Object.keys(result.body.data ?? {})).toEqual(status === 10002 ? ['field'] : []);
    expect(result.body.message).not.toMatch(/Internal|SQL|sqlite|postgres|stack/i);
  });

  it('huge but valid paging returns an empty page, not an error', async () => {
    for (const url of [`${USER}/listUser`, `${ROLE}/listRole`]) {
      const result = expectOk(
        await admin.get<ListResult<unknown>>(url, { page: '2147483647', limit: '500' }),
      );
      expect(result.list).toEqual([]);
      expect(result.total).toBeGreaterThan(0);
    }
  });

  it('repeated ids in a list count once', async () => {
    const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
    const { id } = await addUser(admin);
    expectOk(
      await admin.post(`${USER}/bindUserWithRole`, { userId: id, roleIds: [teacher, teacher] }),
    );
    const user = expectOk(await admin.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`));
    expect(user.roleIds).toEqual([teacher]);
  });
});

describe('SQL metacharacters in list filters match literally', () => {
  let t: TestApp;
  let admin: Client;
  const nick: Record<string, number> = {};
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    for (const nickName of [
      '100% sure',
      '100 percent',
      'snake_case',
      'snakeXcase',
      'back\\slash',
      'backslash',
      "x' OR 1=1 --y",
      "O'Brien",
    ]) {
      nick[nickName] = (await addUser(admin, { nickName })).id;
    }
    await addUser(admin, { name: uniqueName('under_score'), nickName: 'Plain' });
    await createRole(admin, { name: '50% role', key: 'PCT_ROLE' });
  });
  afterAll(() => t.close());

  const users = async (query: Record<string, string>) =>
    expectOk(await admin.get<ListResult<UserView>>(`${USER}/listUser`, { limit: '500', ...query }));
  const roles = async (query: Record<string, string>) =>
    expectOk(await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { limit: '500', ...query }));

  it.each([
    ['%', ['100% sure']],
    ['_', ['snake_case']],
    ['\\', ['back\\slash']],
    ["' OR 1=1 --", ["x' OR 1=1 --y"]],
    ["'", ["x' OR 1=1 --y", "O'Brien"]],
    ['%_\\', []],
  ])('nickName %j finds only %j', async (filter, expected) => {
    const { list, total } = await users({ nickName: filter });
    expect(list.map((u) => u.nickName).sort()).toEqual([...expected].sort());
    expect(total).toBe(expected.length);
  });

  it.each(["' OR 1=1 --", '%', '\\', "'; drop table users; --"])(
    'name %j returns normally and matches literally',
    async (filter) => {
      const result = await users({ name: filter });
      expect(result).toEqual({ list: [], total: 0 });
    },
  );

  it('name "_" finds only names that contain "_"', async () => {
    const { list } = await users({ name: '_' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u) => u.name.includes('_'))).toBe(true);
    expect((await users({})).list.some((u) => !u.name.includes('_'))).toBe(true);
  });

  it('role filters match literally too', async () => {
    expect((await roles({ name: '%' })).list.map((r) => r.key)).toEqual(['PCT_ROLE']);
    const underscored = await roles({ key: '_' });
    expect(underscored.list.every((r) => r.key.includes('_'))).toBe(true);
    expect(underscored.list.map((r) => r.key)).not.toContain(RoleKey.SUPER);
    expect(await roles({ key: "' OR 1=1 --" })).toEqual({ list: [], total: 0 });
  });

  it('the users table is still whole afterwards', async () => {
    expect((await users({})).total).toBe(Object.keys(nick).length + 2);
  });
});

describe('a refused change leaves nothing half-written', () => {
  let t: TestApp;
  let admin: Client;
  let permission: Map<string, number>;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    permission = await permissionIds(admin);
  });
  afterAll(() => t.close());

  const rolesOfUser = async (id: number) =>
    expectOk(await admin.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`)).roleIds;
  const idOf = (key: string) => permission.get(key)!;

  it('bindUserWithRole with one unknown role id keeps the previous roles', async () => {
    const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
    const student = await roleIdOf(admin, RoleKey.STUDENT);
    const { id } = await addUser(admin, { roleIds: [teacher] });
    const result = await admin.post(`${USER}/bindUserWithRole`, {
      userId: id,
      roleIds: [student, 9_999_999],
    });
    expectStatus(result, 10003);
    expect(await rolesOfUser(id)).toEqual([teacher]);
  });

  it('bindUserWithRole that would strip the last SUPER_ADMIN (their own roles) keeps every role', async () => {
    const superAdmin = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
    const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
    expectStatus(
      await admin.post(`${USER}/bindUserWithRole`, { userId: 1, roleIds: [teacher] }),
      10001,
    );
    expect(await rolesOfUser(1)).toEqual([superAdmin]);
  });

  it('bindRoleWithPermission with one unknown id keeps the previous permissions', async () => {
    const role = await createRole(admin, { permissionKeys: [Perm.COURSE, Perm.KNOW] });
    const before = expectOk(
      await admin.get<number[]>(`${ROLE}/listRoleRefPermission/${role.roleId}`),
    );
    expect(before).toEqual([idOf(Perm.COURSE), idOf(Perm.KNOW)].sort((a, b) => a - b));

    const result = await admin.form(`${ROLE}/bindRoleWithPermission`, {
      roleId: String(role.roleId),
      permissionIds: `${idOf(Perm.STUDENT)},9999999`,
    });
    expectStatus(result, 10003, /9999999/);
    expect(
      expectOk(await admin.get<number[]>(`${ROLE}/listRoleRefPermission/${role.roleId}`)),
    ).toEqual(before);
  });

  it('updateUser refused for a taken name changes none of the other fields', async () => {
    const taken = await addUser(admin);
    const { id, name } = await addUser(admin, { nickName: 'Original' });
    const result = await admin.put(`${USER}/updateUser`, {
      id,
      name: taken.name,
      nickName: 'Changed',
      userType: UserType.STUDENT,
    });
    expectStatus(result, 10004);
    const user = expectOk(await admin.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`));
    expect(user).toMatchObject({ name, nickName: 'Original', userType: UserType.TEACHER });
  });

  it('addUser refused for bad input adds nobody', async () => {
    const before = expectOk(await admin.get<ListResult<UserView>>(`${USER}/listUser`)).total;
    const name = uniqueName('never');
    const result: ApiResult = await admin.post(`${USER}/addUser`, {
      name,
      nickName: 'Never',
      userType: 2,
      email: 'bad',
    });
    expectStatus(result, 10002, /email/);
    const after = expectOk(await admin.get<ListResult<UserView>>(`${USER}/listUser`));
    expect(after.total).toBe(before);
    expect(after.list.map((u) => u.name)).not.toContain(name);
  });
});

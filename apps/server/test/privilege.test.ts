import { Perm, RoleKey, UserType } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './build-app.js';
import { appWithAdmin, login, type TestApp, useTestApp } from './build-app.js';
import {
  ME,
  USER,
  addUser,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
} from './factories.js';

describe('a user manager who is not SUPER_ADMIN', () => {
  let t: TestApp;
  let admin: Client;
  let manager: Awaited<ReturnType<typeof signedInTeacher>>;
  let superAdminRoleId: number;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_USER]);
    superAdminRoleId = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
  });
  afterAll(() => t.close());

  it('cannot grant SUPER_ADMIN, to themselves or anyone', async () => {
    const self = await manager.client.post(`${USER}/bindUserWithRole`, {
      userId: manager.id,
      roleIds: [manager.role.roleId, superAdminRoleId],
    });
    expectStatus(self, 10001, /own roles/);
    const other = await addUser(admin);
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: other.id,
        roleIds: [superAdminRoleId],
      }),
      10001,
    );
    const me = expectOk(await manager.client.get<{ roles: string[] }>(ME));
    expect(me.roles).not.toContain(RoleKey.SUPER_ADMIN);
  });

  it('cannot reset, edit or delete a SUPER_ADMIN user', async () => {
    expectStatus(await manager.client.get(`${USER}/reSetPass/1`), 10001, /SUPER_ADMIN/);
    expectStatus(
      await manager.client.put(`${USER}/updateUser`, {
        id: 1,
        name: 'admin',
        nickName: 'Taken',
        userType: 1,
      }),
      10001,
    );
    const second = await addUser(admin, { roleIds: [superAdminRoleId] });
    expectStatus(await manager.client.delete(`${USER}/deleteUser/${second.id}`), 10001);
    // user 1 still signs in with its own password
    await login(t.app);
  });

  it('still manages ordinary users', async () => {
    const plain = await addUser(admin, { userType: UserType.TEACHER });
    expectOk(await manager.client.get(`${USER}/reSetPass/${plain.id}`));
    expectOk(
      await manager.client.put(`${USER}/updateUser`, {
        id: plain.id,
        name: plain.name,
        nickName: 'Renamed',
        userType: UserType.TEACHER,
      }),
    );
    expectOk(await manager.client.delete(`${USER}/deleteUser/${plain.id}`));
  });
});

describe('requests a browser marks as cross-site', () => {
  const t = useTestApp();

  it('are refused on signed-in routes, even GETs that change data', async () => {
    const admin = await login(t.app);
    const victim = await addUser(admin);
    for (const site of ['cross-site', 'same-site']) {
      const result = await admin.request({
        method: 'GET',
        url: `${USER}/reSetPass/${victim.id}`,
        headers: { 'sec-fetch-site': site },
      });
      expectStatus(result, 10001, /Cross-site/);
    }
  });

  it('pass when same-origin, typed by the user, or from a client that sends no such header', async () => {
    const admin = await login(t.app);
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}]) {
      expectOk(await admin.request({ method: 'GET', url: ME, headers }));
    }
  });

  it('has no HEAD twin of a GET route that would run its handler', async () => {
    const heads = t.app
      .listRouteAccess()
      .filter((route) => route.method === 'HEAD' && route.url.startsWith('/api/kaoshi'));
    expect(heads).toEqual([]);
  });
});

import { Perm, RoleKey, UserType, type UserView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { DEFAULT_PASSWORD, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import {
  USER,
  addUser,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
  uniqueName,
} from '../../../test/factories.js';

describe('nobody changes their own user type or roles; only SUPER_ADMIN sets a user type', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const detail = async (id: number) =>
    expectOk(await admin.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`));

  it('a user manager (SYSTEM-USER) cannot make themselves an administrator or bind roles to themselves', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM, Perm.SYSTEM_USER]);
    const self = {
      id: manager.id,
      name: manager.name,
      nickName: `Nick ${manager.name}`,
    };
    expectStatus(
      await manager.client.put(`${USER}/updateUser`, { ...self, userType: UserType.ADMIN }),
      10001,
      /own user type/,
    );
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: manager.id,
        roleIds: [manager.role.roleId, await roleIdOf(admin, RoleKey.QUESTION_WRITER)],
      }),
      10001,
      /own roles/,
    );
    expect(await detail(manager.id)).toMatchObject({
      userType: UserType.TEACHER,
      roleIds: [manager.role.roleId],
    });
    // Their own name and nickname stay theirs to edit.
    expectOk(
      await manager.client.put(`${USER}/updateUser`, {
        ...self,
        nickName: 'Renamed',
        userType: UserType.TEACHER,
      }),
    );
    expect((await detail(manager.id)).nickName).toBe('Renamed');
  });

  it('the super administrator cannot change their own roles or type either', async () => {
    expectStatus(
      await admin.post(`${USER}/bindUserWithRole`, {
        userId: 1,
        roleIds: [
          await roleIdOf(admin, RoleKey.SUPER_ADMIN),
          await roleIdOf(admin, RoleKey.QUESTION_WRITER),
        ],
      }),
      10001,
      /own roles/,
    );
  });

  it('only a SUPER_ADMIN sets the user type of another user, when adding or editing', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM, Perm.SYSTEM_USER]);
    const target = await addUser(admin, { userType: UserType.TEACHER });
    const fields = { id: target.id, name: target.name, nickName: `Nick ${target.name}` };
    expectStatus(
      await manager.client.put(`${USER}/updateUser`, { ...fields, userType: UserType.ADMIN }),
      10001,
      /user type/,
    );
    expect((await detail(target.id)).userType).toBe(UserType.TEACHER);
    // Unchanged type: the manager edits the rest.
    expectOk(
      await manager.client.put(`${USER}/updateUser`, { ...fields, userType: UserType.TEACHER }),
    );
    expectStatus(
      await manager.client.post(`${USER}/addUser`, {
        name: uniqueName('adm'),
        nickName: 'New admin',
        userType: UserType.ADMIN,
      }),
      10001,
      /user type/,
    );
    expectOk(
      await manager.client.post(`${USER}/addUser`, {
        name: uniqueName('tea'),
        nickName: 'New teacher',
        userType: UserType.TEACHER,
      }),
    );
    expectOk(await admin.put(`${USER}/updateUser`, { ...fields, userType: UserType.ADMIN }));
    expect((await detail(target.id)).userType).toBe(UserType.ADMIN);
  });
});

describe('the last SUPER_ADMIN holder', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const roleIdsOf = async (client: Client, id: number) =>
    expectOk(await client.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`)).roleIds;

  it('may be removed or deleted only while another user holds SUPER_ADMIN', async () => {
    const superAdmin = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
    // A second SUPER_ADMIN does the changes (only a SUPER_ADMIN may act on one).
    const ops = await addUser(admin, { userType: UserType.ADMIN, roleIds: [superAdmin] });
    const m = await login(t.app, ops.name, DEFAULT_PASSWORD, UserType.ADMIN);

    // While user 1 and ops hold SUPER_ADMIN, a third holder may be deleted.
    const second = await addUser(admin, { userType: UserType.ADMIN, roleIds: [superAdmin] });
    expectOk(await m.delete(`${USER}/deleteUser/${second.id}`));

    // With another holder, user 1 may lose the role; permissions change at once.
    expectOk(await m.post(`${USER}/bindUserWithRole`, { userId: 1, roleIds: [] }));
    expectStatus(await admin.get(`${USER}/listUser`), 10001);

    // Now ops is the last holder: only ops could strip itself, and nobody binds their own roles.
    expectStatus(
      await m.post(`${USER}/bindUserWithRole`, { userId: ops.id, roleIds: [] }),
      10001,
      /own roles/,
    );
    expect(await roleIdsOf(m, ops.id)).toEqual([superAdmin]);

    // Give the role back to user 1: then ops may go.
    expectOk(await m.post(`${USER}/bindUserWithRole`, { userId: 1, roleIds: [superAdmin] }));
    expectOk(await admin.get(`${USER}/listUser`));
    expectOk(await admin.delete(`${USER}/deleteUser/${ops.id}`));
    expect(await roleIdsOf(admin, 1)).toEqual([superAdmin]);
  });
});

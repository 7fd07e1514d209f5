import {
  Perm,
  ROLE_SEEDS,
  RoleKey,
  type ListResult,
  type RoleView,
  type SessionUser,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import {
  ME,
  PERMISSION,
  ROLE,
  USER,
  addUser,
  bindRoles,
  createRole,
  expectOk,
  expectStatus,
  permissionIds,
  roleIdOf,
  signedInTeacher,
  uniqueKey,
} from '../../../test/factories.js';

const seedOf = (roleKey: string) => ROLE_SEEDS.find((role) => role.key === roleKey)!;
const seedKeysOf = (roleKey: string) => seedOf(roleKey).permissions as readonly string[];

describe('role management (spec §7 role calls)', () => {
  let t: TestApp;
  let admin: Client;
  let ids: Map<string, number>;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ids = await permissionIds(admin);
  });
  afterAll(() => t.close());

  const idOf = (key: string) => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`no permission ${key}`);
    return id;
  };
  const getRole = (id: number) => admin.get<RoleView>(`${ROLE}/getRoleById/${id}`);
  const refIds = (client: Client, roleId: number) =>
    client.get<number[]>(`${ROLE}/listRoleRefPermission/${roleId}`);
  const bindForm = (client: Client, roleId: number, permissionIds: string) =>
    client.form(`${ROLE}/bindRoleWithPermission`, { roleId: String(roleId), permissionIds });
  const keysByRoles = (client: Client, roles: string) =>
    client.form<string[]>(`${ROLE}/listPermissionKeysByRoles`, { roles });

  describe('listRole', () => {
    it('lists every role with roleId and userCount', async () => {
      const { list, total } = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { limit: '500' }),
      );
      expect(total).toBe(list.length);
      expect(list.map((r) => r.key)).toEqual(
        expect.arrayContaining(ROLE_SEEDS.map((role) => role.key)),
      );
      for (const role of list) {
        expect(role).toEqual({
          roleId: expect.any(Number),
          name: expect.any(String),
          key: expect.any(String),
          description: expect.any(String),
          userCount: expect.any(Number),
          createdAt: expect.any(String),
        });
      }
      expect(list.find((r) => r.key === RoleKey.SUPER_ADMIN)?.userCount).toBe(1);
    });

    it('counts the users holding a role', async () => {
      const role = await createRole(admin);
      const find = async () =>
        expectOk(
          await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { key: role.key }),
        ).list.find((r) => r.roleId === role.roleId);
      expect((await find())?.userCount).toBe(0);
      await addUser(admin, { roleIds: [role.roleId] });
      await addUser(admin, { roleIds: [role.roleId] });
      expect((await find())?.userCount).toBe(2);
    });

    it('pages and filters by name and key', async () => {
      const all = expectOk(await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`));
      const page1 = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { limit: '2', page: '1' }),
      );
      const page2 = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { limit: '2', page: '2' }),
      );
      expect(page1.list).toHaveLength(2);
      expect(page1.total).toBe(all.total);
      expect([...page1.list, ...page2.list].map((r) => r.roleId)).toEqual(
        all.list.slice(0, 4).map((r) => r.roleId),
      );

      const supers = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, { key: 'SUPER' }),
      );
      expect(supers.list.map((r) => r.key)).toEqual([RoleKey.SUPER_ADMIN, RoleKey.SUPER]);
      const byName = expectOk(
        await admin.get<ListResult<RoleView>>(`${ROLE}/listRole`, {
          name: seedOf(RoleKey.STUDENT).name,
        }),
      );
      expect(byName.list.map((r) => r.key)).toEqual([RoleKey.STUDENT]);
    });
  });

  describe('addRole and getRoleById', () => {
    it('adds a role that getRoleById then returns', async () => {
      const key = uniqueKey('NEW');
      const { roleId } = expectOk(
        await admin.post<{ roleId: number }>(`${ROLE}/addRole`, {
          name: 'Invigilator',
          key,
          description: 'Watches the room',
        }),
      );
      expect(expectOk(await getRole(roleId))).toMatchObject({
        roleId,
        name: 'Invigilator',
        key,
        description: 'Watches the room',
        userCount: 0,
      });
      expect(expectOk(await refIds(admin, roleId))).toEqual([]);
    });

    it.each(['lower_case', 'BAD-KEY', '1ABC', 'A', 'HAS SPACE', '', 'X'.repeat(51)])(
      'refuses the key %j with 10002 naming key',
      async (key) => {
        const result = await admin.post(`${ROLE}/addRole`, { name: 'Bad key', key });
        expectStatus(result, 10002, /\bkey\b/);
      },
    );

    it('refuses a missing name with 10002 naming name', async () => {
      expectStatus(
        await admin.post(`${ROLE}/addRole`, { key: uniqueKey('NONAME') }),
        10002,
        /name/,
      );
    });

    it('refuses a duplicate key with 10004', async () => {
      const role = await createRole(admin);
      expectStatus(
        await admin.post(`${ROLE}/addRole`, { name: 'Copy', key: role.key }),
        10004,
        /key/,
      );
      expectStatus(
        await admin.post(`${ROLE}/addRole`, { name: 'Copy', key: RoleKey.QUESTION_WRITER }),
        10004,
        /key/,
      );
    });

    it('answers 10003 for an unknown role id', async () => {
      expectStatus(await getRole(9_999_999), 10003);
    });
  });

  describe('updateRole', () => {
    it('renames a custom role and changes its key', async () => {
      const role = await createRole(admin);
      const key = uniqueKey('RENAMED');
      expectOk(
        await admin.put(`${ROLE}/updateRole`, { roleId: role.roleId, name: 'Renamed', key }),
      );
      expect(expectOk(await getRole(role.roleId))).toMatchObject({ name: 'Renamed', key });
    });

    it('refuses to change the key of a built-in role with 10004', async () => {
      for (const seed of ROLE_SEEDS) {
        const roleId = await roleIdOf(admin, seed.key);
        const result = await admin.put(`${ROLE}/updateRole`, {
          roleId,
          name: seed.name,
          key: `${seed.key}_X`,
        });
        expectStatus(result, 10004, /key/);
        expect(expectOk(await getRole(roleId)).key).toBe(seed.key);
      }
    });

    it('refuses a key another role has with 10004', async () => {
      const first = await createRole(admin);
      const second = await createRole(admin);
      const result = await admin.put(`${ROLE}/updateRole`, {
        roleId: second.roleId,
        name: 'Second',
        key: first.key,
      });
      expectStatus(result, 10004, /key/);
      expect(expectOk(await getRole(second.roleId)).key).toBe(second.key);
    });

    it('answers 10003 for an unknown role id', async () => {
      const result = await admin.put(`${ROLE}/updateRole`, {
        roleId: 9_999_999,
        name: 'Ghost',
        key: uniqueKey('GHOST'),
      });
      expectStatus(result, 10003);
    });
  });

  describe('deleteRole', () => {
    it('refuses every built-in role with 10004', async () => {
      for (const seed of ROLE_SEEDS) {
        const roleId = await roleIdOf(admin, seed.key);
        expectStatus(await admin.delete(`${ROLE}/deleteRole/${roleId}`), 10004);
        expectOk(await getRole(roleId));
      }
    });

    it('refuses a role still bound to users with 10004, then deletes it once unbound', async () => {
      const role = await createRole(admin, { permissionKeys: [Perm.COURSE] });
      const user = await addUser(admin, { roleIds: [role.roleId] });
      expectStatus(await admin.delete(`${ROLE}/deleteRole/${role.roleId}`), 10004);
      expectOk(await getRole(role.roleId));

      await bindRoles(admin, user.id, []);
      expectOk(await admin.delete(`${ROLE}/deleteRole/${role.roleId}`));
      expectStatus(await getRole(role.roleId), 10003);
      expectStatus(await admin.delete(`${ROLE}/deleteRole/${role.roleId}`), 10003);
    });

    it('deletes an unbound custom role', async () => {
      const role = await createRole(admin);
      expectOk(await admin.delete(`${ROLE}/deleteRole/${role.roleId}`));
      const select = expectOk(
        await admin.get<{ roleId: number }[]>(`${ROLE}/listAllRolesForSelect`),
      );
      expect(select.map((r) => r.roleId)).not.toContain(role.roleId);
    });
  });

  describe('listRoleRefPermission', () => {
    it('gives SUPER_ADMIN every permission id', async () => {
      const superAdmin = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
      const all = [...(await permissionIds(admin)).values()].sort((a, b) => a - b);
      expect(expectOk(await refIds(admin, superAdmin))).toEqual(all);
    });

    it('gives a seeded role the ids of its seeded keys', async () => {
      const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
      const expected = seedKeysOf(RoleKey.QUESTION_WRITER)
        .map(idOf)
        .sort((a, b) => a - b);
      expect(expectOk(await refIds(admin, teacher))).toEqual(expected);
    });

    it('answers 10003 for an unknown role', async () => {
      expectStatus(await refIds(admin, 9_999_999), 10003);
    });
  });

  describe('bindRoleWithPermission (form)', () => {
    it('replaces the set from "a,b,c" and clears it with ""', async () => {
      const role = await createRole(admin, { permissionKeys: [Perm.STUDENT_EXAM] });
      const three = [Perm.SCHOOL, Perm.SCHOOL_MANAGE, Perm.DEPARTMENT_MANAGE].map(idOf);
      expectOk(await bindForm(admin, role.roleId, three.join(',')));
      expect(expectOk(await refIds(admin, role.roleId))).toEqual([...three].sort((a, b) => a - b));

      expectOk(await bindForm(admin, role.roleId, ` ${three[0]} , ${three[0]},`));
      expect(expectOk(await refIds(admin, role.roleId))).toEqual([three[0]]);

      expectOk(await bindForm(admin, role.roleId, ''));
      expect(expectOk(await refIds(admin, role.roleId))).toEqual([]);
    });

    it('refuses an unknown permission id with 10003 and keeps the previous set', async () => {
      const role = await createRole(admin, { permissionKeys: [Perm.COURSE] });
      const result = await bindForm(admin, role.roleId, `${idOf(Perm.KNOW)},9999999`);
      expectStatus(result, 10003, /9999999/);
      expect(expectOk(await refIds(admin, role.roleId))).toEqual([idOf(Perm.COURSE)]);
    });

    it('refuses SUPER_ADMIN with 10004', async () => {
      const superAdmin = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
      expectStatus(await bindForm(admin, superAdmin, String(idOf(Perm.SCHOOL))), 10004);
      expectStatus(await bindForm(admin, superAdmin, ''), 10004);
      const all = [...ids.values()].sort((a, b) => a - b);
      expect(expectOk(await refIds(admin, superAdmin))).toEqual(all);
    });

    it('refuses an unknown role with 10003', async () => {
      expectStatus(await bindForm(admin, 9_999_999, String(idOf(Perm.SCHOOL))), 10003);
    });
  });

  describe('listAllRolesForSelect', () => {
    it('lists every role as roleId, name and key', async () => {
      const custom = await createRole(admin, { name: 'Selectable' });
      const roles = expectOk(
        await admin.get<{ roleId: number; name: string; key: string }[]>(
          `${ROLE}/listAllRolesForSelect`,
        ),
      );
      expect(roles.map((r) => r.key)).toEqual(
        expect.arrayContaining([...ROLE_SEEDS.map((r) => r.key), custom.key]),
      );
      expect(roles).toContainEqual({ roleId: custom.roleId, name: 'Selectable', key: custom.key });
      for (const role of roles) expect(Object.keys(role).sort()).toEqual(['key', 'name', 'roleId']);
    });

    it('is open to a user manager without SYSTEM-ROLE', async () => {
      const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_USER]);
      expectOk(await manager.client.get(`${ROLE}/listAllRolesForSelect`));
      expectStatus(await manager.client.get(`${ROLE}/listRole`), 10001);
    });
  });

  describe('listPermissionKeysByRoles (form)', () => {
    it('answers the keys of the named roles for an administrator', async () => {
      const keys = expectOk(
        await keysByRoles(admin, `${RoleKey.QUESTION_WRITER},${RoleKey.STUDENT}`),
      );
      expect(keys).toEqual(
        [
          ...new Set([...seedKeysOf(RoleKey.QUESTION_WRITER), ...seedKeysOf(RoleKey.STUDENT)]),
        ].sort(),
      );
      const everything = expectOk(await keysByRoles(admin, RoleKey.SUPER_ADMIN));
      expect([...everything].sort()).toEqual([...ids.keys()].sort());
    });

    it("lets a teacher without SYSTEM-ROLE read only their own roles' keys", async () => {
      const teacher = await signedInTeacher(t.app, admin, [Perm.COURSE, Perm.KNOW]);
      expect(expectOk(await keysByRoles(teacher.client, teacher.role.key))).toEqual(
        [Perm.COURSE, Perm.KNOW].sort(),
      );
      expectStatus(await keysByRoles(teacher.client, RoleKey.QUESTION_WRITER), 10001);
      expectStatus(
        await keysByRoles(teacher.client, `${teacher.role.key},${RoleKey.SUPER_ADMIN}`),
        10001,
      );
    });

    it('answers 10003 for an unknown role key asked by a role manager', async () => {
      expectStatus(await keysByRoles(admin, 'NO_SUCH_ROLE'), 10003);
    });
  });

  describe('permission changes apply immediately', () => {
    it('a signed-in user gets exactly the keys bound to their role, and the routes follow', async () => {
      const teacher = await signedInTeacher(t.app, admin, [Perm.SYSTEM, Perm.SYSTEM_USER]);
      const c = teacher.client;
      const keys = async () => expectOk(await c.get<SessionUser>(ME)).permissions;

      expect(await keys()).toEqual([Perm.SYSTEM, Perm.SYSTEM_USER].sort());
      expectOk(await c.get(`${USER}/listUser`));
      expectStatus(await c.get(`${ROLE}/listRole`), 10001);
      expectStatus(await c.get(`${PERMISSION}/listPermissionTree`), 10001);

      expectOk(await bindForm(admin, teacher.role.roleId, String(idOf(Perm.SYSTEM_ROLE))));
      expect(await keys()).toEqual([Perm.SYSTEM_ROLE]);
      expectStatus(await c.get(`${USER}/listUser`), 10001);
      expectOk(await c.get(`${ROLE}/listRole`));
      expectOk(await c.get(`${PERMISSION}/listPermissionTree`));
      expect(expectOk(await keysByRoles(c, teacher.role.key))).toEqual([Perm.SYSTEM_ROLE]);

      expectOk(await bindForm(admin, teacher.role.roleId, ''));
      expect(await keys()).toEqual([]);
      expectStatus(await c.get(`${ROLE}/listRole`), 10001);
    });

    it('losing a role takes its keys away at once', async () => {
      const teacher = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE]);
      expectOk(await teacher.client.get(`${ROLE}/listRole`));
      await bindRoles(admin, teacher.id, [await roleIdOf(admin, RoleKey.STUDENT)]);
      const me = expectOk(await teacher.client.get<SessionUser>(ME));
      expect(me.roles).toEqual([RoleKey.STUDENT]);
      expect(me.permissions).toEqual([...seedKeysOf(RoleKey.STUDENT)]);
      expectStatus(await teacher.client.get(`${ROLE}/listRole`), 10001);
    });
  });
});

import { Perm, RoleKey, UserType, type SessionUser } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, appWithAdmin, login, type Client, type TestApp } from './build-app.js';
import {
  ME,
  ROLE,
  USER,
  addUser,
  createRole,
  expectOk,
  expectStatus,
  permissionIds,
  roleIdOf,
  signedInTeacher,
} from './factories.js';

/**
 * Issue 10 §1.3: whoever holds SYSTEM-ROLE (or SYSTEM-USER) must not reach keys they do not hold
 * through the role and user calls. SUPER_ADMIN holds every key and may do all of it.
 */
describe('role and user management cannot grant more than the manager holds', () => {
  let t: TestApp;
  let admin: Client;
  let ids: Map<string, number>;
  const idsOf = (...keys: string[]) => keys.map((key) => ids.get(key)!);

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    ids = await permissionIds(admin);
  });
  afterAll(() => t.close());

  it('refuses the reported attack: SYSTEM-ROLE alone binding every key to its own role', async () => {
    const attacker = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE]);
    const victim = await addUser(admin);
    const every = [...ids.values()];
    const bound = await attacker.client.form(`${ROLE}/bindRoleWithPermission`, {
      roleId: String(attacker.role.roleId),
      permissionIds: every.join(','),
    });
    expectStatus(bound, 10001, /your own roles/);
    // The role still grants only SYSTEM-ROLE, so resetting a password stays out of reach.
    expect(await keysOf(admin, attacker.role.roleId)).toEqual([ids.get(Perm.SYSTEM_ROLE)]);
    expectStatus(await attacker.client.get(`${USER}/reSetPass/${victim.id}`), 10001);
    const me = expectOk(await attacker.client.get<SessionUser>(ME));
    expect(me.permissions).toEqual([Perm.SYSTEM_ROLE]);
  });

  it('refuses granting, to any role, a key the manager does not hold, and names it', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE, Perm.QUESTION]);
    const other = await createRole(admin);
    const bound = await manager.client.form(`${ROLE}/bindRoleWithPermission`, {
      roleId: String(other.roleId),
      permissionIds: idsOf(Perm.QUESTION, Perm.SYSTEM_USER, Perm.STUDENT).join(','),
    });
    expectStatus(bound, 10001, /do not hold yourself: STUDENT, SYSTEM-USER$/);
    expect(await keysOf(admin, other.roleId)).toEqual([]);
    // Keys the manager holds may be granted.
    expectOk(
      await manager.client.form(`${ROLE}/bindRoleWithPermission`, {
        roleId: String(other.roleId),
        permissionIds: idsOf(Perm.QUESTION).join(','),
      }),
    );
  });

  it('refuses changing a role that grants keys the manager lacks (bind, update, delete)', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE]);
    const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
    const before = await keysOf(admin, teacher);
    expectStatus(
      await manager.client.form(`${ROLE}/bindRoleWithPermission`, {
        roleId: String(teacher),
        permissionIds: '',
      }),
      10001,
      /QUESTION_WRITER grants .*EXAM-QUESTION/,
    );
    expect(await keysOf(admin, teacher)).toEqual(before);
    expectStatus(
      await manager.client.put(`${ROLE}/updateRole`, {
        roleId: teacher,
        name: 'Renamed',
        key: RoleKey.QUESTION_WRITER,
      }),
      10001,
      /you do not hold/,
    );
    const powerful = await createRole(admin, { permissionKeys: [Perm.SYSTEM_USER] });
    expectStatus(await manager.client.delete(`${ROLE}/deleteRole/${powerful.roleId}`), 10001);
    expectStatus(
      await manager.client.put(`${ROLE}/updateRole`, {
        roleId: 1,
        name: 'Mine now',
        key: RoleKey.SUPER_ADMIN,
      }),
      10001,
    );
  });

  it('refuses changing or deleting a role the manager holds, even to take keys away', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE]);
    expectStatus(
      await manager.client.form(`${ROLE}/bindRoleWithPermission`, {
        roleId: String(manager.role.roleId),
        permissionIds: '',
      }),
      10001,
      /your own roles/,
    );
    expectStatus(
      await manager.client.put(`${ROLE}/updateRole`, {
        roleId: manager.role.roleId,
        name: 'Renamed',
        key: manager.role.key,
      }),
      10001,
      /your own roles/,
    );
    expectStatus(
      await manager.client.delete(`${ROLE}/deleteRole/${manager.role.roleId}`),
      10001,
      /your own roles/,
    );
  });

  it('still lets the manager run roles within their own keys', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_ROLE, Perm.COURSE]);
    const { roleId } = expectOk(
      await manager.client.post<{ roleId: number }>(`${ROLE}/addRole`, {
        name: 'Course keeper',
        key: 'COURSE_KEEPER',
      }),
    );
    expectOk(
      await manager.client.form(`${ROLE}/bindRoleWithPermission`, {
        roleId: String(roleId),
        permissionIds: idsOf(Perm.COURSE).join(','),
      }),
    );
    expectOk(
      await manager.client.put(`${ROLE}/updateRole`, {
        roleId,
        name: 'Course keepers',
        key: 'COURSE_KEEPER',
      }),
    );
    expectOk(await manager.client.delete(`${ROLE}/deleteRole/${roleId}`));
  });

  it('refuses giving oneself or another user a role with keys the manager lacks', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_USER, Perm.COURSE]);
    const teacher = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: manager.id,
        roleIds: [manager.role.roleId, teacher],
      }),
      10001,
      /own roles/,
    );
    const other = await addUser(admin);
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: other.id,
        roleIds: [teacher],
      }),
      10001,
      /QUESTION_WRITER grants .*EXAM-QUESTION/,
    );
    // Role SUPER opens the publishing group by itself (docs/spec.md §6): only its holders may give it.
    const superRole = await roleIdOf(admin, RoleKey.SUPER);
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: other.id,
        roleIds: [superRole],
      }),
      10001,
      /SUPER/,
    );
    const me = expectOk(await manager.client.get<SessionUser>(ME));
    expect(me.roles).toEqual([manager.role.key]);
    // A role within the manager's keys may be given.
    const small = await createRole(admin, { permissionKeys: [Perm.COURSE] });
    expectOk(
      await manager.client.post(`${USER}/bindUserWithRole`, {
        userId: other.id,
        roleIds: [small.roleId],
      }),
    );
  });

  it('refuses resetting, editing, rebinding or deleting a user who holds keys the manager lacks', async () => {
    const manager = await signedInTeacher(t.app, admin, [Perm.SYSTEM_USER]);
    const strong = await signedInTeacher(t.app, admin, [Perm.SYSTEM_USER, Perm.SYSTEM_ROLE]);
    expectStatus(
      await manager.client.get(`${USER}/reSetPass/${strong.id}`),
      10001,
      /holds SYSTEM-ROLE/,
    );
    expectStatus(
      await manager.client.put(`${USER}/updateUser`, {
        id: strong.id,
        name: strong.name,
        nickName: 'Taken over',
        userType: UserType.TEACHER,
      }),
      10001,
    );
    expectStatus(
      await manager.client.post(`${USER}/bindUserWithRole`, { userId: strong.id, roleIds: [] }),
      10001,
    );
    expectStatus(await manager.client.delete(`${USER}/deleteUser/${strong.id}`), 10001);
    // The stronger user still signs in with their own password and keeps their role.
    const again = await login(t.app, strong.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expect(expectOk(await again.get<SessionUser>(ME)).roles).toEqual([strong.role.key]);
  });

  it('leaves SUPER_ADMIN free to do all of it', async () => {
    const role = await createRole(admin);
    expectOk(
      await admin.form(`${ROLE}/bindRoleWithPermission`, {
        roleId: String(role.roleId),
        permissionIds: [...ids.values()].join(','),
      }),
    );
    const user = await addUser(admin, { roleIds: [role.roleId, await roleIdOf(admin, 'SUPER')] });
    expectOk(await admin.get(`${USER}/reSetPass/${user.id}`));
  });
});

async function keysOf(admin: Client, roleId: number) {
  return expectOk(await admin.get<number[]>(`${ROLE}/listRoleRefPermission/${roleId}`));
}

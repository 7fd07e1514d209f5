import {
  ROLE_SEEDS,
  RoleKey,
  TOKEN_COOKIE,
  UserType,
  clientPasswordHash,
  type ListResult,
  type SessionUser,
  type UserView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  Client,
  DEFAULT_PASSWORD,
  LOGIN_URL,
  appWithAdmin,
  login,
  type TestApp,
} from '../../../test/build-app.js';
import {
  ME,
  USER,
  addUser,
  bindRoles,
  createRole,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
  uniqueName,
} from '../../../test/factories.js';

const roleName = (key: string) => ROLE_SEEDS.find((role) => role.key === key)!.name;

/** doLogin without throwing: the answer itself is under test. */
const signIn = (t: TestApp, username: string, password: string, userType: number) =>
  new Client(t.app).form<{ token: string }>(LOGIN_URL, {
    username,
    password: clientPasswordHash(password),
    verifyCode: '',
    userType: String(userType),
  });

describe('user management (spec §7 user calls)', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<UserView>>(`${USER}/listUser`, query);
  const detail = (id: number) => admin.get<UserView>(`${USER}/queryUserDetailByUserId/${id}`);
  const me = (client: Client) => client.get<SessionUser>(ME);

  /** Adds a user (as the admin) with a password of their own; their id. */
  const addWithPassword = async (
    name: string,
    nickName: string,
    userType: number,
    password: string,
  ) =>
    expectOk(
      await admin.post<{ id: number }>(`${USER}/addUser`, {
        name,
        nickName,
        userType,
        password: clientPasswordHash(password),
      }),
    ).id;

  describe('listUser', () => {
    it('pages through the matching users in id order and reports the total', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push((await addUser(admin, { nickName: `Pager ${i}` })).id);

      const pages = [];
      for (const page of ['1', '2', '3', '4']) {
        pages.push(expectOk(await list({ nickName: 'Pager', limit: '2', page })));
      }
      expect(pages.map((p) => p.list.length)).toEqual([2, 2, 1, 0]);
      expect(pages.every((p) => p.total === 5)).toBe(true);
      expect(pages.flatMap((p) => p.list.map((u) => u.id))).toEqual(ids);
    });

    it('defaults to page 1 with up to 20 rows, user 1 first', async () => {
      const all = expectOk(await list());
      expect(all.list[0]).toMatchObject({ id: 1, name: 'admin', userType: UserType.ADMIN });
      expect(all.list.length).toBe(Math.min(all.total, 20));
      expect(all.total).toBeGreaterThan(1);
    });

    it('filters by name, nickName and userType, together', async () => {
      const alpha = await addUser(admin, {
        name: uniqueName('filter.alpha'),
        nickName: 'Zeta One',
        userType: UserType.TEACHER,
      });
      const beta = await addUser(admin, {
        name: uniqueName('filter.beta'),
        nickName: 'Zeta Two',
        userType: UserType.STUDENT,
      });

      const byName = expectOk(await list({ name: 'filter.alpha' }));
      expect(byName.list.map((u) => u.id)).toEqual([alpha.id]);
      expect(byName.total).toBe(1);

      const byNick = expectOk(await list({ nickName: 'Zeta' }));
      expect(byNick.list.map((u) => u.id)).toEqual([alpha.id, beta.id]);

      const students = expectOk(await list({ nickName: 'Zeta', userType: '3' }));
      expect(students.list.map((u) => u.id)).toEqual([beta.id]);
      expect(students.total).toBe(1);

      const allStudents = expectOk(
        await list({ userType: String(UserType.STUDENT), limit: '500' }),
      );
      expect(allStudents.list.length).toBeGreaterThan(0);
      expect(allStudents.list.every((u) => u.userType === UserType.STUDENT)).toBe(true);

      const none = expectOk(await list({ name: 'filter.alpha', userType: '1' }));
      expect(none).toEqual({ list: [], total: 0 });
    });

    it('treats empty filters as absent (what the search form sends)', async () => {
      const all = expectOk(await list({ limit: '500' }));
      const blank = expectOk(
        await list({ name: '', nickName: '', userType: '', page: '', limit: '500' }),
      );
      expect(blank.total).toBe(all.total);
    });

    it('never lists a password, and lists role ids and names', async () => {
      const { list: users } = expectOk(await list({ limit: '500' }));
      for (const user of users) {
        expect(Object.keys(user).filter((key) => /pass/i.test(key))).toEqual([]);
        expect(user.roleIds).toBeInstanceOf(Array);
        expect(user.roleNames).toHaveLength(user.roleIds.length);
      }
      expect(JSON.stringify(users)).not.toMatch(/argon2/);
      expect(users[0]?.roleIds).toEqual([await roleIdOf(admin, RoleKey.SUPER_ADMIN)]);
    });
  });

  describe('addUser', () => {
    it('without a password: the default password signs in and is flagged as default', async () => {
      const { id, name } = await addUser(admin);
      expect(id).toBeGreaterThan(1);
      const user = await login(t.app, name, DEFAULT_PASSWORD, UserType.TEACHER);
      expect(expectOk(await me(user))).toMatchObject({ id, passwordIsDefault: true });
    });

    it('with a password: that one signs in, the default does not, and it is not flagged', async () => {
      const name = uniqueName('withpass');
      await addWithPassword(name, 'Has A Password', UserType.STUDENT, 'chosen-secret');
      expectStatus(await signIn(t, name, DEFAULT_PASSWORD, UserType.STUDENT), 10002, /password/);
      const user = await login(t.app, name, 'chosen-secret', UserType.STUDENT);
      expect(expectOk(await me(user)).passwordIsDefault).toBe(false);
    });

    it('with the default password sent explicitly: still flagged as default', async () => {
      const name = uniqueName('explicitdefault');
      await addWithPassword(name, 'Explicit', UserType.TEACHER, DEFAULT_PASSWORD);
      const user = await login(t.app, name, DEFAULT_PASSWORD, UserType.TEACHER);
      expect(expectOk(await me(user)).passwordIsDefault).toBe(true);
    });

    it('refuses a taken username with 10004 naming the field, and adds nothing', async () => {
      const { name } = await addUser(admin);
      const again = await admin.post(`${USER}/addUser`, {
        name,
        nickName: 'Second',
        userType: UserType.TEACHER,
      });
      expectStatus(again, 10004, /name/);
      expect(expectOk(await list({ name })).total).toBe(1);
      expectStatus(
        await admin.post(`${USER}/addUser`, { name: 'admin', nickName: 'x', userType: 1 }),
        10004,
      );
    });
  });

  describe('queryUserDetailByUserId', () => {
    it('returns the user with roleIds and roleNames and never a password', async () => {
      const custom = await createRole(admin, { name: 'Detail role' });
      const teacherRoleId = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
      const { id, name } = await addUser(admin, {
        nickName: 'Detailed',
        roleIds: [custom.roleId, teacherRoleId],
      });

      const user = expectOk(await detail(id));
      expect(user).toMatchObject({
        id,
        name,
        nickName: 'Detailed',
        userType: UserType.TEACHER,
        email: '',
        endDate: null,
      });
      const teacherFirst = teacherRoleId < custom.roleId;
      expect(user.roleIds).toEqual(
        teacherFirst ? [teacherRoleId, custom.roleId] : [custom.roleId, teacherRoleId],
      );
      expect([...user.roleNames].sort()).toEqual(
        ['Detail role', roleName(RoleKey.QUESTION_WRITER)].sort(),
      );
      expect(Object.keys(user).filter((key) => /pass/i.test(key))).toEqual([]);
      expect(JSON.stringify(user)).not.toMatch(/argon2/);
    });

    it('shows user 1 with SUPER_ADMIN', async () => {
      const user = expectOk(await detail(1));
      expect(user.roleIds).toEqual([await roleIdOf(admin, RoleKey.SUPER_ADMIN)]);
      expect(user.roleNames).toEqual([roleName(RoleKey.SUPER_ADMIN)]);
    });

    it('answers 10003 for an unknown id', async () => {
      expectStatus(await detail(9_999_999), 10003);
    });
  });

  describe('updateUser', () => {
    it('changes the fields and leaves the password alone', async () => {
      const { id, name } = await addUser(admin, { userType: UserType.TEACHER });
      const newName = uniqueName('renamed');
      expectOk(
        await admin.put(`${USER}/updateUser`, {
          id,
          name: newName,
          nickName: 'New Nick',
          userType: UserType.STUDENT,
          email: 'someone@example.com',
          endDate: '2099-12-31',
          remoteLogin: 1,
          password: 'ignored by the server',
        }),
      );
      expect(expectOk(await detail(id))).toMatchObject({
        id,
        name: newName,
        nickName: 'New Nick',
        userType: UserType.STUDENT,
        email: 'someone@example.com',
        endDate: '2099-12-31',
        remoteLogin: 1,
      });
      expectStatus(await signIn(t, name, DEFAULT_PASSWORD, UserType.TEACHER), 10002);
      expectOk(await signIn(t, newName, DEFAULT_PASSWORD, UserType.STUDENT));
    });

    it('keeps its own name without a conflict', async () => {
      const { id, name } = await addUser(admin);
      expectOk(
        await admin.put(`${USER}/updateUser`, { id, name, nickName: 'Same name', userType: 2 }),
      );
      expect(expectOk(await detail(id)).nickName).toBe('Same name');
    });

    it('refuses a rename to a taken name with 10004 and changes nothing', async () => {
      const first = await addUser(admin);
      const second = await addUser(admin, { nickName: 'Before' });
      const result = await admin.put(`${USER}/updateUser`, {
        id: second.id,
        name: first.name,
        nickName: 'After',
        userType: UserType.TEACHER,
      });
      expectStatus(result, 10004, /name/);
      expect(expectOk(await detail(second.id))).toMatchObject({
        name: second.name,
        nickName: 'Before',
      });
    });

    it('refuses to make user 1 anything but an administrator', async () => {
      for (const userType of [UserType.TEACHER, UserType.STUDENT]) {
        const result = await admin.put(`${USER}/updateUser`, {
          id: 1,
          name: 'admin',
          nickName: 'Demoted',
          userType,
        });
        expectStatus(result, 10004, /userType/);
      }
      expect(expectOk(await detail(1))).toMatchObject({
        userType: UserType.ADMIN,
        nickName: '管理员',
      });
      expectOk(
        await admin.put(`${USER}/updateUser`, {
          id: 1,
          name: 'admin',
          nickName: '管理员',
          userType: UserType.ADMIN,
        }),
      );
    });

    it('answers 10003 for an unknown id', async () => {
      const result = await admin.put(`${USER}/updateUser`, {
        id: 9_999_999,
        name: uniqueName('ghost'),
        nickName: 'Ghost',
        userType: UserType.TEACHER,
      });
      expectStatus(result, 10003);
    });
  });

  describe('deleteUser', () => {
    it('deletes a user: their detail is gone and their session ends', async () => {
      const { id, name } = await addUser(admin);
      const victim = await login(t.app, name, DEFAULT_PASSWORD, UserType.TEACHER);
      expectOk(await me(victim));

      expectOk(await admin.delete(`${USER}/deleteUser/${id}`));
      expectStatus(await detail(id), 10003);
      expectStatus(await me(victim), 10000);
      expectStatus(await admin.delete(`${USER}/deleteUser/${id}`), 10003);
    });

    it('refuses user 1 and the caller itself with 10004, and an unknown id with 10003', async () => {
      const manager = await signedInTeacher(t.app, admin, ['SYSTEM-USER']);

      expectStatus(await manager.client.delete(`${USER}/deleteUser/1`), 10004);
      expectStatus(await admin.delete(`${USER}/deleteUser/1`), 10004);
      expectStatus(await manager.client.delete(`${USER}/deleteUser/${manager.id}`), 10004);
      expectStatus(await admin.delete(`${USER}/deleteUser/9999999`), 10003);

      expectOk(await detail(1));
      expectOk(await detail(manager.id));
      expectOk(await me(manager.client));
    });
  });

  describe('bindUserWithRole', () => {
    it("replaces the user's whole role set", async () => {
      const teacherRole = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
      const studentRole = await roleIdOf(admin, RoleKey.STUDENT);
      const custom = await createRole(admin);
      const { id, name } = await addUser(admin, { roleIds: [teacherRole, custom.roleId] });
      expect(expectOk(await detail(id)).roleIds).toEqual([teacherRole, custom.roleId]);

      await bindRoles(admin, id, [studentRole]);
      expect(expectOk(await detail(id)).roleIds).toEqual([studentRole]);
      const user = await login(t.app, name, DEFAULT_PASSWORD, UserType.TEACHER);
      expect(expectOk(await me(user)).roles).toEqual([RoleKey.STUDENT]);

      await bindRoles(admin, id, []);
      expect(expectOk(await detail(id))).toMatchObject({ roleIds: [], roleNames: [] });
      expect(expectOk(await me(user)).roles).toEqual([]);
    });

    it('refuses an unknown role id with 10003 and keeps the previous roles', async () => {
      const teacherRole = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
      const studentRole = await roleIdOf(admin, RoleKey.STUDENT);
      const { id } = await addUser(admin, { roleIds: [teacherRole] });
      const result = await admin.post(`${USER}/bindUserWithRole`, {
        userId: id,
        roleIds: [studentRole, 9_999_999],
      });
      expectStatus(result, 10003, /9999999/);
      expect(expectOk(await detail(id)).roleIds).toEqual([teacherRole]);
    });

    it('refuses an unknown user with 10003', async () => {
      const result = await admin.post(`${USER}/bindUserWithRole`, {
        userId: 9_999_999,
        roleIds: [await roleIdOf(admin, RoleKey.QUESTION_WRITER)],
      });
      expectStatus(result, 10003);
    });

    it('refuses to take SUPER_ADMIN from its last holder: only they could, and nobody binds their own roles', async () => {
      const superAdmin = await roleIdOf(admin, RoleKey.SUPER_ADMIN);
      const teacherRole = await roleIdOf(admin, RoleKey.QUESTION_WRITER);
      expectStatus(
        await admin.post(`${USER}/bindUserWithRole`, { userId: 1, roleIds: [teacherRole] }),
        10001,
        /own roles/,
      );
      expectStatus(await admin.post(`${USER}/bindUserWithRole`, { userId: 1, roleIds: [] }), 10001);
      expect(expectOk(await detail(1)).roleIds).toEqual([superAdmin]);
    });
  });

  describe('reSetPass', () => {
    it('sets the default password, flags it, and ends the sessions the user had', async () => {
      const name = uniqueName('resetme');
      const id = await addWithPassword(name, 'Reset Me', UserType.TEACHER, 'before-reset');
      const before = await login(t.app, name, 'before-reset', UserType.TEACHER);
      expect(expectOk(await me(before)).passwordIsDefault).toBe(false);

      expectOk(await admin.get(`${USER}/reSetPass/${id}`));

      expectStatus(await me(before), 10000);
      expectStatus(await signIn(t, name, 'before-reset', UserType.TEACHER), 10002);
      const after = await login(t.app, name, '123456', UserType.TEACHER);
      expect(expectOk(await me(after)).passwordIsDefault).toBe(true);
      // The administrator's own session is untouched.
      expectOk(await me(admin));
    });

    it('answers 10003 for an unknown id', async () => {
      expectStatus(await admin.get(`${USER}/reSetPass/9999999`), 10003);
    });
  });

  describe('updatePass', () => {
    const change = (client: Client, oldPass: string, newPass: string) =>
      client.post(`${USER}/updatePass`, {
        oldPass: clientPasswordHash(oldPass),
        newPass: clientPasswordHash(newPass),
      });

    it('refuses a wrong old password with 10002 naming oldPass; the session lives on', async () => {
      const teacher = await signedInTeacher(t.app, admin);
      expectStatus(
        await change(teacher.client, 'not-my-password', 'brand-new-1'),
        10002,
        /oldPass/,
      );
      expectOk(await me(teacher.client));
      expectOk(await signIn(t, teacher.name, DEFAULT_PASSWORD, UserType.TEACHER));
    });

    it('refuses the default password as the new one with 10002 naming newPass', async () => {
      const name = uniqueName('nodefault');
      await addWithPassword(name, 'No Default', UserType.TEACHER, 'own-password');
      const user = await login(t.app, name, 'own-password', UserType.TEACHER);
      expectStatus(await change(user, 'own-password', DEFAULT_PASSWORD), 10002, /newPass/);
      expectStatus(await change(user, 'own-password', 'own-password'), 10002, /newPass/);
      expectOk(await me(user));
      expectOk(await signIn(t, name, 'own-password', UserType.TEACHER));
    });

    it('refuses a plain (unhashed) password with 10002 naming the field', async () => {
      const teacher = await signedInTeacher(t.app, admin);
      const result = await teacher.client.post(`${USER}/updatePass`, {
        oldPass: DEFAULT_PASSWORD,
        newPass: 'plain-text',
      });
      expectStatus(result, 10002, /oldPass|newPass/);
    });

    it('changes the password, ends every session of the user, and the new one signs in', async () => {
      // A teacher without any permission key may still change their own password.
      const teacher = await signedInTeacher(t.app, admin);
      const otherSession = await login(t.app, teacher.name, DEFAULT_PASSWORD, UserType.TEACHER);

      const result = await change(teacher.client, DEFAULT_PASSWORD, 'my-new-password');
      expectOk(result);
      expect(result.cookies[TOKEN_COOKIE]).toBe('');

      expectStatus(await me(teacher.client), 10000);
      expectStatus(await me(otherSession), 10000);
      expectStatus(await signIn(t, teacher.name, DEFAULT_PASSWORD, UserType.TEACHER), 10002);
      const fresh = await login(t.app, teacher.name, 'my-new-password', UserType.TEACHER);
      expect(expectOk(await me(fresh))).toMatchObject({
        id: teacher.id,
        passwordIsDefault: false,
      });
      // Other users keep their sessions.
      expectOk(await me(admin));
    });

    it('works for the administrator too', async () => {
      const own = await login(t.app);
      expectOk(await change(own, ADMIN_PASSWORD, 'admin-changed-pass'));
      expectStatus(await me(own), 10000);
      expectStatus(await me(admin), 10000);
      const again = await login(t.app, 'admin', 'admin-changed-pass');
      expectOk(await change(again, 'admin-changed-pass', ADMIN_PASSWORD));
      admin = await login(t.app);
    });
  });
});

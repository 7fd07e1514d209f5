import {
  BUILT_IN_PERMISSION_KEYS,
  PERMISSION_TREE,
  Perm,
  PermissionType,
  type PermissionSeed,
  type PermissionView,
  type SessionUser,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import {
  ME,
  PERMISSION,
  createRole,
  expectOk,
  expectStatus,
  flattenTree,
  uniqueKey,
} from '../../../test/factories.js';

type Fields = {
  parentId?: number | string;
  name?: string;
  key?: string;
  type?: number;
  path?: string;
  icon?: string;
  sort?: number;
};

describe('permission management', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const tree = async () =>
    expectOk(await admin.get<PermissionView[]>(`${PERMISSION}/listPermissionTree`));
  const find = async (key: string) => flattenTree(await tree()).find((node) => node.key === key);
  const idOf = async (key: string) => {
    const node = await find(key);
    if (!node) throw new Error(`no permission ${key}`);
    return node.id;
  };
  const add = (fields: Fields) =>
    admin.post<{ id: number }>(`${PERMISSION}/addPermission`, {
      parentId: 0,
      name: 'Custom entry',
      key: uniqueKey('P'),
      type: PermissionType.MENU,
      ...fields,
    });
  const addOk = async (fields: Fields = {}) => expectOk(await add(fields)).id;
  const update = (id: number, fields: Fields) =>
    admin.put(`${PERMISSION}/updatePermission`, {
      id,
      parentId: 0,
      name: 'Custom entry',
      type: PermissionType.MENU,
      ...fields,
    });

  describe('listPermissionTree', () => {
    it('holds every key of the spec route table, nested as seeded', async () => {
      const nodes = await tree();
      const keys = flattenTree(nodes).map((node) => node.key);
      expect(keys).toEqual(expect.arrayContaining([...BUILT_IN_PERMISSION_KEYS]));
      expect(new Set(keys).size).toBe(keys.length);

      const shape = (seeds: PermissionSeed[]): unknown[] =>
        seeds.map((seed) => ({
          key: seed.key,
          type: seed.type,
          path: seed.path,
          builtIn: true,
          ...(seed.children && { children: shape(seed.children) }),
        }));
      const strip = (views: PermissionView[]): unknown[] =>
        views
          .filter((view) => view.builtIn)
          .map((view) => ({
            key: view.key,
            type: view.type,
            path: view.path,
            builtIn: view.builtIn,
            ...(view.children && { children: strip(view.children) }),
          }));
      expect(strip(nodes)).toEqual(shape(PERMISSION_TREE));
    });

    it('links each child to its parent by parentId; top-level entries have parentId 0', async () => {
      const nodes = await tree();
      for (const root of nodes) expect(root.parentId).toBe(0);
      const check = (parent: PermissionView) => {
        for (const child of parent.children ?? []) {
          expect(child.parentId).toBe(parent.id);
          check(child);
        }
      };
      nodes.forEach(check);
      const school = nodes.find((node) => node.key === Perm.SCHOOL);
      expect(school?.children?.map((child) => child.key)).toEqual([
        Perm.SCHOOL_MANAGE,
        Perm.DEPARTMENT_MANAGE,
        Perm.SUBJECT_MANAGE,
        Perm.CLASS_MANAGE,
      ]);
    });
  });

  describe('addPermission', () => {
    it('adds a menu under a parent and a button under that menu', async () => {
      const systemId = await idOf(Perm.SYSTEM);
      const menuKey = uniqueKey('MENU');
      const menuId = await addOk({
        parentId: systemId,
        name: 'Audit log',
        key: menuKey,
        path: 'auditLog',
        icon: 'file',
        sort: 99,
      });
      const buttonKey = uniqueKey('BUTTON');
      const buttonId = await addOk({
        parentId: menuId,
        name: 'Export',
        key: buttonKey,
        type: PermissionType.BUTTON,
      });

      const system = (await tree()).find((node) => node.key === Perm.SYSTEM);
      const menu = system?.children?.find((node) => node.id === menuId);
      expect(menu).toMatchObject({
        parentId: systemId,
        name: 'Audit log',
        key: menuKey,
        type: PermissionType.MENU,
        linkType: 0,
        path: 'auditLog',
        icon: 'file',
        sort: 99,
        builtIn: false,
      });
      expect(menu?.children).toEqual([
        expect.objectContaining({
          id: buttonId,
          parentId: menuId,
          key: buttonKey,
          type: PermissionType.BUTTON,
        }),
      ]);
    });

    it('adds a top-level entry, which SUPER_ADMIN holds at once', async () => {
      const key = uniqueKey('TOP');
      const id = await addOk({ key, parentId: '' });
      expect(await find(key)).toMatchObject({ id, parentId: 0 });
      const me = expectOk(await admin.get<SessionUser>(ME));
      expect(me.permissions).toContain(key);
    });

    it('refuses a button as parent with 10002 naming parentId', async () => {
      const buttonId = await idOf(Perm.STUDENT_IMPORT);
      expectStatus(await add({ parentId: buttonId }), 10002, /parentId/);
    });

    it('refuses an unknown parent with 10003', async () => {
      expectStatus(await add({ parentId: 9_999_999 }), 10003);
    });

    it('refuses a duplicate key with 10004 naming key', async () => {
      const key = uniqueKey('DUP');
      await addOk({ key });
      expectStatus(await add({ key }), 10004, /key/);
      expectStatus(await add({ key: Perm.SYSTEM_USER }), 10004, /key/);
      expect(flattenTree(await tree()).filter((node) => node.key === key)).toHaveLength(1);
    });

    it('refuses a badly formed key with 10002 naming key', async () => {
      for (const key of ['lower', 'HAS SPACE', '-LEADING', 'Ü']) {
        expectStatus(await add({ key }), 10002, /\bkey\b/);
      }
    });
  });

  describe('updatePermission', () => {
    it('renames a custom entry, changes its key and moves it', async () => {
      const id = await addOk();
      const key = uniqueKey('MOVED');
      const schoolId = await idOf(Perm.SCHOOL);
      expectOk(await update(id, { key, name: 'Moved', parentId: schoolId, sort: 5 }));
      const school = (await tree()).find((node) => node.key === Perm.SCHOOL);
      expect(school?.children?.find((node) => node.id === id)).toMatchObject({
        key,
        name: 'Moved',
        parentId: schoolId,
        sort: 5,
      });
    });

    it('refuses a cycle (below itself or below its own child) with 10002 naming parentId', async () => {
      const top = await addOk({ key: uniqueKey('TOPC') });
      const middle = await addOk({ parentId: top, key: uniqueKey('MIDC') });
      const bottom = await addOk({ parentId: middle, key: uniqueKey('BOTC') });
      const topKey = (await tree()).find((node) => node.id === top)!.key;

      expectStatus(await update(top, { key: topKey, parentId: top }), 10002, /parentId/);
      expectStatus(await update(top, { key: topKey, parentId: middle }), 10002, /parentId/);
      expectStatus(await update(top, { key: topKey, parentId: bottom }), 10002, /parentId/);
      expect(await find(topKey)).toMatchObject({ id: top, parentId: 0 });
    });

    it('refuses to turn a menu that has children into a button with 10002', async () => {
      const parentKey = uniqueKey('HASKIDS');
      const parent = await addOk({ key: parentKey });
      await addOk({ parentId: parent });
      const result = await update(parent, { key: parentKey, type: PermissionType.BUTTON });
      expectStatus(result, 10002, /type|parentId|children/);
      expect((await find(parentKey))?.type).toBe(PermissionType.MENU);
    });

    it('refuses to change the key of a built-in entry with 10004', async () => {
      const node = (await find(Perm.SYSTEM_USER))!;
      const result = await update(node.id, {
        key: 'SYSTEM-USERS',
        name: node.name,
        parentId: node.parentId,
        path: node.path,
      });
      expectStatus(result, 10004, /key/);
      expect(await find(Perm.SYSTEM_USER)).toMatchObject({ id: node.id });
    });

    it('refuses a key another entry has with 10004, a button parent with 10002', async () => {
      const id = await addOk();
      expectStatus(await update(id, { key: Perm.SCHOOL }), 10004, /key/);
      const button = await idOf(Perm.QUESTION_AUDIT);
      const key = flattenTree(await tree()).find((node) => node.id === id)!.key;
      expectStatus(await update(id, { key, parentId: button }), 10002, /parentId/);
    });

    it('answers 10003 for an unknown id', async () => {
      expectStatus(await update(9_999_999, { key: uniqueKey('GHOST') }), 10003);
    });
  });

  describe('deletePermission', () => {
    it('refuses every built-in entry with 10004', async () => {
      for (const key of [Perm.SYSTEM_USER, Perm.STUDENT_EXAM, Perm.MARKING_ARBITRATE]) {
        expectStatus(
          await admin.delete(`${PERMISSION}/deletePermission/${await idOf(key)}`),
          10004,
        );
      }
      const keys = flattenTree(await tree()).map((node) => node.key);
      expect(keys).toEqual(expect.arrayContaining([...BUILT_IN_PERMISSION_KEYS]));
    });

    it('refuses an entry that has children with 10004; deletes it once they are gone', async () => {
      const parent = await addOk();
      const child = await addOk({ parentId: parent, type: PermissionType.BUTTON });
      expectStatus(await admin.delete(`${PERMISSION}/deletePermission/${parent}`), 10004);
      expectOk(await admin.delete(`${PERMISSION}/deletePermission/${child}`));
      expectOk(await admin.delete(`${PERMISSION}/deletePermission/${parent}`));
      const ids = flattenTree(await tree()).map((node) => node.id);
      expect(ids).not.toContain(parent);
      expect(ids).not.toContain(child);
    });

    it('refuses an entry granted to a role with 10004 naming the role', async () => {
      const key = uniqueKey('GRANTED');
      const id = await addOk({ key });
      const role = await createRole(admin, { name: 'Grantee role', permissionKeys: [key] });
      expectStatus(
        await admin.delete(`${PERMISSION}/deletePermission/${id}`),
        10004,
        /Grantee role/,
      );
      expect(await find(key)).toBeDefined();
      expectOk(
        await admin.post(`/api/kaoshi-user/role/bindRoleWithPermission`, {
          roleId: role.roleId,
          permissionIds: [],
        }),
      );
      expectOk(await admin.delete(`${PERMISSION}/deletePermission/${id}`));
    });

    it('deletes a plain custom entry; a second delete answers 10003', async () => {
      const key = uniqueKey('PLAIN');
      const id = await addOk({ key });
      expectOk(await admin.delete(`${PERMISSION}/deletePermission/${id}`));
      expect(await find(key)).toBeUndefined();
      expectStatus(await admin.delete(`${PERMISSION}/deletePermission/${id}`), 10003);
    });
  });
});

import fastifyCookie from '@fastify/cookie';
import { Perm, ROLE_SEEDS, RoleKey, UserType } from '@kaoshi/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  createUser,
  login,
  type Client,
  type TestApp,
} from '../../test/build-app.js';
import { ME, createRole, expectOk } from '../../test/factories.js';
import { AuthService } from '../modules/auth/auth.service.js';
import accessPlugin from '../plugins/access.js';
import envelopePlugin from '../plugins/envelope.js';
import { seed } from './seed.js';

const seedOf = (key: string) => ROLE_SEEDS.find((role) => role.key === key)!;
const formerOf = (key: string) => seedOf(key).formerly![0]!;

describe('built-in roles', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;
  const roleRow = (key: string) =>
    db().selectFrom('roles').selectAll().where('key', '=', key).executeTakeFirst();
  const keysOfRole = async (roleId: number) =>
    (
      await db()
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select('permissions.key')
        .where('role_permissions.role_id', '=', roleId)
        .execute()
    )
      .map((row) => row.key)
      .sort();
  const me = async (client: Client) =>
    expectOk(await client.get<{ roles: string[]; permissions: string[] }>(ME));
  const signedInWith = async (roleKeys: string[]) => {
    const user = await createUser(admin, { roleKeys });
    return { ...user, client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER) };
  };

  it('the seeded marker role alone opens marking and meets the publishing group’s role SUPER', async () => {
    const marker = await signedInWith([RoleKey.MARKER]);
    const info = await me(marker.client);
    expect(info.roles).toEqual([RoleKey.MARKER, RoleKey.SUPER]);
    expect(info.permissions).toEqual(expect.arrayContaining([Perm.PUBLISH_GROUP, Perm.MARKING]));
    // A marker marks; publishing and papers are other roles' keys.
    expect(info.permissions).not.toContain(Perm.PUBLISH);
    expect(info.permissions).not.toContain(Perm.PAPER);

    // The server's guard for a publishing-group route (a key and role SUPER) lets the marker in
    // and keeps out a user holding the same keys in a custom role without it.
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    await app.register(fastifyCookie);
    await app.register(accessPlugin, { auth: new AuthService(db(), t.config) });
    app.get(
      '/marking',
      { config: { access: { permission: [Perm.MARKING], role: RoleKey.SUPER } } },
      async () => ({ status: 200 }),
    );
    await app.ready();
    try {
      const call = (client: Client) =>
        app.inject({
          method: 'GET',
          url: '/marking',
          headers: { authorization: `Bearer ${client.token}` },
        });
      expect((await call(marker.client)).statusCode).toBe(200);
      // The keys alone are not enough: the group needs role SUPER (docs/spec.md §6).
      const keysOnly = await createRole(admin, {
        permissionKeys: [Perm.PUBLISH_GROUP, Perm.MARKING],
      });
      const unmarked = await signedInWith([keysOnly.key]);
      expect((await call(unmarked.client)).json()).toMatchObject({
        status: 10001,
        message: expect.stringMatching(/role SUPER/),
      });
      // A custom role of the group works beside the membership role SUPER.
      const member = await signedInWith([keysOnly.key, RoleKey.SUPER]);
      expect((await call(member.client)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  /** Puts a seeded role back as an earlier release had it: its name, description and keys. */
  const setRole = async (key: string, former: ReturnType<typeof formerOf>) => {
    const role = (await roleRow(key))!;
    await db()
      .updateTable('roles')
      .set({ name: former.name, description: former.description })
      .where('id', '=', role.id)
      .execute();
    await db().deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
    const ids = await db()
      .selectFrom('permissions')
      .select('id')
      .where('key', 'in', former.permissions)
      .execute();
    await db()
      .insertInto('role_permissions')
      .values(ids.map((row) => ({ role_id: role.id, permission_id: row.id })))
      .execute();
    return role.id;
  };

  it('brings the roles of the release before the job roles up to date; their holders keep every key', async () => {
    // A database as that release left it: SUPER was the marker, EXAM_MANAGER was given beside it,
    // and the job roles did not exist.
    const jobs = [
      RoleKey.QUESTION_WRITER,
      RoleKey.QUESTION_REVIEWER,
      RoleKey.PAPER_MAKER,
      RoleKey.MARKER,
      RoleKey.INVIGILATOR,
      RoleKey.ANALYST,
    ];
    const superId = await setRole(RoleKey.SUPER, formerOf(RoleKey.SUPER));
    await setRole(RoleKey.EXAM_MANAGER, formerOf(RoleKey.EXAM_MANAGER));
    const marker = await signedInWith([RoleKey.SUPER]);
    const head = await signedInWith([RoleKey.SUPER, RoleKey.EXAM_MANAGER]);
    for (const key of jobs) {
      const role = (await roleRow(key))!;
      await db().deleteFrom('user_roles').where('role_id', '=', role.id).execute();
      await db().deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
      await db().deleteFrom('roles').where('id', '=', role.id).execute();
    }
    const before = {
      marker: (await me(marker.client)).permissions,
      head: (await me(head.client)).permissions,
    };
    expect(before.marker).toContain(Perm.MARKING);

    const result = await seed(db(), t.config);
    expect(result).toMatchObject({ addedRoles: jobs.length, updatedRoles: 2 });
    for (const key of [RoleKey.SUPER, RoleKey.EXAM_MANAGER, ...jobs]) {
      const role = (await roleRow(key))!;
      expect(role).toMatchObject({ name: seedOf(key).name, description: seedOf(key).description });
      expect(await keysOfRole(role.id)).toEqual([...seedOf(key).permissions].sort());
    }
    // The marker of then is a marker now; nobody lost a key.
    const after = await me(marker.client);
    expect(after.roles).toEqual([RoleKey.SUPER, RoleKey.MARKER]);
    expect(after.permissions).toEqual(expect.arrayContaining(before.marker));
    expect((await me(head.client)).permissions).toEqual(expect.arrayContaining(before.head));
    expect(superId).toBe((await roleRow(RoleKey.SUPER))!.id);

    expect(await seed(db(), t.config)).toMatchObject({ addedRoles: 0, updatedRoles: 0 });
  });

  it('gives an unchanged exam manager role of the release before papers the paper audit key', async () => {
    const manager = (await roleRow(RoleKey.EXAM_MANAGER))!;
    const former = seedOf(RoleKey.EXAM_MANAGER).formerly![1]!;
    expect(former.permissions).not.toContain(Perm.PAPER_AUDIT);
    await setRole(RoleKey.EXAM_MANAGER, former);

    expect(await seed(db(), t.config)).toMatchObject({ updatedRoles: 1 });
    expect(await keysOfRole(manager.id)).toContain(Perm.PAPER_AUDIT);
    expect(await roleRow(RoleKey.EXAM_MANAGER)).toMatchObject({
      description: seedOf(RoleKey.EXAM_MANAGER).description,
    });
  });

  it('leaves a built-in role an administrator changed as it is', async () => {
    const role = (await roleRow(RoleKey.SUPER))!;
    const former = formerOf(RoleKey.SUPER);
    await db()
      .updateTable('roles')
      .set({ name: former.name, description: 'Our own words' })
      .where('id', '=', role.id)
      .execute();
    const keys = await keysOfRole(role.id);
    expect(await seed(db(), t.config)).toMatchObject({ updatedRoles: 0 });
    expect(await roleRow(RoleKey.SUPER)).toMatchObject({
      name: former.name,
      description: 'Our own words',
    });
    expect(await keysOfRole(role.id)).toEqual(keys);
  });
});

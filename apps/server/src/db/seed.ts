import { randomBytes } from 'node:crypto';
import {
  PERMISSION_TREE,
  ROLE_SEEDS,
  RoleKey,
  UserType,
  clientPasswordHash,
  type PermissionSeed,
} from '@kaoshi/shared';
import type { Config } from '../config.js';
import { hashSecret } from '../secret.js';
import { inTransaction, nowIso, type Db } from './database.js';

export interface SeedResult {
  addedPermissions: number;
  addedRoles: number;
  /** Built-in roles still as an earlier release seeded them, brought up to date. */
  updatedRoles: number;
  /** Set only when this run created user 1 with a generated password: print it once. */
  generatedAdminPassword?: string;
}

/**
 * Brings the built-in data up to date. Permissions and roles missing by key are added on every
 * start (a new release may bring keys); a built-in role nobody changed since an earlier release
 * seeded it takes this release's name, description and keys; the first administrator is created
 * only in a new database.
 */
export async function seed(db: Db, config: Pick<Config, 'adminPassword'>): Promise<SeedResult> {
  const hasUsers = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const generated =
    hasUsers || config.adminPassword ? undefined : randomBytes(9).toString('base64url');
  const adminHash = hasUsers
    ? ''
    : await hashSecret(clientPasswordHash(config.adminPassword ?? generated!));

  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const result: SeedResult = { addedPermissions: 0, addedRoles: 0, updatedRoles: 0 };
    const idByKey = new Map(
      (await trx.selectFrom('permissions').select(['id', 'key']).execute()).map((row) => [
        row.key,
        row.id,
      ]),
    );

    const addTree = async (nodes: PermissionSeed[], parentId: number | null) => {
      for (const [index, node] of nodes.entries()) {
        let id = idByKey.get(node.key);
        if (id === undefined) {
          const row = await trx
            .insertInto('permissions')
            .values({
              parent_id: parentId,
              name: node.name,
              key: node.key,
              type: node.type,
              link_type: 0,
              path: node.path,
              icon: node.icon,
              sort: (index + 1) * 10,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id;
          idByKey.set(node.key, id);
          result.addedPermissions++;
        }
        if (node.children) await addTree(node.children, id);
      }
    };
    await addTree(PERMISSION_TREE, null);

    const grantKeys = async (roleId: number, keys: readonly string[]) => {
      if (keys.length === 0) return;
      await trx
        .insertInto('role_permissions')
        .values(keys.map((key) => ({ role_id: roleId, permission_id: idByKey.get(key)! })))
        .execute();
    };

    // Granted once the missing roles are added below: the role to give may be one of them.
    const alsoGet: { fromRoleId: number; key: string }[] = [];
    for (const role of ROLE_SEEDS) {
      const stored = await trx
        .selectFrom('roles')
        .select(['id', 'name', 'description'])
        .where('key', '=', role.key)
        .executeTakeFirst();
      if (!stored || !role.formerly) continue;
      const keys = (
        await trx
          .selectFrom('role_permissions')
          .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
          .select('permissions.key')
          .where('role_permissions.role_id', '=', stored.id)
          .execute()
      ).map((row) => row.key);
      const former = role.formerly.find(
        (was) =>
          was.name === stored.name &&
          was.description === stored.description &&
          sameKeys(was.permissions, keys),
      );
      if (!former) continue;
      await trx
        .updateTable('roles')
        .set({ name: role.name, description: role.description, updated_at: now })
        .where('id', '=', stored.id)
        .execute();
      await trx.deleteFrom('role_permissions').where('role_id', '=', stored.id).execute();
      await grantKeys(stored.id, role.permissions);
      if (former.holdersAlsoGet)
        alsoGet.push({ fromRoleId: stored.id, key: former.holdersAlsoGet });
      result.updatedRoles++;
    }

    for (const role of ROLE_SEEDS) {
      const existing = await trx
        .selectFrom('roles')
        .select('id')
        .where('key', '=', role.key)
        .executeTakeFirst();
      if (existing) continue;
      const { id: roleId } = await trx
        .insertInto('roles')
        .values({
          name: role.name,
          key: role.key,
          description: role.description,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await grantKeys(roleId, role.permissions);
      result.addedRoles++;
    }

    for (const { fromRoleId, key } of alsoGet) {
      const target = await trx
        .selectFrom('roles')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      const holders = await trx
        .selectFrom('user_roles')
        .select('user_id')
        .where('role_id', '=', fromRoleId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('user_roles as held')
                .select('held.user_id')
                .whereRef('held.user_id', '=', 'user_roles.user_id')
                .where('held.role_id', '=', target.id),
            ),
          ),
        )
        .execute();
      if (holders.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(holders.map((holder) => ({ user_id: holder.user_id, role_id: target.id })))
          .execute();
      }
    }

    if (!hasUsers) {
      const { id } = await trx
        .insertInto('users')
        .values({
          name: 'admin',
          nick_name: '管理员',
          password_hash: adminHash,
          password_is_default: 0,
          user_type: UserType.ADMIN,
          email: '',
          introduction: '',
          avatar: '',
          end_date: null,
          remote_login: 1,
          resource_url: '',
          socket_open: 0,
          status: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (id !== 1)
        throw new Error(
          `The first administrator got id ${id}, expected 1: is the users table empty?`,
        );
      const superAdmin = await trx
        .selectFrom('roles')
        .select('id')
        .where('key', '=', RoleKey.SUPER_ADMIN)
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: id, role_id: superAdmin.id }).execute();
      result.generatedAdminPassword = generated;
    }
    return result;
  });
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && b.every((key) => a.includes(key));

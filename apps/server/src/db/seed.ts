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
import { hashSecret } from '../modules/auth/secret.js';
import { inTransaction, nowIso, type Db } from './database.js';

export interface SeedResult {
  addedPermissions: number;
  addedRoles: number;
  /** Set only when this run created user 1 with a generated password: print it once. */
  generatedAdminPassword?: string;
}

/**
 * Brings the built-in data up to date. Permissions and roles missing by key are added on every
 * start (a new release may bring keys); the first administrator is created only in a new database.
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
    const result: SeedResult = { addedPermissions: 0, addedRoles: 0 };
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
      if (role.permissions.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(
            role.permissions.map((key) => ({ role_id: roleId, permission_id: idByKey.get(key)! })),
          )
          .execute();
      }
      result.addedRoles++;
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

import {
  IMPLIES_SUPER,
  Perm,
  ROLE_SEEDS,
  RoleKey,
  type AddRoleBody,
  type ListResult,
  type ListRoleQuery,
  type RoleView,
  type UpdateRoleBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { RoleRow } from '../../db/types.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { PermissionRepository } from './permission.repository.js';
import { RoleRepository } from './role.repository.js';

const BUILT_IN_ROLE_KEYS = new Set(ROLE_SEEDS.map((role) => role.key));

/** Roles whose key itself opens something (docs/spec.md §6: the publishing group also needs SUPER). */
const POWER_ROLE_KEYS: readonly string[] = [RoleKey.SUPER_ADMIN, RoleKey.SUPER];

/**
 * What of `keys` and `roleKeys` the actor does not hold, in words for a refusal ("EXAM-QUESTION",
 * "role SUPER"). Empty for a SUPER_ADMIN, who holds every key. A manager who is not one may pass
 * on only what they hold: SYSTEM-ROLE or SYSTEM-USER alone must not lead to every other key.
 */
export function beyondActor(
  actor: AuthContext,
  keys: Iterable<string>,
  roleKeys: Iterable<string> = [],
): string[] {
  if (actor.superAdmin) return [];
  const missing = [...new Set(keys)].filter((key) => !actor.permissionKeys.has(key)).sort();
  for (const roleKey of new Set(roleKeys)) {
    if (POWER_ROLE_KEYS.includes(roleKey) && !actor.roleKeys.includes(roleKey)) {
      missing.push(
        roleKey === RoleKey.SUPER_ADMIN ? 'every permission (SUPER_ADMIN)' : `role ${roleKey}`,
      );
    }
  }
  // A job role of the publishing group brings role SUPER with it.
  if (
    [...roleKeys].some((key) => IMPLIES_SUPER.includes(key)) &&
    !actor.roleKeys.includes(RoleKey.SUPER) &&
    !missing.includes(`role ${RoleKey.SUPER}`)
  ) {
    missing.push(`role ${RoleKey.SUPER}`);
  }
  return missing;
}

const toView = (row: RoleRow & { user_count: number | null }): RoleView => ({
  roleId: row.id,
  name: row.name,
  key: row.key,
  description: row.description,
  userCount: Number(row.user_count ?? 0),
  createdAt: row.created_at,
});

export class RoleService {
  constructor(private readonly db: Db) {}

  async list(query: ListRoleQuery): Promise<ListResult<RoleView>> {
    const { rows, total } = await new RoleRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<RoleView> {
    const row = await new RoleRepository(this.db).findById(id);
    if (!row) throw notFound('role', id);
    return toView(row);
  }

  async listForSelect() {
    const rows = await new RoleRepository(this.db).listAll();
    return rows.map((row) => ({ roleId: row.id, name: row.name, key: row.key }));
  }

  async add(body: AddRoleBody): Promise<{ roleId: number }> {
    return inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      if (await roles.findByKey(body.key)) throw conflict('roleKeyTaken', { key: body.key }, 'key');
      const roleId = await roles.insert({
        name: body.name,
        key: body.key,
        description: body.description ?? '',
        now: nowIso(),
      });
      return { roleId };
    });
  }

  async update(body: UpdateRoleBody, actor: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const current = await roles.findById(body.roleId);
      if (!current) throw notFound('role', body.roleId);
      await refuseUnlessManageable(roles, current, actor);
      if (current.key !== body.key) {
        if (BUILT_IN_ROLE_KEYS.has(current.key)) {
          throw conflict('roleBuiltInKey', { key: current.key }, 'key');
        }
        if (await roles.findByKey(body.key))
          throw conflict('roleKeyTaken', { key: body.key }, 'key');
      }
      await roles.update(body.roleId, {
        name: body.name,
        key: body.key,
        description: body.description ?? current.description,
        now: nowIso(),
      });
    });
  }

  async delete(id: number, actor: AuthContext): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const role = await roles.findById(id);
      if (!role) throw notFound('role', id);
      await refuseUnlessManageable(roles, role, actor);
      if (BUILT_IN_ROLE_KEYS.has(role.key)) throw conflict('roleBuiltInDelete', { key: role.key });
      const holders = Number(role.user_count ?? 0);
      if (holders > 0) {
        throw conflict('roleHeld', { name: role.name, count: holders });
      }
      await roles.delete(id);
    });
  }

  async permissionIds(roleId: number): Promise<number[]> {
    const roles = new RoleRepository(this.db);
    const role = await roles.findById(roleId);
    if (!role) throw notFound('role', roleId);
    if (role.key === RoleKey.SUPER_ADMIN) return new PermissionRepository(this.db).allIds();
    return roles.permissionIdsOf(roleId);
  }

  async bindPermissions(
    roleId: number,
    permissionIds: number[],
    actor: AuthContext,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const role = await roles.findById(roleId);
      if (!role) throw notFound('role', roleId);
      if (role.key === RoleKey.SUPER_ADMIN) {
        throw conflict('superAdminPermissionsFixed');
      }
      await refuseUnlessManageable(roles, role, actor);
      const found = await new PermissionRepository(trx).findKeys(permissionIds);
      const missing = permissionIds.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw notFound('permission', missing.join(', '));
      const beyond = beyondActor(
        actor,
        found.map((row) => row.key),
      );
      if (beyond.length > 0) {
        throw forbidden('cannotGrantUnheldKeys', { keys: beyond.join(', ') });
      }
      await roles.setPermissions(roleId, permissionIds);
    });
  }

  /**
   * The keys the named roles grant. Anyone may ask for the roles they hold (the web app does,
   * right after sign-in); other roles need SYSTEM-ROLE.
   */
  async keysOfRoles(actor: AuthContext, roleKeys: string[]): Promise<string[]> {
    const foreign = roleKeys.filter((key) => !actor.roleKeys.includes(key));
    if (foreign.length > 0 && !hasAnyPermission(actor, [Perm.SYSTEM_ROLE])) {
      throw forbidden('rolesNotYours', { roles: foreign.join(', ') });
    }
    const roles = new RoleRepository(this.db);
    for (const key of foreign) {
      if (!(await roles.findByKey(key))) throw notFound('role', key);
    }
    if (roleKeys.includes(RoleKey.SUPER_ADMIN)) return new PermissionRepository(this.db).allKeys();
    return roles.permissionKeysOfRoleKeys(roleKeys);
  }
}

/**
 * A manager who is not SUPER_ADMIN changes only roles below them: not a role they hold (that
 * would change their own rights, and SYSTEM-ROLE alone could take every key), and not one that
 * grants what they do not hold (that would strip or rename a stronger role).
 */
async function refuseUnlessManageable(roles: RoleRepository, role: RoleRow, actor: AuthContext) {
  if (actor.superAdmin) return;
  if (actor.roleKeys.includes(role.key)) {
    throw forbidden('ownRoleUnchangeable', { key: role.key });
  }
  const keys =
    role.key === RoleKey.SUPER_ADMIN
      ? []
      : (await roles.permissionKeysOfRoleIds([role.id])).map((row) => row.key);
  const beyond = beyondActor(actor, keys, [role.key]);
  if (beyond.length > 0) {
    throw forbidden('roleGrantsUnheld', { key: role.key, keys: beyond.join(', ') });
  }
}

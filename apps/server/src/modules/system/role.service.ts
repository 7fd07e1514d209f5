import {
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
import { hasAnyPermission, type AuthContext } from '../auth/auth.service.js';
import { PermissionRepository } from './permission.repository.js';
import { RoleRepository } from './role.repository.js';

const BUILT_IN_ROLE_KEYS = new Set(ROLE_SEEDS.map((role) => role.key));

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

  async update(body: UpdateRoleBody): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const current = await roles.findById(body.roleId);
      if (!current) throw notFound('role', body.roleId);
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

  async delete(id: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const role = await roles.findById(id);
      if (!role) throw notFound('role', id);
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

  async bindPermissions(roleId: number, permissionIds: number[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const role = await roles.findById(roleId);
      if (!role) throw notFound('role', roleId);
      if (role.key === RoleKey.SUPER_ADMIN) {
        throw conflict('superAdminPermissionsFixed');
      }
      const existing = new Set(await new PermissionRepository(trx).existingIds(permissionIds));
      const missing = permissionIds.filter((id) => !existing.has(id));
      if (missing.length > 0) throw notFound('permission', missing.join(', '));
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

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
    if (!row) throw notFound(`Role ${id}`);
    return toView(row);
  }

  async listForSelect() {
    const rows = await new RoleRepository(this.db).listAll();
    return rows.map((row) => ({ roleId: row.id, name: row.name, key: row.key }));
  }

  async add(body: AddRoleBody): Promise<{ roleId: number }> {
    return inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      if (await roles.findByKey(body.key))
        throw conflict(`key: a role with key ${body.key} exists`);
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
      if (!current) throw notFound(`Role ${body.roleId}`);
      if (current.key !== body.key) {
        if (BUILT_IN_ROLE_KEYS.has(current.key)) {
          throw conflict(`key: ${current.key} is a built-in role; its key cannot change`);
        }
        if (await roles.findByKey(body.key))
          throw conflict(`key: a role with key ${body.key} exists`);
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
      if (!role) throw notFound(`Role ${id}`);
      if (BUILT_IN_ROLE_KEYS.has(role.key))
        throw conflict(`${role.key} is a built-in role and cannot be deleted`);
      const holders = Number(role.user_count ?? 0);
      if (holders > 0) {
        throw conflict(
          `Role "${role.name}" is still held by ${holders} user(s); unbind them first`,
        );
      }
      await roles.delete(id);
    });
  }

  async permissionIds(roleId: number): Promise<number[]> {
    const roles = new RoleRepository(this.db);
    const role = await roles.findById(roleId);
    if (!role) throw notFound(`Role ${roleId}`);
    if (role.key === RoleKey.SUPER_ADMIN) return new PermissionRepository(this.db).allIds();
    return roles.permissionIdsOf(roleId);
  }

  async bindPermissions(roleId: number, permissionIds: number[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const roles = new RoleRepository(trx);
      const role = await roles.findById(roleId);
      if (!role) throw notFound(`Role ${roleId}`);
      if (role.key === RoleKey.SUPER_ADMIN) {
        throw conflict('SUPER_ADMIN holds every permission; its permissions cannot be changed');
      }
      const existing = new Set(await new PermissionRepository(trx).existingIds(permissionIds));
      const missing = permissionIds.filter((id) => !existing.has(id));
      if (missing.length > 0) throw notFound(`Permission ${missing.join(', ')}`);
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
      throw forbidden(`Permission denied: roles ${foreign.join(', ')} are not yours`);
    }
    const roles = new RoleRepository(this.db);
    for (const key of foreign) {
      if (!(await roles.findByKey(key))) throw notFound(`Role ${key}`);
    }
    if (roleKeys.includes(RoleKey.SUPER_ADMIN)) return new PermissionRepository(this.db).allKeys();
    return roles.permissionKeysOfRoleKeys(roleKeys);
  }
}

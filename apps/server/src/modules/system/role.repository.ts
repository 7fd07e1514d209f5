import type { ListRoleQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';

export class RoleRepository {
  constructor(private readonly db: Db) {}

  private withUserCount() {
    return this.db
      .selectFrom('roles')
      .selectAll('roles')
      .select((eb) =>
        eb
          .selectFrom('user_roles')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('user_roles.role_id', '=', 'roles.id')
          .as('user_count'),
      );
  }

  async list(query: ListRoleQuery) {
    let base = this.db.selectFrom('roles');
    if (query.name) base = base.where(contains('name', query.name));
    if (query.key) base = base.where(contains('key', query.key));
    const ids = base.select('id');
    const [rows, count] = await Promise.all([
      this.withUserCount()
        .where('roles.id', 'in', ids)
        .orderBy('roles.id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findById(id: number) {
    return this.withUserCount().where('roles.id', '=', id).executeTakeFirst();
  }

  findByKey(key: string) {
    return this.db.selectFrom('roles').selectAll().where('key', '=', key).executeTakeFirst();
  }

  findByIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('roles').selectAll().where('id', 'in', ids).execute();
  }

  listAll() {
    return this.db.selectFrom('roles').select(['id', 'name', 'key']).orderBy('id').execute();
  }

  async insert(values: { name: string; key: string; description: string; now: string }) {
    const row = await this.db
      .insertInto('roles')
      .values({
        name: values.name,
        key: values.key,
        description: values.description,
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    values: { name: string; key: string; description: string; now: string },
  ) {
    await this.db
      .updateTable('roles')
      .set({
        name: values.name,
        key: values.key,
        description: values.description,
        updated_at: values.now,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  async permissionIdsOf(roleId: number) {
    const rows = await this.db
      .selectFrom('role_permissions')
      .select('permission_id')
      .where('role_id', '=', roleId)
      .orderBy('permission_id')
      .execute();
    return rows.map((row) => row.permission_id);
  }

  async setPermissions(roleId: number, permissionIds: number[]) {
    await this.db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (permissionIds.length > 0) {
      await this.db
        .insertInto('role_permissions')
        .values(
          permissionIds.map((permissionId) => ({ role_id: roleId, permission_id: permissionId })),
        )
        .execute();
    }
  }

  /** The permission keys each of the roles grants, one row per role and key. */
  async permissionKeysOfRoleIds(roleIds: number[]) {
    if (roleIds.length === 0) return [];
    return this.db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['role_permissions.role_id', 'permissions.key'])
      .where('role_permissions.role_id', 'in', roleIds)
      .orderBy('permissions.key')
      .execute();
  }

  async permissionKeysOfRoleKeys(roleKeys: string[]) {
    if (roleKeys.length === 0) return [];
    const rows = await this.db
      .selectFrom('roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.key')
      .distinct()
      .where('roles.key', 'in', roleKeys)
      .orderBy('permissions.key')
      .execute();
    return rows.map((row) => row.key);
  }
}

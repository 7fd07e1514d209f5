import { precompiled, type Db } from '../../db/database.js';
import type { PermissionRow } from '../../db/types.js';

export type PermissionValues = Omit<PermissionRow, 'id' | 'created_at'>;

export class PermissionRepository {
  constructor(private readonly db: Db) {}

  listAll() {
    return this.db.selectFrom('permissions').selectAll().orderBy('sort').orderBy('id').execute();
  }

  private allKeysQuery?: () => Promise<{ key: string }[]>;

  /** Every key: what SUPER_ADMIN holds. Compiled once per repository (authWebUser asks often). */
  async allKeys() {
    this.allKeysQuery ??= precompiled(
      this.db,
      this.db.selectFrom('permissions').select('key').orderBy('key'),
    );
    return (await this.allKeysQuery()).map((row) => row.key);
  }

  async allIds() {
    const rows = await this.db.selectFrom('permissions').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  findById(id: number) {
    return this.db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKey(key: string) {
    return this.db.selectFrom('permissions').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Id and key of each of the ids that exists. */
  findKeys(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('permissions').select(['id', 'key']).where('id', 'in', ids).execute();
  }

  async insert(values: PermissionValues, now: string) {
    const row = await this.db
      .insertInto('permissions')
      .values({ ...values, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: PermissionValues) {
    await this.db.updateTable('permissions').set(values).where('id', '=', id).execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('permissions').where('id', '=', id).execute();
  }

  async countChildren(id: number) {
    const row = await this.db
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async roleNamesUsing(id: number) {
    const rows = await this.db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select('roles.name')
      .where('role_permissions.permission_id', '=', id)
      .orderBy('roles.id')
      .execute();
    return rows.map((row) => row.name);
  }
}

import type { ListUserQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import { SessionRepository } from '../../lib/session.repository.js';
import type { NewUser, UserUpdate } from '../../db/types.js';

export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async list(query: ListUserQuery) {
    let base = this.db.selectFrom('users');
    if (query.name) base = base.where(contains('name', query.name));
    if (query.nickName) base = base.where(contains('nick_name', query.nickName));
    if (query.userType !== undefined) base = base.where('user_type', '=', query.userType);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'asc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** The examinee whose account this is, if any. */
  studentOf(userId: number) {
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'ticket_number'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(values: NewUser) {
    const row = await this.db
      .insertInto('users')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: UserUpdate) {
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  async delete(id: number) {
    // Ended first, so that their end is told (the cascade would not).
    await new SessionRepository(this.db).deleteSessionsOfUser(id);
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Role ids and names of many users in one query (no N+1). */
  rolesOf(userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.id', 'roles.key', 'roles.name'])
      .where('user_roles.user_id', 'in', userIds)
      .orderBy('roles.id')
      .execute();
  }

  /** The permission keys the user's roles grant. */
  async permissionKeysOf(userId: number) {
    const rows = await this.db
      .selectFrom('user_roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.key')
      .distinct()
      .where('user_roles.user_id', '=', userId)
      .execute();
    return rows.map((row) => row.key);
  }

  async setRoles(userId: number, roleIds: number[]) {
    await this.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length > 0) {
      await this.db
        .insertInto('user_roles')
        .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
        .execute();
    }
  }

  /** Users holding the role with this key, other than `exceptUserId`. */
  async countWithRoleKey(roleKey: string, exceptUserId: number) {
    const row = await this.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('roles.key', '=', roleKey)
      .where('user_roles.user_id', '<>', exceptUserId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

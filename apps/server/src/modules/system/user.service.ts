import {
  RoleKey,
  UserType,
  clientPasswordHash,
  type AddUserBody,
  type ListResult,
  type ListUserQuery,
  type UpdateUserBody,
  type UserView,
} from '@kaoshi/shared';
import type { Config } from '../../config.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { UserRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/constraint.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { SessionRepository } from '../../lib/session.repository.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { hashSecret, verifySecret } from '../../secret.js';
import { InitialPasswords } from '../base/student-password.js';
import { StudentRepository } from '../base/student.repository.js';
import { resetStudentPasswords } from '../base/student.service.js';
import { RoleRepository } from './role.repository.js';
import { beyondActor } from './role.service.js';
import { UserRepository } from './user.repository.js';

export const FIRST_ADMIN_ID = 1;

/** Exam ticket numbers (students' usernames) look like this; no other account may take one. */
const TICKET_LIKE = /^KS\d{10,}$/i;
const refuseTicketLike = (name: string) => {
  if (TICKET_LIKE.test(name)) {
    throw invalid('name', 'usernameReservedForTickets');
  }
};

type RoleRef = { user_id: number; id: number; name: string };

function toView(row: UserRow, roles: RoleRef[]): UserView {
  const own = roles.filter((role) => role.user_id === row.id);
  return {
    id: row.id,
    name: row.name,
    nickName: row.nick_name,
    userType: row.user_type,
    email: row.email,
    introduction: row.introduction,
    avatar: row.avatar,
    endDate: row.end_date,
    remoteLogin: row.remote_login,
    status: row.status,
    createdAt: row.created_at,
    roleIds: own.map((role) => role.id),
    roleNames: own.map((role) => role.name),
  };
}

export class UserService {
  /** The client hash of the configured default password (docs/spec.md §7: sent by addUser/updateUser). */
  readonly defaultPasswordHash: string;
  private readonly initialPasswords: InitialPasswords;

  constructor(
    private readonly db: Db,
    config: Config,
  ) {
    this.defaultPasswordHash = clientPasswordHash(config.defaultPassword);
    this.initialPasswords = new InitialPasswords(config.studentInitialPassword);
  }

  async list(query: ListUserQuery): Promise<ListResult<UserView>> {
    const users = new UserRepository(this.db);
    const { rows, total } = await users.list(query);
    const roles = await users.rolesOf(rows.map((row) => row.id));
    return { list: rows.map((row) => toView(row, roles)), total };
  }

  async detail(id: number): Promise<UserView> {
    const users = new UserRepository(this.db);
    const row = await users.findById(id);
    if (!row) throw notFound('user', id);
    return toView(row, await users.rolesOf([id]));
  }

  async add(body: AddUserBody, actor: AuthContext): Promise<{ id: number }> {
    refuseTicketLike(body.name);
    // A user manager's new account is a teacher; other types are the SUPER_ADMIN's to give.
    if (!actor.superAdmin && body.userType !== UserType.TEACHER) {
      throw forbidden('onlySuperAdminSetsUserType', { userType: body.userType });
    }
    const password = body.password ?? this.defaultPasswordHash;
    const passwordHash = await hashSecret(password);
    try {
      return await inTransaction(this.db, async (trx) => {
        const users = new UserRepository(trx);
        if (await users.findByName(body.name))
          throw conflict('usernameTaken', { name: body.name }, 'name');
        const now = nowIso();
        const id = await users.insert({
          name: body.name,
          nick_name: body.nickName,
          password_hash: passwordHash,
          password_is_default: password === this.defaultPasswordHash ? 1 : 0,
          user_type: body.userType,
          email: body.email ?? '',
          introduction: body.introduction ?? '',
          avatar: body.avatar ?? '',
          end_date: body.endDate ?? null,
          // 1 shows the web app's user menu (sign out, profile): what a new user needs.
          remote_login: body.remoteLogin ?? 1,
          resource_url: '',
          socket_open: 0,
          status: 1,
          created_at: now,
          updated_at: now,
        });
        return { id };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('usernameTaken', { name: body.name }, 'name');
      throw error;
    }
  }

  async update(body: UpdateUserBody, actor: AuthContext): Promise<void> {
    if (body.id === FIRST_ADMIN_ID && body.userType !== UserType.ADMIN) {
      throw conflict('firstAdminStaysAdmin', {}, 'userType');
    }
    try {
      await inTransaction(this.db, async (trx) => {
        const users = new UserRepository(trx);
        const current = await this.targetFor(users, body.id, actor);
        if (body.userType !== current.user_type) {
          // Who may see what must not be one's own choice, nor a user manager's.
          if (body.id === actor.user.id) throw forbidden('cannotChangeOwnUserType');
          if (!actor.superAdmin) {
            throw forbidden('onlySuperAdminSetsUserType', { userType: body.userType });
          }
        }
        const student = await users.studentOf(body.id);
        if (!student) refuseTicketLike(body.name);
        else if (body.name !== current.name || body.userType !== UserType.STUDENT) {
          throw conflict(
            'accountIsStudentStays',
            { name: student.name, ticket: student.ticket_number },
            'name',
          );
        }
        const holder = await users.findByName(body.name);
        if (holder && holder.id !== body.id)
          throw conflict('usernameTaken', { name: body.name }, 'name');
        await users.update(body.id, {
          name: body.name,
          nick_name: body.nickName,
          user_type: body.userType,
          ...(body.email !== undefined && { email: body.email }),
          ...(body.introduction !== undefined && { introduction: body.introduction }),
          ...(body.avatar !== undefined && { avatar: body.avatar }),
          ...(body.endDate !== undefined && { end_date: body.endDate }),
          ...(body.remoteLogin !== undefined && { remote_login: body.remoteLogin }),
          updated_at: nowIso(),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('usernameTaken', { name: body.name }, 'name');
      throw error;
    }
  }

  async delete(id: number, actor: AuthContext): Promise<void> {
    if (id === FIRST_ADMIN_ID) throw conflict('firstAdminNotDeletable');
    if (id === actor.user.id) throw conflict('cannotDeleteSelf');
    await inTransaction(this.db, async (trx) => {
      const users = new UserRepository(trx);
      await this.targetFor(users, id, actor);
      const student = await users.studentOf(id);
      if (student) {
        throw conflict('accountIsStudentDelete', {
          name: student.name,
          ticket: student.ticket_number,
        });
      }
      await this.keepOneSuperAdmin(users, id, []);
      await users.delete(id);
    });
  }

  async bindRoles(userId: number, roleIds: number[], actor: AuthContext): Promise<void> {
    if (userId === actor.user.id) throw forbidden('cannotChangeOwnRoles');
    await inTransaction(this.db, async (trx) => {
      const users = new UserRepository(trx);
      await this.targetFor(users, userId, actor);
      const roleRepository = new RoleRepository(trx);
      const roles = await roleRepository.findByIds(roleIds);
      const missing = roleIds.filter((id) => !roles.some((role) => role.id === id));
      if (missing.length > 0) throw notFound('role', missing.join(', '));
      if (!actor.superAdmin && roles.some((role) => role.key === RoleKey.SUPER_ADMIN)) {
        throw forbidden('onlySuperAdminGrantsSuperAdmin');
      }
      const grants = await roleRepository.permissionKeysOfRoleIds(roleIds);
      for (const role of roles) {
        const keys = grants.filter((grant) => grant.role_id === role.id).map((grant) => grant.key);
        const beyond = beyondActor(actor, keys, [role.key]);
        if (beyond.length > 0) {
          throw forbidden('roleGrantsUnheld', { key: role.key, keys: beyond.join(', ') });
        }
      }
      await this.keepOneSuperAdmin(
        users,
        userId,
        roles.map((role) => role.key),
      );
      await users.setRoles(userId, roleIds);
    });
  }

  /**
   * Back to the default password, or an examinee's account to their initial password (the
   * student rule, STUDENT_INITIAL_PASSWORD, which may make a new one: answered this once).
   */
  async resetPassword(id: number, actor: AuthContext): Promise<{ initialPassword: string } | null> {
    const student = await new StudentRepository(this.db).findByUserId(id);
    if (student) {
      const [initial] = await this.initialPasswords.make([student.id_number]);
      await inTransaction(this.db, async (trx) => {
        await this.targetFor(new UserRepository(trx), id, actor);
        await resetStudentPasswords(trx, [student], [initial!]);
      });
      return { initialPassword: initial!.password };
    }
    const passwordHash = await hashSecret(this.defaultPasswordHash);
    await inTransaction(this.db, async (trx) => {
      const users = new UserRepository(trx);
      await this.targetFor(users, id, actor);
      await users.update(id, {
        password_hash: passwordHash,
        password_is_default: 1,
        updated_at: nowIso(),
      });
      await new SessionRepository(trx).deleteSessionsOfUser(id);
    });
    return null;
  }

  /** Changes the signed-in user's own password and ends all their sessions. */
  async changeOwnPassword(actor: AuthContext, oldPass: string, newPass: string): Promise<void> {
    if (!(await verifySecret(actor.user.password_hash, oldPass))) {
      throw invalid('oldPass', 'currentPasswordWrong');
    }
    if (newPass === this.defaultPasswordHash) throw invalid('newPass', 'notDefaultPassword');
    const passwordHash = await hashSecret(newPass);
    await inTransaction(this.db, async (trx) => {
      await new UserRepository(trx).update(actor.user.id, {
        password_hash: passwordHash,
        password_is_default: 0,
        updated_at: nowIso(),
      });
      await new SessionRepository(trx).deleteSessionsOfUser(actor.user.id);
    });
  }

  /**
   * The user an administrative action is about. Only a SUPER_ADMIN may act on a SUPER_ADMIN:
   * otherwise whoever holds SYSTEM-USER could reset user 1's password and take over.
   */
  private async targetFor(users: UserRepository, id: number, actor: AuthContext) {
    const row = await users.findById(id);
    if (!row) throw notFound('user', id);
    if (!actor.superAdmin) {
      const roles = await users.rolesOf([id]);
      if (roles.some((role) => role.key === RoleKey.SUPER_ADMIN)) {
        throw forbidden('onlySuperAdminChangesSuperAdmin');
      }
      // Resetting a stronger user's password and signing in as them would reach their keys.
      const beyond = beyondActor(
        actor,
        await users.permissionKeysOf(id),
        roles.map((role) => role.key),
      );
      if (beyond.length > 0) {
        throw forbidden('userHoldsUnheld', { name: row.name, keys: beyond.join(', ') });
      }
    }
    return row;
  }

  /** Refuses a change that would leave no user holding SUPER_ADMIN. */
  private async keepOneSuperAdmin(users: UserRepository, userId: number, keptRoleKeys: string[]) {
    if (keptRoleKeys.includes(RoleKey.SUPER_ADMIN)) return;
    const holdsIt = (await users.rolesOf([userId])).some(
      (role) => role.key === RoleKey.SUPER_ADMIN,
    );
    if (holdsIt && (await users.countWithRoleKey(RoleKey.SUPER_ADMIN, userId)) === 0) {
      throw conflict('lastSuperAdmin');
    }
  }
}

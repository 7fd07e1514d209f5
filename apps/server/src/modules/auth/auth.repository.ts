import { precompiled, type Db } from '../../db/database.js';
import { SessionRepository } from '../../lib/session.repository.js';

/** Who a failed sign-in counts against: the account, or the normalised spelling no account has. */
export type FailedAccount =
  { userId: number; username: string } | { userId: null; username: string };

/** Sessions, captchas and failed-login records. */
export class AuthRepository {
  private readonly sessionGrants;
  private readonly studentBatch;
  private readonly sessions: SessionRepository;

  constructor(private readonly db: Db) {
    this.sessions = new SessionRepository(db);
    // Runs on every signed-in request: compiled once, and one round trip to the database.
    this.sessionGrants = precompiled(
      db,
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
        .leftJoin('roles', 'roles.id', 'user_roles.role_id')
        .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
        .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .selectAll('users')
        .select([
          'sessions.expires_at as session_expires_at',
          'roles.id as role_id',
          'roles.key as role_key',
          'roles.name as role_name',
          'permissions.key as permission_key',
        ])
        .where('sessions.id', '=', '?session')
        .where('sessions.expires_at', '>', '?now'),
    );
    // Every page load of an examinee asks for it (authWebUser): compiled once as well.
    this.studentBatch = precompiled(
      db,
      db
        .selectFrom('students')
        .innerJoin('classes', 'classes.id', 'students.class_id')
        .innerJoin('subjects', 'subjects.id', 'classes.subject_id')
        .innerJoin('departments', 'departments.id', 'subjects.department_id')
        .select(['classes.name as class_name', 'departments.name as department_name'])
        // A placeholder: precompiled() passes the real user id with each call.
        .where('students.user_id', '=', 0),
    );
  }

  /** A student user's registration batch and its job-type category (students.user_id is unique). */
  async findStudentBatch(userId: number) {
    return (await this.studentBatch(userId))[0];
  }

  /**
   * The live session's user with its roles and the keys each grants: one row per role and key
   * (role null for a user without roles, key null for a role without permissions); none when
   * the session does not exist or has expired.
   */
  findSessionGrants(sessionId: string, now: string) {
    return this.sessionGrants(sessionId, now);
  }

  async createSession(row: {
    id: string;
    userId: number;
    expiresAt: string;
    createdAt: string;
    ip: string;
    userAgent: string;
  }) {
    await this.db
      .insertInto('sessions')
      .values({
        id: row.id,
        user_id: row.userId,
        expires_at: row.expiresAt,
        created_at: row.createdAt,
        ip: row.ip,
        user_agent: row.userAgent,
      })
      .execute();
  }

  async extendSession(sessionId: string, expiresAt: string) {
    await this.db
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  }

  deleteSession(sessionId: string) {
    return this.sessions.deleteSession(sessionId);
  }

  async deleteExpired(now: string) {
    await this.sessions.deleteExpiredSessions(now);
    await this.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  }

  async deleteFailuresBefore(before: string) {
    await this.db.deleteFrom('login_failures').where('created_at', '<', before).execute();
  }

  async createCaptcha(id: string, code: string, expiresAt: string) {
    await this.db.insertInto('captchas').values({ id, code, expires_at: expiresAt }).execute();
  }

  /** One-time: the row is gone whatever the answer. */
  async takeCaptcha(id: string, now: string) {
    const row = await this.db
      .deleteFrom('captchas')
      .where('id', '=', id)
      .returning(['code', 'expires_at'])
      .executeTakeFirst();
    return row && row.expires_at > now ? row.code : undefined;
  }

  /**
   * Failures of one account (or, for no account, one normalised spelling) from one address,
   * other than the caller's own reservation.
   */
  async countFailures(account: FailedAccount, ip: string, since: string, exceptId: number) {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where((eb) =>
        account.userId === null
          ? eb.and([eb('user_id', 'is', null), eb('username', '=', account.username)])
          : eb('user_id', '=', account.userId),
      )
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest as string | null };
  }

  /**
   * How many accounts (and unknown spellings) failed from one address, and since when, other
   * than in the caller's own reservation.
   */
  async countFailedAccounts(ip: string, since: string, exceptId: number) {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [
        eb.fn.count<number>('user_id').distinct().as('accounts'),
        eb.fn
          .count<number>(eb.case().when('user_id', 'is', null).then(eb.ref('username')).end())
          .distinct()
          .as('spellings'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.accounts) + Number(row.spellings),
      oldest: row.oldest as string | null,
    };
  }

  /**
   * Counts a sign-in as failed before its password is checked, so that parallel guesses cannot
   * all pass the limits (each would read the count before any other had written). The row is
   * the failure record when the password turns out wrong.
   */
  async reserveFailure(account: FailedAccount, ip: string, at: string): Promise<number> {
    const row = await this.db
      .insertInto('login_failures')
      .values({ user_id: account.userId, username: account.username, ip, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Takes back a reservation for a sign-in that was refused before its password was checked. */
  async releaseFailure(id: number) {
    await this.db.deleteFrom('login_failures').where('id', '=', id).execute();
  }

  /** A success forgets the account's failures from that address (it was a typo). */
  async clearFailures(userId: number, ip: string) {
    await this.db
      .deleteFrom('login_failures')
      .where('user_id', '=', userId)
      .where('ip', '=', ip)
      .execute();
  }
}

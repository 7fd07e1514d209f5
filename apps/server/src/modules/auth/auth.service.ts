import {
  ApiStatus,
  IMPLIES_SUPER,
  RoleKey,
  UserType,
  clientPasswordHash,
  normaliseIdNumber,
  type LoginBody,
  type SessionUser,
} from '@kaoshi/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, invalid } from '../../errors.js';
import { isExpired, type AuthContext } from '../../lib/auth-context.js';
import { StudentRepository } from '../base/student.repository.js';
import { PermissionRepository } from '../system/permission.repository.js';
import { UserRepository } from '../system/user.repository.js';
import { AuthRepository } from './auth.repository.js';
import { drawCaptcha } from './captcha.js';
import {
  hashCost,
  hashInitialSecret,
  hashSecret,
  randomToken,
  sha256Hex,
  verifySecret,
} from '../../secret.js';

/** Failed sign-ins of one account from one address before that pair is refused for the window. */
export const LOGIN_FAILURE_LIMIT = 5;
/**
 * Accounts with failed sign-ins from one address, not since signed into from there, before the
 * address is refused for the window (password spraying: one password over many accounts). An
 * exam room of 300 shares one NAT address, and a success clears that account's failures: 100
 * leaves room for a third of the room to have mistyped and not yet got it right at the same time,
 * while an attacker's loop gets 100 guesses per address per window, not thousands.
 */
export const ADDRESS_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** A session's expiry moves forward at most this often: one write per session per interval. */
const SESSION_EXTEND_EVERY_MS = 10 * 60_000;

export class AuthService {
  private readonly auth: AuthRepository;
  private readonly permissions: PermissionRepository;
  private readonly users: UserRepository;
  private readonly students: StudentRepository;
  /** Hashes of both costs, verified against where the account has none of that cost. */
  private dummyHashes: Promise<string[]> | undefined;

  constructor(
    db: Db,
    private readonly config: Config,
    /**
     * Whether the user is a candidate with an attempt running now (the session's socketOpen: the
     * web app opens the realtime connection then); the attempt module answers (openAttemptOf).
     */
    private readonly hasOpenAttempt: (userId: number) => Promise<boolean> = async () => false,
  ) {
    this.auth = new AuthRepository(db);
    this.permissions = new PermissionRepository(db);
    this.users = new UserRepository(db);
    this.students = new StudentRepository(db);
  }

  get captchaRequired() {
    return this.config.captcha;
  }

  async resolveSession(token: string, now = new Date()): Promise<AuthContext | null> {
    const sessionId = sha256Hex(token);
    const rows = await this.auth.findSessionGrants(sessionId, now.toISOString());
    const first = rows[0];
    if (!first || first.status !== 1 || isExpired(first.end_date, now)) return null;
    const {
      session_expires_at: expiresAt,
      role_id: _roleId,
      role_key: _roleKey,
      role_name: _roleName,
      permission_key: _permissionKey,
      ...user
    } = first;

    const roles = new Map<number, { key: string; name: string }>();
    const permissionKeys = new Set<string>();
    for (const row of rows) {
      if (row.role_id !== null)
        roles.set(row.role_id, { key: row.role_key!, name: row.role_name! });
      if (row.permission_key !== null) permissionKeys.add(row.permission_key);
    }
    const ordered = [...roles].sort(([a], [b]) => a - b).map(([, role]) => role);
    const roleKeys = ordered.map((role) => role.key);
    const roleNames = ordered.map((role) => role.name);
    // The publishing group's job roles each hold role SUPER (docs/spec.md §6) in themselves.
    if (!roleKeys.includes(RoleKey.SUPER) && roleKeys.some((key) => IMPLIES_SUPER.includes(key))) {
      roleKeys.push(RoleKey.SUPER);
    }

    const context: AuthContext = {
      sessionId,
      user,
      roleKeys,
      roleNames,
      permissionKeys,
      superAdmin: roleKeys.includes(RoleKey.SUPER_ADMIN),
    };
    const fullExpiry = now.getTime() + this.config.sessionTtlMs;
    if (fullExpiry - Date.parse(expiresAt) >= SESSION_EXTEND_EVERY_MS) {
      context.renewedUntil = new Date(fullExpiry);
      await this.auth.extendSession(sessionId, context.renewedUntil.toISOString());
    }
    return context;
  }

  async createCaptcha(now = new Date()) {
    const captcha = await drawCaptcha();
    const id = randomToken();
    await this.auth.createCaptcha(
      sha256Hex(id),
      captcha.text,
      new Date(now.getTime() + CAPTCHA_TTL_MS).toISOString(),
    );
    return { id, png: captcha.png, maxAgeSeconds: CAPTCHA_TTL_MS / 1000 };
  }

  async login(
    body: LoginBody,
    client: { ip: string; userAgent: string; captchaId: string | undefined },
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
    const retryIn = (oldest: string | null) => {
      const retryAt = Date.parse(oldest ?? now.toISOString()) + LOGIN_FAILURE_WINDOW_MS;
      return Math.max(1, Math.ceil((retryAt - now.getTime()) / 60_000));
    };
    // An examinee may also give their ID number instead of the ticket number (their username).
    const user =
      (await this.users.findByName(body.username)) ??
      (body.userType === UserType.STUDENT
        ? await this.students.findUserByIdNumber(normaliseIdNumber(body.username))
        : undefined);
    // Failures count per account however it was named (ticket or ID number, any letter case),
    // per normalised spelling when no account answers to it.
    const account = user
      ? { userId: user.id, username: user.name }
      : { userId: null, username: normaliseIdNumber(body.username) };

    // Reserve first, count the others after: a committed reservation is seen by every count that
    // starts later, so of N parallel attempts the last to count sees all the others that went on
    // (on PostgreSQL's read committed as on SQLite), and no more than the limit go on. Refused
    // attempts take their reservation back.
    const reservation = await this.auth.reserveFailure(account, client.ip, now.toISOString());
    const address = await this.auth.countFailedAccounts(client.ip, since, reservation);
    const failures = await this.auth.countFailures(account, client.ip, since, reservation);
    if (address.count >= ADDRESS_FAILURE_LIMIT || failures.count >= LOGIN_FAILURE_LIMIT) {
      await this.auth.releaseFailure(reservation);
      if (address.count >= ADDRESS_FAILURE_LIMIT) {
        throw new AppError(ApiStatus.TOO_MANY_REQUESTS, 'tooManyFailedSignInsFromAddress', {
          minutes: retryIn(address.oldest),
        });
      }
      throw new AppError(ApiStatus.TOO_MANY_REQUESTS, 'tooManyFailedSignIns', {
        minutes: retryIn(failures.oldest),
      });
    }

    if (this.config.captcha) {
      const expected = client.captchaId
        ? await this.auth.takeCaptcha(sha256Hex(client.captchaId), now.toISOString())
        : undefined;
      const problem = !expected
        ? 'captchaExpired'
        : !body.verifyCode || body.verifyCode.toLowerCase() !== expected
          ? 'captchaWrong'
          : undefined;
      if (problem) {
        // No password was tried: a wrong captcha is not a failed sign-in.
        await this.auth.releaseFailure(reservation);
        throw invalid('verifyCode', problem);
      }
    }

    // Every attempt verifies one hash at the full cost and one at the initial passwords' light
    // cost: the account's own and a dummy of the other (both dummies for an unknown name), so
    // how long a wrong password takes tells nothing about the account or its password.
    const passwordOk = user ? await verifySecret(user.password_hash, body.password) : false;
    const storedCost = user ? hashCost(user.password_hash) : undefined;
    for (const dummy of await this.getDummyHashes()) {
      if (hashCost(dummy) !== storedCost) await verifySecret(dummy, body.password);
    }
    // A wrong user type, a disabled or an expired account answer exactly like a wrong password
    // (and count as a failure: the reservation stays): told apart, they would confirm a guessed
    // password, or tell anyone who types a username what kind of account it is.
    if (
      !user ||
      !passwordOk ||
      user.user_type !== body.userType ||
      user.status !== 1 ||
      isExpired(user.end_date, now)
    ) {
      throw invalid('password', 'wrongCredentials');
    }

    await this.auth.clearFailures(user.id, client.ip);
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlMs);
    await this.auth.createSession({
      id: sha256Hex(token),
      userId: user.id,
      expiresAt: expiresAt.toISOString(),
      createdAt: now.toISOString(),
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
    });
    return { token, expiresAt };
  }

  async logout(sessionId: string) {
    await this.auth.deleteSession(sessionId);
  }

  async sessionUser(context: AuthContext): Promise<SessionUser> {
    const { user } = context;
    const permissions = context.superAdmin
      ? await this.permissions.allKeys()
      : [...context.permissionKeys].sort();
    const batch =
      user.user_type === UserType.STUDENT ? await this.auth.findStudentBatch(user.id) : undefined;
    return {
      id: user.id,
      userid: user.id,
      name: user.name,
      nickName: user.nick_name,
      avatar: user.avatar,
      introduction: user.introduction,
      roles: context.roleKeys,
      roleNames: context.roleNames,
      permissions,
      userType: user.user_type,
      endDate: user.end_date,
      // A student's registration batch and its job-type category.
      className: batch?.class_name ?? null,
      departmentName: batch?.department_name ?? null,
      email: user.email,
      remoteLogin: user.remote_login,
      resourceUrl: user.resource_url,
      socketOpen: user.user_type === UserType.STUDENT && (await this.hasOpenAttempt(user.id)),
      passwordIsDefault: user.password_is_default === 1,
    };
  }

  /** Drops expired sessions, captchas and old failure records. */
  async housekeeping(now = new Date()) {
    await this.auth.deleteExpired(now.toISOString());
    await this.auth.deleteFailuresBefore(
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString(),
    );
  }

  private getDummyHashes() {
    const secret = clientPasswordHash(randomToken());
    this.dummyHashes ??= Promise.all([hashSecret(secret), hashInitialSecret(secret)]);
    return this.dummyHashes;
  }
}

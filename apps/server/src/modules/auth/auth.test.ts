import {
  CAPTCHA_COOKIE,
  SESSION_MARKER_COOKIE,
  TOKEN_COOKIE,
  UserType,
  clientPasswordHash,
} from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_URL,
  createUser,
  login,
  useTestApp,
} from '../../../test/build-app.js';
import { refusalText } from '../../../test/factories.js';

const ME = '/api/kaoshi-user/auth/authWebUser';

describe('sign-in and sessions', () => {
  const t = useTestApp();

  const loginForm = (fields: Partial<Record<string, string>>) =>
    new Client(t.app).form<{ token: string }>(LOGIN_URL, {
      username: 'admin',
      password: clientPasswordHash(ADMIN_PASSWORD),
      verifyCode: '',
      userType: '1',
      ...fields,
    } as Record<string, string>);

  it('signs in with the client hash, sets the HttpOnly token and the marker cookie', async () => {
    const result = await loginForm({});
    expect(result.http).toBe(200);
    expect(result.body.status).toBe(200);
    expect(result.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.cookies[TOKEN_COOKIE]).toBe(result.body.data.token);
    expect(result.cookies[SESSION_MARKER_COOKIE]).toBe('1');
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: { username: 'admin', password: clientPasswordHash(ADMIN_PASSWORD), userType: 1 },
    });
    const tokenCookie = response.cookies.find((c) => c.name === TOKEN_COOKIE);
    expect(tokenCookie?.httpOnly).toBe(true);
    expect(tokenCookie?.sameSite).toBe('Lax');
  });

  it('authWebUser returns every field of the session user and no password', async () => {
    const admin = await login(t.app);
    const me = await admin.get<Record<string, unknown>>(ME);
    expect(me.body.status).toBe(200);
    const user = me.body.data;
    for (const field of [
      'id',
      'name',
      'nickName',
      'avatar',
      'introduction',
      'roles',
      'roleNames',
      'permissions',
      'userType',
      'endDate',
      'className',
      'departmentName',
      'email',
      'remoteLogin',
      'resourceUrl',
      'socketOpen',
      'userid',
    ]) {
      expect(user, field).toHaveProperty(field);
    }
    expect(user).not.toHaveProperty('password');
    expect(JSON.stringify(user)).not.toMatch(/argon2/);
    expect(user.id).toBe(1);
    expect(user.roles).toEqual(['SUPER_ADMIN']);
    expect(user.permissions).toEqual(
      expect.arrayContaining(['SYSTEM-USER', 'STUDENT-EXAM', 'PUBLISH-MANAGE']),
    );
    expect(user.passwordIsDefault).toBe(false);
  });

  it('accepts the token as a Bearer header', async () => {
    const { body } = await loginForm({});
    const response = await t.app.inject({
      method: 'GET',
      url: ME,
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(response.json().status).toBe(200);
  });

  it('answers 10000 without a session, with a wrong token, and after logout', async () => {
    const none = await new Client(t.app).get(ME);
    expect(none.http).toBe(401);
    expect(none.body.status).toBe(10000);
    expect((await new Client(t.app, 'not-a-token').get(ME)).body.status).toBe(10000);

    const admin = await login(t.app);
    const out = await admin.get('/api/kaoshi-user/user/logout');
    expect(out.body.status).toBe(200);
    expect((await admin.get(ME)).body.status).toBe(10000);
  });

  it('answers 10000 once the session has expired', async () => {
    const admin = await login(t.app);
    await t.handle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await admin.get(ME)).body.status).toBe(10000);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await loginForm({ username: 'admin', password: clientPasswordHash('nope') });
    const unknown = await loginForm({ username: 'ghost' });
    expect(wrong.body.status).toBe(10002);
    expect(unknown.body.status).toBe(10002);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.cookies[TOKEN_COOKIE]).toBeUndefined();
  });

  it('refuses a wrong user type exactly as a wrong password, even with the right password', async () => {
    const wrongType = await loginForm({ userType: String(UserType.STUDENT) });
    const wrongPassword = await loginForm({ password: clientPasswordHash('nope') });
    expect(wrongType.body.status).toBe(10002);
    expect(wrongType.body).toEqual(wrongPassword.body);
    expect(wrongType.cookies[TOKEN_COOKIE]).toBeUndefined();
  });

  it('refuses an expired account exactly as a wrong password, even with the right password', async () => {
    const admin = await login(t.app);
    const { name } = await createUser(admin);
    const expired = await t.handle.db
      .updateTable('users')
      .set({ end_date: '2000-01-01' })
      .where('name', '=', name)
      .executeTakeFirst();
    expect(Number(expired.numUpdatedRows)).toBe(1);
    const right = await loginForm({
      username: name,
      password: clientPasswordHash('123456'),
      userType: '2',
    });
    const wrong = await loginForm({
      username: name,
      password: clientPasswordHash('654321'),
      userType: '2',
    });
    expect(right.body.status).toBe(10002);
    expect(right.body).toEqual(wrong.body);
    expect(right.cookies[TOKEN_COOKIE]).toBeUndefined();
  });

  it('refuses a plain password (not the client hash) naming the field', async () => {
    const result = await loginForm({ password: ADMIN_PASSWORD });
    expect(result.body.status).toBe(10002);
    expect(result.body.message).toMatch(/password/);
  });

  it('locks a username at one address after five failures, with 10005', async () => {
    const admin = await login(t.app);
    const { name } = await createUser(admin);
    for (let i = 0; i < 5; i++) {
      const r = await loginForm({
        username: name,
        password: clientPasswordHash(`bad${i}`),
        userType: '2',
      });
      expect(r.body.status).toBe(10002);
    }
    const locked = await loginForm({
      username: name,
      password: clientPasswordHash('123456'),
      userType: '2',
    });
    expect(locked.http).toBe(429);
    expect(locked.body.status).toBe(10005);
    expect(locked.body.message).toMatch(/try again in \d+ minute/);
    // Another address is not locked out.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: LOGIN_URL,
      remoteAddress: '10.1.2.3',
      payload: { username: name, password: clientPasswordHash('123456'), userType: 2 },
    });
    expect(elsewhere.json().status).toBe(200);
  });

  it('tells the sign-in form when no captcha is needed (CAPTCHA=off)', async () => {
    const result = await new Client(t.app).get<{ captcha: boolean }>(
      '/api/kaoshi-user/security/loginOptions',
    );
    expect(result.body.data).toEqual({ captcha: false });
  });

  it('tells a user still on the default password so', async () => {
    const admin = await login(t.app);
    const { name } = await createUser(admin);
    const teacher = await login(t.app, name, '123456', UserType.TEACHER);
    const me = await teacher.get<{ passwordIsDefault: boolean; roles: string[] }>(ME);
    expect(me.body.data.passwordIsDefault).toBe(true);
  });
});

describe('captcha', () => {
  const t = useTestApp({ CAPTCHA: 'on' });

  async function fetchCaptcha() {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/kaoshi-user/security/captcha',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const cookie = response.cookies.find((c) => c.name === CAPTCHA_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const row = await t.handle.db
      .selectFrom('captchas')
      .select('code')
      .orderBy('expires_at', 'desc')
      .executeTakeFirstOrThrow();
    return { id: cookie!.value, code: row.code };
  }

  const attempt = (captchaId: string | undefined, verifyCode: string) =>
    new Client(t.app).request<{ token: string }>({
      method: 'POST',
      url: LOGIN_URL,
      cookies: captchaId ? { [CAPTCHA_COOKIE]: captchaId } : {},
      payload: {
        username: 'admin',
        password: clientPasswordHash(ADMIN_PASSWORD),
        verifyCode,
        userType: 1,
      },
    });

  it('tells the sign-in form to show the captcha', async () => {
    const result = await new Client(t.app).get<{ captcha: boolean }>(
      '/api/kaoshi-user/security/loginOptions',
    );
    expect(result.body.data).toEqual({ captcha: true });
  });

  it('accepts the right code in any letter case, once', async () => {
    const { id, code } = await fetchCaptcha();
    const first = await attempt(id, code.toUpperCase());
    expect(first.body.status).toBe(200);
    const replay = await attempt(id, code);
    expect(replay.body.status).toBe(10002);
    expect(refusalText(replay)).toMatch(/^verifyCode: /);
  });

  it('refuses a wrong code, a missing captcha and an expired one', async () => {
    const { id } = await fetchCaptcha();
    expect(refusalText(await attempt(id, 'zzzz'))).toBe('verifyCode: the captcha code is wrong');
    expect(refusalText(await attempt(undefined, 'abcd'))).toMatch(/^verifyCode: /);
    const second = await fetchCaptcha();
    await t.handle.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect((await attempt(second.id, second.code)).body.message).toMatch(/expired/);
  });
});

import { SESSION_MARKER_COOKIE, TOKEN_COOKIE, UserType } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, createUser, login, useTestApp } from '../../../test/build-app.js';
import { ME } from '../../../test/factories.js';

// The web's token reset (docs/spec.md §4) after the empty-roles refusal calls logout with the token it
// gives up: the session must end there, both cookies cleared, the old token refused.
describe('token reset of a user without roles', () => {
  const t = useTestApp();

  it('logout ends the session: both cookies cleared, the old token answers 401', async () => {
    const admin = await login(t.app);
    const bare = await createUser(admin, { userType: UserType.TEACHER });
    const user = await login(t.app, bare.name, DEFAULT_PASSWORD, UserType.TEACHER);
    const before = await user.get<{ roles: string[] }>(ME);
    expect(before.http).toBe(200);
    expect(before.body.data.roles).toEqual([]);

    const out = await user.get('/api/kaoshi-user/user/logout');
    expect(out.body.status).toBe(200);
    expect(out.cookies[TOKEN_COOKIE]).toBe('');
    expect(out.cookies[SESSION_MARKER_COOKIE]).toBe('');

    const after = await user.get(ME);
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(10000);
  });
});

import { UserType, clientPasswordHash } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, createUser, login, useTestApp } from '../../../test/build-app.js';
import { USER, expectOk } from '../../../test/factories.js';

describe('addUser and updateUser with the hashed default password (spec §7)', () => {
  const t = useTestApp();

  it('answers the default password as its client hash to user managers only', async () => {
    const admin = await login(t.app);
    const answer = expectOk(await admin.get<{ password: string }>(`${USER}/getDefaultPassword`));
    expect(answer.password).toBe(clientPasswordHash(DEFAULT_PASSWORD));
    const plain = await createUser(admin);
    const teacher = await login(t.app, plain.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expect((await teacher.get(`${USER}/getDefaultPassword`)).body.status).not.toBe(200);
  });

  it('a user added with it signs in with the default and is asked to change it; updateUser takes it too', async () => {
    const admin = await login(t.app);
    const { password } = expectOk(
      await admin.get<{ password: string }>(`${USER}/getDefaultPassword`),
    );
    const body = { name: 'hashed7', nickName: 'Hashed', userType: UserType.TEACHER, password };
    const { id } = expectOk(await admin.post<{ id: number }>(`${USER}/addUser`, body));
    const user = await login(t.app, 'hashed7', DEFAULT_PASSWORD, UserType.TEACHER);
    const me = expectOk(
      await user.get<{ passwordIsDefault: boolean }>('/api/kaoshi-user/auth/authWebUser'),
    );
    expect(me.passwordIsDefault).toBe(true);
    expectOk(await admin.put(`${USER}/updateUser`, { ...body, id, nickName: 'Renamed' }));
    // An edit changes no password: the old session and the default still work.
    await login(t.app, 'hashed7', DEFAULT_PASSWORD, UserType.TEACHER);
    // Clients that send none stay valid (the server applies the default).
    expectOk(await admin.post(`${USER}/addUser`, { ...body, name: 'plain8', password: undefined }));
  });
});

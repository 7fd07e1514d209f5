import { clientPasswordHash, type LoginBody, type SessionUser } from '@kaoshi/shared';
import { request, type CallOptions } from './request';

export const CAPTCHA_URL = `${import.meta.env.VITE_API_BASE ?? ''}/api/kaoshi-user/security/captcha`;

/** The sign-in form's values: the shared login body, with the password as typed (hashed on sending). */
export type LoginForm = Omit<LoginBody, 'password' | 'verifyCode'> & {
  password: string;
  verifyCode: string;
};

/** docs/spec.md §7: form-encoded, with the password only ever sent as the client hash. Errors show in the form. */
export const login = (form: LoginForm) =>
  request.form<{ token: string }>(
    '/api/kaoshi-user/security/doLogin',
    {
      username: form.username.trim(),
      password: clientPasswordHash(form.password),
      verifyCode: form.verifyCode.trim(),
      userType: form.userType,
    },
    { quiet: true },
  );

/** Whether the sign-in form must show the captcha (the server may run with CAPTCHA=off). */
export const getLoginOptions = () =>
  request.get<{ captcha: boolean }>('/api/kaoshi-user/security/loginOptions');

export const getSessionUser = () => request.get<SessionUser>('/api/kaoshi-user/auth/authWebUser');

export const logout = (options?: CallOptions) =>
  request.get<null>('/api/kaoshi-user/user/logout', undefined, options);

export const listPermissionKeysByRoles = (roles: string[]) =>
  request.form<string[]>('/api/kaoshi-user/role/listPermissionKeysByRoles', {
    roles: roles.join(','),
  });

export const changeOwnPassword = (oldPassword: string, newPassword: string) =>
  request.post<null>('/api/kaoshi-user/user/updatePass', {
    oldPass: clientPasswordHash(oldPassword),
    newPass: clientPasswordHash(newPassword),
  });

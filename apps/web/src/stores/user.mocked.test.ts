import { Perm, RoleKey, SESSION_MARKER_COOKIE, type SessionUser } from '@kaoshi/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth';
import { constantLayoutRoutes } from '../router/routes';
import { usePermissionStore } from './permission';
import { useTagsViewStore, type TagView } from './tagsView';
import { PASSWORD_LATER_KEY, SOCKET_OPEN_KEY, useUserStore } from './user';

vi.mock('../api/auth', () => ({
  login: vi.fn(),
  getSessionUser: vi.fn(),
  listPermissionKeysByRoles: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../i18n', () => ({ default: { t: (key: string) => key } }));

// The stores run without a browser here: a cookie jar and a localStorage of their own.
const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => saved.set(key, value),
});
vi.stubGlobal('document', { cookie: '' });

const teacher: SessionUser = {
  id: 7,
  userid: 7,
  name: 'teacher',
  nickName: 'Teacher',
  avatar: '',
  introduction: '',
  roles: [RoleKey.TEACHER],
  roleNames: ['Teacher'],
  permissions: [],
  userType: 2,
  endDate: null,
  className: null,
  departmentName: null,
  email: '',
  remoteLogin: 1,
  resourceUrl: '',
  socketOpen: false,
  passwordIsDefault: false,
};

const tab = (path: string, affix = false): TagView => ({
  path,
  name: path.slice(1),
  title: path.slice(1),
  meta: { title: path.slice(1), affix },
});

const user = () => useUserStore.getState();
const routePaths = () => usePermissionStore.getState().addRoutes.map((route) => route.path);

describe('user store: one load and one forget of the session (spec §4)', () => {
  beforeEach(() => {
    vi.mocked(authApi.getSessionUser).mockResolvedValue(teacher);
    vi.mocked(authApi.listPermissionKeysByRoles).mockResolvedValue([Perm.SCHOOL]);
    user().forgetSession();
    saved.clear();
  });

  it('loads the user, then the keys of their roles', async () => {
    expect(await user().loadSession()).toEqual({
      roles: [RoleKey.TEACHER],
      permissions: [Perm.SCHOOL],
    });
    expect(authApi.listPermissionKeysByRoles).toHaveBeenLastCalledWith([RoleKey.TEACHER]);
    expect(user().info?.id).toBe(7);
    expect(user().permissions).toEqual([Perm.SCHOOL]);
  });

  it('refuses a user without roles (spec §5)', async () => {
    vi.mocked(authApi.getSessionUser).mockResolvedValue({ ...teacher, roles: [] });
    await expect(user().loadSession()).rejects.toThrow('errorPage.rolesEmpty');
  });

  it('changeRoles regenerates the routes and closes every tab but the pinned ones', async () => {
    useTagsViewStore.setState({ visitedViews: [tab('/dashboard', true), tab('/x')] });
    await user().changeRoles();
    expect(routePaths()).toEqual(['/school']);
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toEqual([
      '/dashboard',
    ]);
  });

  it('forgets everything of the user: marker, user, routes, tabs, socket flag', async () => {
    await user().changeRoles();
    useTagsViewStore.setState({ visitedViews: [tab('/dashboard', true)], cachedViews: ['x'] });
    document.cookie = `${SESSION_MARKER_COOKIE}=1`;

    user().forgetSession();

    expect(document.cookie).toContain('Max-Age=0');
    expect(user()).toMatchObject({ info: null, roles: [], userType: null, permissions: [] });
    expect(usePermissionStore.getState()).toMatchObject({
      generated: false,
      addRoutes: [],
      routes: constantLayoutRoutes,
    });
    expect(useTagsViewStore.getState()).toMatchObject({ visitedViews: [], cachedViews: [] });
    expect(saved.get(SOCKET_OPEN_KEY)).toBe('false');
  });

  it('logout forgets the session even when the server call fails', async () => {
    await user().loadSession();
    vi.mocked(authApi.logout).mockRejectedValueOnce(new Error('offline'));
    await expect(user().logout()).rejects.toThrow('offline');
    expect(user().info).toBeNull();
  });

  it('a new sign-in asks about the default password again', async () => {
    saved.set(PASSWORD_LATER_KEY, '7');
    await user().login({ username: 'teacher', password: 'x', verifyCode: '', userType: 2 });
    expect(saved.get(PASSWORD_LATER_KEY)).toBe('');
  });
});

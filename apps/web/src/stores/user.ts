import type { SessionUser } from '@kaoshi/shared';
import { create } from 'zustand';
import * as authApi from '../api/auth';
import type { Access } from '../router/permission-filter';
import { clearSessionMarker } from '../utils/session-marker';
import { specString } from '../utils/spec-strings';
import { storage } from '../utils/storage';
import { usePermissionStore } from './permission';
import { useTagsViewStore } from './tagsView';

/** Stored flag of the realtime channel (docs/spec.md §4: logout sets it to false). */
export const SOCKET_OPEN_KEY = 'socketOpen';

/**
 * Stored id of the user who answered "later" to the default-password prompt: it stays quiet for
 * them until they sign in again, reloads included.
 */
export const PASSWORD_LATER_KEY = 'defaultPasswordLater';

interface UserState {
  info: SessionUser | null;
  roles: string[];
  userType: number | null;
  permissions: string[];
  /** Signs in; the session is loaded by the route guard on the page that follows. */
  login: (form: authApi.LoginForm) => Promise<void>;
  /** docs/spec.md §4/§5: user info, refusing a missing user or an empty role list. */
  getInfo: () => Promise<SessionUser>;
  getPermissionKeys: (roles: string[]) => Promise<string[]>;
  /**
   * docs/spec.md §4: loads the user, then the keys of their roles; what they may open follows from the
   * answer (the permission store's generateRoutes). The one loader for the guard and changeRoles.
   */
  loadSession: () => Promise<Access>;
  /**
   * docs/spec.md §4's logout on this side: the session marker, user, routes, tabs and socket flag go, so
   * nothing of this user stays for the next. For when the server has ended the session already
   * (or resetToken ends it).
   */
  forgetSession: () => void;
  logout: () => Promise<void>;
  /** docs/spec.md §4: after a change of roles, reload user info, regenerate routes, close all tabs. */
  changeRoles: () => Promise<void>;
  /**
   * docs/spec.md §4's token reset: clears the token cookie and the roles. The token cookie is HttpOnly, so
   * the server's logout clears it and ends the session (and its sockets) with it: a token this
   * page gave up must not stay valid.
   */
  resetToken: () => Promise<void>;
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: null,
  roles: [],
  userType: null,
  permissions: [],

  login: async (form) => {
    await authApi.login(form);
    storage.set(PASSWORD_LATER_KEY, '');
  },

  getInfo: async () => {
    const info = await authApi.getSessionUser();
    if (!info) throw new Error(specString('errorPage.verificationFailed', 'getInfo'));
    if (!Array.isArray(info.roles) || info.roles.length === 0) {
      throw new Error(specString('errorPage.rolesEmpty', 'getInfo'));
    }
    set({ info, roles: info.roles, userType: info.userType });
    return info;
  },

  getPermissionKeys: async (roles) => {
    const permissions = await authApi.listPermissionKeysByRoles(roles);
    set({ permissions });
    return permissions;
  },

  loadSession: async () => {
    const info = await get().getInfo();
    const permissions = await get().getPermissionKeys(info.roles);
    return { roles: info.roles, permissions };
  },

  forgetSession: () => {
    clearSessionMarker();
    set({ roles: [], info: null, userType: null, permissions: [] });
    usePermissionStore.getState().resetRoutes();
    useTagsViewStore.getState().reset();
    storage.set(SOCKET_OPEN_KEY, 'false');
  },

  logout: async () => {
    try {
      await authApi.logout();
    } finally {
      get().forgetSession();
    }
  },

  changeRoles: async () => {
    usePermissionStore.getState().generateRoutes(await get().loadSession());
    useTagsViewStore.getState().delAllViews();
  },

  resetToken: async () => {
    // The marker goes first: the logout's answer must not reload the page (request.ts).
    clearSessionMarker();
    set({ roles: [] });
    try {
      await authApi.logout({ quiet: true });
    } catch {
      // No session left to end (expired already) or no network: the cookie is of no use anyway.
    }
  },
}));

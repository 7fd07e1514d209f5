import type { SessionUser } from '@kaoshi/shared';
import { create } from 'zustand';
import * as authApi from '../api/auth';
import i18n from '../i18n';
import { clearSessionMarker } from '../utils/session-marker';
import { storage } from '../utils/storage';
import { usePermissionStore } from './permission';
import { useTagsViewStore } from './tagsView';

/** Stored flag of the realtime channel (spec §4: logout sets it to false). */
export const SOCKET_OPEN_KEY = 'socketOpen';

interface UserState {
  info: SessionUser | null;
  roles: string[];
  userType: number | null;
  permissions: string[];
  login: (form: authApi.LoginForm) => Promise<void>;
  /** Spec §4/§5: user info, refusing a missing user or an empty role list. */
  getInfo: () => Promise<SessionUser>;
  getPermissionKeys: (roles: string[]) => Promise<string[]>;
  logout: () => Promise<void>;
  /** Spec §4: after a change of roles, reload user info, regenerate routes, close all tabs. */
  changeRoles: () => Promise<void>;
  resetToken: () => void;
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: null,
  roles: [],
  userType: null,
  permissions: [],

  login: async (form) => {
    await authApi.login(form);
  },

  getInfo: async () => {
    const info = await authApi.getSessionUser();
    if (!info) throw new Error(i18n.t('errorPage.verificationFailed'));
    if (!Array.isArray(info.roles) || info.roles.length === 0) {
      throw new Error(i18n.t('errorPage.rolesEmpty'));
    }
    set({ info, roles: info.roles, userType: info.userType });
    return info;
  },

  getPermissionKeys: async (roles) => {
    const permissions = await authApi.listPermissionKeysByRoles(roles);
    set({ permissions });
    return permissions;
  },

  logout: async () => {
    try {
      await authApi.logout();
    } finally {
      get().resetToken();
      set({ info: null, userType: null, permissions: [] });
      usePermissionStore.getState().resetRoutes();
      useTagsViewStore.getState().delAllViews();
      // delAllViews keeps pinned tabs; after a sign-out nothing of the last user stays.
      useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
      storage.set(SOCKET_OPEN_KEY, 'false');
    }
  },

  changeRoles: async () => {
    const info = await get().getInfo();
    const permissions = await get().getPermissionKeys(info.roles);
    usePermissionStore.getState().generateRoutes({ roles: info.roles, permissions });
    useTagsViewStore.getState().delAllViews();
  },

  resetToken: () => {
    clearSessionMarker();
    set({ roles: [] });
  },
}));

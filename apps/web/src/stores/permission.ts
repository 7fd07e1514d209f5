import { create } from 'zustand';
import { filterAsyncRoutes, type Access } from '../router/permission-filter';
import { asyncRoutes, constantLayoutRoutes } from '../router/routes';
import type { AppRoute } from '../router/types';

interface PermissionState {
  /** Constant plus permitted routes: what the sidebar shows. */
  routes: AppRoute[];
  /** The permitted async routes only. */
  addRoutes: AppRoute[];
  generated: boolean;
  generateRoutes: (access: Access) => AppRoute[];
  resetRoutes: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  routes: constantLayoutRoutes,
  addRoutes: [],
  generated: false,
  generateRoutes: (access) => {
    const accessible = filterAsyncRoutes(asyncRoutes, access);
    set({
      routes: [...constantLayoutRoutes, ...accessible],
      addRoutes: accessible,
      generated: true,
    });
    return accessible;
  },
  resetRoutes: () => set({ routes: constantLayoutRoutes, addRoutes: [], generated: false }),
}));

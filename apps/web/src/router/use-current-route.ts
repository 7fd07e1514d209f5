import { useLocation } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { flattenRoutes } from './permission-filter';
import type { AppRoute } from './types';

/** The route table entry of the page shown, with the group it belongs to. */
export function findRoute(routes: readonly AppRoute[], pathname: string) {
  for (const route of routes) {
    if (route.path === pathname) return { route, parent: undefined as AppRoute | undefined };
    const child = route.children && flattenRoutes(route.children).find((c) => c.path === pathname);
    if (child) return { route: child, parent: route };
  }
  return undefined;
}

export function useCurrentRoute() {
  const routes = usePermissionStore((state) => state.routes);
  const { pathname } = useLocation();
  return findRoute(routes, pathname);
}

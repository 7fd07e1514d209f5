import { RoleKey } from '@kaoshi/shared';
import type { AppRoute } from './types';

export interface Access {
  roles: readonly string[];
  permissions: readonly string[];
}

/** docs/spec.md §6: a route is kept when it names no keys or shares one with the user (and its roles fit). */
export function hasPermission(route: AppRoute, access: Access): boolean {
  const meta = route.meta;
  if (meta?.roles?.length && !meta.roles.some((role) => access.roles.includes(role))) return false;
  if (!meta?.permissions?.length) return true;
  return meta.permissions.some((key) => access.permissions.includes(key));
}

/** docs/spec.md §6: SUPER_ADMIN receives every route; others the ones they may see, children filtered alike. */
export function filterAsyncRoutes(routes: readonly AppRoute[], access: Access): AppRoute[] {
  if (access.roles.includes(RoleKey.SUPER_ADMIN)) return [...routes];
  return routes
    .filter((route) => hasPermission(route, access))
    .map((route) =>
      route.children ? { ...route, children: filterAsyncRoutes(route.children, access) } : route,
    );
}

/** Every route of a tree, parents before their children. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/**
 * docs/spec.md §2: after routes are generated, the requested path is kept when it matches a generated
 * route, starts with one, or is /dashboard; otherwise the user goes to /.
 */
export function keepRequestedPath(path: string, generated: readonly AppRoute[]): boolean {
  if (path === '/dashboard') return true;
  return flattenRoutes(generated).some(
    (route) => path === route.path || path.startsWith(`${route.path}/`),
  );
}

/** The route of `routes` that `path` opens or lies under (the deepest one), if any. */
export function routeOfPath(path: string, routes: readonly AppRoute[]): AppRoute | undefined {
  return flattenRoutes(routes)
    .filter((route) => path === route.path || path.startsWith(`${route.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

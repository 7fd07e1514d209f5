import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { withWholeLanguage } from '../i18n';
import { usePermissionStore } from '../stores/permission';
import { pages } from './pages';
import { flattenRoutes } from './permission-filter';
import { asyncRoutes } from './routes';
import type { AppRoute } from './types';

// The layout (menus, tags, settings) loads after sign-in, so the sign-in page stays small. Every
// page but sign-in waits for the whole interface language (the sign-in page has its first part).
const Layout = lazy(withWholeLanguage(() => import('../layout/Layout')));
const Login = lazy(() => import('../views/login/Login'));
const AuthRedirect = lazy(withWholeLanguage(() => import('../views/redirect/AuthRedirect')));
const Redirect = lazy(withWholeLanguage(() => import('../views/redirect/Redirect')));
const NotFound = lazy(withWholeLanguage(() => import('../views/error/NotFound')));
const Unauthorized = lazy(withWholeLanguage(() => import('../views/error/Unauthorized')));
const Verify = lazy(withWholeLanguage(() => import('../views/verify/Verify')));

const pageFallback = <PageLoading />;
const suspended = (node: ReactNode) => <Suspense fallback={pageFallback}>{node}</Suspense>;

/** A generated route (and its children) as react-router entries inside the layout. */
function toRouteObjects(route: AppRoute): RouteObject[] {
  const own: RouteObject[] = [];
  if (route.component) {
    const Page = pages[route.component];
    own.push({ path: route.path, element: <Page />, handle: route });
  } else if (route.children?.length) {
    // A group's own path opens its first child the user may see.
    const first = route.children.find((child) => !child.hidden) ?? route.children[0];
    own.push({ path: route.path, element: <Navigate to={first!.path} replace />, handle: route });
  }
  return [...own, ...(route.children ?? []).flatMap(toRouteObjects)];
}

const knownAsyncPaths = flattenRoutes(asyncRoutes).map((route) => route.path);

/**
 * An address that matches nothing the user has: the spec's 401 when the route exists but their
 * keys do not open it, else 404.
 */
function NoRoute() {
  const { pathname } = useLocation();
  const known = knownAsyncPaths.some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return <Navigate to={known ? '/401' : '/404'} replace />;
}

export function AppRoutes() {
  const routes = usePermissionStore((state) => state.routes);
  const element = useRoutes([
    { path: '/login', element: suspended(<Login />) },
    { path: '/auth-redirect', element: suspended(<AuthRedirect />) },
    { path: '/404', element: suspended(<NotFound />) },
    { path: '/401', element: suspended(<Unauthorized />) },
    { path: '/verify/:code', element: suspended(<Verify />) },
    {
      path: '/',
      element: suspended(<Layout />),
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: '/redirect/*', element: suspended(<Redirect />) },
        ...routes.flatMap(toRouteObjects),
      ],
    },
    { path: '*', element: <NoRoute /> },
  ]);
  return element;
}

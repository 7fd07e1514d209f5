import { UserType } from '@kaoshi/shared';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ERROR_TOAST_MS } from '../api/request';
import { PageLoading } from '../components/PageLoading';
import { withWholeLanguage } from '../i18n';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import { toastError } from '../utils/feedback';
import { hasSessionMarker } from '../utils/session-marker';
import { specString } from '../utils/spec-strings';
import { filterAsyncRoutes, keepRequestedPath, routeOfPath } from './permission-filter';
import { asyncRoutes, constantLayoutRoutes } from './routes';

// Only students on their initial password see it; loaded on demand so the component library it
// uses stays out of the sign-in page's first bytes.
const InitialPasswordChange = lazy(
  withWholeLanguage(() =>
    import('../views/login/InitialPasswordChange').then((module) => ({
      default: module.InitialPasswordChange,
    })),
  ),
);

/** Reachable without a session (docs/spec.md §2's guard). */
const WHITE_LIST = ['/login', '/auth-redirect'];
/** Public pages for anyone, signed in or not, that never load a session: the certificate check. */
const isOpenPage = (path: string) => path.startsWith('/verify/');

const loginWithRedirect = (fullPath: string) => `/login?redirect=${encodeURIComponent(fullPath)}`;

/**
 * docs/spec.md §2 and §4: on every navigation, decides whether the page may render; with a session
 * and no routes yet, loads the user and their keys once and generates the routes.
 */
export function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const generated = usePermissionStore((state) => state.generated);
  // A student on their initial password may do nothing else until they change it (the server
  // refuses their other calls).
  const mustChangePassword = useUserStore(
    (state) => state.info?.userType === UserType.STUDENT && state.info.passwordIsDefault,
  );
  const signedIn = hasSessionMarker();
  const fullPath = location.pathname + location.search;
  const open = isOpenPage(location.pathname);
  const mustLoad = signedIn && !generated && location.pathname !== '/login' && !open;

  useEffect(() => {
    if (!mustLoad) return;
    let cancelled = false;
    const user = useUserStore.getState();
    (async () => {
      try {
        // Offline, the exam page opens in the session kept with its attempt. Loaded here, past
        // sign-in, so the sign-in page's first bytes leave the offline store out.
        const { loadSessionOffline } = await import('../views/attempt/offline-open');
        const access = await loadSessionOffline(
          () => user.loadSession(),
          location.pathname,
          location.search,
        );
        if (cancelled) return;
        const generatedRoutes = [
          ...constantLayoutRoutes,
          ...filterAsyncRoutes(asyncRoutes, access),
        ];
        if (!keepRequestedPath(location.pathname, generatedRoutes)) {
          navigate('/', { replace: true });
          // docs/spec.md §2 sends them home; say why when the page exists but is not theirs.
          const denied = routeOfPath(location.pathname, asyncRoutes)?.meta?.title;
          if (denied) {
            toastError(t('errorPage.noAccess', { page: t(`route.${denied}`) }), ERROR_TOAST_MS);
          }
        }
        usePermissionStore.getState().generateRoutes(access);
      } catch (error) {
        if (cancelled) return;
        // docs/spec.md §8: the token is cleared; the server ends the session it named (docs/spec.md §4).
        await user.resetToken();
        user.forgetSession();
        toastError(
          error instanceof Error && error.message
            ? error.message
            : specString('common.hasError', 'route guard'),
          ERROR_TOAST_MS,
        );
        navigate(loginWithRedirect(fullPath), { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per load: the path it reads is the one requested when loading began.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mustLoad]);

  if (open) return children;
  if (!signedIn) {
    return WHITE_LIST.includes(location.pathname) ? (
      children
    ) : (
      <Navigate to={loginWithRedirect(fullPath)} replace />
    );
  }
  if (location.pathname === '/login') return <Navigate to="/" replace />;
  if (!generated) {
    return <PageLoading fullScreen />;
  }
  if (mustChangePassword) {
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <InitialPasswordChange />
      </Suspense>
    );
  }
  return children;
}

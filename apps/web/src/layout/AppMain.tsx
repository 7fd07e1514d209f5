import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { useCurrentRoute } from '../router/use-current-route';
import { useTagsViewStore } from '../stores/tagsView';

const fallback = <PageLoading />;

/**
 * The page area. Pages of cached tabs stay mounted (hidden) while another tab is shown, so a
 * half-filled form or a scrolled list is still there on return (docs/spec.md §4 cachedViews).
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const current = useCurrentRoute();
  const cachedViews = useTagsViewStore((state) => state.cachedViews);
  const [pages, setPages] = useState<[string, ReactNode][]>([]);

  const name = current?.route.name;
  // Decided from the route itself: the tags store adds the view only after this first render.
  const cacheable = name !== undefined && !current?.route.meta?.noCache;
  const kept = pages.filter(([key]) => key === name || cachedViews.includes(key));
  const next: [string, ReactNode][] =
    cacheable && !kept.some(([key]) => key === name) ? [...kept, [name, outlet]] : kept;
  // Adjusting state while rendering (React's documented pattern for values derived from props).
  if (next.length !== pages.length || next.some(([key], index) => pages[index]?.[0] !== key))
    setPages(next);

  return (
    <main className="app-main">
      {next.map(([key, page]) => (
        <div key={key} className="app-main-page" hidden={key !== name}>
          <ErrorBoundary>
            <Suspense fallback={fallback}>{page}</Suspense>
          </ErrorBoundary>
        </div>
      ))}
      {!cacheable && (
        <div key={pathname} className="app-main-page">
          <ErrorBoundary>
            <Suspense fallback={fallback}>{outlet}</Suspense>
          </ErrorBoundary>
        </div>
      )}
    </main>
  );
}

/**
 * Registers the service worker that keeps the app shell (service-worker.ts) so that the exam
 * page opens again without network. Browsers allow service workers only on secure contexts
 * (HTTPS, or http://localhost and 127.0.0.1): elsewhere, and under the dev server (no built
 * shell), this does nothing and a reload offline shows the browser's own page. Registered from
 * the exam page only: the candidates who need it download the shell, no one else. An updated
 * worker waits until no page of the old build is open, so no exam is reloaded under a candidate.
 */
export function registerShell() {
  if (import.meta.env.DEV || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  serviceWorker.register(SHELL_WORKER_URL, { scope: '/' }).catch(() => undefined);
  // The files this page loaded before the worker controlled it: kept too (from the HTTP cache).
  void serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ keep: loadedAssets() }),
  );
}

/** The paths of the build's assets this page has loaded. */
function loadedAssets() {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, window.location.href))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

/** Where the build writes the worker (shell-plugin.ts): the site's root, so its scope is all of it. */
export const SHELL_WORKER_URL = '/sw.js';

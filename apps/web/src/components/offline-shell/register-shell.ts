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
  navigator.serviceWorker.register(SHELL_WORKER_URL, { scope: '/' }).catch(() => undefined);
}

/** Where the build writes the worker (shell-plugin.ts): the site's root, so its scope is all of it. */
export const SHELL_WORKER_URL = '/sw.js';

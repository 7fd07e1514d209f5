// The service worker of the app shell (register-shell.ts; docs/features/web-app.md "Offline"):
// keeps index.html and the build's hashed assets so that a reload or a browser restart without
// network opens the app again (the exam page then renders from its IndexedDB copy). Never
// touches /api: answers, the clock and everything else the server says are never cached here.
// Built by shell-plugin.ts as /sw.js, with this build's file list in place of the placeholder.

/**
 * This build's shell: a version (its cache's name), the files it may keep and those it keeps at
 * install (what index.html loads); the page's other files are kept as it loads them.
 */
interface Shell {
  version: string;
  files: string[];
  precache: string[];
}

interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}

interface WorkerScope {
  location: Location;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL = JSON.parse('__KAOSHI_SHELL__') as Shell;
const PREFIX = 'kaoshi-shell-';
const CACHE = `${PREFIX}${SHELL.version}`;
const INDEX = '/index.html';
const KEPT = new Set(SHELL.files);

/** The kept copy of a shell file; else the network's, kept for next time (hashed: immutable). */
async function fromShell(path: string, request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(path);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(path, response.clone());
  return response;
}

/** Keeps the shell files a page loaded before this worker controlled it (the HTTP cache has them). */
async function keepLoaded(paths: readonly unknown[]) {
  const cache = await caches.open(CACHE);
  for (const path of paths) {
    if (typeof path !== 'string' || !KEPT.has(path) || (await cache.match(path))) continue;
    await cache.add(path).catch(() => undefined);
  }
}

/** A page load: the network's answer while it comes, the kept index.html otherwise. */
async function navigation(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    // A proxy in front of a server that is down answers for it: the kept shell is better.
    if (response.status < 502 || response.status > 504) return response;
    return (await (await caches.open(CACHE)).match(INDEX)) ?? response;
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(INDEX);
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener('install', (event) => {
  // Waits to take over until no page of the previous build is open (no skipWaiting): a page
  // mid-exam goes on with the files it started with.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL.precache)));
});

worker.addEventListener('activate', (event) => {
  // The first worker takes the open pages at once so that what they load next is kept; a later
  // one activates only when no page of the old build is left, so this takes no page mid-exam.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

/** register-shell.ts: { keep: [paths] }, the shell files the page loaded already. */
worker.addEventListener('message', (event) => {
  const { data } = event;
  if (typeof data === 'object' && data !== null && 'keep' in data && Array.isArray(data.keep)) {
    event.waitUntil(keepLoaded(data.keep));
  }
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (KEPT.has(url.pathname)) event.respondWith(fromShell(url.pathname, request));
});

export {};

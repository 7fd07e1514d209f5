import { SESSION_MARKER_COOKIE, TOKEN_COOKIE, UserType } from '@kaoshi/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, invalid, noSession } from '../errors.js';
import { hasAnyPermission, type AuthContext } from '../lib/auth-context.js';

/**
 * What a route needs: nothing, a session, or a session whose user holds one of the keys
 * (and, where named, a role). Every route declares one; an undeclared route is refused.
 */
export type Access = 'public' | 'session' | { permission: readonly string[]; role?: string };

export const needs = (...keys: string[]): Access => ({ permission: keys });

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's schema (zod: params, querystring, body), for tests that walk the inputs. */
  schema: RouteOptions['schema'];
}

/** The Sec-Fetch-Dest values of a browser's own loads (anything but a script's fetch, 'empty'). */
export type BrowserLoad =
  'document' | 'image' | 'audio' | 'video' | 'track' | 'script' | 'style' | 'font';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Loads a browser may make of this route besides a script's fetch (see refuseBrowserLoad). */
    browserLoads?: readonly BrowserLoad[];
    /** A GET that changes data (docs/spec.md §7's logout and reSetPass): never opened as a document. */
    changesData?: true;
    /** Open to a student who has not yet changed their initial password (see below). */
    beforePasswordChange?: true;
    /** Runs in the control lane (db/control-lane.ts): a pause or resume never queues behind saves. */
    controlLane?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route with the access it declared; read after `ready()`. */
    listRouteAccess(): RouteAccessEntry[];
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TOKEN_COOKIE] || undefined;
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
) {
  const secure = request.protocol === 'https';
  reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires,
  });
  // Readable by the web app's route guard; it proves nothing by itself.
  reply.setCookie(SESSION_MARKER_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    expires,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
}

/**
 * For routes that third-party plugins register (web assets, API docs): call inside the
 * plugin's own context so they are declared public rather than left undeclared.
 */
export function markRoutesPublic(app: FastifyInstance, browserLoads?: readonly BrowserLoad[]) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public', ...(browserLoads && { browserLoads }) };
  });
}

/** The signed-in user of a route declared 'session' or with a permission. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw noSession();
  return request.auth;
}

/**
 * Body types a page of another site can send with a plain <form> (no CORS preflight): a route
 * takes one only if its schema lists it in `consumes` (the spec's form posts, uploads, imports).
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The Origin header names this very server (host and port; URL drops a default port). */
export function isOwnOrigin(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    // The scheme is left out: behind a TLS proxy that is not trusted it is not known here.
    return new URL(`${from.protocol}//${host}`).host === from.host;
  } catch {
    // 'null' (sandboxed frames, some redirects) and anything unreadable.
    return false;
  }
}

/**
 * Browsers say where a request comes from. Refuse what another site started: Sec-Fetch-Site
 * when sent, and Origin when sent (older browsers send only that). The host compared with is
 * the Host header, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY) only.
 */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw forbidden('crossSiteRefused');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request.host)) {
    throw forbidden('crossSiteRefused');
  }
}

/**
 * The API answers only what a script asked for. A browser says what a request will become in
 * Sec-Fetch-Dest: 'empty' for fetch/XHR, 'image', 'video', 'document'… for what a page's markup or
 * a navigation loads. Markup on our own origin (rich text, a link) is same-origin, so the
 * cross-site check lets it through: an <img src="/api/…/reSetPass/1"> would reset a password in
 * the browser of whoever views it. So under /api/ any other destination is refused, except what a
 * route declares (the file route's images and media, the captcha image, the API docs page) and a
 * GET opened as a document (a download the user opens) on a route that changes nothing.
 * No header (API clients, older browsers) is a script's call.
 */
function refuseBrowserLoad(request: FastifyRequest) {
  const dest = request.headers['sec-fetch-dest'];
  if (dest === undefined || dest === 'empty') return;
  const underApi =
    request.url.startsWith('/api/') || request.routeOptions.url?.startsWith('/api/') === true;
  if (!underApi) return;
  const config: FastifyContextConfig = request.is404 ? {} : request.routeOptions.config;
  if ((config.browserLoads as readonly string[] | undefined)?.includes(dest)) return;
  if (dest === 'document' && request.method === 'GET' && !request.is404 && !config.changesData) {
    return;
  }
  throw forbidden('browserLoadRefused', { dest: dest.slice(0, 40) });
}

/** A form body on a JSON call: refused before it is parsed (see FORM_TYPES). */
function refuseUndeclaredForm(request: FastifyRequest) {
  if (SAFE_METHODS.includes(request.method)) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return;
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes(type)) {
    throw invalid('body', 'formBodyRefused', { type });
  }
}

/** What the guard needs of the auth module: a token's session (the module passes its service). */
interface SessionResolver {
  resolveSession(token: string): Promise<AuthContext | null>;
}

export default fp(async function accessPlugin(
  app: FastifyInstance,
  opts: { auth: SessionResolver },
) {
  app.decorateRequest('auth', null);
  // Kept by reference: a later onRoute hook (markPublic) may still set the route's access.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('listRouteAccess', () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
      })),
    ),
  );

  // Before any other check: a load the API never answers needs no session lookup.
  app.addHook('onRequest', async (request) => {
    refuseBrowserLoad(request);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === undefined) throw forbidden('routeWithoutAccess');
    // Public reads (captcha, health, the web app) may come from anywhere.
    if (access === 'public' && SAFE_METHODS.includes(request.method)) return;
    // Signed-in calls, GETs included (some spec calls change data with GET, which SameSite=Lax
    // cookies do not protect), and public writes: a cross-site doLogin signs the victim's browser
    // into the attacker's account (login CSRF).
    refuseCrossSite(request);
    refuseUndeclaredForm(request);
    if (access === 'public') return;

    const token = readToken(request);
    const auth = token ? await opts.auth.resolveSession(token) : null;
    if (!auth) {
      if (token) clearSessionCookies(reply);
      throw noSession();
    }
    request.auth = auth;
    if (auth.renewedUntil && token && token === request.cookies[TOKEN_COOKIE]) {
      setSessionCookies(request, reply, token, auth.renewedUntil);
    }
    // A student's initial password is printed (ticket, export) and may be handed around: until
    // they choose their own, the session only reads who they are, signs out or changes it.
    if (
      auth.user.user_type === UserType.STUDENT &&
      auth.user.password_is_default === 1 &&
      !request.routeOptions.config.beforePasswordChange
    ) {
      throw forbidden('changeInitialPasswordFirst');
    }
    if (access === 'session') return;
    if (!hasAnyPermission(auth, access.permission)) {
      throw forbidden('permissionDeniedNeeds', { keys: access.permission.join(' | ') });
    }
    if (access.role && !auth.superAdmin && !auth.roleKeys.includes(access.role)) {
      throw forbidden('permissionDeniedNeedsRole', { role: access.role });
    }
  });

  // What a signed-in user reads (and doLogin's token) stays out of shared and browser caches;
  // a route that sets its own caching (uploaded files, named by a random id) keeps it.
  app.addHook('onSend', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public' && SAFE_METHODS.includes(request.method)) return;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});

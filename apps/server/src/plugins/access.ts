import { SESSION_MARKER_COOKIE, TOKEN_COOKIE } from '@kaoshi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, noSession } from '../errors.js';
import {
  hasAnyPermission,
  type AuthContext,
  type AuthService,
} from '../modules/auth/auth.service.js';

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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
export function markRoutesPublic(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}

/** The signed-in user of a route declared 'session' or with a permission. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw noSession();
  return request.auth;
}

export default fp(async function accessPlugin(app: FastifyInstance, opts: { auth: AuthService }) {
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
      })),
    ),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) throw forbidden('routeWithoutAccess');
    // Browsers say where a request comes from; refuse signed-in calls started by another site
    // (some spec calls change data with GET, which SameSite=Lax cookies do not protect).
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw forbidden('crossSiteRefused');
    }

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
    if (access === 'session') return;
    if (!hasAnyPermission(auth, access.permission)) {
      throw forbidden('permissionDeniedNeeds', { keys: access.permission.join(' | ') });
    }
    if (access.role && !auth.superAdmin && !auth.roleKeys.includes(access.role)) {
      throw forbidden('permissionDeniedNeedsRole', { role: access.role });
    }
  });
});

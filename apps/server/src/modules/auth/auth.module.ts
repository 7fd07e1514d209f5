import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes.js';
import type { AuthService } from './auth.service.js';

/**
 * Sign-in, sessions and the signed-in user. The service is made by the app, since the access
 * plugin resolves every request's session with it too.
 */
export async function authModule(app: FastifyInstance, opts: { auth: AuthService }) {
  await app.register(authRoutes, { auth: opts.auth });
}

import type { FastifyInstance } from 'fastify';
import type { Db, Dialect } from '../../db/database.js';
import type { RedisLink } from '../../realtime.js';
import { healthRoutes } from './health.routes.js';

/** Readiness and liveness, for load balancers and the operator. */
export async function healthModule(
  app: FastifyInstance,
  opts: { db: Db; dialect: Dialect; redis?: RedisLink },
) {
  await app.register(healthRoutes, opts);
}

import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Db, type Dialect } from '../../db/database.js';
import { ok } from '../../errors.js';
import { pingRedis, type RedisLink } from '../../realtime.js';

export async function healthRoutes(
  app: FastifyInstance,
  opts: { db: Db; dialect: Dialect; redis?: RedisLink },
) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: answers once the database (and Redis, when used) does',
      },
    },
    async () => {
      await Promise.all([pingDatabase(opts.db), pingRedis(opts.redis)]);
      return ok({
        database: opts.dialect,
        redis: opts.redis !== undefined,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness: the process answers (no work)' },
    },
    async () => ok(null),
  );
}

import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Db, type Dialect } from '../../db/database.js';
import { ok } from '../../errors.js';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db; dialect: Dialect }) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Readiness: answers once the database does' },
    },
    async () => {
      await pingDatabase(opts.db);
      return ok({ database: opts.dialect, uptimeSeconds: Math.round(process.uptime()) });
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

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { CertificationAnalysisService } from './certification-analysis.service.js';
import { certificationResultRoutes } from './certification-results.routes.js';
import { CertificationResultsService } from './certification-results.service.js';
import { schemeRoutes } from './scheme.routes.js';
import { SchemeService } from './scheme.service.js';

/**
 * Skills certification (docs/features/skills.md): certification schemes per job type and level,
 * the components' final results, and certificates that need every required component.
 */
export async function certificationModule(
  app: FastifyInstance,
  opts: { db: Db; postgres: boolean },
) {
  await app.register(schemeRoutes, { schemes: new SchemeService(opts.db, opts.postgres) });
  const results = new CertificationResultsService(opts.db);
  await app.register(certificationResultRoutes, {
    results,
    analysis: new CertificationAnalysisService(results, opts.db),
  });
}

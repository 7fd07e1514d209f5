import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { certificateRoutes } from './certificate.routes.js';
import { CertificateService } from './certificate.service.js';

/**
 * Verifiable certificates (docs/features/analysis.md): issued on release (certificate.issue.ts, called by the
 * marking module's release), listed, printed, revoked, and checked in public.
 */
export async function certificateModule(app: FastifyInstance, opts: { db: Db; config: Config }) {
  await app.register(certificateRoutes, {
    certificates: new CertificateService(opts.db, opts.config),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';

/**
 * Skills certification (docs/features/skills.md): certification schemes per job type and level,
 * the components' final results, and certificates that need every required component.
 */
export async function certificationModule(_app: FastifyInstance, _opts: { db: Db }) {
  // Routes are registered here as each part is built.
}

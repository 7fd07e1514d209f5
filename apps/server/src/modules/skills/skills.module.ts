import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker.
 */
export async function skillsModule(_app: FastifyInstance, _opts: { db: Db }) {
  // Routes are registered here as each part is built.
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { CheckService, type SkillsFinal } from './check.service.js';
import { checkRoutes, scoringRoutes } from './scoring.routes.js';
import { ScoringService } from './scoring.service.js';

/**
 * TODO(skills-final): certification (issue 26 §4) must pass its SkillsFinal (writing the
 * component result, cert_results) here; until it does a checked score becomes final without a
 * certification result. Not acceptable in the final product.
 */
const SKILLS_FINAL_NOT_WIRED: SkillsFinal = { skillsFinal: async () => {} };

/**
 * The skills operation assessment (docs/features/skills.md): scoring sheets and their versions,
 * assessments and their candidates, the examiners' sheets, the chief examiner and the checker.
 * `final` is the moment a checked skills score becomes final (certification writes its result).
 */
export async function skillsModule(app: FastifyInstance, opts: { db: Db; final?: SkillsFinal }) {
  const { db } = opts;
  await app.register(scoringRoutes, { scoring: new ScoringService(db) });
  await app.register(checkRoutes, {
    check: new CheckService(db, opts.final ?? SKILLS_FINAL_NOT_WIRED),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import { KnowledgeService, type KnowledgeUsageCheck } from './knowledge.service.js';
import { StudentExportService } from './student-export.service.js';
import { studentImportRoutes } from './student-import.routes.js';
import { StudentImportService } from './student-import.service.js';
import { studentRoutes } from './student.routes.js';
import { StudentService, type StudentUsageCheck } from './student.service.js';

/**
 * Base data: courses and appraisal points, students with their import and export.
 * `knowledgeUsers` are the other modules' checks that keep a course or point in use from
 * being deleted (questions now, paper blueprints later); `studentUsers` keep a student (exams).
 */
export async function baseModule(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: Config;
    knowledgeUsers: readonly KnowledgeUsageCheck[];
    studentUsers: readonly StudentUsageCheck[];
  },
) {
  const { db, config } = opts;
  await app.register(knowledgeRoutes, {
    knowledge: new KnowledgeService(db, opts.knowledgeUsers),
  });
  await app.register(studentRoutes, {
    students: new StudentService(db, config, opts.studentUsers),
  });
  await app.register(studentImportRoutes, {
    imports: new StudentImportService(db, config),
    exports: new StudentExportService(db),
  });
}

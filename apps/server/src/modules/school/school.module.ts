import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { classesRoutes } from './classes.routes.js';
import { ClassesService, type ClassUsageCheck } from './classes.service.js';
import { departmentRoutes } from './department.routes.js';
import { DepartmentService } from './department.service.js';
import { schoolRoutes } from './school.routes.js';
import { SchoolService } from './school.service.js';
import { subjectRoutes } from './subject.routes.js';
import { SubjectService } from './subject.service.js';

/**
 * Exam structure: projects, job-type categories, job types, registration batches. `classUsers`
 * are the other modules' checks that keep a batch in use from being deleted (exams).
 */
export async function schoolModule(
  app: FastifyInstance,
  opts: { db: Db; classUsers: readonly ClassUsageCheck[] },
) {
  const { db } = opts;
  await app.register(schoolRoutes, { schools: new SchoolService(db) });
  await app.register(departmentRoutes, { departments: new DepartmentService(db) });
  await app.register(subjectRoutes, { subjects: new SubjectService(db) });
  await app.register(classesRoutes, { classes: new ClassesService(db, opts.classUsers) });
}

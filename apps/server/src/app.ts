import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { knowledgeRoutes } from './modules/base/knowledge.routes.js';
import { KnowledgeService } from './modules/base/knowledge.service.js';
import { studentImportRoutes } from './modules/base/student-import.routes.js';
import { StudentImportService } from './modules/base/student-import.service.js';
import { studentRoutes } from './modules/base/student.routes.js';
import { StudentService } from './modules/base/student.service.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { questionImportRoutes } from './modules/question/question-import.routes.js';
import { QuestionImportService } from './modules/question/question-import.service.js';
import { questionRoutes } from './modules/question/question.routes.js';
import { QuestionService, questionsUseKnowledge } from './modules/question/question.service.js';
import { classesRoutes } from './modules/school/classes.routes.js';
import { ClassesService } from './modules/school/classes.service.js';
import { departmentRoutes } from './modules/school/department.routes.js';
import { DepartmentService } from './modules/school/department.service.js';
import { schoolRoutes } from './modules/school/school.routes.js';
import { SchoolService } from './modules/school/school.service.js';
import { subjectRoutes } from './modules/school/subject.routes.js';
import { SubjectService } from './modules/school/subject.service.js';
import { permissionRoutes } from './modules/system/permission.routes.js';
import { PermissionService } from './modules/system/permission.service.js';
import { roleRoutes } from './modules/system/role.routes.js';
import { RoleService } from './modules/system/role.service.js';
import { userRoutes } from './modules/system/user.routes.js';
import { UserService } from './modules/system/user.service.js';
import accessPlugin from './plugins/access.js';
import docsPlugin from './plugins/docs.js';
import envelopePlugin, { validatorCompiler } from './plugins/envelope.js';
import webPlugin from './plugins/web.js';

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole server, ready to `listen` or to `inject` (tests). It owns `database` from here on. */
export async function buildApp(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    // genReqId reads x-request-id itself, so a hostile value never reaches the logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A HEAD twin of a GET would run its handler too, and some spec GETs change data (reSetPass).
    exposeHeadRoutes: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { db, dialect } = database;
  const auth = new AuthService(db, config);

  await app.register(envelopePlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        // Self-hosted servers often run on plain http in a LAN; don't force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    // Only meaningful behind HTTPS; harmless otherwise.
    strictTransportSecurity: config.trustProxy,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 1024 * 1024 });
  await app.register(fastifyRateLimit, { global: false });
  // First of the route-adding plugins: it records and guards every route registered after it.
  await app.register(accessPlugin, { auth });
  await app.register(docsPlugin);

  await app.register(healthRoutes, { db, dialect });
  await app.register(authRoutes, { auth });
  await app.register(userRoutes, { users: new UserService(db, config) });
  await app.register(roleRoutes, { roles: new RoleService(db) });
  await app.register(permissionRoutes, { permissions: new PermissionService(db) });
  await app.register(schoolRoutes, { schools: new SchoolService(db) });
  await app.register(departmentRoutes, { departments: new DepartmentService(db) });
  await app.register(subjectRoutes, { subjects: new SubjectService(db) });
  await app.register(classesRoutes, { classes: new ClassesService(db) });
  await app.register(knowledgeRoutes, {
    knowledge: new KnowledgeService(db, [questionsUseKnowledge]),
  });
  await app.register(studentRoutes, { students: new StudentService(db, config) });
  await app.register(studentImportRoutes, { imports: new StudentImportService(db, config), db });
  const files = new FilesService(db, {
    dataDir: config.dataDir,
    allowPrivateFetch: config.uploadAllowPrivateFetch,
  });
  await app.register(filesRoutes, { files });
  await app.register(questionRoutes, { questions: new QuestionService(db) });
  await app.register(questionImportRoutes, { imports: new QuestionImportService(db), db });

  await app.register(webPlugin, { webDist: config.webDist });

  const timer = setInterval(() => {
    auth
      .housekeeping()
      .catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await db.destroy();
  });
  return app;
}

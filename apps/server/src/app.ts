import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { accommodationModule } from './modules/accommodation/accommodation.module.js';
import { attemptModule, openAttemptOf } from './modules/attempt/attempt.module.js';
import { DeadlineNews } from './modules/attempt/deadlines.js';
import { authModule } from './modules/auth/auth.module.js';
import { AuthService } from './modules/auth/auth.service.js';
import { baseModule } from './modules/base/base.module.js';
import { filesModule } from './modules/files/files.module.js';
import { healthModule } from './modules/health/health.module.js';
import { markingModule } from './modules/marking/marking.module.js';
import { analysisModule } from './modules/analysis/analysis.module.js';
import { certificateModule } from './modules/certificate/certificate.module.js';
import { certificationModule } from './modules/certification/certification.module.js';
import { SkillsComponentResults } from './modules/certification/component-results.js';
import { examModule, examsUseClass, examsUseStudent } from './modules/exam/exam.module.js';
import { paperModule } from './modules/paper/paper.module.js';
import { ProctorHub } from './modules/proctor/proctor-hub.js';
import { proctorModule } from './modules/proctor/proctor.module.js';
import {
  invigilationModule,
  invigilationSocket,
} from './modules/invigilation/invigilation.module.js';
import { irregularityModule } from './modules/irregularity/irregularity.module.js';
import { draftPapers } from './modules/paper/paper.service.js';
import { questionModule } from './modules/question/question.module.js';
import { questionsUseKnowledge } from './modules/question/question.service.js';
import { schoolModule } from './modules/school/school.module.js';
import { scoringSocket } from './modules/skills/scoring.socket.js';
import { skillsModule } from './modules/skills/skills.module.js';
import { systemModule } from './modules/system/system.module.js';
import { venueModule } from './modules/venue/venue.module.js';
import accessPlugin from './plugins/access.js';
import docsPlugin from './plugins/docs.js';
import envelopePlugin, { frameworkErrorEnvelope, validatorCompiler } from './plugins/envelope.js';
import webPlugin from './plugins/web.js';
import { standardOutput } from './lib/log-output.js';
import { News } from './lib/news.js';
import { inControlLane } from './db/control-lane.js';
import { closeRedis, openRedis, processPeers } from './realtime.js';
import wellFormedTextPlugin from './plugins/well-formed-text.js';

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole server, ready to `listen` or to `inject` (tests). It owns `database` from here on. */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  /**
   * `clock`: tests, the clock an exam page's absences are measured on. `clusterWorker`: one of
   * the WORKERS processes of this machine (cluster/primary.ts), its sockets' fan-out over IPC.
   */
  { clock, clusterWorker = false }: { clock?: Clock; clusterWorker?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: standardOutput,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // Only the listed proxies: otherwise a client could name its own address and protocol.
    trustProxy: config.trustProxy,
    // genReqId reads x-request-id itself, so a hostile value never reaches the logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorEnvelope,
    // A HEAD twin of a GET would run its handler too, and some spec GETs change data (reSetPass).
    exposeHeadRoutes: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before the session lookup (access plugin): a control route's whole request runs in the lane.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.controlLane) inControlLane(done);
    else done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { db, dialect } = database;
  const auth = new AuthService(db, config, openAttemptOf(db));

  await app.register(envelopePlugin);
  await app.register(wellFormedTextPlugin);
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
    strictTransportSecurity: config.trustProxy !== false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 1024 * 1024 });
  await app.register(fastifyRateLimit, { global: false });
  // First of the route-adding plugins: it records and guards every route registered after it.
  await app.register(accessPlugin, { auth });
  await app.register(docsPlugin);

  // Each module registers its own routes; what one needs from another is passed here.
  // Several machines (REDIS_URL): the realtime channel's fan-out. The start stops if it is down.
  const redis = await openRedis(config);
  for (const client of redis ? [redis.publisher, redis.subscriber] : []) {
    // ioredis reconnects by itself; until it has, readiness says so (GET /api/health).
    client.on('error', (error: unknown) => app.log.warn({ err: error }, 'Redis connection'));
  }
  await app.register(healthModule, { db, dialect, redis });
  await app.register(authModule, { auth });
  await app.register(systemModule, { db, config });
  await app.register(schoolModule, { db, classUsers: [examsUseClass] });
  await app.register(baseModule, {
    db,
    config,
    knowledgeUsers: [questionsUseKnowledge],
    studentUsers: [examsUseStudent],
  });
  await app.register(filesModule, { db, config });
  // A QTI test imported with its questions becomes a draft paper through the paper module.
  await app.register(questionModule, { db, config, draftPapers });
  await app.register(paperModule, { db, config });
  // Publishing moves deadlines (closing later, extra time); the exam pages hear of it.
  const deadlineNews = new DeadlineNews();
  await app.register(examModule, { db, config, deadlineNews });
  await app.register(venueModule, { db, config });
  // The proctor's view hears what the exam channel sees.
  const proctorHub = new ProctorHub(db);
  await app.register(attemptModule, {
    db,
    config,
    auth,
    deadlineNews,
    watcher: proctorHub,
    peers: processPeers(redis, clusterWorker),
    clock,
    // The examiner's sheet saves over the same channel as exam answers.
    socketUses: [scoringSocket(db), invigilationSocket],
  });
  await app.register(proctorModule, { db, config, deadlineNews, hub: proctorHub });
  await app.register(invigilationModule, { db, hub: proctorHub });
  // Irregularities end and reopen attempts through the same hub.
  await app.register(irregularityModule, { db, config, deadlineNews, hub: proctorHub });
  // Accommodations' extra time re-times running attempts as the proctor's does.
  await app.register(accommodationModule, { db, deadlineNews });
  // Released scores: score analysis works out its figures at once.
  const released = new News<number>();
  await app.register(markingModule, { db, released });
  await app.register(analysisModule, { db, released });
  await app.register(certificateModule, { db, config });
  await app.register(certificationModule, { db, postgres: dialect === 'postgres' });
  // The checker's signature makes a skills score final: certification records the component.
  await app.register(skillsModule, { db, config, final: new SkillsComponentResults() });

  await app.register(webPlugin, { webDist: config.webDist });

  const timer = setInterval(() => {
    auth
      .housekeeping()
      .catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await closeRedis(redis);
    await db.destroy();
  });
  return app;
}

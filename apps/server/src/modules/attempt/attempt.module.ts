import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { nowIso, type Db } from '../../db/database.js';
import type { AuthService } from '../auth/auth.service.js';
import { hasOpenAttempt } from './attempt-start.repository.js';
import { attemptRoutes } from './attempt.routes.js';
import { AttemptService, LEAVE_SWEEP_PAGE } from './attempt.service.js';
import { attachAttemptSocket, type AttemptWatcher } from './attempt.socket.js';
import type { DeadlineNews } from './deadlines.js';
import type { ChannelUse, ProcessPeers } from '../../realtime.js';

/**
 * Whether a user has an attempt running now, for the auth service's session (socketOpen). A
 * question auth asks, not news: passed to it at construction, so neither module sets the other's
 * fields and auth answers alike before the attempt module has registered.
 */
export const openAttemptOf = (db: Db) => (userId: number) => hasOpenAttempt(db, userId, nowIso());

/** How often the scheduler looks for attempts past their deadline. */
export const FINALIZE_EVERY_MS = 1000;

/**
 * Taking exams (docs/features/taking-an-exam.md): the HTTP calls, the socket channel, and the scheduler that finalizes
 * every attempt past its deadline with no client needed (at start-up too, for what fell due
 * while the server was down).
 */
export async function attemptModule(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: Config;
    auth: AuthService;
    deadlineNews: DeadlineNews;
    /** The proctor's view (docs/features/proctoring.md), told what happens on the channel. */
    watcher?: AttemptWatcher;
    /** Several processes share the channel: through Redis (REDIS_URL) or the cluster (WORKERS). */
    peers?: ProcessPeers;
    /** The clock leaves are measured on (tests move it on). */
    clock?: Clock;
    /** Other modules' events on the exam's socket channel (the examiner's sheet). */
    socketUses?: readonly ChannelUse[];
  },
) {
  const attempts = new AttemptService(
    opts.db,
    opts.config.database.kind === 'postgres',
    { graceMs: opts.config.leaveGraceMs, clock: opts.clock ?? systemClock },
    opts.config.compensatoryLimitMs,
  );
  await app.register(attemptRoutes, { attempts });
  attachAttemptSocket(app, {
    attempts,
    auth: opts.auth,
    config: opts.config,
    deadlineNews: opts.deadlineNews,
    watcher: opts.watcher,
    peers: opts.peers,
    uses: opts.socketUses,
  });

  let running: Promise<void> | null = null;
  const finalizeDue = () => {
    running ??= (async () => {
      try {
        // Rest breaks that ran out end first: their deadline moves before finalizing looks.
        await attempts.breaks.endOverrun();
        // A full page means more may be due: go on until a page comes back short.
        while ((await attempts.finalizeDue()) === 200);
        // Absences past the grace with the page still away: one leave each.
        while ((await attempts.countLeavesDue()) === LEAVE_SWEEP_PAGE);
      } catch (error) {
        app.log.warn({ err: error }, 'finalizing attempts past their deadline failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void finalizeDue();
    timer = setInterval(() => void finalizeDue(), FINALIZE_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

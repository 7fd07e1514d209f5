import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import {
  ApiStatus,
  Perm,
  SOCKET_PATH,
  SocketEvent,
  TOKEN_COOKIE,
  answerSaveSchema,
  languageOf,
  logEventBody,
  type BreakAllowance,
  type PauseMessage,
  type Receipt,
  type ResumeMessage,
  type TimeMessage,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { isOwnOrigin } from '../../plugins/access.js';
import { parsePayload } from '../../plugins/envelope.js';
import {
  acknowledging,
  createSocketServer,
  type ChannelData,
  type ChannelUse,
  type ProcessPeers,
} from '../../realtime.js';
import { sessionsEnded } from '../../lib/session.repository.js';
import { hasAnyPermission } from '../../lib/auth-context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AttemptRow } from './attempt.repository.js';
import type { AttemptService } from './attempt.service.js';
import type { DeadlineChange, DeadlineNews } from './deadlines.js';

const attemptIdPayload = z.object({ attemptId: z.number().int().positive() });
/**
 * `present`: the page is in view (false: it reconnected hidden behind another window).
 * `liveToken`: a reconnecting page presents the live token it holds, and keeps it (docs/operations/security.md).
 */
const joinPayload = attemptIdPayload.extend({
  present: z.boolean().default(true),
  liveToken: z.string().max(64).optional(),
});
const savePayload = answerSaveSchema.extend({ attemptId: z.number().int().positive() });

export interface SocketData extends ChannelData {
  /** The attempts this connection holds. */
  joined: Map<number, AttemptRow>;
}
export type ExamSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type ExamIo = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/** What the channel offers a watcher: the socket server and who holds each attempt now. */
export interface AttemptChannel {
  io: ExamIo;
  attempts: AttemptService;
  /** Held by a connection of this process. */
  isLive(attemptId: number): boolean;
  /** Which of these attempts a connection holds, on any process of the deployment. */
  liveAmong(attemptIds: readonly number[]): Promise<Set<number>>;
  /** Several processes share the channel (Redis or the cluster): their server-side events reach each other. */
  severalProcesses: boolean;
}

/**
 * Told what happens on the channel (the proctor's view, docs/features/proctoring.md). `watches` is asked first so
 * that an exam nobody watches costs one lookup; every call runs after the acknowledgement.
 */
export interface AttemptWatcher {
  attach(channel: AttemptChannel): void;
  watches(examId: number): boolean;
  joined(row: AttemptRow, ip: string): void;
  left(row: AttemptRow): void;
  /** A save stored; `answeredCount`: the attempt's items holding an answer after it. */
  saved(row: AttemptRow, answeredCount: number): void;
  event(row: AttemptRow, type: string, ip: string, detail?: object): void;
  finalized(examId: number, attemptId: number, receipt: Receipt): void;
  /** A candidate's start was locked after too many wrong access codes (no attempt yet). */
  accessLocked(examId: number, studentId: number): void;
  /** A rest break began or ended (onBreak false): the row's breaks and, at its end, deadline. */
  breakChanged(
    examId: number,
    attemptId: number,
    studentId: number,
    change: { breaks: BreakAllowance; onBreak: boolean; deadline: string },
  ): void;
}

const ROOM_PREFIX = 'attempt:';
const room = (attemptId: number) => `${ROOM_PREFIX}${attemptId}`;
/** Every connection of a session, on whichever process: its end cuts them all. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Between the processes of a deployment (Redis or the cluster): a connection elsewhere took an attempt. */
const PEER_TAKEN = 'attempt:taken';
/** Between the processes of a deployment: deadlines moved (extra time, a later close). */
const PEER_DEADLINES = 'attempt:deadlines';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The exam page's realtime channel (DESIGN.md "An acknowledged answer is never lost"): socket.io
 * on /api/socket.io, the session cookie checked at the handshake, one live connection per
 * attempt. Every acknowledgement is sent after the write it reports has committed.
 */
export function attachAttemptSocket(
  app: FastifyInstance,
  opts: {
    attempts: AttemptService;
    auth: AuthService;
    config: Config;
    deadlineNews: DeadlineNews;
    watcher?: AttemptWatcher;
    /** Several processes (REDIS_URL or WORKERS): rooms and the messages below reach all of them. */
    peers?: ProcessPeers;
    /** Other modules' events on this channel (the examiner's sheet), and whom they admit. */
    uses?: readonly ChannelUse[];
  },
) {
  const { attempts, auth, config, watcher } = opts;
  const uses = opts.uses ?? [];
  /** Candidates, proctors (their room is checked when they join it), and the other uses'. */
  const admitted = [Perm.STUDENT_EXAM, Perm.PUBLISH, ...uses.flatMap((use) => use.admits)];
  /** Runs `tell` after the current acknowledgement has gone, when someone watches the exam. */
  const tellWatcher = (examId: number, tell: (watcher: AttemptWatcher) => void) => {
    if (watcher?.watches(examId)) setImmediate(() => tell(watcher));
  };
  const trusted = config.trustProxy === false ? () => false : proxyAddr.compile(config.trustProxy);
  const io: ExamIo = createSocketServer(
    app,
    {
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      serveClient: false,
      // A page of another site may not open a socket with this site's cookie.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin === undefined || isOwnOrigin(origin, request.headers.host ?? ''));
      },
    },
    opts.peers,
  );
  /**
   * Tells the deployment's other processes (Redis or the cluster): a takeover or a deadline another process
   * must apply to the connections it holds. One process alone has no one to tell.
   */
  const tellOthers = <T>(event: string, message: T) => {
    if (opts.peers) io.serverSideEmit(event, message);
  };
  /** Which connection of this process holds each attempt (other processes hold others). */
  const live = new Map<number, ExamSocket>();

  io.use((socket: ExamSocket, next) => {
    const token = cookieValue(socket.request.headers.cookie, TOKEN_COOKIE);
    // The page's own language comes in the handshake's auth (a browser cannot set headers on
    // a WebSocket, and its Accept-Language is the browser's, not the one the candidate chose).
    const chosen: unknown = socket.handshake.auth.language;
    const language = languageOf(
      typeof chosen === 'string' ? chosen : socket.request.headers['accept-language'],
    );
    const refuse = (error: AppError) =>
      next(Object.assign(new Error(error.render(language)), { data: { code: error.status } }));
    if (!token) return refuse(new AppError(ApiStatus.NO_SESSION, 'noSession'));
    auth
      .resolveSession(token)
      .then((context) => {
        if (!context) return refuse(new AppError(ApiStatus.NO_SESSION, 'noSession'));
        if (!hasAnyPermission(context, admitted)) {
          return refuse(new AppError(ApiStatus.FORBIDDEN, 'permissionDenied'));
        }
        socket.data = {
          auth: context,
          ip: proxyAddr(socket.request as IncomingMessage, trusted),
          language,
          joined: new Map(),
        };
        next();
      })
      .catch(next);
  });

  const tellBreak = (
    news: {
      examId: number;
      attemptId: number;
      studentId: number;
      deadline: string;
      breaks?: BreakAllowance;
    },
    onBreak: boolean,
  ) =>
    tellWatcher(news.examId, (w) =>
      w.breakChanged(news.examId, news.attemptId, news.studentId, {
        breaks: news.breaks!,
        onBreak,
        deadline: news.deadline,
      }),
    );
  attempts.news.subscribe((news) => {
    switch (news.kind) {
      case 'saved':
        return tellWatcher(news.row.exam_id, (w) => w.saved(news.row, news.answeredCount));
      case 'logged':
        return tellWatcher(news.row.exam_id, (w) =>
          w.event(news.row, news.type, news.ip, news.detail),
        );
      case 'accessLocked':
        return tellWatcher(news.examId, (w) => w.accessLocked(news.examId, news.studentId));
      case 'finalized':
        io.to(room(news.attemptId)).emit(SocketEvent.FINALIZED, news.receipt);
        return tellWatcher(news.examId, (w) =>
          w.finalized(news.examId, news.attemptId, news.receipt),
        );
      // A proctor paused or resumed the attempt: its page hears it at once, on whichever
      // process holds it (the room's emit goes through the adapter).
      case 'paused': {
        const message: PauseMessage = {
          since: news.since,
          reason: news.reason,
          deadline: news.deadline,
          remainingMs: Math.max(0, Date.parse(news.deadline) - Date.parse(news.since)),
          ...(news.breakUntil === undefined ? {} : { breakUntil: news.breakUntil }),
        };
        io.to(room(news.attemptId)).emit(SocketEvent.PAUSED, message);
        // A proctor's pause tells the proctors itself (recorded-pausing.ts); a break is the page's.
        if (news.breaks) tellBreak(news, true);
        return;
      }
      case 'resumed': {
        // The deadline the save acks count down from, here and on the other processes.
        const moved = [
          { attemptId: news.attemptId, deadline: news.deadline, previous: news.previous },
        ];
        applyDeadlines(moved);
        tellOthers(PEER_DEADLINES, moved);
        const message: ResumeMessage = {
          deadline: news.deadline,
          remainingMs: Math.max(0, Date.parse(news.deadline) - Date.now()),
          pausedMs: news.pausedMs,
          givenBackMs: news.givenBackMs,
        };
        io.to(room(news.attemptId)).emit(SocketEvent.RESUMED, message);
        if (news.breaks) tellBreak(news, false);
        return;
      }
    }
  });
  const isLive = (attemptId: number) => live.get(attemptId)?.connected === true;
  /** With several processes, one request to all of them: the sockets in these attempts' rooms. */
  const liveAmong = async (attemptIds: readonly number[]) => {
    if (!opts.peers || attemptIds.length === 0) return new Set(attemptIds.filter(isLive));
    const wanted = new Set(attemptIds);
    const found = new Set<number>();
    for (const socket of await io.in(attemptIds.map(room)).fetchSockets()) {
      for (const name of socket.rooms) {
        const attemptId = name.startsWith(ROOM_PREFIX) ? Number(name.slice(ROOM_PREFIX.length)) : 0;
        if (wanted.has(attemptId)) found.add(attemptId);
      }
    }
    return found;
  };
  watcher?.attach({ io, attempts, isLive, liveAmong, severalProcesses: opts.peers !== undefined });
  attempts.heldLive = async (attemptId) => (await liveAmong([attemptId])).has(attemptId);

  /** The deadline the save path checks, on the connection holding the attempt here. */
  const applyDeadlines = (changes: DeadlineChange[]) => {
    for (const { attemptId, deadline } of changes) {
      const row = live.get(attemptId)?.data.joined.get(attemptId);
      if (row) row.deadline = deadline;
    }
  };
  // Extra time or a later close: the page's clock changes at once (the room's emit reaches the
  // page on whichever process holds it; that process's copy of the deadline changes too).
  opts.deadlineNews.subscribe((changes) => {
    applyDeadlines(changes);
    tellOthers(PEER_DEADLINES, changes);
    for (const { attemptId, deadline, previous } of changes) {
      const message: TimeMessage = {
        deadline,
        remainingMs: Math.max(0, Date.parse(deadline) - Date.now()),
        changedMinutes: Math.round((Date.parse(deadline) - Date.parse(previous)) / 60_000),
      };
      io.to(room(attemptId)).emit(SocketEvent.TIME, message);
    }
  });
  io.on(PEER_DEADLINES, applyDeadlines);

  // A session ended (logout, password reset or change, account disabled or deleted): its pages
  // are told, and cut on every process (the rooms reach them through the adapter).
  const stopHearing = sessionsEnded.subscribe((sessionIds) => {
    const rooms = sessionIds.map(sessionRoom);
    for (const socket of io.sockets.sockets.values()) {
      if (sessionIds.includes(socket.data.auth?.sessionId)) socket.data.ended = true;
    }
    io.to(rooms).emit(SocketEvent.SESSION_ENDED);
    io.in(rooms).disconnectSockets(true);
  });

  /** `holder` lost the attempt to a connection from `ip` (here or on another process). */
  const takeFrom = async (holder: ExamSocket, attemptId: number, ip: string) => {
    const row = holder.data.joined.get(attemptId);
    holder.data.joined.delete(attemptId);
    if (live.get(attemptId) === holder) live.delete(attemptId);
    void holder.leave(room(attemptId));
    holder.emit(SocketEvent.TAKEN_OVER);
    if (!row) return;
    await attempts.logServerEvent(row, 'takeover', ip, { from: holder.data.ip });
    tellWatcher(row.exam_id, (w) => w.event(row, 'takeover', ip, { from: holder.data.ip }));
  };
  // Another process's connection took an attempt a connection here holds.
  io.on(PEER_TAKEN, ({ attemptId, ip }: { attemptId: number; ip: string }) => {
    const holder = live.get(attemptId);
    if (holder) {
      takeFrom(holder, attemptId, ip).catch((error: unknown) =>
        app.log.warn({ err: error }, 'logging a takeover from another process failed'),
      );
    }
  });

  io.on('connection', (socket: ExamSocket) => {
    const { data } = socket;
    void socket.join(sessionRoom(data.auth.sessionId));
    /** Runs a handler and acknowledges its answer, or the refusal in the user's language. */
    const handle = acknowledging(data, app.log);
    for (const use of uses) use.connected(socket, handle);
    /** A payload its schema refuses is acknowledged naming the field, as the HTTP calls do. */
    const parse = <S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> =>
      parsePayload(schema, payload);
    /**
     * The page's events and its disconnect, one after another in the order they came: a hide
     * and the return that follows it must not pass each other.
     */
    let queue: Promise<unknown> = Promise.resolve();
    const inOrder = <T>(work: () => Promise<T>): Promise<T> => {
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    };
    /** The attempt this connection holds; refused once another has taken it over. */
    const held = (attemptId: number): AttemptRow => {
      const row = data.joined.get(attemptId);
      if (row && live.get(attemptId) === socket) return row;
      throw new AppError(ApiStatus.TAKEN_OVER, 'takenOver');
    };

    socket.on(
      SocketEvent.JOIN,
      handle(async (payload) => {
        const { attemptId, present, liveToken: presented } = parse(joinPayload, payload);
        const row = await attempts.ownAttempt(attemptId, data.auth);
        const view = await attempts.joinView(row, data.ip);
        const holder = live.get(attemptId);
        const heldHere = holder && holder !== socket && holder.connected;
        if (row.finished_at === null && row.takeover === 'refuse') {
          // Held here, or (several processes) by a connection on another one.
          const heldElsewhere =
            !heldHere &&
            opts.peers !== undefined &&
            (await io.in(room(attemptId)).fetchSockets()).some((other) => other.id !== socket.id);
          if (heldHere || heldElsewhere) {
            // The proctor sees the refused device too (docs/operations/security.md).
            await attempts.logRefusal(row, 'takeover', data.ip, { refused: true });
            throw new AppError(ApiStatus.TAKEN_OVER, 'takeoverRefused');
          }
        } else if (heldHere && row.finished_at === null) {
          await takeFrom(holder, attemptId, data.ip);
        }
        // A connection on another process may hold it: that process lets it go.
        if (row.finished_at === null) tellOthers(PEER_TAKEN, { attemptId, ip: data.ip });
        live.set(attemptId, socket);
        data.joined.set(attemptId, row);
        // The page's HTTP calls prove with it that they come from the holder (docs/operations/security.md).
        const liveToken =
          row.finished_at === null ? await attempts.holdLive(row, presented) : undefined;
        await socket.join(room(attemptId));
        await attempts.logServerEvent(row, 'joined', data.ip);
        const moved = row.finished_at === null && row.start_ip !== '' && row.start_ip !== data.ip;
        if (moved) {
          await attempts.logServerEvent(row, 'address_changed', data.ip, {
            from: row.start_ip,
            to: data.ip,
          });
        }
        tellWatcher(row.exam_id, (w) => {
          w.joined(row, data.ip);
          if (moved) w.event(row, 'address_changed', data.ip, { from: row.start_ip, to: data.ip });
        });
        // Back in view within the grace (a reload): the absence ends uncounted.
        const presence = await attempts.joined(row, present, data.ip);
        return {
          ok: true,
          ...view,
          liveToken,
          leaveCount: presence.leaveCount,
          finished: presence.finished ?? view.finished,
        };
      }),
    );

    socket.on(
      SocketEvent.SAVE,
      handle(async (payload) => {
        const { attemptId, ...save } = parse(savePayload, payload);
        const row = held(attemptId);
        const [ack] = await attempts.save(row, [save], data.language);
        if (!ack!.ok) return { ok: false, code: ack!.code, message: ack!.message };
        return {
          ok: true,
          seq: save.seq,
          remainingMs: Math.max(0, Date.parse(row.deadline) - Date.now()),
        };
      }),
    );

    socket.on(
      SocketEvent.SUBMIT,
      handle(async (payload) => {
        const { attemptId } = parse(attemptIdPayload, payload);
        held(attemptId);
        return { ok: true, receipt: await attempts.submit(attemptId, data.auth) };
      }),
    );

    socket.on(
      SocketEvent.EVENT,
      handle(async (payload) => {
        const { attemptId, type, at } = parse(logEventBody, payload);
        held(attemptId);
        // A flood is refused before it queues behind the page's other events (docs/operations/security.md).
        attempts.limitEvents(attemptId);
        return inOrder(async () => ({
          ok: true,
          ...(await attempts.logEvent(attemptId, type, data.auth, data.ip, true, at)),
        }));
      }),
    );

    socket.on('disconnect', () => {
      for (const [attemptId, row] of data.joined) {
        if (live.get(attemptId) !== socket) continue;
        live.delete(attemptId);
        tellWatcher(row.exam_id, (w) => w.left(row));
        inOrder(() => attempts.connectionLost(row)).catch((error: unknown) =>
          app.log.warn({ err: error }, 'noting a lost connection failed'),
        );
      }
    });
  });

  app.addHook('preClose', async () => {
    stopHearing();
    await attempts.drainWrites();
    await io.close();
  });
  return io;
}

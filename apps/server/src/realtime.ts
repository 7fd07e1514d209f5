import { createHash } from 'node:crypto';
import { ApiStatus, type MessageLanguage, type SocketRefusal } from '@kaoshi/shared';
import { createAdapter as clusterAdapter } from '@socket.io/cluster-adapter';
import { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type DefaultEventsMap, type ServerOptions, type Socket } from 'socket.io';
import { stickySessions } from './cluster/sticky.js';
import type { Config } from './config.js';
import { AppError } from './errors.js';
import { describeValidation, PayloadRefusal } from './plugins/envelope.js';
import type { AuthContext } from './lib/auth-context.js';

/**
 * Redis for several server processes (REDIS_URL, docs/features/proctoring.md): the socket.io adapter's two
 * connections (one publishes, one subscribes). Without REDIS_URL there is one process and none.
 */
export interface RedisLink {
  publisher: Redis;
  subscriber: Redis;
  /** The channel prefix of this deployment (see `channelPrefix`). */
  prefix: string;
}

/**
 * Processes of one deployment share a database; two deployments may share one Redis (a test
 * machine's, a staging and a live site). Their socket.io channels are told apart by the database
 * they serve, so one site's "attempt 7 was taken over" never reaches another site's attempt 7.
 */
export function channelPrefix(database: Config['database']) {
  const identity = database.kind === 'postgres' ? database.url : database.file;
  return `kaoshi:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

/** Connects to Redis, or throws a message naming REDIS_URL (the start stops on it). */
export async function openRedis(config: Config): Promise<RedisLink | undefined> {
  if (!config.redisUrl) return undefined;
  const publisher = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = publisher.duplicate();
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(
      `REDIS_URL: Redis does not answer (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return { publisher, subscriber, prefix: channelPrefix(config.database) };
}

export async function closeRedis(link: RedisLink | undefined) {
  if (!link) return;
  await Promise.allSettled([link.publisher.quit(), link.subscriber.quit()]);
}

/** Readiness: Redis answers a PING (when the deployment uses it). */
export async function pingRedis(link: RedisLink | undefined) {
  if (link) await link.publisher.ping();
}

/**
 * The deployment's other server processes, when it has any: through Redis (REDIS_URL, processes
 * on several machines) or Node's cluster (WORKERS, the processes of one machine, see cluster.ts).
 * Rooms, server-side events and fetchSockets then reach all of them.
 */
export interface ProcessPeers {
  adapter: NonNullable<ServerOptions['adapter']>;
  /** What the socket server must do besides (a cluster worker: sessions that find it again). */
  attach?: (io: Server) => void;
}

/** Redis when the deployment has it (it reaches other machines too); else the cluster's IPC. */
export function processPeers(
  redis: RedisLink | undefined,
  clusterWorker: boolean,
): ProcessPeers | undefined {
  if (redis) {
    return { adapter: redisAdapter(redis.publisher, redis.subscriber, { key: redis.prefix }) };
  }
  if (!clusterWorker) return undefined;
  return { adapter: clusterAdapter(), attach: (io) => stickySessions(io, io.path()) };
}

/** The socket.io server on the app's HTTP server, its fan-out through the peers when any. */
export function createSocketServer(
  app: FastifyInstance,
  options: Partial<ServerOptions>,
  peers: ProcessPeers | undefined,
) {
  const io = new Server(app.server, { ...options, ...(peers && { adapter: peers.adapter }) });
  peers?.attach?.(io);
  return io;
}

/** What every connection of the channel carries from its handshake (the session cookie). */
export interface ChannelData {
  auth: AuthContext;
  ip: string;
  language: MessageLanguage;
  /** Its session ended: it is being cut, and refuses what still arrives. */
  ended?: boolean;
}

/** A handler's failure as its acknowledgement: the refusal in the user's language. */
export const socketRefusal = (error: unknown, language: MessageLanguage): SocketRefusal => {
  if (error instanceof AppError) {
    return { ok: false, code: error.status, message: error.render(language) };
  }
  if (error instanceof PayloadRefusal) {
    const { message } = describeValidation(error, language, error.route);
    return { ok: false, code: ApiStatus.INVALID_INPUT, message };
  }
  return { ok: false, code: ApiStatus.INTERNAL, message: 'Internal error' };
};

/** An event handler that acknowledges: `work`'s answer, or its refusal. */
export type Acknowledging = <T>(
  work: (payload: unknown) => Promise<T>,
) => (payload: unknown, ack?: (answer: unknown) => void) => void;

/**
 * Runs each handler of a connection and acknowledges its answer, or the refusal in the user's
 * language; a connection whose session ended refuses. An event sent without an ack is ignored.
 */
export const acknowledging =
  (data: ChannelData, log: FastifyBaseLogger): Acknowledging =>
  (work) =>
  (payload, ack) => {
    if (typeof ack !== 'function') return;
    if (data.ended) {
      ack(socketRefusal(new AppError(ApiStatus.NO_SESSION, 'sessionEnded'), data.language));
      return;
    }
    work(payload).then(
      (answer) => ack(answer),
      (error: unknown) => {
        if (!(error instanceof AppError)) log.error({ err: error }, 'socket handler failed');
        ack(socketRefusal(error, data.language));
      },
    );
  };

export type ChannelSocket = Socket<
  DefaultEventsMap,
  DefaultEventsMap,
  DefaultEventsMap,
  ChannelData
>;

/**
 * Another module's events on the app's one socket.io channel (opened by the exam's,
 * attempt/attempt.socket.ts, which authenticates it and cuts it when its session ends): the
 * permission keys that admit a connection for it, and its handlers on each connection.
 */
export interface ChannelUse {
  admits: readonly string[];
  connected(socket: ChannelSocket, handle: Acknowledging): void;
}

import { createHash } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';
import type { Config } from './config.js';

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
 * The socket.io server on the app's HTTP server; with Redis, its rooms and server-side events
 * reach every process of the deployment (a room's emit is published to the others).
 */
export function createSocketServer(
  app: FastifyInstance,
  options: Partial<ServerOptions>,
  redis: RedisLink | undefined,
) {
  return new Server(app.server, {
    ...options,
    ...(redis && {
      adapter: createAdapter(redis.publisher, redis.subscriber, { key: redis.prefix }),
    }),
  });
}

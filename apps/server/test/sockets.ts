import type { AddressInfo } from 'node:net';
import { TOKEN_COOKIE } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';

/** A socket.io client of the test app at `url`, signed in by a session token as the browser is. */
export const socketOf = (url: string, token: string | undefined): Socket =>
  connect(url, {
    path: '/api/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `${TOKEN_COOKIE}=${token}` },
  });

/** Emits and waits for the server's acknowledgement (at most 10 s). */
export const emitAck = <T>(socket: Socket, event: string, payload: object) =>
  socket.timeout(10_000).emitWithAck(event, payload) as Promise<T>;

/** Starts the test app on a free local port (a socket needs a real server); its url. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, {
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server as SocketServer } from 'socket.io';

/**
 * Sticky connections for the WORKERS processes of one machine (docs/operations/scaling.md).
 * The primary accepts every TCP connection on the one port, reads its first chunk (the request
 * line and headers), stops reading, and hands the connection itself to a worker, which serves it
 * from then on: no byte passes through the primary afterwards.
 *
 * Only socket.io's polling fallback needs a given worker: each of its requests must reach the
 * worker holding its session. A session's id names its worker (`w<id>-…`); the primary sends a
 * new connection whose first request names one to that worker, any other turn by turn. A browser
 * may reuse a kept-alive connection (opened for another request, so held by another worker) for
 * a polling request: that worker forwards it to the session's own over a local socket.
 */

/** primary → worker: a connection and the bytes already read from it. */
export const CONNECTION = 'kaoshi:connection';

interface ConnectionMessage {
  type: typeof CONNECTION;
  /** The first chunk, base64 (the IPC channel carries JSON). */
  head: string;
}

/** The worker a socket.io session id names (`sid=w3-…` → 3). */
const SESSION_WORKER = /[?&]sid=w(\d+)-/;

/** Which worker takes which connection: the one its polling session names, else turn by turn. */
export class StickyBalancer {
  private readonly ready: Worker[] = [];
  private next = 0;

  add(worker: Worker) {
    this.ready.push(worker);
  }

  remove(worker: Worker) {
    const at = this.ready.indexOf(worker);
    if (at >= 0) this.ready.splice(at, 1);
  }

  get size() {
    return this.ready.length;
  }

  pick(head: Buffer): Worker | undefined {
    const lineEnd = head.indexOf('\r\n');
    const requestLine = head.subarray(0, lineEnd < 0 ? head.length : lineEnd).toString('latin1');
    const named = SESSION_WORKER.exec(requestLine)?.[1];
    if (named !== undefined) {
      const holder = this.ready.find((worker) => worker.id === Number(named));
      if (holder) return holder;
    }
    if (this.ready.length === 0) return undefined;
    this.next = (this.next + 1) % this.ready.length;
    return this.ready[this.next];
  }
}

/** The primary's listening socket: each connection handed to the balancer's pick. */
export function stickyServer(balancer: StickyBalancer) {
  return net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.once('data', (head: Buffer) => {
      // Stop reading here and now: what the client sends next stays in the kernel's buffer for
      // the worker to read, none of it read (and lost) by this process.
      socket.pause();
      (socket as unknown as { _handle?: { readStop?: () => void } })._handle?.readStop?.();
      const worker = balancer.pick(head);
      if (!worker) {
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
      const message: ConnectionMessage = { type: CONNECTION, head: head.toString('base64') };
      worker.send(message, socket, { keepOpen: false }, (error: Error | null) => {
        if (error) socket.destroy();
      });
    });
  });
}

/** Worker: serves the connections the primary hands over as if it had accepted them. */
export function takeConnections(server: HttpServer) {
  process.on('message', (message: Partial<ConnectionMessage>, socket?: net.Socket) => {
    if (message?.type !== CONNECTION || !socket) return;
    server.emit('connection', socket);
    socket.unshift(Buffer.from(message.head ?? '', 'base64'));
    socket.resume();
  });
}

/** Where worker `id` takes polling requests forwarded by the others (local to the machine). */
function forwardingPath(id: number) {
  const name = `kaoshi-${process.ppid}-w${id}.sock`;
  return process.platform === 'win32' ? `\\\\?\\pipe\\${name}` : path.join(os.tmpdir(), name);
}

/**
 * Worker: its socket.io sessions are named after it; a polling request for another worker's
 * session is forwarded there; and it takes such requests from the others.
 */
export function stickySessions(io: SocketServer, socketPath: string) {
  const self = cluster.worker?.id;
  if (self === undefined) return;
  io.engine.generateId = () => `w${self}-${randomBytes(15).toString('base64url')}`;
  const server = io.httpServer;

  // Requests the others forward: served by this worker's HTTP server like its own.
  const own = forwardingPath(self);
  if (process.platform !== 'win32') fs.rmSync(own, { force: true });
  const intake = net.createServer((socket) => server.emit('connection', socket));
  intake.listen(own);
  intake.unref();
  server.once('close', () => intake.close());

  // In front of engine.io's own request listener (it wraps the server's listeners itself).
  const listeners = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const holder = req.url?.startsWith(`${socketPath}/`)
      ? SESSION_WORKER.exec(req.url)?.[1]
      : undefined;
    if (holder !== undefined && Number(holder) !== self) {
      forward(req, res, forwardingPath(Number(holder)));
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}

/** One polling request passed to the worker holding its session, its answer passed back. */
function forward(req: IncomingMessage, res: ServerResponse, socketPath: string) {
  const onward = http.request(
    { socketPath, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // The holder is gone (it died): as engine.io answers a session it does not know.
  onward.on('error', () => {
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 1, message: 'Session ID unknown' }));
  });
  req.pipe(onward);
}

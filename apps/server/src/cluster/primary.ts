import cluster, { type Worker } from 'node:cluster';
import { setupPrimary as setupClusterAdapter } from '@socket.io/cluster-adapter';
import { StickyBalancer, stickyServer } from './sticky.js';

/** worker → primary: its app is built and takes connections. */
export const WORKER_READY = 'kaoshi:worker-ready';
/** A worker that dies is started again after this long (a crash loop would not spin the CPU). */
const RESTART_AFTER_MS = 500;
/** Workers that die before they are ready, in a row, before the primary gives up. */
const FAILED_STARTS_MAX = 5;

export interface PrimaryOptions {
  workers: number;
  port: number;
  host: string;
  /** A stop ends the process within this long, whatever the workers do. */
  shutdownBoundMs: number;
  /** Every worker has exited after a stop: ends the process (main.ts settles the log first). */
  onStopped: (code: number) => void;
  log: (message: string) => void;
}

/**
 * The primary of WORKERS processes on one machine (docs/operations/scaling.md): it holds the one
 * port and hands each connection to a worker (sticky.ts); the workers share the database and
 * reach each other's sockets through socket.io's cluster adapter over the IPC channels. It runs
 * no app of its own. A worker that dies is started again, its candidates' pages reconnect to the
 * others by themselves; a stop (SIGTERM, SIGINT) is passed to every worker, each drains as a
 * single process does (its grouped answer writes committed), and the primary ends after the last.
 */
export async function runPrimary(options: PrimaryOptions) {
  setupClusterAdapter();
  const balancer = new StickyBalancer();
  const server = stickyServer(balancer);
  let stopping = false;
  let failedStarts = 0;

  const fork = () =>
    new Promise<void>((resolve) => {
      const worker: Worker = cluster.fork();
      let ready = false;
      worker.on('message', (message: { type?: string }) => {
        if (message?.type !== WORKER_READY || ready) return;
        ready = true;
        failedStarts = 0;
        balancer.add(worker);
        resolve();
      });
      worker.once('exit', (code, signal) => {
        balancer.remove(worker);
        if (stopping) return;
        options.log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
        if (!ready && ++failedStarts >= FAILED_STARTS_MAX) {
          options.log(
            `${FAILED_STARTS_MAX} workers in a row died before they were ready; stopping`,
          );
          stop('failed starts', 1);
          return;
        }
        setTimeout(() => void fork().then(resolve), RESTART_AFTER_MS);
      });
    });

  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), options.shutdownBoundMs + 1000).unref();
    options.log(`stopping ${Object.keys(cluster.workers ?? {}).length} workers (${reason})`);
    server.close();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) options.onStopped(code);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) options.onStopped(code);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await Promise.all(Array.from({ length: options.workers }, fork));
  if (stopping) return;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  options.log(`listening on ${options.host}:${options.port} with ${options.workers} workers`);
}

/** Worker: tells the primary its app is ready for connections. */
export function reportReady() {
  process.send?.({ type: WORKER_READY });
}

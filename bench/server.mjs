// Starts the built server on a free port with a fresh SQLite database (or BENCH_DATABASE_URL),
// for benchmarks. The caller stops it with `stop()`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processTree } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * `env`: more settings, e.g. REDIS_URL for one of several processes; `dataDir` shared by them.
 */
export async function startServer({
  adminPassword,
  logLevel = 'warn',
  env = {},
  // A restart: the data folder (SQLite file, uploads) of a server stopped with keepData.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-bench-')),
}) {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // to profile it under a bench (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(root, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      CAPTCHA: 'off',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: logLevel,
      // One process unless the run asks for more (WORKERS=2 npm run bench:exam-load): the
      // figures of earlier runs were of one process.
      WORKERS: process.env.WORKERS ?? '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Two minutes: several workers starting at once on a busy machine take tens of seconds.
      if (i > 600) {
        child.kill('SIGKILL');
        throw new Error('server did not start');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    /** The server's processes: with WORKERS, the primary and its workers. */
    pids: () => processTree(child.pid),
    /** Where the server keeps its SQLite file (kaoshi.db) and uploads. */
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

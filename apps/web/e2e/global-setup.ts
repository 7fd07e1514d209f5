import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, E2E_ADMIN_PASSWORD } from './browser';

const root = fileURLToPath(new URL('../../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the files claim resident ID numbers (resident-ids.ts). */
    residentIdClaims: string;
  }
}

/** Debian's Chromium; installed with apt when missing and we are root (never a downloaded browser). */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: install the Debian packages chromium and fonts-noto-cjk`,
    );
  }
  console.log('Installing Chromium from Debian packages…');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk',
    {
      stdio: 'inherit',
    },
  );
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, server: ChildProcess) {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become healthy in 30 s');
}

export default async function setup(project: TestProject) {
  ensureChromium();
  const mainJs = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(mainJs)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-e2e-'));
  const port = await freePort();
  const server = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CAPTCHA: 'off',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // One process: the browser tests are of the screens; the workers of WORKERS are tested as
      // processes (apps/server/test/process/cluster.process.ts).
      WORKERS: '1',
      // A leave counts after 4 s away (10 s in production): a reload here rejoins well within it,
      // and the leave tests wait for the server's count, not for a fixed time.
      LEAVE_GRACE_SECONDS: '4',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server);
  project.provide('baseURL', baseURL);
  const residentIdClaims = path.join(dataDir, 'resident-id-claims');
  fs.mkdirSync(residentIdClaims);
  project.provide('residentIdClaims', residentIdClaims);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

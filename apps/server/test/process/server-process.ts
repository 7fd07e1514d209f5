import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_COOKIE, UserType, clientPasswordHash, type Envelope } from '@kaoshi/shared';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
export const ADMIN_PASSWORD = 'process-admin-pass';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The built server (apps/server/dist/main.js, from `npm run build`) as a real process on its own
 * data directory: started, killed and started again on the same port and data.
 */
export class ServerProcess {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoshi-process-'));
  readonly databaseFile = path.join(this.dataDir, 'kaoshi.db');
  private child: ChildProcess | undefined;

  /**
   * `unreadOutput`: the server logs every request into a pipe nobody reads, as when the process
   * reading its output has gone but the pipe is still open: the pipe fills and stays full.
   * `databaseUrl` and `redisUrl`: one of several processes on PostgreSQL and Redis (else SQLite
   * in its own data directory, alone). `workers`: WORKERS (default 1, one process; more: a
   * primary and its workers, in a process group of their own so that the group can be killed).
   */
  constructor(
    readonly port: number,
    private readonly options: {
      unreadOutput?: boolean;
      databaseUrl?: string;
      redisUrl?: string;
      workers?: number;
    } = {},
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const mainJs = path.join(root, 'apps/server/dist/main.js');
    if (!fs.existsSync(mainJs)) throw new Error('Build first: npm run build');
    const child = spawn(process.execPath, [mainJs], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.options.databaseUrl ?? '',
        REDIS_URL: this.options.redisUrl ?? '',
        CAPTCHA: 'off',
        ADMIN_PASSWORD,
        WORKERS: String(this.options.workers ?? 1),
        LOG_LEVEL: this.options.unreadOutput ? 'info' : 'warn',
      },
      stdio: ['ignore', this.options.unreadOutput ? 'pipe' : 'inherit', 'inherit'],
      detached: (this.options.workers ?? 1) > 1,
    });
    child.stdout?.pause();
    this.child = child;
    // A busy 2-core machine starts two workers at once in tens of seconds.
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The server did not become healthy in 60 s');
  }

  /** Ends the process with `signal` and waits until it has exited; answers how it exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
    const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
      child.once('exit', (code, by) => resolve(code ?? by)),
    );
    child.kill(signal);
    return exited;
  }

  /** The process's pid (with WORKERS, the primary's). */
  get pid() {
    return this.child?.pid;
  }

  /** SIGKILL to the primary and every worker at once, as a power cut would; waits for the exit. */
  async killGroup() {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }

  async dispose() {
    if ((this.options.workers ?? 1) > 1) await this.killGroup();
    await this.stop('SIGKILL');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** An HTTP client of the running process carrying one session. */
export class HttpSession {
  private constructor(
    private readonly url: string,
    readonly token: string,
  ) {}

  static async signIn(url: string, username: string, password: string, userType: number) {
    const response = await fetch(`${url}/api/kaoshi-user/security/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username,
        password: clientPasswordHash(password),
        verifyCode: '',
        userType: String(userType),
      }).toString(),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    if (body.status !== 200) throw new Error(`sign-in of ${username} failed: ${body.message}`);
    return new HttpSession(url, body.data.token);
  }

  static admin(url: string) {
    return HttpSession.signIn(url, 'admin', ADMIN_PASSWORD, UserType.ADMIN);
  }

  get cookie() {
    return `${TOKEN_COOKIE}=${this.token}`;
  }

  async call<T>(method: 'GET' | 'POST', urlPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${urlPath}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.status !== 200) {
      throw new Error(`${method} ${urlPath}: ${envelope.status} ${envelope.message}`);
    }
    return envelope.data;
  }
}

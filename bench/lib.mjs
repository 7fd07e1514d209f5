// Measuring pieces the benchmarks share: the API caller, the server process's memory and CPU, a
// PostgreSQL database of their own, reading importApply's NDJSON, and a handle on the server's
// database. What the benches create (structure, paper, students, exam, markers) is in seed.mjs.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clientPasswordHash } from './client-hash.mjs';

export const seconds = (start) => (performance.now() - start) / 1000;
export const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, Math.max(0, millis)));

/** Runs `work(i)` for i in [0, n) with at most `width` running at once. */
export async function pool(n, width, work) {
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (nextIndex < n) await work(nextIndex++);
    }),
  );
}

/** `call(path, { token, method, body })` against the server at `url`: the envelope's data. */
export const apiCaller =
  (url) =>
  async (path, { token, method = 'GET', body } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token && { cookie: `KAOSHI_TOKEN=${token}` }),
        ...(body && { 'content-type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
    });
    const envelope = await response.json();
    if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.message}`);
    return envelope.data;
  };

/** The session token of `username` (a client hashes the password before sending it). */
export const signIn = async (call, username, password, userType) =>
  (
    await call('/api/kaoshi-user/security/doLogin', {
      method: 'POST',
      body: { username, password: clientPasswordHash(password), userType },
    })
  ).token;

/** The server process startServer spawned: our child running apps/server/dist/main.js. */
export function serverPid() {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && cmdline.includes('apps/server/dist/main.js'))
        return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error('server process not found');
}

/** `pid` and its children (a WORKERS primary and its workers), from /proc. */
export function processTree(pid) {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** A memory figure of /proc/<pid>/status (VmRSS, VmHWM) in MB. */
export const memoryMb = (pid, field) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line.split(/\s+/)[1]) / 1024;
};

/**
 * A database of its own on `url`'s server, dropped after, so that every run starts empty (and the
 * admin password is the one the bench sets).
 */
export async function freshPostgres(url) {
  const name = `kaoshi_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Reads an import's job (the answer of importPreview or importApply) every 100 ms until it ends:
 * `checked` is when it was first seen writing (or done), `steps` how many write steps were seen,
 * `last` the envelope the job stands for (its result, or its error).
 */
async function readJob(response, begin, { url, base, headers }) {
  const started = await response.json();
  if (started.status !== 200) return { seconds: seconds(begin), steps: 0, last: started };
  let checked;
  let steps = 0;
  for (;;) {
    const job = (
      await (await fetch(`${url}${base}/importJob/${started.data.id}`, { headers })).json()
    ).data;
    if (job.phase !== 'check') checked ??= seconds(begin);
    if (job.phase === 'write') steps++;
    if (job.phase === 'done' || job.phase === 'failed') {
      const last =
        job.phase === 'done'
          ? { status: 200, message: 'ok', data: job.result }
          : { status: job.error.status, message: job.error.message, data: null };
      return { seconds: seconds(begin), checked, steps, last };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * importPreview, importApply and export of the import routes under `base`, for one file, timed;
 * `fields`: more form fields sent before the file (the structure of a question import).
 */
export function importRoutes({ url, base, token, file, fileName, fields = {} }) {
  const headers = { cookie: `KAOSHI_TOKEN=${token}` };
  const form = (mode) => {
    const data = new FormData();
    if (mode) data.append('mode', mode);
    for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
    data.append('file', new Blob([file]), fileName);
    return data;
  };
  return {
    async preview() {
      const begin = performance.now();
      const response = await fetch(`${url}${base}/importPreview`, {
        method: 'POST',
        headers,
        body: form(),
      });
      const { seconds: took, last } = await readJob(response, begin, { url, base, headers });
      return { seconds: took, envelope: last };
    },
    async apply(mode = 'skipInvalid') {
      const begin = performance.now();
      const response = await fetch(`${url}${base}/importApply`, {
        method: 'POST',
        headers,
        body: form(mode),
      });
      const read = await readJob(response, begin, { url, base, headers });
      if (read.last.status !== 200)
        throw new Error(`apply: ${read.last.status} ${read.last.message}`);
      return read;
    },
    async export(query = 'lang=en') {
      const begin = performance.now();
      const response = await fetch(`${url}${base}/export?${query}`, { headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { seconds: seconds(begin), bytes };
    },
  };
}

export const rowsPerSecond = (rows, s) => `${Math.round(rows / s).toLocaleString('en-US')} rows/s`;
export const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

// ── Reading and writing the server's database ──────────────────────────────────────────

export const count = (n) => n.toLocaleString('en-US');
export const loadAverage = () =>
  fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * The server's database (SQLite's file, or PostgreSQL at `postgresUrl`): `insert` answers the
 * new rows' ids unless told the table has none; `query` takes `?` placeholders.
 */
export async function openDatabase(server, postgresUrl) {
  if (!postgresUrl) {
    const db = new Database(path.join(server.dataDir, 'kaoshi.db'));
    db.pragma('busy_timeout = 10000');
    return {
      async insert(table, columns, rows, { returning = true } = {}) {
        const statement = db.prepare(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})${returning ? ' returning id' : ''}`,
        );
        return db.transaction(() =>
          rows.map((row) => (returning ? statement.get(...row).id : statement.run(...row))),
        )();
      },
      async query(text, params = []) {
        const statement = db.prepare(text);
        return statement.reader ? statement.all(...params) : (statement.run(...params), []);
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  return {
    async insert(table, columns, rows, { returning = true } = {}) {
      const ids = [];
      for (let start = 0; start < rows.length; start += 1000) {
        const chunk = rows.slice(start, start + 1000);
        const values = chunk
          .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
          .join(', ');
        const result = await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${values}${returning ? ' returning id' : ''}`,
          chunk.flat(),
        );
        ids.push(...result.rows.map((row) => row.id));
      }
      return ids;
    },
    async query(text, params = []) {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    },
    async close() {
      await client.end();
    },
  };
}

// ── What the server used ───────────────────────────────────────────────────────────────────

const CLOCK_TICKS =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Clock ticks of CPU (user + system) a process has used. */
export function cpuTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3; utime and stime are fields 14 and 15.
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks per PostgreSQL backend serving `database` (their process title names it). */
function backendTicks(database) {
  const ticks = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${database} `)) {
        ticks.set(entry, cpuTicks(entry));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

/**
 * What the server (and PostgreSQL's backends of the bench database `database`, when given)
 * used from now on: call the answer to read CPU in % of one core and the wall seconds.
 */
/** `pid`: one server process or several (their CPU summed). */
export function cpuMeter(pid, database) {
  const pids = [pid].flat();
  const serverTicks = () => pids.reduce((sum, one) => sum + cpuTicks(one), 0);
  const start = { at: performance.now(), server: serverTicks(), backends: backendTicks(database) };
  return () => {
    const wall = seconds(start.at);
    let backends = 0;
    for (const [entry, ticks] of database ? backendTicks(database) : []) {
      backends += ticks - (start.backends.get(entry) ?? 0);
    }
    const percent = (ticks) => ((ticks / CLOCK_TICKS / wall) * 100).toFixed(0);
    const serverUsed = serverTicks() - start.server;
    return {
      server: percent(serverUsed),
      /** The server's CPU in milliseconds, all its processes together. */
      serverMs: (serverUsed / CLOCK_TICKS) * 1000,
      backends: percent(backends),
      wall,
    };
  };
}

export const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const ms = (value) => `${Number.isNaN(value) ? '–' : value.toFixed(0)} ms`;

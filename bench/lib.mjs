// Pieces the benchmarks share: the API caller, the server process's memory, a PostgreSQL
// database of their own, the structure an import needs, and reading importApply's NDJSON.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { clientPasswordHash } from './client-hash.mjs';

export const seconds = (start) => (performance.now() - start) / 1000;

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

/** Project, category and job type BENCH-J (level 5), as an import file names them. */
export async function addJobType(call) {
  const SCHOOL = '/api/kaoshi-school';
  const school = await call(`${SCHOOL}/school/addSchool`, {
    method: 'POST',
    body: { name: 'Bench project', code: 'BENCH-P' },
  });
  const department = await call(`${SCHOOL}/department/addDepartment`, {
    method: 'POST',
    body: { schoolId: school.id, name: 'Bench category', code: 'BENCH-D' },
  });
  return call(`${SCHOOL}/subject/addSubject`, {
    method: 'POST',
    body: { departmentId: department.id, name: 'Bench job type', code: 'BENCH-J', levels: '5' },
  });
}

/**
 * Reads importApply's NDJSON as it streams: seconds from `begin` to the first line (the file is
 * checked) and to the end, the progress lines, and the final envelope.
 */
async function readProgress(response, begin) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let checked;
  let lines = 0;
  let last;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      checked ??= seconds(begin);
      if ('phase' in line) lines++;
      else last = line;
    }
  }
  if (last?.status !== 200) throw new Error(`apply: ${last?.status} ${last?.message}`);
  return { seconds: seconds(begin), checked, lines, last };
}

/** importPreview, importApply and export of the import routes under `base`, for one file, timed. */
export function importRoutes({ url, base, token, file, fileName }) {
  const headers = { cookie: `KAOSHI_TOKEN=${token}` };
  const form = (mode) => {
    const data = new FormData();
    if (mode) data.append('mode', mode);
    data.append('file', new Blob([file]), fileName);
    return data;
  };
  return {
    async preview() {
      const begin = performance.now();
      const envelope = await (
        await fetch(`${url}${base}/importPreview`, { method: 'POST', headers, body: form() })
      ).json();
      return { seconds: seconds(begin), envelope };
    },
    async apply(mode = 'skipInvalid') {
      const begin = performance.now();
      const response = await fetch(`${url}${base}/importApply`, {
        method: 'POST',
        headers,
        body: form(mode),
      });
      return readProgress(response, begin);
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

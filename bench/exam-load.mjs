// `npm run bench:exam-load`: an exam taken by N examinees at once over socket.io (issue 13; aim:
// 10,000 on this 2-core machine with the load generator beside the server, all started within
// 60 s, ack p99 under 200 ms, 0 errors, 0 lost). Starts the built server on a fresh SQLite
// database (and then on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), makes a
// job type, a course and a batch through the API, writes a passed paper of 20 judgement questions
// and N students with their accounts, the STUDENT role and a session each straight into the
// database (sign-in is not what this measures: argon2 costs seconds of CPU per hundred; 50 real
// sign-ins are timed on their own), and publishes the exam through the API, its window opened a
// minute ago. Then each examinee, its start spread uniformly over S seconds, calls startAttempt,
// opens its own socket.io connection (WebSocket), joins, saves one answer every T seconds for D
// seconds (each save's ack awaited before submitting) and submits. Prints the start storm's
// duration, saves per second, ack latency, errors, answers lost (every acknowledged save read back
// from the database after the submits: the stored row's seq must be at least the acked one), and
// the server process's CPU (% of one core) and peak memory; on PostgreSQL also the CPU of the
// bench database's backends. Figures only, no pass/fail.
// Environment: BENCH_EXAMINEES (default 10000), BENCH_START_SECONDS (60), BENCH_ANSWER_SECONDS
// (10), BENCH_ANSWER_FOR_SECONDS (60), BENCH_DATABASE_URL / TEST_DATABASE_URL.
import { hash } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import { clientPasswordHash } from './client-hash.mjs';
import {
  addJobType,
  apiCaller,
  freshPostgres,
  memoryMb,
  seconds,
  serverPid,
  signIn,
} from './lib.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const studentPassword = 'bench-student-pass';
const EXAM = '/api/kaoshi-exam/exam';
const ATTEMPT = '/api/kaoshi-attempt/attempt';
const EXAMINEES = Number(process.env.BENCH_EXAMINEES ?? 10_000);
const START_SECONDS = Number(process.env.BENCH_START_SECONDS ?? 60);
const ANSWER_SECONDS = Number(process.env.BENCH_ANSWER_SECONDS ?? 10);
const ANSWER_FOR_SECONDS = Number(process.env.BENCH_ANSWER_FOR_SECONDS ?? 60);
const SAVES_EACH = Math.max(1, Math.floor(ANSWER_FOR_SECONDS / ANSWER_SECONDS));
const QUESTIONS = 20;
const SIGN_INS = Math.min(50, EXAMINEES);
/** An ack not received within this long counts as an error (and its save as unacknowledged). */
const ACK_TIMEOUT_MS = 30_000;
/** The server's default session lifetime (SESSION_TTL_HOURS): no session is extended mid-run. */
const SESSION_TTL_MS = 12 * 3600_000;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CLOCK_TICKS =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const count = (n) => n.toLocaleString('en-US');
const sha256Hex = (value) => createHash('sha256').update(value).digest('hex');
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Inserts rows straight into the server's database (SQLite's file, or PostgreSQL), answering
 * their ids unless told the table has none, and runs a query with `?` placeholders.
 */
async function openDatabase(server, postgresUrl) {
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

/** Clock ticks of CPU (user + system) a process has used. */
function cpuTicks(pid) {
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

/** What the server (and PostgreSQL's backends of the bench database) used from now on. */
function cpuMeter(pid, database) {
  const start = { at: performance.now(), server: cpuTicks(pid), backends: backendTicks(database) };
  return () => {
    const wall = seconds(start.at);
    let backends = 0;
    for (const [entry, ticks] of database ? backendTicks(database) : []) {
      backends += ticks - (start.backends.get(entry) ?? 0);
    }
    const percent = (ticks) => ((ticks / CLOCK_TICKS / wall) * 100).toFixed(0);
    return {
      server: percent(cpuTicks(pid) - start.server),
      backends: percent(backends),
      wall,
    };
  };
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${Number.isNaN(value) ? '–' : value.toFixed(0)} ms`;

/** Writes the job type, course, batch, paper, students, roles and sessions; publishes the exam. */
async function prepare(server, postgres, database) {
  const api = apiCaller(server.url);
  const token = await signIn(api, 'admin', adminPassword, 1);
  const call = (p, options) => api(p, { ...options, token });
  const subject = await addJobType(call);
  const course = await call('/api/kaoshi-base/knowledge/addKnowledge', {
    method: 'POST',
    body: { type: 'cn', subjectId: subject.id, level: 5, code: 'EL-1', name: 'Course 1' },
  });
  const batch = await call('/api/kaoshi-school/classes/addClasses', {
    method: 'POST',
    body: { subjectId: subject.id, level: 5, name: 'Bench batch', code: 'EL-B1' },
  });

  const db = await openDatabase(server, postgres?.url);
  const at = new Date().toISOString();
  const written = performance.now();
  const questionIds = await db.insert(
    'questions',
    [
      'type',
      'content',
      'options',
      'answer',
      'blanks',
      'link_url',
      'analysis',
      'score',
      'difficulty',
      'subject_id',
      'level',
      'course_id',
      'point_id',
      'tags',
      'search_text',
      'audit_status',
      'audit_reason',
      'retired',
      'author_id',
      'created_at',
      'updated_at',
    ],
    Array.from({ length: QUESTIONS }, (_, i) => [
      2,
      `<p>Statement ${i + 1}</p>`,
      '[]',
      'T',
      '[]',
      '',
      '',
      500,
      3,
      subject.id,
      5,
      course.id,
      null,
      '[]',
      '',
      2,
      '',
      0,
      1,
      at,
      at,
    ]),
  );
  const [paperId] = await db.insert(
    'papers',
    [
      'name',
      'subject_id',
      'level',
      'description',
      'pass_score',
      'duration_minutes',
      'mode',
      'draw_per_candidate',
      'blueprint',
      'audit_status',
      'audit_reason',
      'author_id',
      'created_at',
      'updated_at',
    ],
    [['Exam load paper', subject.id, 5, '', 6000, 90, 'manual', 0, null, 1, '', 1, at, at]],
  );
  const [sectionId] = await db.insert(
    'paper_sections',
    ['paper_id', 'sort', 'title', 'description', 'score', 'rules'],
    [[paperId, 0, 'True or false', '', null, '[]']],
  );
  await db.insert(
    'paper_questions',
    ['paper_id', 'section_id', 'question_id', 'sort', 'score'],
    questionIds.map((questionId, sort) => [paperId, sectionId, questionId, sort, 500]),
    { returning: false },
  );

  // The first SIGN_INS accounts get a real password (one argon2 hash, as the server makes it).
  const passwordHash = await hash(clientPasswordHash(studentPassword));
  const tickets = Array.from(
    { length: EXAMINEES },
    (_, i) => `EL${String(i + 1).padStart(8, '0')}`,
  );
  const userIds = await db.insert(
    'users',
    [
      'name',
      'nick_name',
      'password_hash',
      'password_is_default',
      'user_type',
      'email',
      'introduction',
      'avatar',
      'end_date',
      'remote_login',
      'resource_url',
      'socket_open',
      'status',
      'created_at',
      'updated_at',
    ],
    tickets.map((ticket, i) => [
      ticket,
      ticket,
      i < SIGN_INS ? passwordHash : 'x',
      0,
      3,
      '',
      '',
      '',
      null,
      0,
      '',
      0,
      1,
      at,
      at,
    ]),
  );
  await db.insert(
    'students',
    [
      'user_id',
      'class_id',
      'name',
      'gender',
      'id_type',
      'id_number',
      'phone',
      'email',
      'ticket_number',
      'photo',
      'status',
      'initial_password',
      'created_at',
      'updated_at',
    ],
    tickets.map((ticket, i) => [
      userIds[i],
      batch.id,
      `Examinee ${i + 1}`,
      1,
      2,
      `E${String(i).padStart(9, '0')}`,
      '',
      '',
      ticket,
      '',
      1,
      null,
      at,
      at,
    ]),
    { returning: false },
  );
  const [role] = await db.query(`select id from roles where key = ?`, ['STUDENT']);
  await db.insert(
    'user_roles',
    ['user_id', 'role_id'],
    userIds.map((userId) => [userId, role.id]),
    { returning: false },
  );
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const expires = new Date(Date.now() + SESSION_TTL_MS).toISOString();
  await db.insert(
    'sessions',
    ['id', 'user_id', 'expires_at', 'created_at', 'ip', 'user_agent'],
    tokens.map((t, i) => [sha256Hex(t), userIds[i], expires, at, '127.0.0.1', 'bench/exam-load']),
    { returning: false },
  );
  console.log(
    `${database}: ${count(EXAMINEES)} students with accounts, roles and sessions written in ${seconds(written).toFixed(1)} s (sessions written directly, not signed in)`,
  );

  const inMinutes = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();
  const exam = await call(`${EXAM}/addExam`, {
    method: 'POST',
    body: {
      name: 'Exam load',
      paperId,
      instructionId: null,
      classIds: [batch.id],
      startAt: inMinutes(60),
      endAt: inMinutes(300),
      durationMinutes: 90,
    },
  });
  const publishing = performance.now();
  const published = await call(`${EXAM}/publishExam/${exam.id}`, { method: 'POST' });
  if (published.candidateCount !== EXAMINEES) {
    throw new Error(`expected ${EXAMINEES} candidates, got ${published.candidateCount}`);
  }
  console.log(
    `${database}: published to ${count(published.candidateCount)} candidates in ${seconds(publishing).toFixed(2)} s`,
  );
  // Publishing wants a window in the future; the bench opens it now.
  await db.query(`update exams set start_at = ? where id = ?`, [inMinutes(-1), exam.id]);

  // Real sign-ins, timed on their own (all at once: argon2 runs on the server's thread pool).
  const signing = performance.now();
  await Promise.all(
    tickets.slice(0, SIGN_INS).map((ticket) => signIn(api, ticket, studentPassword, 3)),
  );
  const signInSeconds = seconds(signing);
  console.log(
    `${database}: ${SIGN_INS} real sign-ins (doLogin, argon2) at once: ${signInSeconds.toFixed(2)} s, ${(SIGN_INS / signInSeconds).toFixed(0)} sign-ins/s`,
  );
  return { db, examId: exam.id, tokens };
}

/** The examinees' run: starts spread over START_SECONDS, saves every ANSWER_SECONDS, submits. */
async function takeExam(server, examId, tokens, onStormOver) {
  const api = apiCaller(server.url);
  const stats = {
    firstStart: Infinity,
    lastJoined: 0,
    started: 0,
    failedStarts: 0,
    startErrors: new Map(),
    startMs: [],
    saveMs: new Float64Array(EXAMINEES * SAVES_EACH),
    saves: 0,
    savesOk: 0,
    refused: 0,
    refusedCodes: new Map(),
    ackTimeouts: 0,
    disconnects: 0,
    disconnectReasons: new Map(),
    submitted: 0,
    submitFailed: 0,
    /** Ok acks per second of the run. */
    perSecond: [],
    firstSave: Infinity,
    lastAck: 0,
    /** `${attemptId}/${itemId}` → the highest acknowledged seq and its value. */
    acked: new Map(),
  };
  const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  /** Every start answered (joined or failed): the storm is over. */
  const settled = () => {
    if (stats.started + stats.failedStarts === EXAMINEES) onStormOver();
  };
  const begin = performance.now();

  async function examinee(i) {
    const token = tokens[i];
    const cookie = `KAOSHI_TOKEN=${token}`;
    const t0 = performance.now();
    stats.firstStart = Math.min(stats.firstStart, t0);
    let view;
    try {
      view = await api(`${ATTEMPT}/startAttempt`, { method: 'POST', token, body: { examId } });
    } catch (error) {
      stats.failedStarts++;
      tally(stats.startErrors, `startAttempt: ${error.message}`);
      settled();
      return;
    }
    const items = view.paper.sections.flatMap((section) => section.items.map((it) => it.itemId));
    const socket = io(server.url, {
      path: '/api/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    let closing = false;
    try {
      const joined = await new Promise((resolve, reject) => {
        socket.once('connect_error', (error) => reject(new Error(`connect: ${error.message}`)));
        socket
          .timeout(ACK_TIMEOUT_MS)
          .emit('attempt:join', { attemptId: view.attemptId }, (error, ack) =>
            error ? reject(new Error('join: no ack')) : resolve(ack),
          );
      });
      if (!joined.ok) throw new Error(`join: ${joined.code} ${joined.message}`);
    } catch (error) {
      stats.failedStarts++;
      tally(stats.startErrors, error.message);
      socket.disconnect();
      settled();
      return;
    }
    const joinedAt = performance.now();
    stats.started++;
    stats.lastJoined = Math.max(stats.lastJoined, joinedAt);
    stats.startMs.push(joinedAt - t0);
    settled();
    socket.on('disconnect', (reason) => {
      if (closing) return;
      stats.disconnects++;
      tally(stats.disconnectReasons, reason);
    });

    const pending = [];
    for (let k = 1; k <= SAVES_EACH; k++) {
      await sleep(joinedAt + k * ANSWER_SECONDS * 1000 - performance.now());
      if (!socket.connected) break;
      const itemId = items[(k - 1) % items.length];
      const value = Math.random() < 0.5 ? 'T' : 'F';
      const sent = performance.now();
      stats.firstSave = Math.min(stats.firstSave, sent);
      stats.saves++;
      pending.push(
        new Promise((resolve) => {
          socket
            .timeout(ACK_TIMEOUT_MS)
            .emit(
              'answer:save',
              { attemptId: view.attemptId, itemId, seq: k, value },
              (error, ack) => {
                const now = performance.now();
                if (error) stats.ackTimeouts++;
                else {
                  stats.saveMs[stats.savesOk + stats.refused] = now - sent;
                  if (ack.ok) {
                    stats.savesOk++;
                    stats.lastAck = Math.max(stats.lastAck, now);
                    const second = Math.floor((now - begin) / 1000);
                    stats.perSecond[second] = (stats.perSecond[second] ?? 0) + 1;
                    const key = `${view.attemptId}/${itemId}`;
                    if ((stats.acked.get(key)?.seq ?? 0) < k)
                      stats.acked.set(key, { seq: k, value });
                  } else {
                    stats.refused++;
                    tally(stats.refusedCodes, ack.code);
                  }
                }
                resolve();
              },
            );
        }),
      );
    }
    await Promise.all(pending);
    await sleep(joinedAt + ANSWER_FOR_SECONDS * 1000 - performance.now());
    if (socket.connected) {
      const submitted = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('attempt:submit', { attemptId: view.attemptId })
        .catch(() => ({ ok: false }));
      if (submitted.ok) stats.submitted++;
      else stats.submitFailed++;
    } else stats.submitFailed++;
    closing = true;
    socket.disconnect();
  }

  const everyone = [];
  for (let i = 0; i < EXAMINEES; i++) {
    await sleep(begin + (i * START_SECONDS * 1000) / EXAMINEES - performance.now());
    everyone.push(examinee(i));
  }
  await Promise.all(everyone);
  return stats;
}

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword });
  let db;
  try {
    const pid = serverPid();
    const prepared = await prepare(server, postgres, database);
    db = prepared.db;
    console.log(
      `${database}: ${count(EXAMINEES)} examinees start within ${START_SECONDS} s, answer every ${ANSWER_SECONDS} s for ${ANSWER_FOR_SECONDS} s (${SAVES_EACH} saves each), then submit; load average ${loadAverage()}`,
    );
    const baseMb = memoryMb(pid, 'VmRSS');
    const dbName = postgres && new URL(postgres.url).pathname.slice(1);
    const wholeRun = cpuMeter(pid, dbName);
    const storm = cpuMeter(pid, dbName);
    const generator = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let stormUsage;
    const stats = await takeExam(server, prepared.examId, prepared.tokens, () => {
      stormUsage = storm();
    });
    loop.disable();
    const runCpu = wholeRun();
    const generatorCpu = process.cpuUsage(generator);
    const peakMb = memoryMb(pid, 'VmHWM');

    // Read back every acknowledged answer.
    const rows = await db.query(
      `select a.attempt_id, a.item_id, a.seq, a.value from attempt_answers a join attempts t on t.id = a.attempt_id where t.exam_id = ?`,
      [prepared.examId],
    );
    const stored = new Map(rows.map((row) => [`${row.attempt_id}/${row.item_id}`, row]));
    let lost = 0;
    for (const [key, ack] of stats.acked) {
      const row = stored.get(key);
      if (
        !row ||
        Number(row.seq) < ack.seq ||
        (Number(row.seq) === ack.seq && row.value !== JSON.stringify(ack.value))
      ) {
        lost++;
      }
    }
    const [finished] = await db.query(
      `select count(*) as n from attempts where exam_id = ? and finished_at is not null`,
      [prepared.examId],
    );

    const startMs = stats.startMs.sort((a, b) => a - b);
    const saveMs = stats.saveMs.subarray(0, stats.savesOk + stats.refused).sort();
    const stormSeconds = (stats.lastJoined - stats.firstStart) / 1000;
    const savingSeconds = (stats.lastAck - stats.firstSave) / 1000;
    const peakSaves = Math.max(0, ...stats.perSecond.filter((n) => n !== undefined));
    const list = (map) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([key, n]) => `${key} ×${n}`)
        .join('; ');
    const errors =
      stats.failedStarts +
      stats.refused +
      stats.ackTimeouts +
      stats.disconnects +
      stats.submitFailed;
    console.log(
      `${database}: start storm: ${count(stats.started)} of ${count(EXAMINEES)} started and joined in ${stormSeconds.toFixed(1)} s (first start to last join; starts spread over ${START_SECONDS} s); start + connect + join p50 ${ms(percentile(startMs, 50))}, p95 ${ms(percentile(startMs, 95))}, p99 ${ms(percentile(startMs, 99))}, max ${ms(startMs.at(-1) ?? NaN)}`,
    );
    console.log(
      `${database}: saves: ${count(stats.savesOk)} acknowledged of ${count(stats.saves)} sent, ${(stats.savesOk / savingSeconds).toFixed(0)} saves/s over ${savingSeconds.toFixed(1)} s (first save to last ack), peak ${count(peakSaves)} in one second (offered at full load: ${(EXAMINEES / ANSWER_SECONDS).toFixed(0)}/s)`,
    );
    console.log(
      `${database}: save ack latency p50 ${ms(percentile(saveMs, 50))}, p95 ${ms(percentile(saveMs, 95))}, p99 ${ms(percentile(saveMs, 99))}, max ${ms(saveMs.at(-1) ?? NaN)} (aim: p99 under 200 ms)`,
    );
    console.log(
      `${database}: errors: ${count(errors)} (failed starts ${count(stats.failedStarts)}, refused acks ${count(stats.refused)}, ack timeouts ${count(stats.ackTimeouts)}, disconnects ${count(stats.disconnects)}, failed submits ${count(stats.submitFailed)})`,
    );
    for (const [label, map] of [
      ['failed starts', stats.startErrors],
      ['refused acks by code', stats.refusedCodes],
      ['disconnect reasons', stats.disconnectReasons],
    ]) {
      if (map.size > 0) console.log(`${database}:   ${label}: ${list(map)}`);
    }
    console.log(
      `${database}: submitted ${count(stats.submitted)}, finished in the database ${count(Number(finished.n))}; answers lost: ${count(lost)} of ${count(stats.acked.size)} acknowledged (read back after submit; must be 0)`,
    );
    console.log(
      `${database}: server CPU: ${stormUsage.server}% of one core during the start storm (${stormUsage.wall.toFixed(0)} s), ${runCpu.server}% over the run (${runCpu.wall.toFixed(0)} s); peak memory (VmHWM) ${peakMb.toFixed(0)} MB (${baseMb.toFixed(0)} MB before the run)` +
        (postgres
          ? `; PostgreSQL backends of the bench database: ${stormUsage.backends}% during the storm, ${runCpu.backends}% over the run`
          : ''),
    );
    console.log(
      `${database}: load generator (this process, same machine): CPU ${(((generatorCpu.user + generatorCpu.system) / 1e6 / runCpu.wall) * 100).toFixed(0)}% of one core, peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; load average ${loadAverage()}`,
    );
  } finally {
    await db?.close();
    await server.stop();
    await postgres?.drop();
  }
}

await runOn('SQLite');
if (pgUrl) await runOn('PostgreSQL');

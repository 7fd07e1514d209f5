// `npm run bench:exam-load`: an exam taken by N examinees at once over socket.io (docs/benchmarks.md#exam-load; aim:
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
// Environment: WORKERS (server processes, default 1 here), BENCH_EXAMINEES (default 10000), BENCH_START_SECONDS (60), BENCH_ANSWER_SECONDS
// (10), BENCH_ANSWER_FOR_SECONDS (60), BENCH_DATABASE_URL / TEST_DATABASE_URL, BENCH_ONLY
// (sqlite or postgres: one database alone), BENCH_PROCESSES (default 1; 2 or more runs that many
// server processes on one PostgreSQL database and REDIS_URL's Redis, examinee i on process
// i mod N, as a balancer would spread them; PostgreSQL only).
// Rooms and a pause (bench/exam-pause.mjs): BENCH_ROOMS (rooms of BENCH_ROOM_SEATS seats, default
// 40, in one venue made through addVenue and addRoom; every candidate seated by the real planSeats
// call; default with BENCH_PAUSE: as many rooms as the candidates fill, 250 for 10,000, but one
// planSeats takes at most 200 rooms, so 10,000 need BENCH_ROOM_SEATS=50), BENCH_PAUSE=1 (the whole
// exam paused by the proctor's pauseExam BENCH_PAUSE_AT_SECONDS after the first start, default half
// of BENCH_START_SECONDS, and resumed by resumeExam BENCH_PAUSE_SECONDS later, default 5). Saves go
// on as scheduled during the pause; one refused as paused (10009) is kept and sent again when the
// page hears attempt:resumed, and a page submits only after the resume, as the exam page does.
// Prints how soon every connected page heard attempt:paused (p50/p99/max, how many within 2 s) and
// attempt:resumed, the saves sent while paused and how many were accepted (must be 0), the saves
// re-sent after the resume and how many arrived, and for a sample of paused attempts how far the
// deadline moved against attempt_pauses, the proctor's pauses call and the page's resume message.
// Without BENCH_ROOMS or BENCH_PAUSE the bench runs as before.
import { hash } from '@node-rs/argon2';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { clientPasswordHash } from './client-hash.mjs';
import {
  apiCaller,
  count,
  cpuMeter,
  freshPostgres,
  loadAverage,
  memoryMb,
  ms,
  openDatabase,
  percentile,
  seconds,
  signIn,
  sleep,
} from './lib.mjs';
import {
  addCourseAndBatches,
  inMinutes,
  publishExam,
  signInAdmin,
  writePaper,
  writeStudents,
} from './seed.mjs';
import { pauseController, roomsAndPauseSettings, seatInRooms } from './exam-pause.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const studentPassword = 'bench-student-pass';
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
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
if (PROCESSES > 1 && (!pgUrl || !process.env.REDIS_URL)) {
  throw new Error('BENCH_PROCESSES > 1 needs PostgreSQL (TEST_DATABASE_URL) and REDIS_URL');
}
const ROOMS_AND_PAUSE = roomsAndPauseSettings(EXAMINEES, START_SECONDS);

/** Writes the job type, course, batch, paper, students, roles and sessions; publishes the exam. */
async function prepare(server, postgres, database) {
  const { api, call } = await signInAdmin(server.url, adminPassword);
  const {
    subject,
    course,
    classIds: [batchId],
  } = await addCourseAndBatches(call, { prefix: 'EL' });

  const db = await openDatabase(server, postgres?.url);
  const written = performance.now();
  const { paperId } = await writePaper(db, {
    subjectId: subject.id,
    courseId: course.id,
    name: 'Exam load paper',
    passScore: 6000,
    sectionTitle: 'True or false',
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({
      type: 2,
      content: `<p>Statement ${i + 1}</p>`,
      answer: 'T',
      score: 500,
    })),
  });

  // The first SIGN_INS accounts get a real password (one argon2 hash, as the server makes it).
  const passwordHash = await hash(clientPasswordHash(studentPassword));
  const tickets = Array.from(
    { length: EXAMINEES },
    (_, i) => `EL${String(i + 1).padStart(8, '0')}`,
  );
  const { tokens } = await writeStudents(db, {
    tickets,
    classIds: [batchId],
    namePrefix: 'Examinee',
    idPrefix: 'E',
    passwordHashOf: (i) => (i < SIGN_INS ? passwordHash : 'x'),
    passwordIsDefault: 0,
    sessions: true,
  });
  console.log(
    `${database}: ${count(EXAMINEES)} students with accounts, roles and sessions written in ${seconds(written).toFixed(1)} s (sessions written directly, not signed in)`,
  );

  const { exam, published, publishSeconds } = await publishExam(call, {
    name: 'Exam load',
    paperId,
    classIds: [batchId],
    candidates: EXAMINEES,
  });
  console.log(
    `${database}: published to ${count(published.candidateCount)} candidates in ${publishSeconds.toFixed(2)} s`,
  );
  // Publishing wants a window in the future; the bench opens it now.
  await db.query(`update exams set start_at = ? where id = ?`, [inMinutes(-1), exam.id]);
  if (ROOMS_AND_PAUSE.rooms > 0) {
    await seatInRooms(call, db, { examId: exam.id, ...ROOMS_AND_PAUSE, database });
  }

  // Real sign-ins, timed on their own (all at once: argon2 runs on the server's thread pool).
  const signing = performance.now();
  await Promise.all(
    tickets.slice(0, SIGN_INS).map((ticket) => signIn(api, ticket, studentPassword, 3)),
  );
  const signInSeconds = seconds(signing);
  console.log(
    `${database}: ${SIGN_INS} real sign-ins (doLogin, argon2) at once: ${signInSeconds.toFixed(2)} s, ${(SIGN_INS / signInSeconds).toFixed(0)} sign-ins/s`,
  );
  return { db, call, examId: exam.id, tokens };
}

/** The examinees' run: starts spread over START_SECONDS, saves every ANSWER_SECONDS, submits. */
async function takeExam(urls, examId, tokens, onStormOver, pause) {
  const apis = urls.map((url) => apiCaller(url));
  const stats = {
    firstStart: Infinity,
    lastJoined: 0,
    started: 0,
    failedStarts: 0,
    startErrors: new Map(),
    startMs: [],
    /** The startAttempt call alone (HTTP), of the start + connect + join above. */
    startCallMs: [],
    saveMs: new Float64Array(EXAMINEES * SAVES_EACH),
    saves: 0,
    /** Acks received (ok or refused): the latencies in saveMs. */
    acks: 0,
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
  const acknowledged = (attemptId, { itemId, seq, value }) => {
    const key = `${attemptId}/${itemId}`;
    if ((stats.acked.get(key)?.seq ?? 0) < seq) stats.acked.set(key, { seq, value });
  };
  /** Every start answered (joined or failed): the storm is over. */
  const settled = () => {
    if (stats.started + stats.failedStarts === EXAMINEES) onStormOver();
  };
  const begin = performance.now();

  async function examinee(i) {
    // Spread over the processes as a balancer would.
    const url = urls[i % urls.length];
    const api = apis[i % urls.length];
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
    stats.startCallMs.push(performance.now() - t0);
    const items = view.paper.sections.flatMap((section) => section.items.map((it) => it.itemId));
    const socket = io(url, {
      path: '/api/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    let closing = false;
    let joined;
    try {
      joined = await new Promise((resolve, reject) => {
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
    const page = pause?.page(socket, view.attemptId, joined);
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
                  stats.saveMs[stats.acks++] = now - sent;
                  const save = { itemId, seq: k, value };
                  if (
                    page &&
                    pause.saved(page, { sentAt: sent, ok: ack.ok, code: ack.code, save })
                  ) {
                    // Refused as paused: in the page's outbox until the resume (not an error).
                  } else if (ack.ok) {
                    stats.savesOk++;
                    stats.lastAck = Math.max(stats.lastAck, now);
                    const second = Math.floor((now - begin) / 1000);
                    stats.perSecond[second] = (stats.perSecond[second] ?? 0) + 1;
                    acknowledged(view.attemptId, save);
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
    if (page) {
      // A paused page submits nothing: it waits for the resume, then sends its outbox.
      await pause.resumed(page, ACK_TIMEOUT_MS);
      await pause.resend(page, async (save) => {
        const ack = await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('answer:save', { attemptId: view.attemptId, ...save })
          .catch(() => null);
        if (ack?.ok) acknowledged(view.attemptId, save);
        return ack;
      });
    }
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
  const pausing = pause?.run(begin);
  for (let i = 0; i < EXAMINEES; i++) {
    await sleep(begin + (i * START_SECONDS * 1000) / EXAMINEES - performance.now());
    everyone.push(examinee(i));
  }
  await Promise.all([...everyone, pausing]);
  return stats;
}

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const processes = postgres ? PROCESSES : 1;
  const env = processes > 1 ? { REDIS_URL: process.env.REDIS_URL } : {};
  // One after the other: the first migrates and seeds.
  const servers = [];
  for (let k = 0; k < processes; k++) servers.push(await startServer({ adminPassword, env }));
  const [server] = servers;
  if (processes > 1) database = `${database} × ${processes} processes (Redis)`;
  let db;
  try {
    // With WORKERS, each server is a primary and its workers: all of them counted.
    const pids = servers.flatMap((one) => one.pids());
    const workers = pids.length - servers.length;
    const prepared = await prepare(server, postgres, database);
    db = prepared.db;
    console.log(
      `${database}: ${count(EXAMINEES)} examinees start within ${START_SECONDS} s, answer every ${ANSWER_SECONDS} s for ${ANSWER_FOR_SECONDS} s (${SAVES_EACH} saves each), then submit; load average ${loadAverage()}`,
    );
    const baseMb = pids.reduce((sum, pid) => sum + memoryMb(pid, 'VmRSS'), 0);
    const dbName = postgres && new URL(postgres.url).pathname.slice(1);
    const wholeRun = cpuMeter(pids, dbName);
    const storm = cpuMeter(pids, dbName);
    const generator = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let stormUsage;
    const pause = ROOMS_AND_PAUSE.pause
      ? pauseController({
          call: prepared.call,
          examId: prepared.examId,
          ...ROOMS_AND_PAUSE,
        })
      : null;
    const stats = await takeExam(
      servers.map(({ url }) => url),
      prepared.examId,
      prepared.tokens,
      () => {
        stormUsage = storm();
      },
      pause,
    );
    loop.disable();
    const runCpu = wholeRun();
    const generatorCpu = process.cpuUsage(generator);
    const peakMb = pids.reduce((sum, pid) => sum + memoryMb(pid, 'VmHWM'), 0);

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
    const startCallMs = stats.startCallMs.sort((a, b) => a - b);
    const saveMs = stats.saveMs.subarray(0, stats.acks).sort();
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
      `${database}: start storm: ${count(stats.started)} of ${count(EXAMINEES)} started and joined in ${stormSeconds.toFixed(1)} s (first start to last join; starts spread over ${START_SECONDS} s); start + connect + join p50 ${ms(percentile(startMs, 50))}, p95 ${ms(percentile(startMs, 95))}, p99 ${ms(percentile(startMs, 99))}, max ${ms(startMs.at(-1) ?? NaN)}; of which the startAttempt call p50 ${ms(percentile(startCallMs, 50))}, p99 ${ms(percentile(startCallMs, 99))}`,
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
    await pause?.report(db, database);
    console.log(
      `${database}: server CPU${pids.length > 1 ? ' (all processes)' : ''}: ${stormUsage.server}% of one core during the start storm (${stormUsage.wall.toFixed(0)} s), ${runCpu.server}% over the run (${runCpu.wall.toFixed(0)} s); peak memory (VmHWM${pids.length > 1 ? ', summed' : ''}) ${peakMb.toFixed(0)} MB (${baseMb.toFixed(0)} MB before the run)` +
        (postgres
          ? `; PostgreSQL backends of the bench database: ${stormUsage.backends}% during the storm, ${runCpu.backends}% over the run`
          : ''),
    );
    console.log(
      `${database}: served by ${workers > 0 ? `${workers} workers (WORKERS) and their primary` : `${servers.length} process${servers.length > 1 ? 'es' : ''}`}; server CPU per examinee: ${(stormUsage.serverMs / EXAMINEES).toFixed(1)} ms in the start storm, ${(runCpu.serverMs / EXAMINEES).toFixed(1)} ms over the whole run`,
    );
    console.log(
      `${database}: load generator (this process, same machine): CPU ${(((generatorCpu.user + generatorCpu.system) / 1e6 / runCpu.wall) * 100).toFixed(0)}% of one core, peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; load average ${loadAverage()}`,
    );
  } finally {
    await db?.close();
    for (const one of servers) await one.stop();
    await postgres?.drop();
  }
}

// BENCH_ONLY=postgres (or sqlite) runs one database alone.
const only = process.env.BENCH_ONLY?.toLowerCase();
// SQLite is one process's database: the several-process mode runs on PostgreSQL only.
if (only !== 'postgres' && PROCESSES === 1) await runOn('SQLite');
if (pgUrl && only !== 'sqlite') await runOn('PostgreSQL');

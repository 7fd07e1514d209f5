// `npm run bench:skills`: examiners scoring a skills assessment (issue 26 "Tests and figures"):
// 2,000 candidates, 300 examiners at 100 stations (3 per station) scoring the 20 items of a
// sheet, over a compressed window. Starts the built server on a fresh SQLite database.
// Setup (not the figure): a job type and a batch through the API; the students, the examiners
// (users with the SKILL_EXAMINER role and a session), a frozen sheet of 20 items (5 points
// each), a published assessment, one session of 100 stations, its examiners and the
// candidates (20 turns per station) written straight into the database.
// Timed: every examiner, on their own device, scores their station's candidates item by item
// through the real HTTP API (saveItemScores, one item per save as it is typed, each item with its
// seq), paced so that all the saves spread over BENCH_WINDOW_SECONDS; some saves are resent as
// an outbox does when an ack was lost (same seq: acknowledged alike, changes nothing) and some
// items are changed afterwards (a higher seq); then signSheet. Printed: saves, their round trip
// p50/p99/max, errors, lost (what the server holds against the last value acknowledged per item:
// must be 0), sheets signed, the server's CPU and the load average. Then, when
// bench/skills-certification.mjs exists, runs it and passes its output through.
// Environment: BENCH_CANDIDATES (2000), BENCH_STATIONS (100), BENCH_ITEMS (20),
// BENCH_WINDOW_SECONDS (180: the 30 minutes of the issue, compressed), BENCH_RESEND_EVERY (20:
// one save in 20 is resent), BENCH_CHANGE_EVERY (25: one item in 25 is changed afterwards).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiCaller,
  count,
  cpuMeter,
  loadAverage,
  ms,
  openDatabase,
  percentile,
  seconds,
  sleep,
} from './lib.mjs';
import {
  addCourseAndBatches,
  giveRoleAndSessions,
  inMinutes,
  signInAdmin,
  writeStudents,
  writeUsers,
} from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const SCORING = '/api/kaoshi-skills/scoring';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 2000);
const STATIONS = Number(process.env.BENCH_STATIONS ?? 100);
const PER_STATION = 3;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 180);
const RESEND_EVERY = Number(process.env.BENCH_RESEND_EVERY ?? 20);
const CHANGE_EVERY = Number(process.env.BENCH_CHANGE_EVERY ?? 25);
/** Hundredths per item. */
const ITEM_POINTS = 500;
const here = path.dirname(fileURLToPath(import.meta.url));

/** A seeded generator (mulberry32): the same scores on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The frozen sheet: 4 tasks of ITEMS / 4 items, ids 1…ITEMS. */
function snapshot(subjectId) {
  const perTask = Math.ceil(ITEMS / 4);
  const tasks = [];
  for (let i = 0; i < ITEMS; i++) {
    const t = Math.floor(i / perTask);
    tasks[t] ??= {
      id: t + 1,
      title: `Task ${t + 1}`,
      knowId: null,
      knowCode: null,
      knowName: null,
      items: [],
    };
    tasks[t].items.push({
      id: i + 1,
      what: `Item ${i + 1}`,
      criteria: 'as the drawing',
      points: ITEM_POINTS,
      veto: false,
      mode: 'award',
    });
  }
  return {
    sheet: {
      id: 0,
      subjectId,
      subjectName: 'Bench job type',
      level: 5,
      name: 'Bench sheet',
      timeLimitMinutes: 60,
      overtimePointsPerMinute: 0,
      overtimeStopMinutes: 0,
      step: 100,
    },
    fullScore: ITEMS * ITEM_POINTS,
    tasks,
  };
}

/** Examiners: staff users with the SKILL_EXAMINER role and a session each. */
async function writeExaminers(db, n) {
  const names = Array.from({ length: n }, (_, i) => `examiner${String(i + 1).padStart(3, '0')}`);
  const userIds = await writeUsers(db, { names, userType: 2 });
  const tokens = await giveRoleAndSessions(db, userIds, 'SKILL_EXAMINER');
  return userIds.map((id, i) => ({ id, token: tokens[i] }));
}

/** The published assessment, its session, stations, examiners and candidates. */
async function writeAssessment(db, { subjectId, classId, studentIds, examiners }) {
  const at = new Date().toISOString();
  const [sheetId] = await db.insert(
    'skill_sheets',
    ['subject_id', 'level', 'name', 'time_limit_minutes', 'version', 'created_at', 'updated_at'],
    [[subjectId, 5, 'Bench sheet', 60, 1, at, at]],
  );
  const frozen = snapshot(subjectId);
  frozen.sheet.id = sheetId;
  const [versionId] = await db.insert(
    'skill_sheet_versions',
    ['sheet_id', 'version', 'snapshot', 'full_score', 'created_at'],
    [[sheetId, 1, JSON.stringify(frozen), frozen.fullScore, at]],
  );
  const [assessmentId] = await db.insert(
    'skill_assessments',
    [
      'name',
      'sheet_version_id',
      'examiners_per_candidate',
      'tolerance',
      'status',
      'published_at',
      'created_at',
      'updated_at',
    ],
    [['Bench assessment', versionId, PER_STATION, 1000, 'published', at, at, at]],
  );
  await db.insert(
    'skill_assessment_classes',
    ['assessment_id', 'class_id'],
    [[assessmentId, classId]],
    {
      returning: false,
    },
  );
  const [sessionId] = await db.insert(
    'skill_sessions',
    ['assessment_id', 'sort', 'starts_at', 'ends_at', 'place', 'stations'],
    [[assessmentId, 1, inMinutes(-5), inMinutes(600), 'Bench workshop', STATIONS]],
  );
  await db.insert(
    'skill_session_examiners',
    ['session_id', 'station', 'user_id'],
    examiners.map((e, i) => [sessionId, Math.floor(i / PER_STATION) + 1, e.id]),
    { returning: false },
  );
  const candidateIds = await db.insert(
    'skill_candidates',
    [
      'assessment_id',
      'session_id',
      'station',
      'turn',
      'student_id',
      'class_id',
      'ticket_number',
      'presence',
    ],
    studentIds.map((studentId, i) => [
      assessmentId,
      sessionId,
      (i % STATIONS) + 1,
      Math.floor(i / STATIONS) + 1,
      studentId,
      classId,
      `SK-${i + 1}`,
      'checked',
    ]),
  );
  // Station s's candidates in turn order.
  const byStation = Array.from({ length: STATIONS }, () => []);
  candidateIds.forEach((id, i) => byStation[i % STATIONS].push(id));
  return { assessmentId, byStation };
}

/**
 * One examiner's device: scores every item of each candidate (one save per item, paced to the
 * window), resends some saves, changes some items, signs. Records every acknowledged value.
 */
async function examinerDevice(call, examiner, candidates, plan) {
  const rand = random(examiner.id);
  const total = candidates.length * ITEMS;
  let sent = 0;
  const save = async (candidateId, itemId, points, seq) => {
    const due = plan.start + ((sent++ + rand()) / total) * plan.windowMs;
    await sleep(due - performance.now());
    const body = { candidateId, scores: [{ itemId, points, vetoHit: false, note: '', seq }] };
    for (let resend = 0; ; resend++) {
      const begin = performance.now();
      try {
        const { acks } = await call(`${SCORING}/saveItemScores`, {
          method: 'POST',
          body,
          token: examiner.token,
        });
        plan.latencies.push(performance.now() - begin);
        if (!acks[0]?.ok) plan.refused++;
        else {
          const key = `${examiner.id}:${candidateId}:${itemId}`;
          const last = plan.acked.get(key);
          if (!last || last.seq <= seq) plan.acked.set(key, { seq, points });
        }
      } catch (error) {
        // No answer (a dropped connection): the outbox sends it again; an error when it gives up.
        if (resend < 3) {
          plan.networkResends++;
          continue;
        }
        plan.errors.push(String(error.message ?? error));
      }
      // The outbox did not see the ack: the same save goes again (changes nothing).
      if (resend === 0 && rand() * RESEND_EVERY < 1) {
        plan.resends++;
        continue;
      }
      return;
    }
  };
  for (const candidateId of candidates) {
    const changes = [];
    for (let itemId = 1; itemId <= ITEMS; itemId++) {
      const points = Math.round(rand() * 5 * 2) / 2;
      await save(candidateId, itemId, points, 1);
      if (rand() * CHANGE_EVERY < 1) changes.push(itemId);
    }
    for (const itemId of changes) {
      plan.changes++;
      await save(candidateId, itemId, Math.round(rand() * 5 * 2) / 2, 2);
    }
    try {
      await call(`${SCORING}/signSheet/${candidateId}`, { method: 'POST', token: examiner.token });
      plan.signed++;
    } catch (error) {
      plan.errors.push(`sign: ${String(error.message ?? error)}`);
    }
  }
}

async function run() {
  const server = await startServer({ adminPassword });
  const db = await openDatabase(server);
  try {
    const setupBegin = performance.now();
    const { call } = await signInAdmin(server.url, adminPassword);
    const { subject, classIds } = await addCourseAndBatches(call, { prefix: 'SKB' });
    const tickets = Array.from(
      { length: CANDIDATES },
      (_, i) => `SKB${String(i + 1).padStart(6, '0')}`,
    );
    await writeStudents(db, { tickets, classIds, namePrefix: 'Candidate', idPrefix: 'SKB' });
    const studentIds = (
      await db.query(`select id from students where class_id = ? order by ticket_number`, [
        classIds[0],
      ])
    ).map((row) => row.id);
    const examiners = await writeExaminers(db, STATIONS * PER_STATION);
    const { byStation } = await writeAssessment(db, {
      subjectId: subject.id,
      classId: classIds[0],
      studentIds,
      examiners,
    });
    console.log(
      `setup: ${count(CANDIDATES)} candidates, ${count(examiners.length)} examiners at ${STATIONS} stations (${PER_STATION} each), ${ITEMS} items: ${seconds(setupBegin).toFixed(1)} s`,
    );

    const api = apiCaller(server.url);
    const plan = {
      start: performance.now(),
      windowMs: WINDOW_SECONDS * 1000,
      latencies: [],
      errors: [],
      acked: new Map(),
      refused: 0,
      resends: 0,
      networkResends: 0,
      changes: 0,
      signed: 0,
    };
    const cpu = cpuMeter(server.pid);
    const cpuBefore = os.loadavg();
    await Promise.all(
      examiners.map((examiner, i) =>
        examinerDevice(api, examiner, byStation[Math.floor(i / PER_STATION)], plan),
      ),
    );
    const used = cpu();
    const load = os.loadavg();

    // What the server holds against the last value acknowledged per item.
    const held = new Map();
    for (const row of await db.query(
      `select s.examiner_id, s.candidate_id, i.item_id, i.points, i.seq
       from skill_item_scores i join skill_scorings s on s.id = i.scoring_id`,
    )) {
      held.set(`${row.examiner_id}:${row.candidate_id}:${row.item_id}`, row);
    }
    let lost = 0;
    for (const [key, ack] of plan.acked) {
      const row = held.get(key);
      if (!row || row.seq !== ack.seq || row.points !== Math.round(ack.points * 100)) lost++;
    }
    const [signedRow] = await db.query(
      `select count(*) as n from skill_scorings where signed_at is not null`,
    );
    const sorted = [...plan.latencies].sort((a, b) => a - b);
    const cpuSeconds = (Number(used.server) * used.wall) / 100;
    console.log(
      `saves: ${count(sorted.length)} over ${used.wall.toFixed(0)} s (window ${WINDOW_SECONDS} s; ${count(Math.round(sorted.length / used.wall))}/s), resends ${count(plan.resends)} (and ${count(plan.networkResends)} after no answer), changed items ${count(plan.changes)}, refused ${plan.refused}, errors ${plan.errors.length}${plan.errors.length ? ` (first: ${plan.errors[0]})` : ''}`,
    );
    console.log(
      `save round trip: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
    );
    console.log(
      `lost: ${lost} of ${count(plan.acked.size)} acknowledged item scores (must be 0); sheets signed ${count(Number(signedRow.n))} of ${count(CANDIDATES * PER_STATION)}`,
    );
    console.log(
      `server CPU ${used.server}% of one core over the window (${cpuSeconds.toFixed(0)} CPU s, ${((cpuSeconds * 1000) / Math.max(1, sorted.length)).toFixed(2)} ms per save); os.loadavg() ${load.map((x) => x.toFixed(2)).join(' ')} (before ${cpuBefore.map((x) => x.toFixed(2)).join(' ')}); /proc/loadavg ${loadAverage()}; ${os.cpus().length} cores`,
    );
    if (lost > 0 || plan.errors.length > 0) process.exitCode = 1;
  } finally {
    await db.close();
    await server.stop();
  }

  const certification = path.join(here, 'skills-certification.mjs');
  if (fs.existsSync(certification)) {
    console.log('bench/skills-certification.mjs:');
    const child = spawn(process.execPath, [certification], { stdio: 'inherit' });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) process.exitCode = code ?? 1;
  }
}

await run();

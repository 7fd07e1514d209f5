// `npm run bench:marking`: marking at scale (docs/benchmarks.md#marking): 50 markers on 10,000 answers, the
// next + score round trip; re-scoring 10,000 attempts after a key correction (aim: under 2 s).
// Starts the built server on a fresh SQLite database (and then on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
// Setup (timed, not the figure): a job type, course and batch through the API; a passed paper of
// one single-choice question (5 points, key A) and one short-answer question (10 points) and N
// students, each with the STUDENT role and a session, written straight into the database (as
// the other benches do: sign-in is not measured here); the exam published through the API and
// its window opened in the database (publishing wants it in the future). The first 500
// candidates sit it through the real HTTP API (startAttempt, saveAnswers with both answers,
// submitAttempt: finalization scores the choice and counts the short answer as pending); the
// rest (sitting 10,000 over HTTP takes several minutes on this machine) are written straight
// into the database as finalization leaves a submitted attempt, and every attempt's rows, the
// server's and the bench's alike, are then checked against that. A third chose B. The window is
// closed in the database (as the marking tests do), M markers with MARKINGPAPERS are made
// through the API (seed.mjs addMarkers) and the plan assigns them the short answer.
// Timed: the first getMarkingProgress (it enrols the N answers in the marking pool), then M
// concurrent loops of nextAnswer → scoreAnswer until none is left: answers marked, wall time,
// throughput, round trip p50/p95/p99/max, errors; checked through the API that every answer was
// marked once and is final (getMarkingProgress, the score log) and that the candidates' totals
// are the objective scores plus the marks (listCandidate). Then correctKey turns the choice's
// key to B: its time, `rescored`, and the totals checked again (each A lost 5 points, each B won
// 5). Prints the server's CPU and peak memory, and the load average beside the figures; exits 1
// when a check fails.
// Environment: BENCH_CANDIDATES (default 10000), BENCH_MARKERS (50), BENCH_API_CANDIDATES (500
// of them sit the exam over HTTP), BENCH_SEED_CONCURRENCY (20 of those at once),
// BENCH_DATABASE_URL / TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import {
  count,
  cpuMeter,
  freshPostgres,
  loadAverage,
  memoryMb,
  ms,
  openDatabase,
  percentile,
  pool,
  seconds,
  serverPid,
  sleep,
} from './lib.mjs';
import {
  addCourseAndBatches,
  addMarkers,
  inMinutes,
  publishExam,
  signInAdmin,
  writePaper,
  writeStudents,
} from './seed.mjs';
import { receiptCodeOf, receiptKeyOf, writeReceiptCodes } from './receipt-code.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const markerPassword = 'bench-marker-pass';
const EXAM = '/api/kaoshi-exam/exam';
const ATTEMPT = '/api/kaoshi-attempt/attempt';
const MARKING = '/api/kaoshi-marking/marking';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 10_000);
const MARKERS = Number(process.env.BENCH_MARKERS ?? 50);
const SEED_CONCURRENCY = Number(process.env.BENCH_SEED_CONCURRENCY ?? 20);
/**
 * Candidates who sit the exam through the real HTTP API; the rest are written straight into the
 * database. At least one: the first one's paper names the items.
 */
const API_CANDIDATES = Math.max(
  1,
  Math.min(CANDIDATES, Number(process.env.BENCH_API_CANDIDATES ?? 500)),
);
/** Hundredths, as stored: the choice and the short answer. */
const CHOICE_SCORE = 500;
const SHORT_SCORE = 1000;
/** Marks are multiples of this (points). */
const STEP = 0.5;
/** Tries per setup call before the candidate counts as failed. */
const SEED_TRIES = 3;
/** A marker stops after this many errors in a row (the run then reports them). */
const MARKER_ERRORS_MAX = 20;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const sorted = (values) => Float64Array.from(values).sort();
const spread = (values) => {
  const s = sorted(values);
  return `p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, p99 ${ms(percentile(s, 99))}, max ${ms(s.at(-1) ?? NaN)}`;
};
const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
const listed = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([key, n]) => `${key} ×${n}`)
    .join('; ');

/** Candidate i's choice: a third choose B (wrong by the version's key, right once corrected). */
const choiceOf = (i) => (i % 3 === 0 ? 'B' : 'A');
const shortAnswerOf = (i) => `<p>Answer of candidate ${i + 1}</p>`;

/**
 * Every attempt of the exam, whether finalized by the server or written by the bench, as
 * finalization leaves a submitted one with a short answer to mark: its objective score the
 * choice's, one answer pending, its receipt code, the choice scored and the short answer not,
 * the candidate submitted with no total yet. Throws, naming the first difference.
 */
async function checkFinalized(db, examId, items) {
  const key = await receiptKeyOf(db);
  const attempts = await db.query(
    `select a.id, a.candidate_id, a.finish_reason, a.objective_score, a.pending_marking, a.receipt_code,
            a.live_token, c.status, c.score, c.passed
     from attempts a join exam_candidates c on c.id = a.candidate_id where a.exam_id = ?`,
    [examId],
  );
  const answers = await db.query(
    `select x.attempt_id, x.item_id, x.seq, x.value, x.score from attempt_answers x
     join attempts a on a.id = x.attempt_id where a.exam_id = ? order by x.attempt_id, x.item_id`,
    [examId],
  );
  const byAttempt = new Map();
  for (const answer of answers) {
    byAttempt.set(answer.attempt_id, [...(byAttempt.get(answer.attempt_id) ?? []), answer]);
  }
  if (attempts.length !== CANDIDATES) throw new Error(`${attempts.length} attempts`);
  for (const attempt of attempts) {
    const own = (byAttempt.get(attempt.id) ?? []).map((a) => ({ ...a, seq: Number(a.seq) }));
    const choice = own.find((a) => a.item_id === items.choice);
    const short = own.find((a) => a.item_id === items.short);
    const right = choice?.value === JSON.stringify('A') ? CHOICE_SCORE : 0;
    const expected = {
      finish_reason: 'submitted',
      objective_score: right,
      pending_marking: 1,
      receipt_code: receiptCodeOf(key, attempt.id, attempt.candidate_id, own),
      live_token: null,
      status: 0,
      score: null,
      passed: null,
      answers: 2,
      choiceScore: right,
      choiceSeq: 1,
      shortScore: null,
    };
    const actual = {
      finish_reason: attempt.finish_reason,
      objective_score: Number(attempt.objective_score),
      pending_marking: Number(attempt.pending_marking),
      receipt_code: attempt.receipt_code,
      live_token: attempt.live_token,
      status: Number(attempt.status),
      score: attempt.score,
      passed: attempt.passed,
      answers: own.length,
      choiceScore: choice && Number(choice.score),
      choiceSeq: choice?.seq,
      shortScore: short?.score,
    };
    for (const key of Object.keys(expected)) {
      if (expected[key] !== actual[key]) {
        throw new Error(
          `attempt ${attempt.id}: ${key} is ${actual[key]}, finalization leaves ${expected[key]}`,
        );
      }
    }
  }
  return 'ok';
}

/** `call` retried a few times (the machine is shared; a setup hiccup is not the figure). */
async function retried(call, errors) {
  for (let tries = 1; ; tries++) {
    try {
      return await call();
    } catch (error) {
      if (tries >= SEED_TRIES) throw error;
      tally(errors, error.message);
    }
  }
}

/** Every candidate of the exam (listCandidate, 500 a page): score and passed per ticket. */
async function candidateScores(call, examId) {
  const rows = [];
  for (let page = 1; ; page++) {
    const { list, total } = await call(
      `${EXAM}/listCandidate?examId=${examId}&page=${page}&limit=500`,
    );
    rows.push(...list);
    if (rows.length >= total || list.length === 0) return rows;
  }
}

/** Sum of the known totals (points, summed in hundredths), and how many are known / passed. */
function totals(rows) {
  let hundredths = 0;
  let known = 0;
  let passed = 0;
  for (const row of rows) {
    if (row.score === null) continue;
    known++;
    hundredths += Math.round(row.score * 100);
    if (row.passed) passed++;
  }
  return { hundredths, known, passed };
}

/** Makes the paper, the students and the exam; every candidate sits it over HTTP. */
async function prepare(server, postgres, database) {
  const { api, call } = await signInAdmin(server.url, adminPassword);
  const setup = performance.now();
  const {
    subject,
    course,
    classIds: [batchId],
  } = await addCourseAndBatches(call, { prefix: 'MK' });

  const db = await openDatabase(server, postgres?.url);
  const written = performance.now();
  const option = (key) => ({ key, content: `<p>Option ${key}</p>`, correct: key === 'A' });
  const { paperId } = await writePaper(db, {
    subjectId: subject.id,
    courseId: course.id,
    name: 'Marking bench paper',
    passScore: 900,
    sectionTitle: 'Choice and short answer',
    questions: [
      {
        type: 0,
        content: '<p>Which one?</p>',
        options: ['A', 'B', 'C', 'D'].map(option),
        answer: 'A',
        score: CHOICE_SCORE,
      },
      {
        type: 5,
        content: '<p>Explain why.</p>',
        answer: '<p>Model answer</p>',
        analysis: '<p>What a good answer names</p>',
        score: SHORT_SCORE,
      },
    ],
  });
  const tickets = Array.from(
    { length: CANDIDATES },
    (_, i) => `MK${String(i + 1).padStart(8, '0')}`,
  );
  const { tokens } = await writeStudents(db, {
    tickets,
    classIds: [batchId],
    namePrefix: 'Candidate',
    idPrefix: 'M',
    passwordIsDefault: 0,
    sessions: true,
  });
  const writtenSeconds = seconds(written);

  const { exam } = await publishExam(call, {
    name: 'Marking bench',
    paperId,
    classIds: [batchId],
    candidates: CANDIDATES,
  });
  // Publishing wants a window in the future; the bench opens it now.
  await db.query(`update exams set start_at = ? where id = ?`, [inMinutes(-1), exam.id]);

  // The first API_CANDIDATES sit the exam over HTTP: start, save both answers, submit.
  const sitting = performance.now();
  const seedErrors = new Map();
  let failed = 0;
  /** How many chose A (right by the version's key) and B. */
  const chose = { A: 0, B: 0 };
  let items;
  await pool(API_CANDIDATES, SEED_CONCURRENCY, async (i) => {
    const token = tokens[i];
    const as = (p, options) => api(p, { ...options, token });
    try {
      const view = await retried(
        () => as(`${ATTEMPT}/startAttempt`, { method: 'POST', body: { examId: exam.id } }),
        seedErrors,
      );
      const delivered = view.paper.sections.flatMap((section) => section.items);
      const choice = delivered.find((item) => item.type === 0);
      const short = delivered.find((item) => item.type === 5);
      items ??= { choice: choice.itemId, short: short.itemId };
      // The letter as this candidate sees it.
      const wanted = choiceOf(i);
      const letter = choice.options.find((o) => o.content.includes(`Option ${wanted}`)).key;
      const answers = [
        { itemId: choice.itemId, seq: 1, value: letter },
        { itemId: short.itemId, seq: 1, value: shortAnswerOf(i) },
      ];
      const saved = await retried(
        () =>
          as(`${ATTEMPT}/saveAnswers`, {
            method: 'POST',
            body: { attemptId: view.attemptId, answers },
          }),
        seedErrors,
      );
      const refused = saved.acks.find((ack) => !ack.ok);
      if (refused) throw new Error(`saveAnswers refused: ${refused.code} ${refused.message}`);
      await retried(
        () => as(`${ATTEMPT}/submitAttempt/${view.attemptId}`, { method: 'POST' }),
        seedErrors,
      );
      chose[wanted]++;
    } catch (error) {
      failed++;
      tally(seedErrors, `gave up: ${error.message}`);
    }
  });
  const sittingSeconds = seconds(sitting);
  if (failed > 0) {
    throw new Error(
      `${failed} of ${API_CANDIDATES} candidates could not sit the exam: ${listed(seedErrors)}`,
    );
  }

  // The rest: written as finalization leaves a submitted attempt (checked below on every row).
  const writing = performance.now();
  const [version] = await db.query(`select paper_version_id from exams where id = ?`, [exam.id]);
  const rest = await db.query(
    `select c.id, c.student_id from exam_candidates c left join attempts a on a.candidate_id = c.id
     where c.exam_id = ? and a.id is null order by c.seat_number`,
    [exam.id],
  );
  if (rest.length !== CANDIDATES - API_CANDIDATES) {
    throw new Error(`expected ${CANDIDATES - API_CANDIDATES} candidates left, got ${rest.length}`);
  }
  const startedAt = new Date().toISOString();
  const answersOf = rest.map((_, r) => {
    const i = API_CANDIDATES + r;
    chose[choiceOf(i)]++;
    return [
      [items.choice, JSON.stringify(choiceOf(i))],
      [items.short, JSON.stringify(shortAnswerOf(i))],
    ].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  });
  const attemptIds = await db.insert(
    'attempts',
    [
      'exam_id',
      'candidate_id',
      'student_id',
      'paper_version_id',
      'seed',
      'started_at',
      'deadline',
      'finished_at',
      'finish_reason',
      'objective_score',
      'pending_marking',
      'receipt_code',
      'live_token',
      'leave_count',
      'start_ip',
    ],
    rest.map((candidate, r) => [
      exam.id,
      candidate.id,
      candidate.student_id,
      version.paper_version_id,
      randomBytes(12).toString('hex'),
      startedAt,
      inMinutes(90),
      startedAt,
      'submitted',
      choiceOf(API_CANDIDATES + r) === 'A' ? CHOICE_SCORE : 0,
      1,
      // Set below, once the attempt has its id.
      null,
      null,
      0,
      '127.0.0.1',
    ]),
  );
  await db.insert(
    'attempt_answers',
    ['attempt_id', 'item_id', 'seq', 'value', 'saved_at', 'score'],
    attemptIds.flatMap((attemptId, r) =>
      answersOf[r].map(([itemId, value]) => [
        attemptId,
        itemId,
        1,
        value,
        startedAt,
        itemId === items.choice ? (value === '"A"' ? CHOICE_SCORE : 0) : null,
      ]),
    ),
    { returning: false },
  );
  // Each receipt code names its attempt: written once the attempts have their ids.
  await writeReceiptCodes(
    db,
    attemptIds.map((attemptId, r) => ({
      attemptId,
      candidateId: rest[r].id,
      answers: answersOf[r].map(([itemId, value]) => ({ item_id: itemId, value })),
    })),
  );
  for (let start = 0; start < rest.length; start += 500) {
    const ids = rest.slice(start, start + 500).map((candidate) => candidate.id);
    await db.query(
      `update exam_candidates set status = 0, score = null, passed = null where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
  }
  const writingSeconds = seconds(writing);
  const consistent = await checkFinalized(db, exam.id, items);

  // Closed, the way the marking tests close an exam: a key may be corrected only then.
  await db.query(`update exams set start_at = ?, end_at = ? where id = ?`, [
    inMinutes(-200),
    inMinutes(-1),
    exam.id,
  ]);

  // Markers with MARKINGPAPERS, through the API, each signed in (argon2: a few seconds in all).
  const markers = await addMarkers(call, api, { n: MARKERS, password: markerPassword });
  await call(`${MARKING}/setMarkingPlan`, {
    method: 'POST',
    body: {
      examId: exam.id,
      mode: 'question',
      double: false,
      tolerance: 0,
      step: STEP,
      auditShare: 5,
      assignments: [{ itemId: items.short, markerIds: markers.map((marker) => marker.id) }],
    },
  });
  console.log(
    `${database}: setup ${seconds(setup).toFixed(1)} s: paper and ${count(CANDIDATES)} students with roles and sessions written into the database in ${writtenSeconds.toFixed(1)} s (not signed in); ${count(API_CANDIDATES)} candidates sat the exam over HTTP (startAttempt, saveAnswers, submitAttempt; ${SEED_CONCURRENCY} at once) in ${sittingSeconds.toFixed(1)} s, ${(API_CANDIDATES / sittingSeconds).toFixed(0)} a second${seedErrors.size > 0 ? ` (retried: ${listed(seedErrors)})` : ''}; the other ${count(CANDIDATES - API_CANDIDATES)} finished attempts written straight into the database in ${writingSeconds.toFixed(1)} s; every attempt's rows as finalization leaves them (objective score, pending marking, receipt code, answers with their scores, the candidate's status): ${consistent}; window closed in the database; ${MARKERS} markers made through the API and signed in; plan set`,
  );
  return { db, call, api, examId: exam.id, items, markers, chose };
}

/** The markers' loops: nextAnswer → scoreAnswer until none is left. */
async function mark(api, examId, itemId, markers) {
  const stats = {
    roundTrips: [],
    nexts: [],
    scores: [],
    /** Nexts that came back empty while answers were still held by others. */
    emptyNexts: 0,
    errors: new Map(),
    errorCount: 0,
    scoredIds: new Set(),
    duplicates: 0,
    /** Hundredths given in all. */
    given: 0,
    perMarker: [],
  };
  const begin = performance.now();
  await Promise.all(
    markers.map(async (marker) => {
      const as = (p, body) => api(p, { method: 'POST', body, token: marker.token });
      let mine = 0;
      let errorsInRow = 0;
      for (;;) {
        const t0 = performance.now();
        let answer;
        let left;
        try {
          ({ answer, left } = await as(`${MARKING}/nextAnswer`, { examId, itemId }));
        } catch (error) {
          stats.errorCount++;
          tally(stats.errors, `nextAnswer: ${error.message}`);
          if (++errorsInRow >= MARKER_ERRORS_MAX) break;
          continue;
        }
        const t1 = performance.now();
        if (answer === null) {
          if (left === 0) break;
          // The rest are held by other markers: one of them may yet give one back.
          stats.emptyNexts++;
          await sleep(50);
          continue;
        }
        const points = Math.floor(Math.random() * (answer.fullScore / STEP + 1)) * STEP;
        try {
          await as(`${MARKING}/scoreAnswer`, { answerId: answer.answerId, score: points });
        } catch (error) {
          stats.errorCount++;
          tally(stats.errors, `scoreAnswer: ${error.message}`);
          if (++errorsInRow >= MARKER_ERRORS_MAX) break;
          continue;
        }
        const t2 = performance.now();
        errorsInRow = 0;
        stats.nexts.push(t1 - t0);
        stats.scores.push(t2 - t1);
        stats.roundTrips.push(t2 - t0);
        if (stats.scoredIds.has(answer.answerId)) stats.duplicates++;
        stats.scoredIds.add(answer.answerId);
        stats.given += Math.round(points * 100);
        mine++;
      }
      stats.perMarker.push(mine);
    }),
  );
  stats.wall = seconds(begin);
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
    const dbName = postgres && new URL(postgres.url).pathname.slice(1);
    const prepared = await prepare(server, postgres, database);
    db = prepared.db;
    const { call, api, examId, items, markers, chose } = prepared;
    const problems = [];
    const check = (ok, text) => {
      if (!ok) problems.push(text);
      return ok ? 'ok' : 'FAILED';
    };

    // The overview's first look enrols every answer to mark.
    let start = performance.now();
    const before = await call(`${MARKING}/getMarkingProgress/${examId}`);
    const enrolSeconds = seconds(start);
    const pooled = before.items.find((item) => item.itemId === items.short);
    console.log(
      `${database}: first getMarkingProgress (enrols ${count(pooled.answers)} answers in the pool): ${enrolSeconds.toFixed(2)} s; load average ${loadAverage()}`,
    );

    const baseMb = memoryMb(pid, 'VmRSS');
    const meter = cpuMeter(pid, dbName);
    const generator = process.cpuUsage();
    const stats = await mark(api, examId, items.short, markers);
    const cpu = meter();
    const generatorCpu = process.cpuUsage(generator);
    const generatorPercent = ((generatorCpu.user + generatorCpu.system) / 1e6 / cpu.wall) * 100;
    /** CPU milliseconds per answer marked, from a share of one core over the marking. */
    const perAnswer = (percent) =>
      `${(((Number(percent) / 100) * cpu.wall * 1000) / Math.max(1, stats.roundTrips.length)).toFixed(1)} ms CPU`;
    const peakMb = memoryMb(pid, 'VmHWM');
    const marked = stats.roundTrips.length;
    console.log(
      `${database}: ${MARKERS} markers marked ${count(marked)} answers in ${stats.wall.toFixed(1)} s, ${(marked / stats.wall).toFixed(0)} answers/s; each marker ${Math.min(...stats.perMarker)} to ${Math.max(...stats.perMarker)}`,
    );
    console.log(
      `${database}: next + score round trip ${spread(stats.roundTrips)} (nextAnswer ${spread(stats.nexts)}; scoreAnswer ${spread(stats.scores)})`,
    );
    console.log(
      `${database}: errors: ${count(stats.errorCount)}${stats.errors.size > 0 ? ` (${listed(stats.errors)})` : ''}; empty nexts while others held the last answers: ${count(stats.emptyNexts)}`,
    );
    console.log(
      `${database}: server CPU ${cpu.server}% of one core over the marking (${cpu.wall.toFixed(0)} s), ${perAnswer(cpu.server)} per answer marked${postgres ? `; PostgreSQL backends of the bench database ${cpu.backends}%, ${perAnswer(cpu.backends)} per answer` : ''}; load generator (this process) ${perAnswer(generatorPercent)} per answer; peak memory (VmHWM) ${peakMb.toFixed(0)} MB (${baseMb.toFixed(0)} MB before the marking); load average ${loadAverage()}`,
    );

    // Checked through the API: each answer marked once, every one final, the totals right.
    const after = await call(`${MARKING}/getMarkingProgress/${examId}`);
    const progress = after.items.find((item) => item.itemId === items.short);
    const markerMarks = progress.markers.reduce((sum, marker) => sum + marker.marks, 0);
    const log = await call(`${MARKING}/listScoreLog?examId=${examId}&page=1&limit=1`);
    const rows = await candidateScores(call, examId);
    const marking = totals(rows);
    const objective = chose.A * CHOICE_SCORE;
    console.log(
      `${database}: check: answers marked twice (client side) ${stats.duplicates}, distinct answers scored ${count(stats.scoredIds.size)} of ${count(CANDIDATES)}: ${check(stats.duplicates === 0 && stats.scoredIds.size === CANDIDATES, 'an answer was marked twice or one was left')}; getMarkingProgress: ${count(progress.answers)} answers, ${count(progress.marked)} marked, ${progress.inProgress} in progress, ${progress.arbitration} in arbitration, the markers' marks add up to ${count(markerMarks)}: ${check(progress.answers === CANDIDATES && progress.marked === CANDIDATES && progress.inProgress === 0 && progress.arbitration === 0 && markerMarks === CANDIDATES, 'getMarkingProgress does not show every answer marked once')}; score log ${count(log.total)} entries (a mark and a final per answer): ${check(log.total === 2 * CANDIDATES, 'the score log does not hold one mark and one final per answer')}`,
    );
    console.log(
      `${database}: check: ${count(marking.known)} candidates' totals known (listCandidate), ${count(marking.passed)} passed, sum ${(marking.hundredths / 100).toFixed(2)} = objective ${(objective / 100).toFixed(2)} (${count(chose.A)} chose A) + marks ${(stats.given / 100).toFixed(2)}: ${check(marking.known === CANDIDATES && marking.hundredths === objective + stats.given, 'the totals are not the objective scores plus the marks')}`,
    );

    // The key was wrong: B is right. Every attempt's choice is re-scored.
    start = performance.now();
    const corrected = await call(`${MARKING}/correctKey`, {
      method: 'POST',
      body: { examId, itemId: items.choice, answer: 'B', reason: 'B is the right option' },
    });
    const correctSeconds = seconds(start);
    const rescoredRows = await candidateScores(call, examId);
    const rescored = totals(rescoredRows);
    const expected = marking.hundredths + (chose.B - chose.A) * CHOICE_SCORE;
    console.log(
      `${database}: key correction (correctKey, A → B): ${correctSeconds.toFixed(2)} s (aim: under 2 s), rescored ${count(corrected.rescored)} attempts: ${check(corrected.rescored === CANDIDATES, 'rescored is not every attempt')}; load average ${loadAverage()}`,
    );
    console.log(
      `${database}: check: totals after the correction sum ${(rescored.hundredths / 100).toFixed(2)} = ${(marking.hundredths / 100).toFixed(2)} − 5 × ${count(chose.A)} (A) + 5 × ${count(chose.B)} (B), ${count(rescored.passed)} passed: ${check(rescored.known === CANDIDATES && rescored.hundredths === expected, 'the totals did not move by the corrected points')}`,
    );
    if (problems.length > 0) {
      process.exitCode = 1;
      console.log(`${database}: FAILED checks: ${problems.join('; ')}`);
    }
  } finally {
    await db?.close();
    await server.stop();
    await postgres?.drop();
  }
}

await runOn('SQLite');
if (pgUrl) await runOn('PostgreSQL');

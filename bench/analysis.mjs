// `npm run bench:analysis`: the score analysis calls (docs/features/analysis.md) on one exam of N attempts × 100
// questions (default 10,000), aim: each under 1 s. Starts the built server on a fresh SQLite
// database (and then on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
// Setup (timed, not the figure): a job type, course and 4 batches through the API; a passed paper
// of 100 questions (40 single choice, 20 multiple choice, 30 judgement of 1 point, 10 short
// answers of 5 points) and N students written straight into the database; the exam published
// through the API (N candidate rows). Then, straight into the database as finalization and
// marking leave them: 98 % of the candidates finished an attempt (2 % absent), every question
// answered by a simple ability model (a candidate of ability θ gets a question of difficulty b
// right with probability 1 / (1 + e^(−1.7(θ − b))), a wrong choice picks a distractor, a short
// answer earns that share of its 5 points in half points), each answer's final score, the
// attempt's objective score, the candidate's total and pass; the window closed and the scores
// released. On PostgreSQL the bench runs ANALYZE after the bulk load, as autovacuum would soon.
// Timed: each analysis call three times (the first cold, then the best of the other two):
// questionFigures (a page of 20 of the paper's questions, cold), itemAnalysis, questionFigures
// (the next page: taken from the kept item analysis), dashboard (the administrator's), and,
// when they exist, classRanking, passStatistics, supplementaryStatistics and their Excel
// exports (another engineer's, statistics.routes.ts). Checked: itemAnalysis counts every
// finished attempt and its mean is the bench's own. Prints the load average beside the figures;
// exits 1 when a check fails.
// Environment: BENCH_ATTEMPTS (default 10000), BENCH_DATABASE_URL / TEST_DATABASE_URL,
// BENCH_SKIP_SQLITE=1 (PostgreSQL alone).
import { count, freshPostgres, loadAverage, ms, openDatabase, seconds } from './lib.mjs';
import {
  addCourseAndBatches,
  inMinutes,
  publishExam,
  signInAdmin,
  writePaper,
  writeStudents,
} from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const ANALYSIS = '/api/kaoshi-analysis/analysis';
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const BATCHES = 4;
const ABSENT_EVERY = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** A seeded generator (mulberry32): the same data on every run and database. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
/** A standard normal draw (Box–Muller). */
const normal = (next) => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

const KEYS = ['A', 'B', 'C', 'D'];
/** The 100 questions: type, points (hundredths), key. */
const QUESTIONS = Array.from({ length: 100 }, (_, j) => {
  if (j < 40) return { type: 0, score: 100, answer: KEYS[j % 4] };
  if (j < 60) return { type: 1, score: 100, answer: 'AC' };
  if (j < 90) return { type: 2, score: 100, answer: j % 2 === 0 ? 'T' : 'F' };
  return { type: 5, score: 500, answer: '<p>Model answer</p>' };
});

/** One candidate's answer and score of question j: stored value (JSON) and hundredths. */
function answerOf(next, theta, j) {
  const q = QUESTIONS[j];
  const b = -1.5 + (3 * j) / 99;
  const p = 1 / (1 + Math.exp(-1.7 * (theta - b)));
  const right = next() < p;
  switch (q.type) {
    case 0: {
      const wrong = KEYS.filter((k) => k !== q.answer);
      return {
        value: right ? q.answer : wrong[Math.floor(next() * 3)],
        score: right ? q.score : 0,
      };
    }
    case 1:
      return {
        value: right ? 'AC' : ['A', 'AB', 'BCD', 'C'][Math.floor(next() * 4)],
        score: right ? q.score : 0,
      };
    case 2:
      return { value: right ? q.answer : q.answer === 'T' ? 'F' : 'T', score: right ? q.score : 0 };
    default:
      return { value: '<p>An answer</p>', score: Math.round((p * q.score) / 50) * 50 };
  }
}

/** attempt_answers in bulk: PostgreSQL takes arrays (a hundred thousand rows a statement). */
async function insertAnswers(db, postgres, rows) {
  if (!postgres) {
    await db.insert(
      'attempt_answers',
      ['attempt_id', 'item_id', 'seq', 'value', 'saved_at', 'score'],
      rows,
      {
        returning: false,
      },
    );
    return;
  }
  const CHUNK = 100_000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const columns = [0, 1, 2, 3, 4, 5].map((c) => chunk.map((row) => row[c]));
    await db.query(
      `insert into attempt_answers (attempt_id, item_id, seq, value, saved_at, score)
       select * from unnest(?::int[], ?::text[], ?::int[], ?::text[], ?::text[], ?::int[])`,
      columns,
    );
  }
}

async function prepare(server, postgres) {
  const { api, token, call } = await signInAdmin(server.url, adminPassword);
  const { subject, course, classIds } = await addCourseAndBatches(call, {
    prefix: 'AN',
    batches: BATCHES,
  });
  const db = await openDatabase(server, postgres?.url);
  const written = performance.now();
  const { paperId, questionIds } = await writePaper(db, {
    subjectId: subject.id,
    courseId: course.id,
    name: 'Analysis bench paper',
    passScore: 8_400,
    sectionTitle: 'All questions',
    questions: QUESTIONS.map((q, j) => ({
      type: q.type,
      content: `<p>Question ${j + 1}</p>`,
      options:
        q.type <= 1
          ? KEYS.map((key) => ({
              key,
              content: `<p>Option ${key}</p>`,
              correct: q.answer.includes(key),
            }))
          : [],
      answer: q.answer,
      score: q.score,
    })),
  });
  const tickets = Array.from({ length: ATTEMPTS }, (_, i) => `AN${String(i + 1).padStart(8, '0')}`);
  await writeStudents(db, { tickets, classIds, namePrefix: 'Candidate', idPrefix: 'A' });
  const { exam } = await publishExam(call, {
    name: 'Analysis bench',
    paperId,
    classIds,
    candidates: ATTEMPTS,
  });
  const [{ paper_version_id: versionId, pass_score: passScore }] = await db.query(
    'select paper_version_id, pass_score from exams where id = ?',
    [exam.id],
  );
  const [{ snapshot }] = await db.query('select snapshot from paper_versions where id = ?', [
    versionId,
  ]);
  const itemIds = JSON.parse(snapshot).sections.flatMap((s) => s.items.map((item) => item.itemId));
  const candidates = await db.query(
    'select id, student_id from exam_candidates where exam_id = ? order by id',
    [exam.id],
  );

  const next = random(20_261_126);
  const at = inMinutes(-90);
  const sitting = candidates.filter((_, i) => i % ABSENT_EVERY !== ABSENT_EVERY - 1);
  const sheets = sitting.map(() => {
    const theta = normal(next);
    const answers = itemIds.map((_, j) => answerOf(next, theta, j));
    const objective = answers.reduce(
      (sum, a, j) => sum + (QUESTIONS[j].type === 5 ? 0 : a.score),
      0,
    );
    const total = answers.reduce((sum, a) => sum + a.score, 0);
    return { answers, objective, total };
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
    ],
    sitting.map((c, i) => [
      exam.id,
      c.id,
      c.student_id,
      versionId,
      `bench-${i}`,
      at,
      at,
      at,
      'submitted',
      sheets[i].objective,
      0,
      'bench',
      null,
    ]),
  );
  const answerRows = [];
  sheets.forEach((sheet, i) => {
    sheet.answers.forEach((a, j) => {
      answerRows.push([attemptIds[i], itemIds[j], 1, JSON.stringify(a.value), at, a.score]);
    });
  });
  await insertAnswers(db, postgres, answerRows);
  if (postgres) {
    await db.query(
      `update exam_candidates c set status = 0, score = v.score, passed = v.passed
       from (select unnest(?::int[]) as id, unnest(?::int[]) as score, unnest(?::int[]) as passed) v
       where c.id = v.id`,
      [
        sitting.map((c) => c.id),
        sheets.map((s) => s.total),
        sheets.map((s) => (s.total >= passScore ? 1 : 0)),
      ],
    );
  } else {
    await db.query('begin');
    for (const [i, c] of sitting.entries()) {
      await db.query('update exam_candidates set status = 0, score = ?, passed = ? where id = ?', [
        sheets[i].total,
        sheets[i].total >= passScore ? 1 : 0,
        c.id,
      ]);
    }
    await db.query('commit');
  }
  await db.query('update exams set start_at = ?, end_at = ?, released_at = ? where id = ?', [
    inMinutes(-120),
    inMinutes(-30),
    new Date().toISOString(),
    exam.id,
  ]);
  if (postgres) await db.query('analyze');
  const mean = sheets.reduce((sum, s) => sum + s.total, 0) / sheets.length / 100;
  console.log(
    `  data written in ${seconds(written).toFixed(1)} s: ${count(candidates.length)} candidates, ${count(sitting.length)} attempts × ${itemIds.length} questions (${count(answerRows.length)} answers), ${count(candidates.length - sitting.length)} absent`,
  );
  return {
    db,
    call,
    api,
    token,
    examId: exam.id,
    questionIds,
    sat: sitting.length,
    mean,
  };
}

/** A call three times: the first (cold) and the best of the next two; null when it is not there. */
async function timed(server, token, path) {
  const times = [];
  let last;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      headers: { cookie: `KAOSHI_TOKEN=${token}` },
    });
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await response.json() : await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status === 404 && body?.status !== 200) return { missing: true };
    if (type.includes('json') && body.status !== 200) {
      return { error: `${body.status} ${body.message}` };
    }
    last = type.includes('json') ? body.data : { bytes: body.byteLength };
  }
  return { first: times[0], best: Math.min(times[1], times[2]), data: last };
}

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  let server = await startServer({ adminPassword });
  let db;
  try {
    console.log(`${database}:`);
    const prepared = await prepare(server, postgres);
    db = prepared.db;
    const { examId, token, questionIds } = prepared;
    const problems = [];
    /** itemAnalysis as worked out before the restart. */
    let kept;
    const page = (n) => questionIds.slice(20 * n, 20 * (n + 1)).join(',');
    const calls = [
      // Before itemAnalysis: the bank's figures start cold (their own scan of 20 questions).
      [
        'questionFigures (questions 1-20, before itemAnalysis)',
        `${ANALYSIS}/questionFigures?questionIds=${page(0)}`,
        ' (the next two: kept)',
      ],
      [
        'itemAnalysis',
        `${ANALYSIS}/itemAnalysis/${examId}`,
        ' (the next two: the kept figures of a released exam)',
      ],
      [
        'questionFigures (questions 21-40, after itemAnalysis)',
        `${ANALYSIS}/questionFigures?questionIds=${page(1)}`,
      ],
      ['dashboard (administrator)', `${ANALYSIS}/dashboard`],
      ['classRanking (page 1 of 20)', `${ANALYSIS}/classRanking?examId=${examId}&page=1&limit=20`],
      ['passStatistics', `${ANALYSIS}/passStatistics?examId=${examId}`],
      ['supplementaryStatistics', `${ANALYSIS}/supplementaryStatistics?examId=${examId}`],
      ['exportClassRanking', `${ANALYSIS}/exportClassRanking?examId=${examId}`],
      ['exportPassStatistics', `${ANALYSIS}/exportPassStatistics?examId=${examId}`],
      [
        'exportSupplementaryStatistics',
        `${ANALYSIS}/exportSupplementaryStatistics?examId=${examId}`,
      ],
    ];
    for (const [name, path, note = ''] of calls) {
      const result = await timed(server, token, path);
      if (result.missing) {
        console.log(`  ${name}: not there (404)`);
        continue;
      }
      if (result.error) {
        console.log(`  ${name}: refused: ${result.error}`);
        problems.push(`${name} refused`);
        continue;
      }
      const over = result.best > 1000 ? ' (over 1 s)' : '';
      const size = result.data?.bytes !== undefined ? `, ${count(result.data.bytes)} bytes` : '';
      console.log(
        `  ${name}: first ${ms(result.first)}, then ${ms(result.best)}${over}${note}${size}; load average ${loadAverage()}`,
      );
      if (name === 'itemAnalysis') {
        const view = result.data;
        kept = view;
        const okCount = view.candidates.analysed === prepared.sat && view.items.length === 100;
        const okMean = Math.abs(view.test.mean - prepared.mean) < 0.001;
        console.log(
          `  check: analysed ${count(view.candidates.analysed)} of ${count(prepared.sat)} attempts, ${view.items.length} questions, mean ${view.test.mean} = ${prepared.mean.toFixed(4)}, alpha ${view.test.alpha}, SEM ${view.test.sem}: ${okCount && okMean ? 'ok' : 'FAILED'}`,
        );
        if (!okCount || !okMean) problems.push('itemAnalysis figures');
      }
    }
    // A restart (or another process): the kept figures are read back from the database.
    await db.close();
    db = undefined;
    await server.stop({ keepData: true });
    server = await startServer({ adminPassword, dataDir: server.dataDir });
    const again = await signInAdmin(server.url, adminPassword);
    for (const [name, path] of [
      ['itemAnalysis after a restart', `${ANALYSIS}/itemAnalysis/${examId}`],
      [
        'questionFigures (questions 41-60) after a restart',
        `${ANALYSIS}/questionFigures?questionIds=${page(2)}`,
      ],
    ]) {
      const result = await timed(server, again.token, path);
      if (result.error || result.missing) {
        console.log(`  ${name}: refused: ${result.error ?? 404}`);
        problems.push(`${name} refused`);
        continue;
      }
      const over = result.first > 500 ? ' (over 0.5 s)' : '';
      console.log(
        `  ${name}: first ${ms(result.first)}${over}, then ${ms(result.best)}; load average ${loadAverage()}`,
      );
      if (name.startsWith('itemAnalysis')) {
        const same = JSON.stringify(result.data) === JSON.stringify(kept);
        console.log(`  check: the same figures as before the restart: ${same ? 'ok' : 'FAILED'}`);
        if (!same) problems.push('itemAnalysis after a restart');
      }
    }
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

// BENCH_SKIP_SQLITE=1: PostgreSQL alone.
if (!process.env.BENCH_SKIP_SQLITE) await runOn('SQLite');
if (pgUrl) await runOn('PostgreSQL');

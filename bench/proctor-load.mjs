// `npm run bench:proctor`: the proctor's view of one exam of N candidates (default 10,000) on a
// large exam day (docs/features/proctoring.md), aim: liveExam under 1 s. Starts the built server
// on a fresh SQLite database (and then on PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL
// or DATABASE_URL is set).
// Setup (timed, not the figure): a job type, course and 4 batches through the API; a paper of 50
// single-choice questions and N students written straight into the database; the exam published
// through the API (N candidate rows), its window then opened. Then, straight into the database as
// the grouped writer leaves them: 85 % of the candidates answering (about 50 answers each, one in
// ten of them cleared), 10 % submitted, 5 % not started; each attempt's answered count and latest
// save; three 'joined' events per attempt (a load, a reload, a reconnect) and a 'page_hidden' for
// one in ten. On PostgreSQL the bench
// runs ANALYZE after the bulk load, as autovacuum would soon (SQLite: a WAL checkpoint).
// Timed: liveExam's first call, then p50 and p99 of BENCH_REPEATS more (default 20), the response
// size, the CPU each call cost (server, and PostgreSQL's backends); the proctor's socket joining the exam's room (its first watch reads the running attempts);
// and, for the choice of design, the two queries the view could have run instead: reading every
// answer of the exam (what liveExam did before) and one grouped COUNT over the answers. Checked:
// every row's answered count is the bench's own. Prints the load average beside the figures;
// exits 1 when a check fails.
// Environment: BENCH_CANDIDATES (default 10000), BENCH_ANSWERS (default 50), BENCH_REPEATS.
import { io } from 'socket.io-client';
import {
  count,
  cpuMeter,
  freshPostgres,
  loadAverage,
  ms,
  openDatabase,
  percentile,
  seconds,
} from './lib.mjs';
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
const PROCTOR = '/api/kaoshi-exam/proctor';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 10_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 50);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const BATCHES = 4;
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const KEYS = ['A', 'B', 'C', 'D'];

/** attempt_answers in bulk: PostgreSQL takes arrays (a hundred thousand rows a statement). */
async function insertAnswers(db, postgres, rows) {
  const columns = ['attempt_id', 'item_id', 'seq', 'value', 'saved_at', 'score', 'answered'];
  if (!postgres) {
    await db.insert('attempt_answers', columns, rows, { returning: false });
    return;
  }
  const CHUNK = 100_000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays = columns.map((_, c) => chunk.map((row) => row[c]));
    await db.query(
      `insert into attempt_answers (${columns.join(', ')})
       select * from unnest(?::int[], ?::text[], ?::int[], ?::text[], ?::text[], ?::int[], ?::int[])`,
      arrays,
    );
  }
}

async function prepare(server, postgres) {
  const { token, call } = await signInAdmin(server.url, adminPassword);
  const { subject, course, classIds } = await addCourseAndBatches(call, {
    prefix: 'PX',
    batches: BATCHES,
  });
  const db = await openDatabase(server, postgres?.url);
  const written = performance.now();
  const { paperId } = await writePaper(db, {
    subjectId: subject.id,
    courseId: course.id,
    name: 'Proctor bench paper',
    passScore: 3_000,
    sectionTitle: 'All questions',
    questions: Array.from({ length: ANSWERS }, (_, j) => ({
      type: 0,
      content: `<p>Question ${j + 1}</p>`,
      options: KEYS.map((key) => ({ key, content: `<p>Option ${key}</p>`, correct: key === 'A' })),
      answer: 'A',
      score: 100,
    })),
  });
  const tickets = Array.from(
    { length: CANDIDATES },
    (_, i) => `PX${String(i + 1).padStart(8, '0')}`,
  );
  await writeStudents(db, { tickets, classIds, namePrefix: 'Candidate', idPrefix: 'P' });
  const { exam } = await publishExam(call, {
    name: 'Proctor bench',
    paperId,
    classIds,
    candidates: CANDIDATES,
  });
  await db.query('update exams set start_at = ?, end_at = ? where id = ?', [
    inMinutes(-30),
    inMinutes(240),
    exam.id,
  ]);
  const [{ paper_version_id: versionId }] = await db.query(
    'select paper_version_id from exams where id = ?',
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
  // i % 20: 0 not started, 1 and 2 submitted, the rest answering.
  const started = candidates.map((c, i) => ({ ...c, i })).filter((c) => c.i % 20 !== 0);
  const submitted = (i) => i % 20 === 1 || i % 20 === 2;
  const startedAt = inMinutes(-25);
  const savedAt = inMinutes(-1);
  const finishedAt = inMinutes(-2);
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
      'start_ip',
    ],
    started.map((c) => {
      const i = c.i;
      return [
        exam.id,
        c.id,
        c.student_id,
        versionId,
        `bench-${i}`,
        startedAt,
        inMinutes(65),
        submitted(i) ? finishedAt : null,
        submitted(i) ? 'submitted' : null,
        '10.0.0.1',
      ];
    }),
  );
  const expected = new Map();
  const answerRows = [];
  started.forEach((c, n) => {
    // 40 to 50 answers, one in ten cleared (stored, not answered).
    const given = ANSWERS - (n % 11);
    let answered = 0;
    for (let j = 0; j < given; j++) {
      const cleared = (n + j) % 10 === 0;
      if (!cleared) answered += 1;
      answerRows.push([
        attemptIds[n],
        itemIds[j],
        2,
        JSON.stringify(cleared ? '' : KEYS[(n + j) % 4]),
        savedAt,
        null,
        cleared ? 0 : 1,
      ]);
    }
    expected.set(attemptIds[n], answered);
  });
  await insertAnswers(db, postgres, answerRows);
  // What the grouped writer keeps on each attempt (as migration 0020 fills it in).
  await db.query(
    `update attempts set
    answered_count = (select count(*) from attempt_answers aa
      where aa.attempt_id = attempts.id and aa.answered = 1),
    last_saved_at = (select max(aa.saved_at) from attempt_answers aa
      where aa.attempt_id = attempts.id)
    where exam_id = ?`,
    [exam.id],
  );
  const events = [];
  started.forEach((_, n) => {
    // The first load, a reload and a reconnect.
    for (let k = 0; k < 3; k++) {
      events.push([attemptIds[n], exam.id, 'joined', '{}', '10.0.0.1', inMinutes(-25 + 10 * k)]);
    }
    if (n % 10 === 3) {
      events.push([attemptIds[n], exam.id, 'page_hidden', '{}', '10.0.0.1', savedAt]);
    }
  });
  await db.insert(
    'attempt_events',
    ['attempt_id', 'exam_id', 'type', 'detail', 'ip', 'created_at'],
    events,
    { returning: false },
  );
  await db.query(
    `update exam_candidates set status = 1 where exam_id = ? and id in (select candidate_id from attempts where exam_id = ?)`,
    [exam.id, exam.id],
  );
  // As autovacuum and SQLite's checkpoints would soon: statistics, and the WAL written back.
  if (postgres) await db.query('analyze');
  else await db.query('pragma wal_checkpoint(TRUNCATE)');
  console.log(
    `  data written in ${seconds(written).toFixed(1)} s: ${count(candidates.length)} candidates, ${count(started.length)} attempts (${count(started.filter((c) => submitted(c.i)).length)} submitted), ${count(answerRows.length)} answers, ${count(events.length)} events`,
  );
  return { db, token, examId: exam.id, expected };
}

async function liveExam(server, token, examId) {
  const start = performance.now();
  const response = await fetch(`${server.url}${PROCTOR}/liveExam/${examId}`, {
    headers: { cookie: `KAOSHI_TOKEN=${token}` },
  });
  const text = await response.text();
  const took = performance.now() - start;
  const body = JSON.parse(text);
  if (body.status !== 200) throw new Error(`liveExam: ${body.status} ${body.message}`);
  return { took, bytes: Buffer.byteLength(text), view: body.data };
}

/** The proctor's socket joins the exam's room: the ack's time. */
async function watch(server, token, examId) {
  const socket = io(server.url, {
    path: '/api/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `KAOSHI_TOKEN=${token}` },
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const start = performance.now();
  const ack = await socket.timeout(30_000).emitWithAck('proctor:watch', { examId });
  const took = performance.now() - start;
  socket.disconnect();
  if (!ack.ok) throw new Error(`watch refused: ${ack.message}`);
  return took;
}

/** A query `times` times: the first and the median of the rest. */
async function timedQuery(db, text, params, times = 5) {
  const took = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await db.query(text, params);
    took.push(performance.now() - start);
  }
  const rest = took.slice(1).sort((a, b) => a - b);
  return `first ${ms(took[0])}, median ${ms(percentile(rest, 50))}`;
}

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword });
  let db;
  const problems = [];
  try {
    console.log(`${database}:`);
    const prepared = await prepare(server, postgres);
    db = prepared.db;
    const { token, examId, expected } = prepared;
    const first = await liveExam(server, token, examId);
    const times = [];
    // CPU per call (the server's, and PostgreSQL's backends'): a figure the machine's load
    // changes far less than the wall time.
    const meter = cpuMeter(
      server.pid,
      postgres ? new URL(postgres.url).pathname.slice(1) : undefined,
    );
    for (let i = 0; i < REPEATS; i++) times.push((await liveExam(server, token, examId)).took);
    const used = meter();
    const perCall = (percent) => ms(((Number(percent) / 100) * used.wall * 1000) / REPEATS);
    times.sort((a, b) => a - b);
    const rows = first.view.rows;
    const wrong = rows.filter(
      (row) => row.attemptId !== null && expected.get(row.attemptId) !== row.answered,
    );
    if (rows.length !== CANDIDATES) problems.push(`${rows.length} rows, not ${CANDIDATES}`);
    if (wrong.length > 0) problems.push(`${wrong.length} rows with another answered count`);
    console.log(
      `  liveExam (${count(rows.length)} rows, ${(first.bytes / 1024 / 1024).toFixed(1)} MB): first ${ms(first.took)}, then p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} over ${REPEATS} calls; load average ${loadAverage()}`,
    );
    console.log(
      `  CPU per liveExam call: server ${perCall(used.server)}${postgres ? `, PostgreSQL ${perCall(used.backends)}` : ''}`,
    );
    console.log(
      `  proctor's socket joins the exam's room: ${ms(await watch(server, token, examId))}`,
    );
    const everyAnswer = await timedQuery(
      db,
      `select aa.attempt_id, aa.value, aa.saved_at from attempt_answers aa
       inner join attempts a on a.id = aa.attempt_id where a.exam_id = ?`,
      [examId],
    );
    const grouped = await timedQuery(
      db,
      `select aa.attempt_id, count(*) as n from attempt_answers aa
       inner join attempts a on a.id = aa.attempt_id
       where a.exam_id = ? and aa.answered = 1 group by aa.attempt_id`,
      [examId],
    );
    const kept = await timedQuery(
      db,
      'select id, answered_count, last_saved_at from attempts where exam_id = ?',
      [examId],
    );
    console.log(`  the view's answered counts, as the database gives them (query alone):`);
    console.log(`    reading every answer of the exam (liveExam before): ${everyAnswer}`);
    console.log(`    one grouped COUNT over the answers: ${grouped}`);
    console.log(`    the count the writer keeps on each attempt (liveExam now): ${kept}`);
    console.log(`  load average ${loadAverage()}`);
  } finally {
    await db?.close();
    await server.stop();
    await postgres?.drop();
  }
  return problems;
}

const problems = [...(await runOn('SQLite'))];
if (pgUrl && process.env.BENCH_ONLY !== 'sqlite') problems.push(...(await runOn('PostgreSQL')));
else console.log('PostgreSQL: skipped (no TEST_DATABASE_URL or DATABASE_URL)');
if (problems.length > 0) {
  console.log(`checks failed: ${problems.join('; ')}`);
  process.exit(1);
}

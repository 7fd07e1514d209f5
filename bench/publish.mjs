// `npm run bench:publish`: publishing one exam to 20,000 candidates (docs/benchmarks.md#publishing, aim: under 5 s).
// Starts the built server on a fresh SQLite database (and then on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), makes a job type, a course, four batches and a
// passed paper through the API and the database, writes 20,000 students with their accounts
// straight into the database (5,000 a batch), then times through the API: the review step's check
// (checkExam) of a draft for the 20,000, publishing it (the version and 20,000 candidate rows),
// a second exam for the same students whose window overlaps (its publish answers 20,000 overlap
// warnings, 100 of them listed), and the first page of the candidate list filtered by status.
// Environment: BENCH_CANDIDATES (default 20000), BENCH_DATABASE_URL / TEST_DATABASE_URL.
import { freshPostgres, openDatabase, seconds } from './lib.mjs';
import {
  addCourseAndBatches,
  inMinutes,
  signInAdmin,
  writeStudents,
  writeTrueFalsePaper,
} from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const EXAM = '/api/kaoshi-exam/exam';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const BATCHES = 4;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword });
  try {
    const { call } = await signInAdmin(server.url, adminPassword);
    const { subject, course, classIds } = await addCourseAndBatches(call, {
      prefix: 'PB',
      batches: BATCHES,
    });

    const writer = await openDatabase(server, postgres?.url);
    const written = performance.now();
    const { paperId } = await writeTrueFalsePaper(writer, {
      subjectId: subject.id,
      courseId: course.id,
      name: 'Bench paper',
    });
    const tickets = Array.from(
      { length: CANDIDATES },
      (_, i) => `PB${String(i + 1).padStart(8, '0')}`,
    );
    await writeStudents(writer, { tickets, classIds, namePrefix: 'Candidate', idPrefix: 'P' });
    await writer.close();
    console.log(
      `${database}: ${CANDIDATES.toLocaleString('en-US')} students written in ${seconds(written).toFixed(1)} s`,
    );

    const body = (name, startMinutes) => ({
      name,
      paperId,
      classIds,
      startAt: inMinutes(startMinutes),
      endAt: inMinutes(startMinutes + 180),
      durationMinutes: 90,
    });
    const first = await call(`${EXAM}/addExam`, { method: 'POST', body: body('Bench exam', 60) });
    let start = performance.now();
    const preview = await call(`${EXAM}/checkExam/${first.id}`);
    const checkSeconds = seconds(start);
    start = performance.now();
    const published = await call(`${EXAM}/publishExam/${first.id}`, { method: 'POST' });
    const publishSeconds = seconds(start);
    if (published.candidateCount !== CANDIDATES || preview.candidateCount !== CANDIDATES) {
      throw new Error(`expected ${CANDIDATES} candidates, got ${published.candidateCount}`);
    }
    const second = await call(`${EXAM}/addExam`, {
      method: 'POST',
      body: body('Overlapping', 120),
    });
    start = performance.now();
    const overlapping = await call(`${EXAM}/publishExam/${second.id}`, { method: 'POST' });
    const overlapSeconds = seconds(start);
    start = performance.now();
    const page = await call(`${EXAM}/listCandidate?examId=${first.id}&status=3&page=50&limit=20`);
    const listMs = performance.now() - start;
    console.log(
      `${database}: check of a draft for ${preview.candidateCount.toLocaleString('en-US')} students: ${checkSeconds.toFixed(2)} s`,
    );
    console.log(
      `${database}: publish to ${published.candidateCount.toLocaleString('en-US')} candidates: ${publishSeconds.toFixed(2)} s (aim: under 5 s)`,
    );
    console.log(
      `${database}: publish of an overlapping exam (${overlapping.overlapTotal.toLocaleString('en-US')} warnings, ${overlapping.overlaps.length} listed): ${overlapSeconds.toFixed(2)} s`,
    );
    console.log(
      `${database}: candidate list, page 50 filtered by status (of ${page.total.toLocaleString('en-US')}): ${listMs.toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

await runOn('SQLite');
if (pgUrl) await runOn('PostgreSQL');

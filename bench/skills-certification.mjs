// `node bench/skills-certification.mjs`: certification of 10,000 candidates (issue 26 §4, aim:
// under 5 s). Starts the built server on a fresh SQLite database (and then on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), makes a job type, two batches, a passed paper
// and a scheme of theory + skills through the API, writes 10,000 students straight into the
// database, publishes the theory exam to them, writes their finished scores and their final
// skills results (as the checker's signature leaves them), then times the theory release: the
// last part becomes final and 10,000 certificates are issued in the release's transaction.
// Prints the time and the machine's load (os.loadavg()) before and after.
// Environment: BENCH_CANDIDATES (default 10000), BENCH_DATABASE_URL / TEST_DATABASE_URL.
import os from 'node:os';
import { count, freshPostgres, openDatabase, seconds } from './lib.mjs';
import {
  addCourseAndBatches,
  publishExam,
  signInAdmin,
  writeTrueFalsePaper,
  writeStudents,
} from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 10_000);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword });
  try {
    const { call } = await signInAdmin(server.url, adminPassword);
    const { subject, course, classIds } = await addCourseAndBatches(call, {
      prefix: 'SC',
      batches: 2,
    });
    const scheme = await call('/api/kaoshi-certification/scheme/addScheme', {
      method: 'POST',
      body: {
        subjectId: subject.id,
        level: 5,
        validityMonths: 12,
        components: [{ kind: 'theory' }, { kind: 'skills' }],
      },
    });
    const db = await openDatabase(server, postgres?.url);
    const components = await db.query(
      'select id, kind from cert_scheme_components where scheme_id = ?',
      [scheme.id],
    );
    const componentOf = (kind) => components.find((c) => c.kind === kind).id;
    const { paperId } = await writeTrueFalsePaper(db, {
      subjectId: subject.id,
      courseId: course.id,
      name: 'Certification bench paper',
    });
    const tickets = Array.from(
      { length: CANDIDATES },
      (_, i) => `SC${String(i + 1).padStart(8, '0')}`,
    );
    await writeStudents(db, { tickets, classIds, namePrefix: 'Candidate', idPrefix: 'S' });
    const { exam } = await publishExam(call, {
      name: 'Theory, level 5',
      paperId,
      classIds,
      candidates: CANDIDATES,
    });
    // Closed, every candidate finished with 80 of 100; the exam counts for the theory part.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const earlier = new Date(Date.now() - 3 * 3_600_000).toISOString();
    await db.query(
      'update exams set start_at = ?, end_at = ?, scheme_component_id = ? where id = ?',
      [earlier, past, componentOf('theory'), exam.id],
    );
    await db.query(
      'update exam_candidates set status = 0, score = 8000, passed = 1 where exam_id = ?',
      [exam.id],
    );
    // The skills part final a month ago for everyone (the checker's signatures).
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const students = await db.query('select student_id from exam_candidates where exam_id = ?', [
      exam.id,
    ]);
    await db.insert(
      'cert_results',
      ['student_id', 'component_id', 'score', 'passed', 'final_at'],
      students.map((s) => [s.student_id, componentOf('skills'), 7500, 1, monthAgo]),
      { returning: false },
    );
    const loadBefore = load();
    const start = performance.now();
    await call(`/api/kaoshi-marking/marking/releaseScores/${exam.id}`, { method: 'POST' });
    const releaseSeconds = seconds(start);
    const [{ n }] = await db.query(
      'select count(*) as n from certificates where scheme_id = ? and revoked_at is null',
      [scheme.id],
    );
    const [{ parts }] = await db.query(
      'select count(*) as parts from certificate_components cc join certificates c on c.id = cc.certificate_id where c.scheme_id = ?',
      [scheme.id],
    );
    await db.close();
    if (Number(n) !== CANDIDATES) throw new Error(`expected ${CANDIDATES} certificates, got ${n}`);
    console.log(
      `${database}: theory release issuing ${count(Number(n))} scheme certificates (${count(Number(parts))} component scores): ${releaseSeconds.toFixed(2)} s (aim: under 5 s)`,
    );
    console.log(
      `${database}: load average (1, 5, 15 min) before ${loadBefore}, after ${load()}; ${os.cpus().length} cores`,
    );
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

await runOn('SQLite');
if (pgUrl) await runOn('PostgreSQL');

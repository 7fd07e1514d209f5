// `npm run bench:publish`: publishing one exam to 20,000 candidates (issue 12, aim: under 5 s).
// Starts the built server on a fresh SQLite database (and then on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), makes a job type, a course, four batches and a
// passed paper through the API and the database, writes 20,000 students with their accounts
// straight into the database (5,000 a batch), then times through the API: the review step's check
// (checkExam) of a draft for the 20,000, publishing it (the version and 20,000 candidate rows),
// a second exam for the same students whose window overlaps (its publish answers 20,000 overlap
// warnings, 100 of them listed), and the first page of the candidate list filtered by status.
// Environment: BENCH_CANDIDATES (default 20000), BENCH_DATABASE_URL / TEST_DATABASE_URL.
import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { addJobType, apiCaller, freshPostgres, seconds, signIn } from './lib.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const EXAM = '/api/kaoshi-exam/exam';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const BATCHES = 4;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Inserts rows straight into the server's database (SQLite's file, or PostgreSQL) and answers
 * their ids, unless told the table has none.
 */
async function openWriter(server, postgresUrl) {
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
    async close() {
      await client.end();
    },
  };
}

const inMinutes = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();

async function runOn(database) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword });
  try {
    const api = apiCaller(server.url);
    const token = await signIn(api, 'admin', adminPassword, 1);
    const call = (p, options) => api(p, { ...options, token });
    const subject = await addJobType(call);
    const course = await call('/api/kaoshi-base/knowledge/addKnowledge', {
      method: 'POST',
      body: { type: 'cn', subjectId: subject.id, level: 5, code: 'PB-1', name: 'Course 1' },
    });
    const classIds = [];
    for (let b = 1; b <= BATCHES; b++) {
      const batch = await call('/api/kaoshi-school/classes/addClasses', {
        method: 'POST',
        body: { subjectId: subject.id, level: 5, name: `Bench batch ${b}`, code: `PB-B${b}` },
      });
      classIds.push(batch.id);
    }

    const writer = await openWriter(server, postgres?.url);
    const at = new Date().toISOString();
    const written = performance.now();
    const questionIds = await writer.insert(
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
      Array.from({ length: 50 }, (_, i) => [
        2,
        `<p>Question ${i}</p>`,
        '[]',
        'T',
        '[]',
        '',
        '',
        200,
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
    const [paperId] = await writer.insert(
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
      [['Bench paper', subject.id, 5, '', 6000, 90, 'manual', 0, null, 1, '', 1, at, at]],
    );
    const [sectionId] = await writer.insert(
      'paper_sections',
      ['paper_id', 'sort', 'title', 'description', 'score', 'rules'],
      [[paperId, 0, 'True or false', '', null, '[]']],
    );
    await writer.insert(
      'paper_questions',
      ['paper_id', 'section_id', 'question_id', 'sort', 'score'],
      questionIds.map((questionId, sort) => [paperId, sectionId, questionId, sort, 200]),
      { returning: false },
    );
    const tickets = Array.from(
      { length: CANDIDATES },
      (_, i) => `PB${String(i + 1).padStart(8, '0')}`,
    );
    const userIds = await writer.insert(
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
      tickets.map((ticket) => [ticket, ticket, 'x', 1, 3, '', '', '', null, 0, '', 0, 1, at, at]),
    );
    await writer.insert(
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
        classIds[i % BATCHES],
        `Candidate ${i + 1}`,
        1,
        2,
        `P${String(i).padStart(9, '0')}`,
        '',
        '',
        ticket,
        '',
        1,
        null,
        at,
        at,
      ]),
    );
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

// `npm run bench:paper-draw`: how long drawing a 100-question paper takes from a bank of 50,000
// approved questions (docs/benchmarks.md#paper-draw, aim: under 100 ms a draw). Starts the built server on a fresh
// SQLite database, makes one job type and level with 4 courses of 5 appraisal points each
// (weights and X/Y/Z importance) through the API, writes the 50,000 questions straight into the
// database file (6 types, difficulties 1-5, spread over the points), then times drawPaper by rules
// (6 rules over types and difficulties) and by blueprint (4 types spread over the 20 points).
import Database from 'better-sqlite3';
import path from 'node:path';
import { addCourse, addJobType, addPoint, signInAdmin } from './seed.mjs';
import { startServer } from './server.mjs';

const adminPassword = 'bench-admin-pass';
const PAPER = '/api/kaoshi-paper/paper';
const BANK_SIZE = 50_000;
const DRAWS = 20;

const server = await startServer({ adminPassword });
try {
  const { call } = await signInAdmin(server.url, adminPassword);
  const subject = await addJobType(call);
  const points = [];
  for (let c = 1; c <= 4; c++) {
    const course = await addCourse(call, {
      subjectId: subject.id,
      code: `PD-${c}`,
      name: `Course ${c}`,
    });
    for (let p = 1; p <= 5; p++) {
      const point = await addPoint(call, {
        subjectId: subject.id,
        parentId: course.id,
        code: `PD-${c}.${p}`,
        name: `Point ${c}.${p}`,
        importance: ['X', 'X', 'Y', 'Y', 'Z'][p - 1],
        weight: [30, 25, 20, 15, 10][p - 1],
      });
      points.push({ id: point.id, courseId: course.id });
    }
  }

  const started = performance.now();
  const db = new Database(path.join(server.dataDir, 'kaoshi.db'));
  db.pragma('busy_timeout = 10000');
  const insert = db.prepare(
    `insert into questions (type, content, options, answer, blanks, link_url, analysis, score,
       difficulty, subject_id, level, course_id, point_id, tags, search_text, audit_status,
       audit_reason, retired, author_id, reviewer_id, reviewed_at, created_at, updated_at)
     values (?, ?, '[]', '', '[]', '', '', 100, ?, ?, 5, ?, ?, '[]', '', 2, '', 0, 1, null, null, ?, ?)`,
  );
  const at = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < BANK_SIZE; i++) {
      const point = points[i % points.length];
      insert.run(
        Math.floor(i / points.length) % 6,
        `<p>Question ${i}</p>`,
        (i % 5) + 1,
        subject.id,
        point.courseId,
        point.id,
        at,
        at,
      );
    }
  })();
  db.close();
  console.log(
    `bank: ${BANK_SIZE} approved questions written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const base = {
    name: 'Bench paper',
    subjectId: subject.id,
    level: 5,
    passScore: 60,
    durationMinutes: 90,
  };
  const rulesPaper = {
    ...base,
    mode: 'rules',
    sections: [
      {
        title: 'Choice',
        rules: [
          { type: 0, count: 30, score: 1, difficulty: [1, 3] },
          { type: 0, count: 10, score: 1, difficulty: 4 },
          { type: 1, count: 20, score: 1, difficulty: [2, 4] },
        ],
      },
      {
        title: 'Other',
        rules: [
          { type: 2, count: 20, score: 1 },
          { type: 4, count: 10, score: 1, difficulty: 3 },
          { type: 5, count: 10, score: 1 },
        ],
      },
    ],
  };
  const blueprintPaper = {
    ...base,
    mode: 'blueprint',
    sections: [
      { title: 'Single' },
      { title: 'Multiple' },
      { title: 'True or false' },
      { title: 'Short' },
    ],
    blueprint: {
      types: [
        { type: 0, count: 40, score: 1 },
        { type: 1, count: 20, score: 1 },
        { type: 2, count: 30, score: 1 },
        { type: 5, count: 10, score: 1 },
      ],
    },
  };

  for (const [label, body] of [
    ['by rules', rulesPaper],
    ['by blueprint', blueprintPaper],
  ]) {
    const times = [];
    let count = 0;
    for (let i = 0; i < DRAWS + 2; i++) {
      const start = performance.now();
      const drawn = await call(`${PAPER}/drawPaper`, { method: 'POST', body });
      const ms = performance.now() - start;
      count = drawn.statistics.questionCount;
      if (i >= 2) times.push(ms); // the first two warm the server up
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.ceil(times.length * 0.95) - 1];
    console.log(
      `draw ${label}: ${count} questions from ${BANK_SIZE}, median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms (${DRAWS} draws, over HTTP)`,
    );
  }
} finally {
  await server.stop();
}

// `npm run bench:import-questions`: importing 5,000 questions from Excel through the API.
// Starts the built server on a fresh SQLite database, makes a job type with courses and
// appraisal points, writes 5,000 questions of all six types into an .xlsx, then as admin:
// importPreview, importApply (skipInvalid, polling its job) and an export of all
// of them. Then the same on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
// (a database of its own, dropped after). Prints each time, rows/s and the server's resident
// memory (VmRSS before, VmHWM peak) from /proc.
// Environment: BENCH_QUESTIONS (default 5000), BENCH_DATABASE_URL / TEST_DATABASE_URL,
// BENCH_LOG_LEVEL (default warn).
import ExcelJS from 'exceljs';
import {
  freshPostgres,
  importRoutes,
  megabytes,
  memoryMb,
  rowsPerSecond,
  seconds,
  serverPid,
} from './lib.mjs';
import { addCourse, addJobType, addPoint, signInAdmin } from './seed.mjs';
import { startServer } from './server.mjs';

const count = Number(process.env.BENCH_QUESTIONS ?? 5000);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const adminPassword = 'bench-admin-pass';
const QUESTION = '/api/kaoshi-question/question';
const COURSES = 5;
const POINTS = 4;

const HEADERS = [
  'Type',
  'Stem',
  ...'ABCDEFGHIJ'.split('').map((key) => `Option ${key}`),
  'Answer',
  'Link URL',
  'Analysis',
  'Score',
  'Difficulty',
  'Job type code',
  'Level',
  'Course code',
  'Appraisal point code',
  'Tags',
];

/** Question i of the file: the six types in turn, realistic lengths, a course and point each. */
function questionRow(i) {
  const course = i % COURSES;
  const point = i % POINTS;
  const stem = `Question ${i}: in a low-voltage installation, which statement about protective earthing, residual current devices and the disconnection time is correct for case ${i}?`;
  const options = ['', '', '', '', '', '', '', '', '', ''];
  let type;
  let answer;
  let link = '';
  switch (i % 6) {
    case 0:
      type = 'Single choice';
      for (let k = 0; k < 4; k++)
        options[k] = `Option ${k + 1} of question ${i}, a plausible distractor`;
      answer = 'ABCD'[i % 4];
      break;
    case 1:
      type = 'Multiple choice';
      for (let k = 0; k < 5; k++) options[k] = `<p>Choice <b>${k + 1}</b> of question ${i}</p>`;
      answer = 'ACE';
      break;
    case 2:
      type = 'True or false';
      answer = i % 4 === 2 ? '对' : '错';
      break;
    case 3:
      type = 'External link';
      answer = '<p>Full marks when the simulated circuit passes the checks.</p>';
      link = `https://lab.example.com/tasks/${i}`;
      break;
    case 4:
      type = 'Fill in the blank';
      answer = 'earthing/grounding|30 mA';
      break;
    default:
      type = 'Short answer';
      answer =
        'Switch off, lock out, verify the absence of voltage, earth and short-circuit, cover live parts.';
  }
  return [
    type,
    i % 6 === 4 ? `${stem} Protective ___ and a device of ___ are required.` : stem,
    ...options,
    answer,
    link,
    `Explanation of question ${i}: see the standard, section ${i % 40}.`,
    [1, 2, 2.5, 5][i % 4],
    (i % 5) + 1,
    'BENCH-J',
    5,
    `BC-${course}`,
    `BC-${course}.${point}`,
    `bench, type${i % 6}`,
  ];
}

async function generateFile() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(HEADERS);
  for (let i = 0; i < count; i++) sheet.addRow(questionRow(i));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function runOn(database, file) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  const previous = process.env.BENCH_DATABASE_URL;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword, logLevel });
  try {
    const pid = serverPid();
    const { token, call } = await signInAdmin(server.url, adminPassword);
    const subject = await addJobType(call);
    for (let c = 0; c < COURSES; c++) {
      const course = await addCourse(call, {
        subjectId: subject.id,
        code: `BC-${c}`,
        name: `Course ${c}`,
      });
      for (let p = 0; p < POINTS; p++) {
        await addPoint(call, {
          subjectId: subject.id,
          parentId: course.id,
          code: `BC-${c}.${p}`,
          name: `Point ${c}.${p}`,
          importance: 'X',
          weight: 25,
        });
      }
    }

    const routes = importRoutes({
      url: server.url,
      base: QUESTION,
      token,
      file,
      fileName: 'questions.xlsx',
    });
    const rssBefore = memoryMb(pid, 'VmRSS');

    const { seconds: previewed, envelope: preview } = await routes.preview();
    if (preview.status !== 200 || preview.data.valid !== count) {
      const bad = preview.data?.rows?.find((row) => row.problems.length > 0);
      throw new Error(
        `preview: ${preview.status} ${preview.message} valid ${preview.data?.valid} ${JSON.stringify(bad)}`,
      );
    }

    const { seconds: applied, checked, steps, last } = await routes.apply();
    const peakAfterImport = memoryMb(pid, 'VmHWM');

    const { seconds: exportSeconds, bytes: exportBytes } = await routes.export();
    const listed = await call(`${QUESTION}/listQuestion?keyword=question%204999&limit=20`);
    const peak = memoryMb(pid, 'VmHWM');

    const rate = (s) => rowsPerSecond(count, s);
    const mb = megabytes;
    console.log(`\nbench:import-questions — ${count} questions, one server process on ${database}`);
    console.log(`importPreview                 ${previewed.toFixed(2)} s   ${rate(previewed)}`);
    console.log(
      `importApply                   ${applied.toFixed(2)} s   ${rate(applied)}` +
        `   (checked in ${checked.toFixed(2)} s, ${steps} write steps seen)  ${JSON.stringify(last.data)}`,
    );
    console.log(`export of all (lang=en)       ${exportSeconds.toFixed(2)} s   ${mb(exportBytes)}`);
    console.log(`preview + import              ${(previewed + applied).toFixed(2)} s`);
    console.log(`keyword search after import   ${listed.total} match(es) for "question 4999"`);
    console.log(
      `server memory: RSS ${rssBefore.toFixed(0)} MB before, peak (VmHWM) ${peakAfterImport.toFixed(0)} MB after the import, ${peak.toFixed(0)} MB at the end`,
    );
  } finally {
    await server.stop();
    await postgres?.drop();
    if (previous === undefined) delete process.env.BENCH_DATABASE_URL;
    else process.env.BENCH_DATABASE_URL = previous;
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const generating = performance.now();
const file = await generateFile();
console.log(
  `generated ${count} questions into .xlsx in ${seconds(generating).toFixed(2)} s (${megabytes(file.length)})`,
);
await runOn('SQLite', file);
if (pgUrl) await runOn('PostgreSQL', file);
else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
console.log('aim: preview + import of 5,000 questions under 10 s');

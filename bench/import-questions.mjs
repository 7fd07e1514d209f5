// `npm run bench:import-questions`: importing 5,000 questions through the API, from Excel and
// from the files other tools write (bench/question-files.mjs: QTI 2.2 and 3.0 packages, Moodle
// XML, GIFT, Word .docx; the types each carries mixed, every tenth question with an image).
// Starts the built server on a fresh SQLite database, makes a job type with courses and
// appraisal points, then as admin: the .xlsx of all six types through importPreview,
// importApply (skipInvalid, polling its job) and an export of all of them; then each other
// format through importPreview and importApply under one course (the form's structure), into
// the same bank. Then the same on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set (a database of its own, dropped after). Prints each time, rows/s, the load average and
// the server's resident memory (VmRSS before, VmHWM peak, reset before each format) from /proc.
// Environment: BENCH_QUESTIONS (default 5000), BENCH_FORMATS (default
// xlsx,qti22,qti30,moodle,gift,docx), BENCH_ONLY (sqlite | postgres), BENCH_DATABASE_URL /
// TEST_DATABASE_URL, BENCH_LOG_LEVEL (default warn).
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import {
  cpuTicks,
  freshPostgres,
  importRoutes,
  loadAverage,
  megabytes,
  memoryMb,
  rowsPerSecond,
  seconds,
  serverPid,
} from './lib.mjs';
import { addCourse, addJobType, addPoint, signInAdmin } from './seed.mjs';
import { docx, gift, moodleXml, qtiPackage } from './question-files.mjs';
import { startServer } from './server.mjs';

const count = Number(process.env.BENCH_QUESTIONS ?? 5000);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const adminPassword = 'bench-admin-pass';
const QUESTION = '/api/kaoshi-question/question';
const COURSES = 5;
const CLOCK_TICKS =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
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

/** The formats besides Excel: name, the upload's file (made once) and the images it shows. */
const FORMATS = {
  qti22: { label: 'QTI 2.2 package', make: () => qtiPackage(count, 2) },
  qti30: { label: 'QTI 3.0 package', make: () => qtiPackage(count, 3) },
  moodle: { label: 'Moodle XML', make: () => moodleXml(count) },
  gift: { label: 'GIFT', make: () => gift(count) },
  docx: { label: 'Word (.docx)', make: () => docx(count) },
};

/** Lets VmHWM measure from now on (a process may reset its own peak: "5" to clear_refs). */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The Excel import, its export and a search, as before the other formats came. */
async function excelRun({ server, token, call, pid, file, database }) {
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
  console.log(`Excel (.xlsx), load average ${loadAverage()}`);
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
}

/** One format of another tool: preview and apply under the form's structure, timed. */
async function formatRun({ server, token, pid, structure, name, made }) {
  const { label } = FORMATS[name];
  const routes = importRoutes({
    url: server.url,
    base: QUESTION,
    token,
    file: made.file,
    fileName: made.fileName,
    fields: structure,
  });
  const rssBefore = memoryMb(pid, 'VmRSS');
  const peakReset = resetPeak(pid);
  const load = loadAverage();
  const ticksBefore = cpuTicks(pid);
  const { seconds: previewed, envelope: preview } = await routes.preview();
  const ticksPreviewed = cpuTicks(pid);
  if (preview.status !== 200 || preview.data.valid !== count) {
    const bad = preview.data?.rows?.filter((row) => row.problems.length > 0).slice(0, 3);
    throw new Error(
      `${label} preview: ${preview.status} ${preview.message} valid ${preview.data?.valid} ${JSON.stringify(bad)}`,
    );
  }
  const { seconds: applied, checked, last } = await routes.apply();
  const peak = memoryMb(pid, 'VmHWM');
  const cpu = (from, to) => `${((to - from) / CLOCK_TICKS).toFixed(2)} s of CPU`;
  const ticksApplied = cpuTicks(pid);
  const rate = (s) => rowsPerSecond(count, s);
  const total = previewed + applied;
  console.log(
    `\n${label} (${megabytes(made.file.length)}, ${made.images} images), load average ${load}`,
  );
  console.log(
    `importPreview                 ${previewed.toFixed(2)} s   ${rate(previewed)}   (server: ${cpu(ticksBefore, ticksPreviewed)})`,
  );
  console.log(
    `importApply                   ${applied.toFixed(2)} s   ${rate(applied)}   (server: ${cpu(ticksPreviewed, ticksApplied)})` +
      `   (checked in ${checked.toFixed(2)} s)  ${JSON.stringify(last.data)}`,
  );
  console.log(
    `preview + import              ${total.toFixed(2)} s ${total < 10 ? '(under 10 s)' : '(OVER 10 s)'}`,
  );
  console.log(
    `server memory: RSS ${rssBefore.toFixed(0)} MB before, peak (VmHWM) ${peak.toFixed(0)} MB ${peakReset ? 'during this format' : 'since the start'}`,
  );
  return total;
}

async function runOn(database, xlsx, made) {
  const postgres = database === 'PostgreSQL' ? await freshPostgres(pgUrl) : null;
  const previous = process.env.BENCH_DATABASE_URL;
  if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
  else delete process.env.BENCH_DATABASE_URL;
  const server = await startServer({ adminPassword, logLevel });
  try {
    const pid = serverPid();
    const { token, call } = await signInAdmin(server.url, adminPassword);
    const subject = await addJobType(call);
    let firstCourse;
    for (let c = 0; c < COURSES; c++) {
      const course = await addCourse(call, {
        subjectId: subject.id,
        code: `BC-${c}`,
        name: `Course ${c}`,
      });
      firstCourse ??= course;
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
    if (xlsx) await excelRun({ server, token, call, pid, file: xlsx, database });
    else
      console.log(
        `\nbench:import-questions — ${count} questions, one server process on ${database}`,
      );
    // The other tools' files carry no structure: the form files them under one course.
    const structure = { subjectId: subject.id, level: 5, courseId: firstCourse.id };
    const totals = {};
    for (const [name, file] of made) {
      totals[name] = await formatRun({ server, token, pid, structure, name, made: file });
    }
    return totals;
  } finally {
    await server.stop();
    await postgres?.drop();
    if (previous === undefined) delete process.env.BENCH_DATABASE_URL;
    else process.env.BENCH_DATABASE_URL = previous;
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const chosen = (process.env.BENCH_FORMATS ?? `xlsx,${Object.keys(FORMATS).join(',')}`)
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of chosen) {
  if (name !== 'xlsx' && !FORMATS[name]) throw new Error(`BENCH_FORMATS: no format "${name}"`);
}
let xlsx = null;
if (chosen.includes('xlsx')) {
  const generating = performance.now();
  xlsx = await generateFile();
  console.log(
    `generated ${count} questions into .xlsx in ${seconds(generating).toFixed(2)} s (${megabytes(xlsx.length)})`,
  );
}
const made = [];
for (const name of chosen.filter((found) => found !== 'xlsx')) {
  const generating = performance.now();
  const file = await FORMATS[name].make();
  made.push([name, file]);
  console.log(
    `generated ${count} questions into ${FORMATS[name].label} in ${seconds(generating).toFixed(2)} s (${megabytes(file.file.length)}, ${file.images} images)`,
  );
}
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await runOn('SQLite', xlsx, made);
if (only === 'sqlite') console.log('\n(PostgreSQL skipped: BENCH_ONLY=sqlite)');
else if (pgUrl) await runOn('PostgreSQL', xlsx, made);
else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
console.log('aim: preview + import of 5,000 questions under 10 s, in every format');

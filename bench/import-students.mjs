// `npm run bench:import-students`: importing 10,000 students from Excel through the API.
// Starts the built server on a fresh SQLite database (or BENCH_DATABASE_URL), makes one
// registration batch, writes 10,000 students with valid resident ID numbers into an .xlsx, then
// as admin: importPreview, importApply (skipInvalid, polling its job), the same file
// again (10,000 updates), and an export of all of them. Prints each time, rows/s, the counts
// (never the accounts), and the server's resident memory (VmRSS before, VmHWM peak) from /proc.
// Environment: BENCH_STUDENTS (default 10000), BENCH_DATABASE_URL, BENCH_LOG_LEVEL (default warn).
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
import { addJobType, signInAdmin } from './seed.mjs';
import { startServer } from './server.mjs';

const count = Number(process.env.BENCH_STUDENTS ?? 10_000);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const adminPassword = 'bench-admin-pass';
const STUDENT = '/api/kaoshi-base/student';
const SCHOOL = '/api/kaoshi-school';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid resident ID number, different for every n below 36,500,000 (as the tests make them). */
function residentId(n) {
  const birth = new Date(Date.UTC(1970, 0, 1) + Math.floor(n / 1000) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110105${date}${String(n % 1000).padStart(3, '0')}`;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

const postgres = process.env.BENCH_DATABASE_URL
  ? await freshPostgres(process.env.BENCH_DATABASE_URL)
  : undefined;
if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
const server = await startServer({ adminPassword, logLevel });
try {
  const pid = serverPid();
  const { token, call } = await signInAdmin(server.url, adminPassword);
  const subject = await addJobType(call);
  await call(`${SCHOOL}/classes/addClasses`, {
    method: 'POST',
    body: { subjectId: subject.id, level: 5, name: 'Bench batch', code: 'BENCH-01' },
  });

  const start = performance.now();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRow([
    'Name',
    'Gender',
    'ID type',
    'ID number',
    'Mobile phone',
    'Email',
    'Batch code',
    'Status',
  ]);
  for (let i = 0; i < count; i++) {
    sheet.addRow([
      `Student ${i}`,
      i % 2 ? 'Male' : 'Female',
      'Resident ID card',
      residentId(i),
      `138${String(i).padStart(8, '0')}`,
      `s${i}@example.com`,
      'BENCH-01',
      'Enabled',
    ]);
  }
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const generated = seconds(start);

  const routes = importRoutes({
    url: server.url,
    base: STUDENT,
    token,
    file,
    fileName: 'students.xlsx',
  });
  const rssBefore = memoryMb(pid, 'VmRSS');

  const { seconds: previewed, envelope: preview } = await routes.preview();
  if (preview.status !== 200 || preview.data.valid !== count) {
    throw new Error(`preview: ${preview.status} ${preview.message} valid ${preview.data?.valid}`);
  }

  /**
   * importApply, polling its job: time until it is first seen writing, then to the end. Its counts only: a benchmark prints figures, not the accounts and their initial
   * passwords the answer also holds.
   */
  async function apply() {
    const { last, ...timing } = await routes.apply();
    const { created, updated, skipped, total, accounts } = last.data;
    return { ...timing, result: { created, updated, skipped, total, accounts: accounts.length } };
  }

  const first = await apply();
  const peakAfterImport = memoryMb(pid, 'VmHWM');
  const again = await apply();

  const { seconds: exportSeconds, bytes: exportBytes } = await routes.export();
  const peak = memoryMb(pid, 'VmHWM');

  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const rate = (s) => rowsPerSecond(count, s);
  const mb = megabytes;
  console.log(`\nbench:import-students — ${count} students, one server process on ${database}`);
  console.log(
    `generate .xlsx (exceljs, in this process)  ${generated.toFixed(2)} s   ${mb(file.length)}`,
  );
  console.log(
    `importPreview                              ${previewed.toFixed(2)} s   ${rate(previewed)}`,
  );
  console.log(
    `importApply, new students                  ${first.seconds.toFixed(2)} s   ${rate(first.seconds)}` +
      `   (checked in ${first.checked.toFixed(2)} s, ${first.steps} write steps seen)  ` +
      JSON.stringify(first.result),
  );
  console.log(
    `importApply, same file again (updates)     ${again.seconds.toFixed(2)} s   ${rate(again.seconds)}  ` +
      JSON.stringify(again.result),
  );
  console.log(
    `export of all (lang=en)                    ${exportSeconds.toFixed(2)} s   ${mb(exportBytes)}`,
  );
  console.log(
    `preview + first import                     ${(previewed + first.seconds).toFixed(2)} s`,
  );
  console.log(
    `server memory: RSS ${rssBefore.toFixed(0)} MB before, peak (VmHWM) ${peakAfterImport.toFixed(0)} MB after the first import, ${peak.toFixed(0)} MB at the end`,
  );
  console.log('aim: preview + import of 10,000 students under 10 s');
} finally {
  await server.stop();
  await postgres?.drop();
}

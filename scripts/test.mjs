// `npm test`: lint, typecheck, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set), the production build, the built server as a process (crash, deadlines), then the
// browser tests. Lint and typecheck run side by side (each is one thread); the browser test
// files two at a time. Stops at the first failing step and ends with one line
// "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const counts = { passed: 0, failed: 0 };
function readVitestReport(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
}

const vitestReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${path.join(results, name)}`,
];
/** Runs the commands at once, each one's output held and printed whole when it ends. */
async function sideBySide(commands) {
  const runs = commands.map(
    ([label, command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (status) => {
          console.log(`\n--- ${label} (exit ${status}) ---`);
          process.stdout.write(Buffer.concat(output));
          resolve(status === 0);
        });
      }),
  );
  return (await Promise.all(runs)).every(Boolean);
}

console.log('\n=== lint and typecheck ===');
if (
  !(await sideBySide([
    ['lint', 'npm', ['run', 'lint']],
    ['typecheck', 'npm', ['run', 'typecheck']],
  ]))
) {
  console.log('\nnpm test stopped: lint or typecheck failed');
  console.log('tests: 0 passed, 0 failed');
  process.exit(1);
}

const steps = [
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', ...vitestReport('vitest-api.json')],
    'vitest-api.json',
  ],
  ['build', 'npm', ['run', 'build']],
  [
    'server process tests (crash, deadlines)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'apps/server/test/process/vitest.config.ts',
      ...vitestReport('vitest-process.json'),
    ],
    'vitest-process.json',
  ],
  [
    'browser tests',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'apps/web/e2e/vitest.config.ts',
      ...vitestReport('vitest-e2e.json'),
    ],
    'vitest-e2e.json',
  ],
];

let failedStep;
for (const [label, command, args, report] of steps) {
  console.log(`\n=== ${label} ===`);
  if (report) fs.rmSync(path.join(results, report), { force: true });
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (report) readVitestReport(path.join(results, report));
  if (run.status !== 0) {
    failedStep = label;
    break;
  }
}

console.log(
  failedStep ? `\nnpm test stopped: ${failedStep} failed` : '\nnpm test: every step passed',
);
if (!process.env.TEST_DATABASE_URL)
  console.log('(PostgreSQL not tested: TEST_DATABASE_URL is not set)');
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedStep ? 1 : 0);

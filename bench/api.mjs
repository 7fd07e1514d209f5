// `npm run bench:api`: how much a signed-in request costs over one that does no work.
// autocannon against one server process: GET /api/health/live (no work), then
// GET /api/kaoshi-user/auth/authWebUser with a session cookie, once as a student (the many) and
// once as the administrator (SUPER_ADMIN: one more query for "every key"). Prints each rate and
// its ratio to the no-work rate.
// Environment: BENCH_CONNECTIONS (default 50), BENCH_SECONDS (default 10), BENCH_DATABASE_URL
// (postgres://… to measure on PostgreSQL instead of SQLite), BENCH_LOG_LEVEL (default warn).
import autocannon from 'autocannon';
import { apiCaller, signIn as signInWith } from './lib.mjs';
import { startServer } from './server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const adminPassword = 'bench-admin-pass';
const ME = '/api/kaoshi-user/auth/authWebUser';

const server = await startServer({ adminPassword, logLevel });
const call = apiCaller(server.url);
const signIn = (username, password, userType) => signInWith(call, username, password, userType);

async function run(title, path, token) {
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections,
    duration,
    headers: token ? { cookie: `KAOSHI_TOKEN=${token}` } : {},
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${title}: ${bad} failed requests`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  const adminToken = await signIn('admin', adminPassword, 1);
  const { id: studentId } = await call('/api/kaoshi-user/user/addUser', {
    token: adminToken,
    method: 'POST',
    body: { name: 'bench-student', nickName: 'Bench student', userType: 3 },
  });
  const roles = await call('/api/kaoshi-user/role/listAllRolesForSelect', { token: adminToken });
  await call('/api/kaoshi-user/user/bindUserWithRole', {
    token: adminToken,
    method: 'POST',
    body: { userId: studentId, roleIds: [roles.find((role) => role.key === 'STUDENT').roleId] },
  });
  const studentToken = await signIn('bench-student', '123456', 3);

  // Warm-up so JIT and caches settle before measuring.
  await autocannon({ url: `${server.url}/api/health/live`, connections, duration: 2 });
  await autocannon({
    url: `${server.url}${ME}`,
    connections,
    duration: 2,
    headers: { cookie: `KAOSHI_TOKEN=${studentToken}` },
  });

  // The same cookie on every run, so the difference is the session lookup, not cookie parsing.
  const noWork = await run(
    'no-work route GET /api/health/live      ',
    '/api/health/live',
    studentToken,
  );
  const student = await run('authWebUser as a student (STUDENT)      ', ME, studentToken);
  const admin = await run('authWebUser as admin (SUPER_ADMIN)      ', ME, adminToken);

  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nbench:api — one server process on ${database}, ${connections} connections, ${duration} s per run, log level ${logLevel}`,
  );
  for (const r of [noWork, student, admin]) {
    const ratio = r === noWork ? '' : `  ratio ${(r.rps / noWork.rps).toFixed(2)}`;
    console.log(
      `${r.title}: ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${ratio}`,
    );
  }
  console.log('aim: authWebUser at 0.50 or more of the no-work rate');
} finally {
  await server.stop();
}

import { defineConfig } from 'vitest/config';

// Database tests run once on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const mockedTests = 'apps/server/**/*.mocked.test.ts';
const postgres = process.env.TEST_DATABASE_URL;
const webTests = 'apps/web/src/**/*.test.{ts,tsx}';
const webMockedTests = 'apps/web/src/**/*.mocked.test.{ts,tsx}';
/** Web tests of module state a shared run would have changed (the languages loaded so far). */
const webIsolatedTests = 'apps/web/src/**/*.isolated.test.{ts,tsx}';
// A poll waits for a state the server reaches by itself (an import job's end, a socket's news):
// vitest's default of 1 s measured the machine's load, not the product (as in the browser and
// process tests' configs).
const pollForState = { timeout: 15_000 };
// One migrated and seeded database per run that each test's database is copied from.
const templateDatabase = 'apps/server/test/template-database.ts';

/**
 * The server tests on one database: most files share their worker's modules (importing the
 * whole server anew for every file cost more than the tests themselves); a file that replaces a
 * module with vi.mock is named *.mocked.test.ts and gets modules of its own, since a module a
 * file before it had loaded would stay unmocked.
 */
function serverProjects(database: 'sqlite' | 'postgres') {
  const shared = {
    env: { KAOSHI_TEST_DB: database },
    globalSetup: [templateDatabase],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    expect: { poll: pollForState },
  };
  return [
    {
      test: {
        ...shared,
        name: `server-${database}`,
        include: serverTests,
        exclude: [mockedTests],
        isolate: false,
      },
    },
    { test: { ...shared, name: `server-${database}-mocked`, include: [mockedTests] } },
  ];
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // Pure web logic (route filter, stores, i18n resources); the browser tests live in apps/web/e2e.
      // Like the server's: shared modules, and the files that mock one in a project of their own.
      {
        test: {
          name: 'web',
          include: [webTests],
          exclude: [webMockedTests, webIsolatedTests],
          isolate: false,
        },
      },
      { test: { name: 'web-mocked', include: [webMockedTests, webIsolatedTests] } },
      { test: { name: 'tooling', include: ['eslint-rules/**/*.test.js'] } },
      ...serverProjects('sqlite'),
      ...(postgres ? serverProjects('postgres') : []),
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Database tests run once on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
// A poll waits for a state the server reaches by itself (an import job's end, a socket's news):
// vitest's default of 1 s measured the machine's load, not the product (as in the browser and
// process tests' configs).
const pollForState = { timeout: 15_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // Pure web logic (route filter, stores, i18n resources); the browser tests live in apps/web/e2e.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'tooling', include: ['eslint-rules/**/*.test.js'] } },
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          env: { KAOSHI_TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
          expect: { poll: pollForState },
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { KAOSHI_TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 30_000,
                expect: { poll: pollForState },
              },
            },
          ]
        : []),
    ],
  },
});

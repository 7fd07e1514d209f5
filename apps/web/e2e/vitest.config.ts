import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one built server for the run (global setup), Debian's Chromium driven by playwright-core.
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // Two files at a time against the one server: a file alone leaves a quarter of the two cores
    // idle (waiting on the server and the browser), and the files keep to their own data.
    fileParallelism: true,
    maxWorkers: 2,
    // The files keep no state in their modules: each worker imports playwright and the four
    // languages' messages once rather than once per file.
    isolate: false,
    // Some tests walk every screen in several languages and widths; a slow CI machine needs room.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A poll waits for a state, like playwright's own waits (30 s): vitest's default of 1 s would
    // assert how fast a busy machine draws, which fails while a second build runs.
    expect: { poll: { timeout: 15_000 } },
  },
});

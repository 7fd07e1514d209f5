import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one built server for the run (global setup), Debian's Chromium driven by playwright-core.
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    fileParallelism: false,
    // Some tests walk every screen in several languages and widths; a slow CI machine needs room.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

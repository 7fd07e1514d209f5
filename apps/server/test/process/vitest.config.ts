import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests of the built server as a real process (crash, deadlines): they run after `npm run build`.
export default defineConfig({
  root: fileURLToPath(new URL('../../../..', import.meta.url)),
  test: {
    name: 'process',
    include: ['apps/server/test/process/**/*.process.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000 } },
  },
});

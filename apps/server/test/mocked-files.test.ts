import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every test file under apps/server/src and apps/server/test, as paths from apps/server. */
function testFiles(): string[] {
  return ['src', 'test'].flatMap((top) =>
    (fs.readdirSync(path.join(serverRoot, top), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(top, file)),
  );
}

// The server's test files share their worker's modules (vitest.config.ts): a vi.mock in such a
// file would leave unmocked a module a file before it had loaded, and pass or fail by file order.
it('replaces modules with vi.mock only in *.mocked.test.ts files, which get modules of their own', () => {
  const mocking = testFiles().filter((file) =>
    /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')),
  );
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !file.endsWith('.mocked.test.ts'))).toEqual([]);
});

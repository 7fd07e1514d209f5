import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const appsRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every test file of the server and of the web's unit tests, as paths from apps/. */
function testFiles(): string[] {
  return ['server/src', 'server/test', 'web/src'].flatMap((top) =>
    (fs.readdirSync(path.join(appsRoot, top), { recursive: true }) as string[])
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(top, file)),
  );
}

// The server's and the web's test files share their worker's modules (vitest.config.ts): a vi.mock
// or a stubbed global in such a file would leave unmocked a module a file before it had loaded, or
// reach the files after it, and pass or fail by file order.
it('mocks modules and stubs globals only in *.mocked.test.ts files, which get modules of their own', () => {
  const mocking = testFiles().filter((file) =>
    /\bvi\.((do)?mock|stubGlobal|stubEnv)\(/.test(
      fs.readFileSync(path.join(appsRoot, file), 'utf8'),
    ),
  );
  expect(mocking.length).toBeGreaterThan(1);
  expect(mocking.filter((file) => !/\.mocked\.test\.tsx?$/.test(file))).toEqual([]);
});

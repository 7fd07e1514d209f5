import { afterAll, describe, expect, it } from 'vitest';
import { ServerProcess, freePort } from './server-process.js';

// Issue 16 §2: a server was seen, twice, still running seconds after SIGTERM once the process
// reading its output had gone. Its log output must not hold the shutdown: here the server logs
// every request into a pipe nobody reads (it fills after some hundred lines) and is then asked
// to stop. With pino's own destination it was still running 15 s later.

describe('shutdown', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.dispose());

  it('ends within its bound on SIGTERM when nobody reads its output', async () => {
    server = new ServerProcess(await freePort(), { unreadOutput: true });
    await server.start();
    // About 600 bytes of log per request: far more than a pipe holds (64 KiB on Linux).
    for (let i = 0; i < 1500; i++) {
      expect((await fetch(`${server.url}/api/health/live?padding=${'x'.repeat(200)}`)).ok).toBe(
        true,
      );
    }
    const asked = Date.now();
    const exit = await server.stop('SIGTERM');
    const took = Date.now() - asked;
    console.log(`SIGTERM with the log output unread: exited ${exit} after ${took} ms`);
    expect(exit).toBe(0);
    expect(took).toBeLessThan(10_000);
  });
});

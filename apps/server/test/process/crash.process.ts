import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { ExamFixture, saveUntilStopped, savedBy, sleep } from './exam-fixture.js';
import { ServerProcess, freePort } from './server-process.js';

// DESIGN.md "An acknowledged answer is never lost" and "Finalization needs no client", tested on
// the built server as a real process: killed with SIGKILL while 50 candidates save, restarted;
// stopped with SIGTERM while 20 save.

const CANDIDATES = 50;

describe('the server process', () => {
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let fixture: ExamFixture;

  beforeAll(async () => {
    server = new ServerProcess(await freePort());
    await server.start();
    // The tests write their fixtures into the same SQLite file the server uses (WAL: both may).
    handle = openDatabase({ kind: 'sqlite', file: server.databaseFile });
    fixture = await ExamFixture.create(handle.db, server.url, CANDIDATES * 2 + 20);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.dispose();
  });

  it('keeps every acknowledged answer through SIGKILL, and finalizes at start-up what fell due', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, CANDIDATES);
    const saving = saveUntilStopped(server.url, candidates);

    // Kill it at a random moment while the saves flow (every candidate in: a busy machine joins
    // slowly).
    await expect.poll(() => savedBy(saving.acknowledged, candidates)).toBe(CANDIDATES);
    await sleep(Math.random() * 2000);
    const before = saving.acknowledged.size;
    await server.stop('SIGKILL');
    await saving.stop();
    expect(before).toBeGreaterThan(0);

    // While it was down, ten attempts fell due.
    const overdue = candidates.slice(0, 10).map(({ view }) => view.attemptId);
    await handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(Date.now() - 5000).toISOString() })
      .where('id', 'in', overdue)
      .execute();
    await server.start();
    const lost = await fixture.lostOf(candidates, saving.acknowledged);
    expect({ acknowledged: saving.acknowledged.size, lost: lost.length }).toEqual({
      acknowledged: saving.acknowledged.size,
      lost: 0,
    });

    // The scheduler finalizes at start-up what fell due while the server was down.
    await expect
      .poll(
        async () =>
          (await fixture.finishedOf(overdue)).filter((row) => row.finished_at !== null).length,
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBe(overdue.length);
    for (const row of await fixture.finishedOf(overdue)) expect(row.finish_reason).toBe('deadline');
    const others = await fixture.finishedOf(candidates.slice(10).map(({ view }) => view.attemptId));
    expect(others.every((row) => row.finished_at === null)).toBe(true);
  });

  it('on SIGTERM commits what it acknowledged, leaves the pages to reconnect, and exits within its bound', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, 20);
    const saving = saveUntilStopped(server.url, candidates);
    await expect.poll(() => savedBy(saving.acknowledged, candidates)).toBe(candidates.length);
    await sleep(Math.random() * 1000);
    const asked = Date.now();
    const exit = await server.stop('SIGTERM');
    const took = Date.now() - asked;
    // The last packets may be read after the exit is: wait for every socket's news.
    await expect.poll(() => saving.reasons.length).toBe(candidates.length);
    await saving.stop();
    console.log(`SIGTERM while 20 candidates saved: exited ${exit} after ${took} ms`);
    expect(exit).toBe(0);
    // main.ts's bound; a clean close takes well under it.
    expect(took).toBeLessThan(10_000);
    expect(saving.acknowledged.size).toBeGreaterThan(0);
    // socket.io's close ends each transport without a "disconnect" packet: the page's client
    // takes it as a lost connection and reconnects by itself (to another process behind a load
    // balancer). "io server disconnect" would leave the page disconnected for good.
    expect(new Set(saving.reasons)).toEqual(new Set(['transport close']));
    await server.start();
    expect((await fixture.lostOf(candidates, saving.acknowledged)).length).toBe(0);
  });

  it('finalizes attempts with no client connected within seconds of their deadline', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, CANDIDATES);
    const ids = candidates.map(({ view }) => view.attemptId);
    const deadline = Date.now() + 3000;
    await handle.db
      .updateTable('attempts')
      .set({ deadline: new Date(deadline).toISOString() })
      .where('id', 'in', ids)
      .execute();
    await expect
      .poll(
        async () =>
          (await fixture.finishedOf(ids)).filter((row) => row.finished_at !== null).length,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(ids.length);
    const latest = Math.max(
      ...(await fixture.finishedOf(ids)).map((row) => Date.parse(row.finished_at!)),
    );
    // Deadline, the 2 s grace for messages in flight, then the next pass of the scheduler.
    console.log(`${ids.length} attempts finalized ${latest - deadline} ms after their deadline`);
    expect(latest - deadline).toBeLessThan(6000);
  });
});

import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SocketEvent, type SaveAckMessage } from '@kaoshi/shared';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { ExamFixture, saveUntilStopped, savedBy, sleep, type Candidate } from './exam-fixture.js';
import { ServerProcess, freePort } from './server-process.js';

// Issue 29 §1: WORKERS=2 on one machine, SQLite, behind the one port (src/cluster/). What holds
// for one process holds for the group: no acknowledged answer lost when one worker is killed or
// the whole group is, the dead worker replaced and its candidates carried on by the other; the
// polling fallback served by the worker that holds its session; SIGTERM drains every worker.

const CANDIDATES = 40;

/** The workers' pids: the primary's children. */
function workersOf(server: ServerProcess): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('WORKERS=2 on SQLite', () => {
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let fixture: ExamFixture;

  beforeAll(async () => {
    server = new ServerProcess(await freePort(), { workers: 2 });
    await server.start();
    // The primary listens once both workers are ready.
    expect(workersOf(server)).toHaveLength(2);
    handle = openDatabase({ kind: 'sqlite', file: server.databaseFile });
    fixture = await ExamFixture.create(handle.db, server.url, CANDIDATES * 3 + 10);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.dispose();
  });

  it('a killed worker is replaced, its candidates carry on elsewhere; a killed group loses no acknowledged answer', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, CANDIDATES);
    const saving = saveUntilStopped(server.url, candidates);
    await expect.poll(() => savedBy(saving.acknowledged, candidates)).toBe(CANDIDATES);

    const [victim] = workersOf(server);
    process.kill(victim!, 'SIGKILL');
    // The victim's candidates lose their socket; the other worker's keep theirs.
    await expect.poll(() => saving.reasons.length).toBeGreaterThan(0);
    await sleep(500);
    const cut = saving.sockets.flatMap((socket, i) => (socket.connected ? [] : [candidates[i]!]));
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(CANDIDATES);
    // The primary starts another worker; the cut candidates reconnect (to either) and go on.
    await expect.poll(() => workersOf(server).filter((pid) => pid !== victim).length).toBe(2);
    const acknowledged = new Map(saving.acknowledged);
    const again = saveUntilStopped(server.url, cut, new Map(), saving.seqs);
    await expect.poll(() => savedBy(again.acknowledged, cut)).toBe(cut.length);

    // A power cut: the primary and both workers at once.
    await server.killGroup();
    await Promise.all([saving.stop(), again.stop()]);
    for (const [key, ack] of [...saving.acknowledged, ...again.acknowledged]) {
      if ((acknowledged.get(key)?.seq ?? 0) < ack.seq) acknowledged.set(key, ack);
    }
    await server.start();
    const lost = await fixture.lostOf(candidates, acknowledged);
    expect({ acknowledged: saving.acknowledged.size > 0, lost: lost.length }).toEqual({
      acknowledged: true,
      lost: 0,
    });
  });

  it('serves the polling fallback through the worker that holds each session', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, 10);
    const saved = await Promise.all(
      candidates.map((candidate) => saveByPolling(server.url, candidate)),
    );
    expect(saved).toEqual(candidates.map(() => true));

    // A browser reuses a kept-alive connection (held by one worker) for a polling request of a
    // session the other holds: forwarded, answered as on the right one.
    const [candidate] = candidates;
    const one = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await handshake(server.url, one, candidate!.session.cookie);
      let second = await handshake(server.url, other, candidate!.session.cookie);
      for (let i = 0; i < 5 && workerOfSid(second) === workerOfSid(first); i++) {
        other.destroy();
        second = await handshake(server.url, other, candidate!.session.cookie);
      }
      expect(workerOfSid(second)).not.toBe(workerOfSid(first));
      // The session of `first`, over the connection held by `second`'s worker.
      const answer = await polled(server.url, other, first, '40');
      expect(answer).toEqual({ status: 200, body: 'ok' });
    } finally {
      one.destroy();
      other.destroy();
    }
  });

  it('on SIGTERM drains both workers: acknowledged answers kept, the pages told to reconnect', async () => {
    const examId = await fixture.openExam();
    const candidates = await fixture.startCandidates(server.url, examId, 20);
    const saving = saveUntilStopped(server.url, candidates);
    await expect.poll(() => savedBy(saving.acknowledged, candidates)).toBe(candidates.length);
    const exit = await server.stop('SIGTERM');
    await expect.poll(() => saving.reasons.length).toBe(candidates.length);
    await saving.stop();
    expect(exit).toBe(0);
    expect(new Set(saving.reasons)).toEqual(new Set(['transport close']));
    await server.start();
    expect((await fixture.lostOf(candidates, saving.acknowledged)).length).toBe(0);
  });
});

/** Joins and saves three answers over HTTP long-polling only (no WebSocket). */
async function saveByPolling(url: string, { session, view }: Candidate) {
  const socket = connect(url, {
    path: '/api/socket.io',
    transports: ['polling'],
    reconnection: false,
    extraHeaders: { cookie: session.cookie },
  });
  try {
    const joined = await socket.timeout(10_000).emitWithAck(SocketEvent.JOIN, {
      attemptId: view.attemptId,
    });
    if (!joined.ok) return false;
    const items = view.paper.sections.flatMap((section) => section.items);
    for (let seq = 1; seq <= 3; seq++) {
      const ack: SaveAckMessage = await socket.timeout(10_000).emitWithAck(SocketEvent.SAVE, {
        attemptId: view.attemptId,
        itemId: items[seq % items.length]!.itemId,
        seq,
        value: 'T',
      });
      if (!ack.ok) return false;
    }
    return true;
  } finally {
    socket.disconnect();
  }
}

const workerOfSid = (sid: string) => /^w(\d+)-/.exec(sid)?.[1];

/** An engine.io polling handshake over `agent`'s one connection: the session id it opened. */
async function handshake(url: string, agent: http.Agent, cookie: string) {
  const { body } = await polledRequest(url, agent, 'GET', 'EIO=4&transport=polling', cookie);
  return (JSON.parse(body.slice(1)) as { sid: string }).sid;
}

/** A polling POST of `packet` to session `sid` over `agent`'s connection. */
function polled(url: string, agent: http.Agent, sid: string, packet: string) {
  return polledRequest(url, agent, 'POST', `EIO=4&transport=polling&sid=${sid}`, '', packet);
}

function polledRequest(
  url: string,
  agent: http.Agent,
  method: 'GET' | 'POST',
  query: string,
  cookie: string,
  body?: string,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${url}/api/socket.io/?${query}`,
      { method, agent, headers: { cookie, 'content-type': 'text/plain;charset=UTF-8' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

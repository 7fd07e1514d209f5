import type { AttemptView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { mergeAnswers } from './answer-merge';
import { KEEP_AFTER_DEADLINE_MS, QUEUED_EVENTS_MAX, offlineAttempts } from './offline-attempt';
import { CLOCK_WRITE_SLACK_MS, remainingAt, type ServerClock } from './offline-clock';
import { drainEvents, type EventOutcome } from './offline-events';
import { memoryTables, type KeptSession, type QueuedEvent } from './offline-tables';

const T0 = Date.parse('2026-12-03T08:00:00.000Z');
const MINUTE = 60_000;

/** A view as the server delivers it: its paper (no keys), one answer, an hour left. */
const delivered = (attemptId = 7): AttemptView =>
  ({
    attemptId,
    examId: 3,
    examName: '电工',
    candidate: { name: '张三', ticketNumber: 'T-1', photo: '' },
    serverNow: '2026-12-03T07:59:00.000Z',
    deadline: '2026-12-03T08:59:00.000Z',
    remainingMs: 60 * MINUTE,
    submitAfter: '2026-12-03T08:00:00.000Z',
    fullscreen: false,
    leaveLimit: 0,
    leaveCount: 0,
    paper: {
      name: '试卷',
      total: 2,
      sections: [{ title: '一', description: '', items: [{ itemId: 's1q1' }, { itemId: 's1q2' }] }],
    },
    answers: [{ itemId: 's1q1', seq: 1, value: 'A' }],
    finished: null,
  }) as unknown as AttemptView;

const session = { user: { name: '张三' }, roles: ['student'], permissions: ['p'] } as KeptSession;

/** A store on memory tables whose device clock the test moves. */
function kit() {
  let localNow = T0;
  const tables = memoryTables();
  const kept = offlineAttempts(tables, () => localNow);
  return { kept, tables, advance: (ms: number) => (localNow += ms), at: () => localNow };
}

describe('the offline copy of an attempt', () => {
  it('keeps the view exactly as delivered, and opens it with the clock counted on', async () => {
    const { kept, tables, advance } = kit();
    const view = delivered();
    await kept.keep(view, session);
    expect((await tables.papers.get(7))?.view).toEqual(view);
    advance(10 * MINUTE);
    const opened = await kept.open(7);
    expect(opened?.session).toEqual(session);
    // Nothing added to what was delivered: only the clock fields moved on.
    expect(opened?.view).toEqual({
      ...view,
      serverNow: '2026-12-03T08:09:00.000Z',
      remainingMs: 50 * MINUTE,
    });
    expect(await kept.open(8)).toBeUndefined();
  });

  it('shows every answer: the acknowledged ones from the copy, the rest from the outbox', async () => {
    const { kept } = kit();
    await kept.keep(delivered(), session);
    // Acknowledged after the load (the outbox let them go), one of them changed twice.
    await kept.acknowledged(7, { itemId: 's1q1', seq: 2, value: 'B' });
    await kept.acknowledged(7, { itemId: 's1q2', seq: 1, value: 'C' });
    // A late acknowledgement of an older change does not undo a newer one.
    await kept.acknowledged(7, { itemId: 's1q1', seq: 1, value: 'A' });
    const opened = await kept.open(7);
    expect(opened?.view.answers).toEqual([
      { itemId: 's1q1', seq: 2, value: 'B' },
      { itemId: 's1q2', seq: 1, value: 'C' },
    ]);
    // The page merges the outbox as after any load: a later change wins and is sent again.
    const outbox = [
      { itemId: 's1q2', seq: 2, value: 'D' },
      { itemId: 's1q3', seq: 1, value: ['x', 'y'] },
      { itemId: 's1q1', seq: 2, value: 'B' },
    ];
    const merged = mergeAnswers(opened!.view.answers, outbox);
    expect(merged.values).toEqual({ s1q1: 'B', s1q2: 'D', s1q3: ['x', 'y'] });
    expect(merged.pending.map((entry) => entry.itemId)).toEqual(['s1q2', 's1q3']);
    expect(merged.stale).toEqual([{ itemId: 's1q1', seq: 2, value: 'B' }]);
  });

  it('takes the answers the server lists at a join', async () => {
    const { kept } = kit();
    await kept.keep(delivered(), session);
    await kept.serverAnswers(7, [
      { itemId: 's1q1', seq: 4, value: 'D' },
      { itemId: 's1q2', seq: 2, value: 'T' },
    ]);
    expect((await kept.open(7))?.view.answers).toEqual([
      { itemId: 's1q1', seq: 4, value: 'D' },
      { itemId: 's1q2', seq: 2, value: 'T' },
    ]);
  });

  it('counts from the server’s last word, written only when it moved', async () => {
    const { kept, tables, advance } = kit();
    await kept.keep(delivered(), session);
    const stored = async () => (await tables.clocks.get(7)) as ServerClock;
    const first = await stored();
    // An acknowledgement saying what the copy already counts: nothing written.
    advance(5 * MINUTE);
    await kept.serverTime(7, 55 * MINUTE + CLOCK_WRITE_SLACK_MS / 2);
    expect(await stored()).toEqual(first);
    // Ten minutes of extra time: written, and counted on from there.
    await kept.serverTime(7, 65 * MINUTE);
    advance(5 * MINUTE);
    const opened = await kept.open(7);
    expect(opened?.view.remainingMs).toBe(60 * MINUTE);
    expect(opened?.view.serverNow).toBe('2026-12-03T08:09:00.000Z');
    expect(opened?.view.deadline).toBe('2026-12-03T09:09:00.000Z');
    // A device clock set back counts no time at all, never time added.
    advance(-30 * MINUTE);
    expect((await kept.open(7))?.view.remainingMs).toBe(65 * MINUTE);
    expect(remainingAt(await stored(), T0)).toBe(65 * MINUTE);
  });

  it('opens with no time left once the deadline has passed offline', async () => {
    const { kept, advance } = kit();
    await kept.keep(delivered(), session);
    advance(61 * MINUTE);
    const opened = await kept.open(7);
    expect(opened?.view.remainingMs).toBe(0);
    expect(opened?.view.answers).toEqual([{ itemId: 's1q1', seq: 1, value: 'A' }]);
  });

  it('forgets an ended attempt, and sweeps the copies whose time is up', async () => {
    const { kept, tables, advance } = kit();
    await kept.keep(delivered(7), session);
    await kept.keep(delivered(8), session);
    await kept.keep(
      { ...delivered(9), deadline: '2026-12-03T10:00:00.000Z', remainingMs: 120 * MINUTE },
      session,
    );
    await kept.queueEvent(7, 'paste');
    await kept.acknowledged(7, { itemId: 's1q2', seq: 1, value: 'C' });
    // Submitted: nothing of it stays.
    await kept.forget(7);
    expect(await kept.open(7)).toBeUndefined();
    expect((await tables.answers.all()).filter((row) => row.attemptId === 7)).toEqual([]);
    expect(await kept.queuedEvents(7)).toEqual([]);
    // A load that shows the attempt ended forgets it as well.
    await kept.keep({ ...delivered(8), finished: {} } as AttemptView, session);
    expect(await kept.open(8)).toBeUndefined();
    await kept.keep(delivered(8), session);
    // The time is up: kept while answers wait to be sent (the page says so), a day at most.
    advance(61 * MINUTE);
    const waiting = new Set([8]);
    await kept.sweep(async (attemptId) => waiting.has(attemptId));
    expect((await tables.papers.all()).map((row) => row.attemptId).sort()).toEqual([8, 9]);
    advance(KEEP_AFTER_DEADLINE_MS);
    await kept.sweep(async (attemptId) => waiting.has(attemptId));
    expect((await tables.papers.all()).map((row) => row.attemptId)).toEqual([]);
  });
});

describe('integrity events raised offline', () => {
  it('are stamped with the server’s time as counted here and kept in order, up to a limit', async () => {
    const { kept, advance } = kit();
    await kept.keep(delivered(), session);
    advance(2 * MINUTE);
    await kept.queueEvent(7, 'page_hidden');
    advance(MINUTE);
    await kept.queueEvent(7, 'page_back');
    expect((await kept.queuedEvents(7)).map(({ type, at }) => ({ type, at }))).toEqual([
      { type: 'page_hidden', at: '2026-12-03T08:01:00.000Z' },
      { type: 'page_back', at: '2026-12-03T08:02:00.000Z' },
    ]);
    for (let i = 0; i < QUEUED_EVENTS_MAX; i++) await kept.queueEvent(7, 'paste');
    expect(await kept.queuedEvents(7)).toHaveLength(QUEUED_EVENTS_MAX);
  });

  it('are sent oldest first, wait out the server’s limit, and stop when the link goes', async () => {
    const { kept } = kit();
    await kept.keep(delivered(), session);
    for (const type of ['page_hidden', 'page_back', 'paste', 'page_hidden'] as const) {
      await kept.queueEvent(7, type);
    }
    const sent: string[] = [];
    const answers: EventOutcome[] = ['done', 'tooFast', 'done', 'done', 'later'];
    const waits: number[] = [];
    const send = async (event: QueuedEvent) => {
      sent.push(event.type);
      return answers.shift()!;
    };
    const wait = async (ms: number) => void waits.push(ms);
    expect(await drainEvents(kept, 7, send, () => true, wait)).toBe(3);
    expect(sent).toEqual(['page_hidden', 'page_back', 'page_back', 'paste', 'page_hidden']);
    expect(waits).toHaveLength(1);
    // The one the server did not answer waits for the next join.
    expect((await kept.queuedEvents(7)).map((event) => event.type)).toEqual(['page_hidden']);
    expect(await drainEvents(kept, 7, send, () => false, wait)).toBe(0);
    expect(await kept.queuedEvents(7)).toHaveLength(1);
    // Two joins in a row: the second drain sends only what the first left.
    answers.push('done', 'done');
    const both = [
      drainEvents(kept, 7, send, () => true, wait),
      drainEvents(kept, 7, send, () => true, wait),
    ];
    expect(await Promise.all(both)).toEqual([1, 0]);
    expect(sent.slice(5)).toEqual(['page_hidden']);
  });
});

import {
  ATTEMPT_BASE,
  INVIGILATION_BASE,
  PROCTOR_BASE,
  ProctorEvent,
  type BreakEnded,
  type BreakTaken,
  type ConsoleRoom,
  type LiveExamView,
  type ProctorDelta,
  type ProctorPausesView,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { expectOk, storedValue } from '../../../test/factories.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { ACCOMMODATION_BASE } from '../accommodation/accommodation.routes.js';
import { MINUTE, clock, takingExamsKit } from '../attempt/taking-exams-test-data.js';
import { VENUE_BASE } from '../venue/venue.routes.js';

/** COMPENSATORY_MINUTES_LIMIT as the kit runs it (the default). */
const LIMIT_MINUTES = 45;

/**
 * The paused time the compensatory limit counts (docs/features/proctoring.md "Pausing"): every
 * pause of the attempt (the candidate's, the room's, a standing one), never a rest break, the same
 * on the console, the proctor's rows and their pauses; and rest breaks reaching the proctors' rows
 * and the room's console as they begin and end.
 */
describe('paused time and rest breaks on the console and the proctor’s rows', () => {
  const kit = takingExamsKit();
  const { db, student, openExam, start } = kit;
  let venueId: number;
  let url: string;
  let round = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    venueId = expectOk(
      await kit.admin.post<{ id: number }>(`${VENUE_BASE}/addVenue`, {
        name: 'Paused time',
        address: '',
      }),
    ).id;
    url = await listenLocally(kit.t.app);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** An open exam of the batch, every candidate seated in a room of its own. */
  const seatedExam = async () => {
    round += 1;
    const examId = await openExam();
    const roomId = expectOk(
      await kit.admin.post<{ id: number }>(`${VENUE_BASE}/addRoom`, {
        venueId,
        name: `Paused ${round}`,
        seats: 40,
        ipAllowList: [],
      }),
    ).id;
    expectOk(
      await kit.admin.post(`${VENUE_BASE}/planSeats`, {
        examId,
        roomIds: [roomId],
        mode: 'batches',
      }),
    );
    return { examId, roomId };
  };
  /** A signed-in student of the batch with `count` rest breaks of 5 minutes (0: none). */
  const withBreaks = async (count: number) => {
    const { ticket, client } = await student();
    const studentId = await storedValue(db(), 'students', 'id', ticket, 'ticket_number');
    if (count > 0) {
      expectOk(
        await kit.admin.put(`${ACCOMMODATION_BASE}/setStudentAccommodation`, {
          studentId,
          breakCount: count,
          breakMinutes: 5,
        }),
      );
    }
    return { client, studentId };
  };
  const room = async (examId: number, roomId: number) =>
    expectOk(
      await kit.admin.get<ConsoleRoom>(`${INVIGILATION_BASE}/getRoom`, {
        examId: String(examId),
        roomId: String(roomId),
      }),
    );
  const consolePaused = async (examId: number, roomId: number) =>
    new Map((await room(examId, roomId)).candidates.map((c) => [c.studentId, c.pausedMs]));
  const rowsPaused = async (examId: number) =>
    new Map(
      expectOk(await kit.admin.get<LiveExamView>(`${PROCTOR_BASE}/liveExam/${examId}`)).rows.map(
        (row) => [row.studentId, row.pausedMs],
      ),
    );
  const act = (path: string, body: Record<string, unknown>) =>
    kit.admin.post(`${INVIGILATION_BASE}/${path}`, body);
  const takeBreak = (client: Client, attemptId: number) =>
    client.post<BreakTaken>(`${ATTEMPT_BASE}/takeBreak`, { attemptId });
  const endBreak = (client: Client, attemptId: number) =>
    client.post<BreakEnded>(`${ATTEMPT_BASE}/endBreak`, { attemptId });

  it('counts every pause of the attempt, standing ones included, never a rest break', async () => {
    const { examId, roomId } = await seatedExam();
    const a = await withBreaks(2);
    const b = await withBreaks(0);
    const late = await withBreaks(0);
    const aView = await start(a.client, examId);
    await start(b.client, examId);
    const base = { examId, roomId };

    // A alone: 30 minutes paused, then a 4-minute rest break (break time, not paused time).
    expectOk(await act('pauseCandidate', { ...base, studentId: a.studentId, reason: 'noise' }));
    clock.advance(30 * MINUTE);
    expectOk(await act('resumeCandidate', { ...base, studentId: a.studentId, reason: 'quiet' }));
    expectOk(await takeBreak(a.client, aView.attemptId));
    clock.advance(4 * MINUTE);
    expectOk(await endBreak(a.client, aView.attemptId));

    // The whole room, standing: 20 minutes; a candidate starting meanwhile starts paused.
    expectOk(await act('pauseRoom', { ...base, reason: 'power cut' }));
    clock.advance(20 * MINUTE);
    await start(late.client, examId);
    clock.advance(5 * MINUTE);

    const during = new Map([
      [a.studentId, 55 * MINUTE],
      [b.studentId, 25 * MINUTE],
      [late.studentId, 5 * MINUTE],
    ]);
    const onConsole = await consolePaused(examId, roomId);
    const onRows = await rowsPaused(examId);
    for (const [studentId, pausedMs] of during) {
      expect([onConsole.get(studentId), onRows.get(studentId)]).toEqual([pausedMs, pausedMs]);
    }
    // Not started: nothing paused.
    expect([...onConsole.values()].filter((ms) => ms === 0).length).toBe(onConsole.size - 3);
    const pauses = expectOk(
      await kit.admin.get<ProctorPausesView>(`${PROCTOR_BASE}/pauses/${examId}`),
    );
    expect(pauses.limitMinutes).toBe(LIMIT_MINUTES);
    const flagged = new Map(pauses.rows.map((row) => [row.studentId, row]));
    expect(flagged.get(a.studentId)).toMatchObject({ pausedMs: 55 * MINUTE, reschedule: true });
    expect(flagged.get(b.studentId)).toMatchObject({ pausedMs: 25 * MINUTE, reschedule: false });

    // Resumed; A's second break going on adds nothing to the paused time.
    expectOk(await act('resumeRoom', { ...base, reason: 'power back' }));
    expectOk(await takeBreak(a.client, aView.attemptId));
    clock.advance(3 * MINUTE);
    expect((await consolePaused(examId, roomId)).get(a.studentId)).toBe(55 * MINUTE);
    expect((await rowsPaused(examId)).get(a.studentId)).toBe(55 * MINUTE);
    const onBreak = expectOk(
      await kit.admin.get<ProctorPausesView>(`${PROCTOR_BASE}/pauses/${examId}`),
    ).rows.find((row) => row.studentId === a.studentId);
    expect(onBreak?.pausedMs).toBe(55 * MINUTE);
    expectOk(await endBreak(a.client, aView.attemptId));
  });

  it('tells the proctors’ rows and the room’s console when a rest break begins and ends', async () => {
    const { examId, roomId } = await seatedExam();
    const a = await withBreaks(2);
    const view = await start(a.client, examId);
    const proctor = socketOf(url, kit.admin.token);
    const console = socketOf(url, kit.admin.token);
    sockets.push(proctor, console);
    expect(await emitAck(proctor, ProctorEvent.WATCH, { examId })).toEqual({ ok: true, examId });
    expect(await emitAck(console, ProctorEvent.WATCH_ROOM, { examId, roomId })).toEqual({
      ok: true,
      examId,
    });
    const breakDelta = () =>
      new Promise<ProctorDelta>((resolve) => {
        const take = (delta: ProctorDelta) => {
          if (delta.kind !== 'break') return;
          proctor.off(ProctorEvent.DELTA, take);
          resolve(delta);
        };
        proctor.on(ProctorEvent.DELTA, take);
      });
    const roomChanged = () =>
      new Promise((resolve) => console.once(ProctorEvent.ROOM_CHANGED, resolve));

    let delta = breakDelta();
    let changed = roomChanged();
    const taken = expectOk(await takeBreak(a.client, view.attemptId));
    expect(await delta).toMatchObject({
      examId,
      attemptId: view.attemptId,
      studentId: a.studentId,
      kind: 'break',
      breaks: { allowed: 2, taken: 1, onBreak: true },
      deadline: view.deadline,
    });
    expect(await changed).toEqual({ examId, roomId });
    expect(taken.breaks.taken).toBe(1);

    delta = breakDelta();
    changed = roomChanged();
    clock.advance(2 * MINUTE);
    const ended = expectOk(await endBreak(a.client, view.attemptId));
    expect(await delta).toMatchObject({
      kind: 'break',
      breaks: { allowed: 2, taken: 1, onBreak: false },
      deadline: ended.deadline,
    });
    expect(Date.parse(ended.deadline) - Date.parse(view.deadline)).toBe(2 * MINUTE);
    expect(await changed).toEqual({ examId, roomId });
  });
});

import {
  ATTEMPT_BASE,
  ApiStatus,
  UserType,
  type AdmissionTickets,
  type AttemptView,
  type ExamSessionView,
  type SeatPlan,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { shownTime } from '../../lib/shown-time.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { ExamWorld, inMinutes } from '../exam/test-data.js';
import { VENUE_BASE as BASE } from './venue.routes.js';

/** An instant `minutes` after `from`. */
const after = (from: string, minutes: number) =>
  new Date(Date.parse(from) + minutes * 60_000).toISOString();

/**
 * Sessions (场次, docs/features/venues.md "Sessions") on the exam tests' world: batch A (5
 * candidates A-00001…5) and batch B (3, B-…).
 */
describe('exam sessions', () => {
  const world = new ExamWorld({ teacher: true });
  let t: TestApp;
  let admin: Client;
  let venueId: number;
  let small: number;
  let hall: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    venueId = expectOk(
      await admin.post<{ id: number }>(`${BASE}/addVenue`, { name: 'Session centre', address: '' }),
    ).id;
    const room = async (name: string, seats: number) =>
      expectOk(await admin.post<{ id: number }>(`${BASE}/addRoom`, { venueId, name, seats })).id;
    small = await room('Room S', 4);
    hall = await room('Hall', 40);
  });
  afterAll(() => t.close());

  /** An exam published with a window of its own, a day after the last one's. */
  let day = 0;
  const published = async (hours = 3) => {
    const exam = await world.published();
    day++;
    const startAt = inMinutes(1440 * day);
    const endAt = after(startAt, hours * 60);
    await world.setWindow(exam.id, startAt, endAt);
    return { id: exam.id, startAt, endAt };
  };
  const setSessions = (examId: number, sessions: Record<string, unknown>[]) =>
    admin.put<ExamSessionView[]>(`${BASE}/setSessions`, { examId, sessions });
  const planOf = async (examId: number) =>
    expectOk(await admin.get<SeatPlan>(`${BASE}/getSeatPlan`, { examId: String(examId) }));
  const plan = (examId: number, roomIds: number[]) =>
    admin.post<{ seated: number }>(`${BASE}/planSeats`, { examId, roomIds, mode: 'batches' });

  it('sets the sessions as a whole list, each inside the exam’s window, ending after it starts', async () => {
    const exam = await published();
    const morning = { name: 'Morning', startAt: exam.startAt, endAt: after(exam.startAt, 60) };
    const noon = {
      name: 'Noon',
      startAt: after(exam.startAt, 90),
      endAt: after(exam.startAt, 150),
    };
    const window = `${shownTime(exam.startAt)} to ${shownTime(exam.endAt)}`;
    expectStatus(
      await setSessions(exam.id, [morning, { ...noon, endAt: noon.startAt }]),
      ApiStatus.INVALID_INPUT,
      'sessions.1.endAt: a session must end after it starts',
    );
    expectStatus(
      await setSessions(exam.id, [{ ...morning, startAt: after(exam.startAt, -1) }]),
      ApiStatus.INVALID_INPUT,
      `sessions.0.startAt: a session must lie within the exam’s window, ${window}`,
    );
    expectStatus(
      await setSessions(exam.id, [{ ...noon, endAt: after(exam.endAt, 1) }]),
      ApiStatus.INVALID_INPUT,
      /^sessions\.0\.endAt: a session must lie within/,
    );
    expectStatus(
      await setSessions(exam.id, [{ ...morning, id: 999999 }]),
      ApiStatus.INVALID_INPUT,
      /^sessions\.0\.id: session 999999 is not a session of this exam/,
    );
    expect(expectOk(await admin.get(`${BASE}/listSession`, { examId: String(exam.id) }))).toEqual(
      [],
    );
    const set = expectOk(await setSessions(exam.id, [morning, noon]));
    expect(set.map((s) => [s.name, s.startAt, s.endAt, s.candidates])).toEqual([
      ['Morning', morning.startAt, morning.endAt, 0],
      ['Noon', noon.startAt, noon.endAt, 0],
    ]);
    // Renamed in place (its id kept), the other dropped.
    const renamed = expectOk(
      await setSessions(exam.id, [{ ...morning, id: set[0]!.id, name: 'AM' }]),
    );
    expect(renamed.map((s) => [s.id, s.name])).toEqual([[set[0]!.id, 'AM']]);
  });

  it('shares the candidates out over the sessions in ticket order, each reusing the rooms', async () => {
    const exam = await published();
    const [first, second] = expectOk(
      await setSessions(exam.id, [
        { name: 'First', startAt: exam.startAt, endAt: after(exam.startAt, 60) },
        { name: 'Second', startAt: after(exam.startAt, 60), endAt: after(exam.startAt, 120) },
      ]),
    );
    expectOk(await plan(exam.id, [small]));
    const seatPlan = await planOf(exam.id);
    const bySession = (sessionId: number) =>
      seatPlan.rooms[0]!.candidates.filter((c) => c.sessionId === sessionId).map(
        (c) => `${c.ticketNumber}@${c.seat}`,
      );
    expect(bySession(first!.id)).toEqual(['A-00001@1', 'A-00002@2', 'A-00003@3', 'A-00004@4']);
    expect(bySession(second!.id)).toEqual(['A-00005@1', 'B-00001@2', 'B-00002@3', 'B-00003@4']);
    expect(seatPlan.sessions.map((s) => [s.name, s.candidates])).toEqual([
      ['First', 4],
      ['Second', 4],
    ]);
    // Four seats a session: with a gap seat between the same batch, they are too few.
    expectStatus(
      await admin.post(`${BASE}/planSeats`, {
        examId: exam.id,
        roomIds: [small],
        mode: 'batches',
        gap: true,
      }),
      ApiStatus.CONFLICT,
      /^roomIds: the chosen rooms have too few seats/,
    );

    // Moving by hand: a seat is taken per session, and the candidate may change session.
    const move = (studentId: number, seat: number, sessionId?: number) =>
      admin.put(`${BASE}/moveCandidate`, {
        examId: exam.id,
        studentId,
        roomId: small,
        seat,
        sessionId,
      });
    const a1 = world.studentsA[0]!;
    expectStatus(await move(a1, 2, second!.id), ApiStatus.CONFLICT, /^seat: .*\(B-00001\)$/);
    expectStatus(await move(a1, 2, 999999), ApiStatus.INVALID_INPUT, /^sessionId: session 999999/);
    expectOk(
      await admin.put(`${BASE}/moveCandidate`, {
        examId: exam.id,
        studentId: a1,
        roomId: hall,
        seat: 1,
        sessionId: second!.id,
      }),
    );
    expectOk(await move(world.studentsA[4]!, 1, first!.id));
    expectStatus(await move(world.studentsA[1]!, 1), ApiStatus.CONFLICT, /\(A-00005\)$/);

    // The admission ticket names the session and its times.
    const tickets = expectOk(
      await admin.get<AdmissionTickets>(`${EXAM_BASE}/admissionTicket`, {
        examId: String(exam.id),
      }),
    );
    const ticketOf = (number: string) => tickets.tickets.find((x) => x.ticketNumber === number)!;
    expect([ticketOf('A-00001').roomName, ticketOf('A-00001').session]).toEqual([
      'Hall',
      { name: 'Second', startAt: second!.startAt, endAt: second!.endAt },
    ]);
    expect(ticketOf('A-00005').session?.name).toBe('First');

    // Dropping a session unseats its candidates.
    expectOk(
      await setSessions(exam.id, [
        { id: first!.id, name: 'First', startAt: first!.startAt, endAt: first!.endAt },
      ]),
    );
    const left = await planOf(exam.id);
    expect(left.unseated.map((c) => c.ticketNumber).sort()).toEqual([
      'A-00001',
      'B-00001',
      'B-00002',
      'B-00003',
    ]);
  });

  it('room clashes count the sessions’ windows, not the whole exam’s', async () => {
    // Sessions of the first hour and the second; the exam's window runs a third hour.
    const held = await published(3);
    expectOk(
      await setSessions(held.id, [
        { name: 'S1', startAt: held.startAt, endAt: after(held.startAt, 60) },
        { name: 'S2', startAt: after(held.startAt, 60), endAt: after(held.startAt, 120) },
      ]),
    );
    expectOk(await plan(held.id, [small]));
    const heldExam = await world.getExam(held.id);

    // An exam in the third hour: inside the held exam's window, after its sessions.
    const later = await published();
    await world.setWindow(later.id, after(held.startAt, 120), after(held.startAt, 180));
    expectOk(await plan(later.id, [small, hall]));

    // Overlapping the second session: refused, naming it and its times.
    const clash = await published();
    await world.setWindow(clash.id, after(held.startAt, 90), after(held.startAt, 150));
    expectStatus(
      await plan(clash.id, [small]),
      ApiStatus.CONFLICT,
      `roomIds: room "Room S" is used at the same time by exam “${heldExam.name} S2” (${after(held.startAt, 60)} to ${after(held.startAt, 120)})`,
    );

    // With sessions of its own, only its sessions' windows count: one after S2 plans the room.
    await world.setWindow(clash.id, after(held.startAt, 90), after(held.startAt, 240));
    expectOk(
      await setSessions(clash.id, [
        { name: 'Late', startAt: after(held.startAt, 120), endAt: after(held.startAt, 180) },
        { name: 'Later', startAt: after(held.startAt, 180), endAt: after(held.startAt, 240) },
      ]),
    );
    // The third-hour exam holds the room then: once it moves away, the room is free.
    expectStatus(await plan(clash.id, [small]), ApiStatus.CONFLICT, /Room S/);
    expectOk(await plan(later.id, [hall]));
    expectOk(await plan(clash.id, [small]));
  });

  it('starts a candidate only within their session, the deadline capped at its end', async () => {
    const batch = await addClass(t.handle.db, world.s.subjectId, {
      level: 5,
      name: 'Session batch',
    });
    const tickets = await addSignableStudents(t.handle.db, batch, 2, {
      prefix: 'SS-',
      password: 'session-pass-1',
    });
    // Open since a minute ago for two hours; the duration is 30 minutes.
    const examId = await publishOpenExam(admin, t.handle.db, {
      paperId: world.paperId,
      classIds: [batch],
      name: 'Sessions open',
    });
    const exam = await world.getExam(examId);
    const first = { name: 'Now', startAt: exam.startAt, endAt: inMinutes(40) };
    const second = { name: 'Afternoon', startAt: inMinutes(60), endAt: exam.endAt };
    expectOk(await setSessions(examId, [first, second]));
    expectOk(await plan(examId, [hall]));
    const start = async (ticket: string) => {
      const client = await login(t.app, ticket, 'session-pass-1', UserType.STUDENT);
      return client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' });
    };
    expectStatus(
      await start(tickets[1]!),
      ApiStatus.CONFLICT,
      `your session “Afternoon” has not opened yet: it runs from ${shownTime(second.startAt)} to ${shownTime(second.endAt)}`,
    );
    const view = expectOk(await start(tickets[0]!));
    // 30 minutes from the start, before the session's end.
    const started = Date.parse(view.serverNow);
    expect(Date.parse(view.deadline)).toBeGreaterThanOrEqual(started + 29 * 60_000);
    expect(Date.parse(view.deadline)).toBeLessThan(Date.parse(first.endAt));
    // Twenty minutes more: the session's end caps it (the deadline computation, recomputed).
    const student = await t.handle.db
      .selectFrom('students')
      .select('id')
      .where('ticket_number', '=', tickets[0]!)
      .executeTakeFirstOrThrow();
    expectOk(
      await admin.post(`${EXAM_BASE}/setExtraTime`, { examId, studentId: student.id, minutes: 20 }),
    );
    const attempt = await t.handle.db
      .selectFrom('attempts')
      .select('deadline')
      .where('id', '=', view.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt.deadline).toBe(first.endAt);
    // Once anyone has started, the sessions stay.
    expectStatus(
      await setSessions(examId, [first]),
      ApiStatus.CONFLICT,
      '1 candidate(s) have started: the seat plan can no longer change',
    );
  });

  it('a session closed for start says its times', async () => {
    const batch = await addClass(t.handle.db, world.s.subjectId, {
      level: 5,
      name: 'Closed batch',
    });
    const tickets = await addSignableStudents(t.handle.db, batch, 1, {
      prefix: 'SC-',
      password: 'session-pass-2',
    });
    const examId = await publishOpenExam(
      admin,
      t.handle.db,
      { paperId: world.paperId, classIds: [batch], name: 'Session over' },
      {},
      30,
    );
    const exam = await world.getExam(examId);
    const over = { name: 'Early', startAt: exam.startAt, endAt: inMinutes(-5) };
    expectOk(await setSessions(examId, [over]));
    expectOk(await plan(examId, [hall]));
    const client = await login(t.app, tickets[0]!, 'session-pass-2', UserType.STUDENT);
    expectStatus(
      await client.post(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
      ApiStatus.CONFLICT,
      `your session “Early” closed at ${shownTime(over.endAt)} (it ran from ${shownTime(over.startAt)} to ${shownTime(over.endAt)})`,
    );
  });
});

import {
  ATTEMPT_BASE,
  ApiStatus,
  Perm,
  UserType,
  type AdmissionTickets,
  type AttemptView,
  PROCTOR_BASE,
  type ExamBody,
  type LiveExamView,
  type SeatPlan,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus } from '../../../test/factories.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { ExamWorld, inMinutes } from '../exam/test-data.js';
import { VENUE_BASE as BASE } from './venue.routes.js';

/**
 * Seat plans on the exam tests' world: batch A (5 candidates A-00001…5) and batch B (3, B-…),
 * rooms of a few seats so that every rule shows.
 */
describe('seat plans', () => {
  const world = new ExamWorld({ teacher: true });
  let t: TestApp;
  let admin: Client;
  let venueId: number;
  let small: number;
  let large: number;
  let spare: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    venueId = expectOk(
      await admin.post<{ id: number }>(`${BASE}/addVenue`, { name: 'Test centre', address: '' }),
    ).id;
    const room = async (name: string, seats: number, ipAllowList: string[] = []) =>
      expectOk(
        await admin.post<{ id: number }>(`${BASE}/addRoom`, { venueId, name, seats, ipAllowList }),
      ).id;
    small = await room('Room 1', 4);
    large = await room('Room 2', 10);
    spare = await room('Room 3', 30);
  });
  afterAll(() => t.close());

  /**
   * An exam published with a window of its own, a day after the last one's (a room hosts one
   * exam at a time, so the tests' exams sharing rooms must not overlap).
   */
  let day = 0;
  const published: typeof world.published = async (fields, client) => {
    const exam = await world.published(fields, client);
    day++;
    await world.setWindow(exam.id, inMinutes(1440 * day), inMinutes(1440 * day + 120));
    return exam;
  };

  const planOf = async (examId: number, client = admin) =>
    expectOk(await client.get<SeatPlan>(`${BASE}/getSeatPlan`, { examId: String(examId) }));
  /** Each room as "ticket@seat" in seat order. */
  const layout = (plan: SeatPlan) =>
    plan.rooms.map((room) => [
      room.roomName,
      room.candidates.map((c) => `${c.ticketNumber}@${c.seat}`),
    ]);
  const plan = (examId: number, body: Record<string, unknown>, client = admin) =>
    client.post<{ seated: number }>(`${BASE}/planSeats`, { examId, ...body });

  it('fills the rooms in order, batch after batch, and with a gap seat between the same batch', async () => {
    const { id } = await published();
    expect(expectOk(await plan(id, { roomIds: [small, large], mode: 'batches' }))).toEqual({
      seated: 8,
    });
    expect(layout(await planOf(id))).toEqual([
      ['Room 1', ['A-00001@1', 'A-00002@2', 'A-00003@3', 'A-00004@4']],
      ['Room 2', ['A-00005@1', 'B-00001@2', 'B-00002@3', 'B-00003@4']],
    ]);

    expectOk(await plan(id, { roomIds: [small, large], mode: 'batches', gap: true }));
    expect(layout(await planOf(id))).toEqual([
      ['Room 1', ['A-00001@1', 'A-00002@3']],
      ['Room 2', ['A-00003@1', 'A-00004@3', 'A-00005@5', 'B-00001@6', 'B-00002@8', 'B-00003@10']],
    ]);
    const seatPlan = await planOf(id);
    expect(seatPlan.unseated).toEqual([]);
    expect(seatPlan.candidateCount).toBe(8);
    // The proctor's rows name each candidate's room and seat (its rooms column and filter).
    const live = expectOk(await admin.get<LiveExamView>(`${PROCTOR_BASE}/liveExam/${id}`));
    expect(
      live.rows.map((row) => `${row.ticketNumber} ${row.room?.name}@${row.room?.seat}`).sort(),
    ).toEqual([
      'A-00001 Test centre / Room 1@1',
      'A-00002 Test centre / Room 1@3',
      'A-00003 Test centre / Room 2@1',
      'A-00004 Test centre / Room 2@3',
      'A-00005 Test centre / Room 2@5',
      'B-00001 Test centre / Room 2@6',
      'B-00002 Test centre / Room 2@8',
      'B-00003 Test centre / Room 2@10',
    ]);
  });

  it('interleaves the batches when mixed, leaving a gap only where one batch is left', async () => {
    const { id } = await published();
    expectOk(await plan(id, { roomIds: [small, large], mode: 'mixed', gap: true }));
    expect(layout(await planOf(id))).toEqual([
      ['Room 1', ['A-00001@1', 'B-00001@2', 'A-00002@3', 'B-00002@4']],
      ['Room 2', ['A-00003@1', 'B-00003@2', 'A-00004@3', 'A-00005@5']],
    ]);
  });

  it('refuses rooms with too few seats, saying how many are missing, and changes nothing', async () => {
    const { id } = await published();
    expectOk(await plan(id, { roomIds: [large], mode: 'batches' }));
    expectStatus(
      await plan(id, { roomIds: [small], mode: 'batches' }),
      ApiStatus.CONFLICT,
      'roomIds: the chosen rooms have too few seats: 8 candidates need 8 seats, the rooms have 4; 4 missing',
    );
    expectStatus(
      await plan(id, { roomIds: [small], mode: 'batches', gap: true }),
      ApiStatus.CONFLICT,
      /need 14 seats, the rooms have 4; 10 missing/,
    );
    expect((await planOf(id)).rooms.map((room) => room.candidates.length)).toEqual([8]);
    expectStatus(await plan(id, { roomIds: [999999] }), ApiStatus.NOT_FOUND);
    expectStatus(await plan(id, { roomIds: [] }), ApiStatus.INVALID_INPUT, /^roomIds:/);
    expectStatus(
      await plan(id, { roomIds: [small], mode: 'rows' }),
      ApiStatus.INVALID_INPUT,
      /^mode:/,
    );
  });

  it('moves one candidate by hand: not to a taken seat nor beyond the room', async () => {
    const { id } = await published();
    expectOk(await plan(id, { roomIds: [small, large], mode: 'batches' }));
    const move = (studentId: number, roomId: number, seat: number) =>
      admin.put(`${BASE}/moveCandidate`, { examId: id, studentId, roomId, seat });
    const [a1] = world.studentsA;
    expectStatus(
      await move(a1!, large, 2),
      ApiStatus.CONFLICT,
      /^seat: seat 2 of room "Room 2" is taken by .* \(B-00001\)$/,
    );
    expectStatus(
      await move(a1!, large, 11),
      ApiStatus.INVALID_INPUT,
      'seat: room "Room 2" has 10 seats',
    );
    expectStatus(await move(a1!, 999999, 1), ApiStatus.NOT_FOUND);
    expectStatus(await move(999999, large, 9), ApiStatus.INVALID_INPUT, /^studentId:/);
    expectOk(await move(a1!, large, 9));
    // A room outside the plan joins it at the end.
    expectOk(await move(world.studentsA[1]!, spare, 1));
    const after = layout(await planOf(id));
    expect(after).toEqual([
      ['Room 1', ['A-00003@3', 'A-00004@4']],
      ['Room 2', ['A-00005@1', 'B-00001@2', 'B-00002@3', 'B-00003@4', 'A-00001@9']],
      ['Room 3', ['A-00002@1']],
    ]);
    // The admission ticket prints the venue, room and seat, in plan order.
    const tickets = expectOk(
      await admin.get<AdmissionTickets>(`${EXAM_BASE}/admissionTicket`, { examId: String(id) }),
    );
    expect(
      tickets.tickets.map((x) => [x.ticketNumber, x.venueName, x.roomName, x.seatNumber]),
    ).toEqual([
      ['A-00003', 'Test centre', 'Room 1', 3],
      ['A-00004', 'Test centre', 'Room 1', 4],
      ['A-00005', 'Test centre', 'Room 2', 1],
      ['B-00001', 'Test centre', 'Room 2', 2],
      ['B-00002', 'Test centre', 'Room 2', 3],
      ['B-00003', 'Test centre', 'Room 2', 4],
      ['A-00001', 'Test centre', 'Room 2', 9],
      ['A-00002', 'Test centre', 'Room 3', 1],
    ]);
    // A room in use is not deleted, nor lowered below a seat in use; the refusal names the exam.
    const exam = await world.getExam(id);
    expectStatus(
      await admin.delete(`${BASE}/deleteRoom/${spare}`),
      ApiStatus.CONFLICT,
      `room "Room 3" is in the seat plan of 1 exam(s): “${exam.name}”`,
    );
    expectStatus(
      await admin.delete(`${BASE}/deleteVenue/${venueId}`),
      ApiStatus.CONFLICT,
      /Test centre/,
    );
    expectStatus(
      await admin.put(`${BASE}/updateRoom`, { id: large, name: 'Room 2', seats: 8 }),
      ApiStatus.CONFLICT,
      /^seats:/,
    );
  });

  it('refuses a room that another exam uses at an overlapping time, naming it and its times', async () => {
    const first = await published();
    expectOk(await plan(first.id, { roomIds: [spare], mode: 'batches' }));
    const other = await world.getExam(first.id);
    const clash = await published();
    // Half an hour into the first one's window: the windows overlap.
    await world.setWindow(
      clash.id,
      new Date(Date.parse(other.startAt) + 30 * 60_000).toISOString(),
      new Date(Date.parse(other.endAt) + 30 * 60_000).toISOString(),
    );
    const named = `room "Room 3" is used at the same time by exam “${other.name}” (${other.startAt} to ${other.endAt})`;
    expectStatus(
      await plan(clash.id, { roomIds: [large, spare], mode: 'batches' }),
      ApiStatus.CONFLICT,
      `roomIds: ${named}`,
    );
    expectOk(await plan(clash.id, { roomIds: [large], mode: 'batches' }));
    expectStatus(
      await admin.put(`${BASE}/moveCandidate`, {
        examId: clash.id,
        studentId: world.studentsA[0],
        roomId: spare,
        seat: 12,
      }),
      ApiStatus.CONFLICT,
      `roomId: ${named}`,
    );
    expect(layout(await planOf(clash.id)).map(([room]) => room)).toEqual(['Room 2']);
    // Starting as the first one ends is no overlap.
    const after = await published();
    await world.setWindow(
      after.id,
      other.endAt,
      new Date(Date.parse(other.endAt) + 60 * 60_000).toISOString(),
    );
    expectOk(await plan(after.id, { roomIds: [spare], mode: 'batches' }));
  });

  it('assigns one or two invigilators holding EXAM-INVIGILATE to a room of the plan', async () => {
    const { id } = await published();
    expectOk(await plan(id, { roomIds: [small, large], mode: 'mixed' }));
    const role = await createRole(admin, { permissionKeys: [Perm.INVIGILATE] });
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => addUser(admin, { roleIds: [role.roleId] })),
    );
    const stranger = await addUser(admin);
    const set = (roomId: number, userIds: number[]) =>
      admin.put(`${BASE}/setRoomInvigilators`, { examId: id, roomId, userIds });
    const options = expectOk(
      await admin.get<{ id: number }[]>(`${BASE}/listInvigilator`, { keyword: first!.name }),
    );
    expect(options.map((o) => o.id)).toEqual([first!.id]);
    expectOk(await set(small, [first!.id, second!.id]));
    expect((await planOf(id)).rooms[0]!.invigilators.map((p) => p.id).sort()).toEqual(
      [first!.id, second!.id].sort(),
    );
    expectStatus(
      await set(large, [first!.id, second!.id, third!.id]),
      ApiStatus.INVALID_INPUT,
      /^userIds:/,
    );
    expectStatus(await set(large, [stranger.id]), ApiStatus.INVALID_INPUT, /may not invigilate/);
    expectStatus(
      await set(large, [second!.id]),
      ApiStatus.CONFLICT,
      /already invigilates room "Room 1"/,
    );
    expectStatus(
      await set(spare, [third!.id]),
      ApiStatus.INVALID_INPUT,
      /^roomId: room "Room 3" is not/,
    );
    expectOk(await set(large, [third!.id]));
    expectOk(await set(small, []));
    expect((await planOf(id)).rooms.map((room) => room.invigilators.length)).toEqual([0, 1]);
  });

  it('refuses changes to the plan once a candidate has started, saying why', async () => {
    const { id } = await published();
    expectOk(await plan(id, { roomIds: [large], mode: 'batches' }));
    await world.startAttempt(id, world.studentsB[0]!);
    expectStatus(
      await plan(id, { roomIds: [spare] }),
      ApiStatus.CONFLICT,
      '1 candidate(s) have started: the seat plan can no longer change',
    );
    expectStatus(
      await admin.put(`${BASE}/moveCandidate`, {
        examId: id,
        studentId: world.studentsA[0],
        roomId: large,
        seat: 10,
      }),
      ApiStatus.CONFLICT,
      /have started/,
    );
    expect((await planOf(id)).started).toBe(1);
  });

  it('reaches a plan through its exam: another publisher’s exam is not found, a shared one read-only', async () => {
    const { client } = world.teacher;
    const foreign = await published({ classIds: [world.batchB] });
    expectStatus(
      await client.get(`${BASE}/getSeatPlan`, { examId: String(foreign.id) }),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(await plan(foreign.id, { roomIds: [spare] }, client), ApiStatus.NOT_FOUND);
    const shared = await published();
    expectOk(await plan(shared.id, { roomIds: [spare], mode: 'batches' }));
    const seen = await planOf(shared.id, client);
    expect(seen.rooms[0]!.candidates.map((c) => c.ticketNumber)).toEqual([
      'A-00001',
      'A-00002',
      'A-00003',
      'A-00004',
      'A-00005',
    ]);
    expect(seen.rooms[0]!.othersSeated).toBe(3);
    expectStatus(await plan(shared.id, { roomIds: [spare] }, client), ApiStatus.FORBIDDEN);
    const own = await published({ classIds: [world.batchA] }, client);
    expectOk(await plan(own.id, { roomIds: [small, large] }, client));
  });

  it('a seated candidate starts from the room’s addresses, in place of the exam’s', async () => {
    const batch = await addClass(t.handle.db, world.s.subjectId, { level: 5, name: 'Room batch' });
    const tickets = await addSignableStudents(t.handle.db, batch, 2, {
      prefix: 'RM-',
      password: 'room-pass-1',
    });
    const roomWithList = expectOk(
      await admin.post<{ id: number }>(`${BASE}/addRoom`, {
        venueId,
        name: 'Lab 9',
        seats: 1,
        ipAllowList: ['10.9.0.0/16'],
      }),
    ).id;
    const examId = await publishOpenExam(
      admin,
      t.handle.db,
      { paperId: world.paperId, classIds: [batch], name: 'Room addresses' },
      { ipAllowList: ['10.1.0.0/16'] } as Partial<ExamBody>,
    );
    // One candidate in the room with a list, the other in a room without one.
    expectOk(await plan(examId, { roomIds: [roomWithList, spare], mode: 'batches' }));
    const start = async (ticket: string, remoteAddress: string) => {
      const client = await login(t.app, ticket, 'room-pass-1', UserType.STUDENT);
      return client.request<AttemptView>({
        method: 'POST',
        url: `${ATTEMPT_BASE}/startAttempt`,
        payload: { examId, accessCode: '' },
        remoteAddress,
      });
    };
    expectStatus(await start(tickets[0]!, '10.1.2.3'), ApiStatus.FORBIDDEN, /10\.1\.2\.3/);
    expectOk(await start(tickets[0]!, '10.9.4.4'));
    expectStatus(await start(tickets[1]!, '10.9.4.4'), ApiStatus.FORBIDDEN);
    expectOk(await start(tickets[1]!, '10.1.2.3'));
  });
});

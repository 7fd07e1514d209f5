import {
  ATTEMPT_BASE,
  ApiStatus,
  FILE_SERVE_PATH,
  INVIGILATION_BASE as BASE,
  Perm,
  ProctorEvent,
  SocketEvent,
  UserType,
  type AttemptView,
  type CheckedInMessage,
  type ConsoleRoom,
  type ExamBody,
  type MyRoom,
} from '@kaoshi/shared';
import { Migrator } from 'kysely';
import type { Socket } from 'socket.io-client';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  createTestApp,
  login,
  type Client,
  type TestApp,
} from '../../../test/build-app.js';
import { migrations } from '../../db/migrations/index.js';
import { addUser, createRole, expectOk, expectStatus } from '../../../test/factories.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import { deadlineOf } from '../attempt/deadlines.js';
import { addClass } from '../base/test-data.js';
import { ExamWorld } from '../exam/test-data.js';
import { VENUE_BASE } from '../venue/venue.routes.js';

const PASSWORD = 'invig-pass-1';

/**
 * The invigilator's console: two rooms of one seat each, an invigilator per room; check-in
 * before Start, the room's start as the start of the duration, the room's pause, row access.
 */
describe('invigilation', () => {
  const world = new ExamWorld({});
  let t: TestApp;
  let admin: Client;
  let room1: number;
  let room2: number;
  let invigilator1: Client;
  let invigilator2: Client;
  let userIds: number[];
  let round = 0;
  let venueId: number;
  let url: string;
  const sockets: Socket[] = [];
  const room = async (name: string) =>
    expectOk(
      await admin.post<{ id: number }>(`${VENUE_BASE}/addRoom`, {
        venueId,
        name,
        seats: 1,
        ipAllowList: [],
      }),
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    venueId = expectOk(
      await admin.post<{ id: number }>(`${VENUE_BASE}/addVenue`, { name: 'Console', address: '' }),
    ).id;
    const role = await createRole(admin, { permissionKeys: [Perm.INVIGILATE] });
    const users = await Promise.all([1, 2].map(() => addUser(admin, { roleIds: [role.roleId] })));
    userIds = users.map((u) => u.id);
    invigilator1 = await login(t.app, users[0]!.name, DEFAULT_PASSWORD, UserType.TEACHER);
    invigilator2 = await login(t.app, users[1]!.name, DEFAULT_PASSWORD, UserType.TEACHER);
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /**
   * An open exam of two new candidates, one per room, each room with its invigilator. Each exam
   * has rooms of its own: the exams are open at the same time, and a room serves one at a time.
   */
  const examWith = async (fields: Partial<ExamBody>) => {
    round += 1;
    room1 = await room(`Console ${round}-1`);
    room2 = await room(`Console ${round}-2`);
    const own = await addClass(t.handle.db, world.s.subjectId, { level: 5, name: `C${round}` });
    const tickets = await addSignableStudents(t.handle.db, own, 2, {
      prefix: `IV${round}-`,
      password: PASSWORD,
    });
    const examId = await publishOpenExam(
      admin,
      t.handle.db,
      { paperId: world.paperId, classIds: [own], name: `Console ${round}` },
      fields,
    );
    expectOk(
      await admin.post(`${VENUE_BASE}/planSeats`, {
        examId,
        roomIds: [room1, room2],
        mode: 'batches',
      }),
    );
    for (const [roomId, userId] of [
      [room1, userIds[0]],
      [room2, userIds[1]],
    ] as const) {
      expectOk(
        await admin.put(`${VENUE_BASE}/setRoomInvigilators`, { examId, roomId, userIds: [userId] }),
      );
    }
    const students = await Promise.all(
      tickets.map((ticket) => login(t.app, ticket, PASSWORD, UserType.STUDENT)),
    );
    return { examId, students };
  };
  const consoleOf = async (client: Client, examId: number, roomId = room1) =>
    expectOk(
      await client.get<ConsoleRoom>(`${BASE}/getRoom`, {
        examId: String(examId),
        roomId: String(roomId),
      }),
    );
  const start = (student: Client, examId: number) =>
    student.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' });

  it('refuses Start until checked in, and a refused check-in says why', async () => {
    const { examId, students } = await examWith({ requireCheckIn: true });
    const mine = expectOk(await invigilator1.get<MyRoom[]>(`${BASE}/listMyRoom`));
    expect(mine.filter((r) => r.examId === examId).map((r) => r.roomId)).toEqual([room1]);
    const [first] = (await consoleOf(invigilator1, examId)).candidates;
    expect(first!.state).toBe('notArrived');
    expect(first!.idNumberMasked).toMatch(/\*+$/);
    // The refusal names what the page waits for (it waits instead of showing an error).
    expect(expectStatus(await start(students[0]!, examId), ApiStatus.CONFLICT, /check in/)).toEqual(
      { wait: 'checkIn' },
    );
    const checkIn = (body: Record<string, unknown>) =>
      invigilator1.post(`${BASE}/checkInCandidate`, {
        examId,
        roomId: room1,
        studentId: first!.studentId,
        ...body,
      });
    expectStatus(await checkIn({ confirmed: false }), ApiStatus.INVALID_INPUT, /^reason:/);
    expectOk(await checkIn({ confirmed: false, reason: 'photo does not match' }));
    expect(
      expectStatus(await start(students[0]!, examId), ApiStatus.CONFLICT, /photo does not match/),
    ).toEqual({ wait: 'checkIn', refused: true });
    expect((await consoleOf(invigilator1, examId)).candidates[0]!.state).toBe('refused');
    // The door photo: an image the files module stored for this invigilator, nothing else.
    const upload = async (ownerId: number, kind: string, mime: string) => {
      const storedName = `${randomBytes(16).toString('hex')}.jpg`;
      await t.handle.db
        .insertInto('uploads')
        .values({
          owner_id: ownerId,
          kind,
          original_name: 'door.jpg',
          stored_name: storedName,
          stored_path: `2026/12/${storedName}`,
          mime,
          size: 1000,
          sha256: '0'.repeat(64),
          created_at: new Date().toISOString(),
        })
        .execute();
      return `${FILE_SERVE_PATH}${storedName}`;
    };
    const own = await upload(userIds[0]!, 'image', 'image/jpeg');
    for (const doorPhoto of [
      '/upload/door.jpg',
      'https://example.com/door.jpg',
      `${FILE_SERVE_PATH}${'a'.repeat(32)}.jpg`,
      await upload(userIds[1]!, 'image', 'image/jpeg'),
      await upload(userIds[0]!, 'file', 'application/pdf'),
    ]) {
      expectStatus(
        await checkIn({ confirmed: true, doorPhoto }),
        ApiStatus.INVALID_INPUT,
        /^doorPhoto: must be an image you uploaded/,
      );
    }
    // Refused: nothing written, still waiting.
    expect((await consoleOf(invigilator1, examId)).candidates[0]!.state).toBe('refused');
    // The candidate's waiting page hears the check-in at once (its session's socket).
    const socket = socketOf(url, students[0]!.token);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const heard = new Promise<CheckedInMessage>((resolve) =>
      socket.once(SocketEvent.CHECKED_IN, resolve),
    );
    expectOk(await checkIn({ confirmed: true, doorPhoto: own }));
    expect(await heard).toEqual({ examId, confirmed: true });
    socket.disconnect();
    expectOk(await start(students[0]!, examId));
    const row = (await consoleOf(invigilator1, examId)).candidates[0]!;
    expect([row.state, row.doorPhoto]).toEqual(['inProgress', own]);
  });

  it('holds candidates until the room starts; the duration counts from the room’s start', async () => {
    const { examId, students } = await examWith({ holdUntilRoomStart: true, durationMinutes: 30 });
    const head = await consoleOf(invigilator1, examId);
    // The waiting page shows the window and the minutes counted from the room's start.
    expect(
      expectStatus(await start(students[0]!, examId), ApiStatus.CONFLICT, /not been started/),
    ).toEqual({
      wait: 'roomStart',
      timing: { startAt: head.startAt, endAt: head.endAt, minutes: 30, session: null },
    });
    const { startedAt } = expectOk(
      await invigilator1.post<{ startedAt: string }>(`${BASE}/startRoom`, {
        examId,
        roomId: room1,
      }),
    );
    expectStatus(
      await invigilator1.post(`${BASE}/startRoom`, { examId, roomId: room1 }),
      ApiStatus.CONFLICT,
      /already started/,
    );
    // The room started 10 minutes ago: a candidate starting now has 20 minutes left.
    const earlier = new Date(Date.parse(startedAt) - 10 * 60_000).toISOString();
    await t.handle.db
      .updateTable('exam_rooms')
      .set({ started_at: earlier })
      .where('exam_id', '=', examId)
      .where('room_id', '=', room1)
      .execute();
    const view = expectOk(await start(students[0]!, examId));
    const room = await consoleOf(invigilator1, examId);
    expect(view.deadline).toBe(deadlineOf(earlier, 30, 0, room.endAt));
    // Room 2 was not started: its candidate still waits.
    expectStatus(await start(students[1]!, examId), ApiStatus.CONFLICT, /not been started/);
  });

  it('pauses and resumes the whole room: its attempts only, with a reason', async () => {
    const { examId, students } = await examWith({});
    for (const student of students) expectOk(await start(student, examId));
    const pause = (path: string, body: Record<string, unknown>) =>
      invigilator1.post<{ count: number }>(`${BASE}/${path}`, { examId, roomId: room1, ...body });
    expectStatus(await pause('pauseRoom', { reason: '' }), ApiStatus.INVALID_INPUT, /^reason:/);
    expect(expectOk(await pause('pauseRoom', { reason: 'power cut' }))).toEqual({ count: 1 });
    const paused = (await consoleOf(invigilator1, examId)).candidates[0]!;
    expect(paused.state).toBe('paused');
    expect((await consoleOf(invigilator2, examId, room2)).candidates[0]!.state).toBe('inProgress');
    expect(expectOk(await pause('resumeRoom', { reason: 'power back' }))).toEqual({ count: 1 });
    const resumed = (await consoleOf(invigilator1, examId)).candidates[0]!;
    expect(resumed.state).toBe('inProgress');
    expect(Date.parse(resumed.deadline!)).toBeGreaterThanOrEqual(Date.parse(paused.deadline!));
    // One candidate from the console too.
    const one = { studentId: paused.studentId, reason: 'noise' };
    expect(expectOk(await pause('pauseCandidate', one))).toEqual({ count: 1 });
    expectStatus(await pause('pauseCandidate', one), ApiStatus.CONFLICT, /already paused/);
    expect(expectOk(await pause('resumeCandidate', one))).toEqual({ count: 1 });
  });

  it('an invigilator of room 1 neither reads nor acts on room 2', async () => {
    const { examId, students } = await examWith({});
    expectOk(await start(students[1]!, examId));
    const room2Query = { examId: String(examId), roomId: String(room2) };
    expectStatus(await invigilator1.get(`${BASE}/getRoom`, room2Query), ApiStatus.NOT_FOUND);
    const body = { examId, roomId: room2, reason: 'x' };
    expectStatus(await invigilator1.post(`${BASE}/pauseRoom`, body), ApiStatus.NOT_FOUND);
    expectStatus(await invigilator1.post(`${BASE}/startRoom`, body), ApiStatus.NOT_FOUND);
    const room2Student = (await consoleOf(invigilator2, examId, room2)).candidates[0]!.studentId;
    // Room 1's invigilator naming room 2's candidate in room 1: not in this room.
    expectStatus(
      await invigilator1.post(`${BASE}/checkInCandidate`, {
        examId,
        roomId: room1,
        studentId: room2Student,
        confirmed: true,
      }),
      ApiStatus.CONFLICT,
      /not seated in room/,
    );
    expect((await consoleOf(invigilator2, examId, room2)).candidates[0]!.state).toBe('inProgress');
    // The publisher reaches both.
    expect((await consoleOf(admin, examId, room2)).candidates).toHaveLength(1);
  });

  it('a console hears its own room change live, and may not watch another room', async () => {
    const { examId, students } = await examWith({});
    const open = (client: Client) => {
      const socket = socketOf(url, client.token);
      sockets.push(socket);
      return socket;
    };
    const mine = open(invigilator1);
    expect(await emitAck(mine, ProctorEvent.WATCH_ROOM, { examId, roomId: room1 })).toEqual({
      ok: true,
      examId,
    });
    const refused = await emitAck<{ ok: boolean; code: number }>(
      open(invigilator1),
      ProctorEvent.WATCH_ROOM,
      { examId, roomId: room2 },
    );
    expect([refused.ok, refused.code]).toEqual([false, ApiStatus.NOT_FOUND]);
    // The whole exam's proctor room stays closed to an invigilator without role SUPER.
    const whole = await emitAck<{ ok: boolean }>(open(invigilator1), ProctorEvent.WATCH, {
      examId,
    });
    expect(whole.ok).toBe(false);
    const heard: unknown[] = [];
    mine.on(ProctorEvent.ROOM_CHANGED, (message: unknown) => heard.push(message));
    const changed = new Promise((resolve) => mine.once(ProctorEvent.ROOM_CHANGED, resolve));
    // Room 2's candidate starts first: room 1 hears nothing of it; then room 1's checks in.
    expectOk(await start(students[1]!, examId));
    const first = (await consoleOf(invigilator1, examId)).candidates[0]!;
    expectOk(
      await invigilator1.post(`${BASE}/checkInCandidate`, {
        examId,
        roomId: room1,
        studentId: first.studentId,
        confirmed: true,
      }),
    );
    expect(await changed).toEqual({ examId, roomId: room1 });
    expect(heard).toEqual([{ examId, roomId: room1 }]);
  });

  it('per session: an invigilator reaches only their session; starting it holds the others', async () => {
    const { examId, students } = await examWith({ holdUntilRoomStart: true });
    const exam = await world.getExam(examId);
    const sessions = expectOk(
      await admin.put<{ id: number }[]>(`${VENUE_BASE}/setSessions`, {
        examId,
        sessions: [
          { name: 'Morning', startAt: exam.startAt, endAt: exam.endAt },
          { name: 'Later', startAt: exam.startAt, endAt: exam.endAt },
        ],
      }),
    ).map((session) => session.id);
    // Both candidates in room 1, seat 1: one per session; room 2's invigilator takes the later.
    const ids = await t.handle.db
      .selectFrom('exam_candidates')
      .select('student_id')
      .where('exam_id', '=', examId)
      .orderBy('seat_number')
      .orderBy('room_id')
      .execute();
    for (const [index, row] of ids.entries()) {
      expectOk(
        await admin.put(`${VENUE_BASE}/moveCandidate`, {
          examId,
          studentId: row.student_id,
          roomId: room1,
          seat: 1,
          sessionId: sessions[index],
        }),
      );
    }
    expectOk(
      await admin.put(`${VENUE_BASE}/setRoomInvigilators`, { examId, roomId: room2, userIds: [] }),
    );
    expectOk(
      await admin.put(`${VENUE_BASE}/setRoomInvigilators`, { examId, roomId: room1, userIds: [] }),
    );
    for (const [index, userId] of userIds.entries()) {
      expectOk(
        await admin.put(`${VENUE_BASE}/setRoomInvigilators`, {
          examId,
          roomId: room1,
          sessionId: sessions[index],
          userIds: [userId],
        }),
      );
    }
    const roomOf = (client: Client, sessionId: number) =>
      client.get<ConsoleRoom>(`${BASE}/getRoom`, {
        examId: String(examId),
        roomId: String(room1),
        sessionId: String(sessionId),
      });
    const morning = expectOk(await roomOf(invigilator1, sessions[0]!));
    expect([morning.sessionName, morning.candidates.map((c) => c.studentId)]).toEqual([
      'Morning',
      [ids[0]!.student_id],
    ]);
    expectStatus(await roomOf(invigilator1, sessions[1]!), ApiStatus.NOT_FOUND);
    const mine = expectOk(await invigilator1.get<MyRoom[]>(`${BASE}/listMyRoom`));
    expect(
      mine.filter((r) => r.examId === examId).map((r) => [r.sessionName, r.candidates]),
    ).toEqual([['Morning', 1]]);
    // The morning started: its candidate starts, the later one's still waits.
    expectOk(
      await invigilator1.post(`${BASE}/startRoom`, {
        examId,
        roomId: room1,
        sessionId: sessions[0],
      }),
    );
    expectStatus(
      await invigilator1.post(`${BASE}/startRoom`, {
        examId,
        roomId: room1,
        sessionId: sessions[1],
      }),
      ApiStatus.NOT_FOUND,
    );
    const attempts = await Promise.all(students.map((student) => start(student, examId)));
    const held = students.filter((_, index) => attempts[index]!.body.status !== ApiStatus.OK);
    expect(held).toHaveLength(1);
    expectStatus(await start(held[0]!, examId), ApiStatus.CONFLICT, /not been started/);
    expectOk(
      await invigilator2.post(`${BASE}/startRoom`, {
        examId,
        roomId: room1,
        sessionId: sessions[1],
      }),
    );
    expectOk(await start(held[0]!, examId));
    // Two candidates on one seat of one room, in two sessions: unseated again, so that the
    // migration test below can take 0026 down (its index is one candidate per room seat).
    await t.handle.db
      .updateTable('exam_candidates')
      .set({ room_id: null })
      .where('exam_id', '=', examId)
      .execute();
  });

  it('migration 0023 goes down and up again', async () => {
    const db = t.handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0021_accommodations');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain('0023_invigilation');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const row = await db.selectFrom('exams').select('require_check_in').executeTakeFirst();
    expect(row?.require_check_in).toBe(0);
  });
});

import {
  ATTEMPT_BASE,
  ApiStatus,
  IRREGULARITY_BASE as BASE,
  Perm,
  ProctorEvent,
  QuestionType,
  RoleKey,
  SocketEvent,
  UserType,
  type AttemptView,
  type IrregularityListView,
  type IrregularityView,
  type JoinAck,
  type ProctorMessage,
  type SeatPlan,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  login,
  type Client,
  type TestApp,
} from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus, roleIdOf } from '../../../test/factories.js';
import { paperAndBatch } from '../../../test/exams.js';
import { readXlsx, rowValues } from '../../../test/imports.js';
import { pdfText } from '../../../test/pdf-text.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { addSignableStudents, publishOpenExam } from '../attempt/test-data.js';
import type { Db } from '../../db/database.js';
import { ExamRepository } from '../exam/exam.repository.js';
import { PNG } from '../files/fixtures.js';
import { FilesService } from '../files/files.service.js';
import { VENUE_BASE } from '../venue/venue.routes.js';

const PASSWORD = 'irregular-pass-1';

/**
 * Irregularities and room documents on one open exam: six candidates in two rooms of three
 * seats, an invigilator per room (EXAM-INVIGILATE only, no batch), the admin as the chief.
 */
describe('irregularities and room documents', () => {
  let t: TestApp;
  let admin: Client;
  let url: string;
  let examId: number;
  let plan: SeatPlan;
  const rooms: number[] = [];
  const invigilators: { client: Client; nick: string }[] = [];
  const students = new Map<number, { client: Client; attemptId: number }>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const db = t.handle.db;
    const { paperId, batch } = await paperAndBatch(db, {
      types: [QuestionType.SINGLE],
      batchName: 'Irregularity batch',
    });
    const tickets = await addSignableStudents(db, batch, 6, { prefix: 'IR-', password: PASSWORD });
    examId = await publishOpenExam(admin, db, { paperId, classIds: [batch], name: 'Room exam' });
    const venueId = expectOk(
      await admin.post<{ id: number }>(`${VENUE_BASE}/addVenue`, {
        name: `Centre ${examId}`,
        address: '',
      }),
    ).id;
    for (const name of ['Room A', 'Room B']) {
      rooms.push(
        expectOk(
          await admin.post<{ id: number }>(`${VENUE_BASE}/addRoom`, {
            venueId,
            name: `${name} ${examId}`,
            seats: 3,
            ipAllowList: [],
          }),
        ).id,
      );
    }
    expectOk(
      await admin.post(`${VENUE_BASE}/planSeats`, { examId, roomIds: rooms, mode: 'batches' }),
    );
    const role = await createRole(admin, { permissionKeys: [Perm.INVIGILATE] });
    const superRole = await roleIdOf(admin, RoleKey.SUPER);
    for (const roomId of rooms) {
      const user = await addUser(admin, { roleIds: [role.roleId, superRole] });
      expectOk(
        await admin.put(`${VENUE_BASE}/setRoomInvigilators`, {
          examId,
          roomId,
          userIds: [user.id],
        }),
      );
      invigilators.push({
        client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER),
        nick: `Nick ${user.name}`,
      });
    }
    plan = expectOk(
      await admin.get<SeatPlan>(`${VENUE_BASE}/getSeatPlan`, { examId: String(examId) }),
    );
    for (const ticket of tickets) {
      const client = await login(t.app, ticket, PASSWORD, UserType.STUDENT);
      const view = expectOk(
        await client.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, { examId, accessCode: '' }),
      );
      const seated = plan.rooms
        .flatMap((room) => room.candidates)
        .find((c) => c.ticketNumber === ticket)!;
      students.set(seated.studentId, { client, attemptId: view.attemptId });
    }
    url = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const inRoom = (index: number) => plan.rooms[index]!.candidates;
  const record = (client: Client, body: Record<string, unknown>) =>
    client.post<IrregularityView>(`${BASE}/recordIrregularity`, { examId, ...body });
  const attemptRow = (attemptId: number) =>
    t.handle.db
      .selectFrom('attempts')
      .select(['finished_at', 'finish_reason', 'deadline'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();

  it("records a warning that the candidate's page shows at once and after a reload", async () => {
    const [inv] = invigilators;
    const candidate = inRoom(0)[0]!;
    const { client, attemptId } = students.get(candidate.studentId)!;
    const socket = socketOf(url, client.token);
    sockets.push(socket);
    expect((await emitAck<JoinAck>(socket, SocketEvent.JOIN, { attemptId })).ok).toBe(true);
    const heard = new Promise<ProctorMessage>((resolve) =>
      socket.once(ProctorEvent.MESSAGE, resolve),
    );
    const view = expectOk(
      await record(inv!.client, {
        roomId: rooms[0],
        category: 'candidate',
        note: '交头接耳 talking',
        studentIds: [candidate.studentId],
        action: 'warning',
      }),
    );
    expect(view).toMatchObject({
      category: 'candidate',
      action: 'warning',
      recordedBy: inv!.nick,
      roomId: rooms[0],
      candidates: [{ studentId: candidate.studentId, terminated: false }],
    });
    expect((await heard).content).toContain('交头接耳 talking');
    // A page that joins later (a reload) is handed it too.
    const again = socketOf(url, client.token);
    sockets.push(again);
    expect((await emitAck<JoinAck>(again, SocketEvent.JOIN, { attemptId })).ok).toBe(true);
    const kept = await emitAck<{ ok: boolean; messages?: ProctorMessage[] }>(
      again,
      ProctorEvent.MESSAGES,
      { attemptId },
    );
    expect(JSON.stringify(kept)).toContain('交头接耳 talking');
    // Nothing ends: the attempt runs on.
    expect((await attemptRow(attemptId)).finished_at).toBeNull();
  });

  it("refuses another room's invigilator, and lists each invigilator their room's records only", async () => {
    const [inv1, inv2] = invigilators;
    const other = inRoom(1)[0]!;
    expectStatus(
      await record(inv1!.client, {
        category: 'candidate',
        note: 'not mine',
        studentIds: [other.studentId],
        action: 'warning',
      }),
      ApiStatus.FORBIDDEN,
      /is not in a room you invigilate/,
    );
    expectStatus(
      await record(inv1!.client, {
        roomId: rooms[1],
        category: 'environment',
        note: 'x',
        action: 'warning',
      }),
      ApiStatus.FORBIDDEN,
    );
    expectStatus(
      await record(inv1!.client, { category: 'staff', note: '', action: 'warning' }),
      ApiStatus.INVALID_INPUT,
      /^note:/,
    );
    expectOk(
      await record(inv2!.client, {
        category: 'environment',
        note: '停电 power cut',
        action: 'warning',
      }),
    );
    const list = (client: Client, roomId?: number) =>
      client.get<IrregularityListView>(`${BASE}/listIrregularity`, {
        examId: String(examId),
        ...(roomId && { roomId: String(roomId) }),
      });
    const mine = expectOk(await list(inv2!.client));
    expect(mine.rows.map((row) => row.note)).toEqual(['停电 power cut']);
    expect(mine).toMatchObject({ canReverse: false, roomIds: [rooms[1]] });
    expectStatus(await list(inv2!.client, rooms[0]), ApiStatus.FORBIDDEN);
    const all = expectOk(await list(admin));
    expect(all.canReverse).toBe(true);
    expect(all.rows.map((row) => row.note)).toEqual(['停电 power cut', '交头接耳 talking']);
  });

  it('terminates an attempt with a reason, and a chief reverses it: the attempt reopens for its time', async () => {
    const [inv1] = invigilators;
    const candidate = inRoom(0)[1]!;
    const { attemptId } = students.get(candidate.studentId)!;
    const before = await attemptRow(attemptId);
    expectStatus(
      await record(inv1!.client, {
        category: 'candidate',
        note: 'phone',
        studentIds: [candidate.studentId],
        action: 'terminate',
      }),
      ApiStatus.INVALID_INPUT,
      /^reason:/,
    );
    const view = expectOk(
      await record(inv1!.client, {
        category: 'candidate',
        note: '携带手机 phone',
        studentIds: [candidate.studentId],
        action: 'terminate',
        reason: '违规携带通讯设备',
      }),
    );
    expect(view.candidates).toMatchObject([{ studentId: candidate.studentId, terminated: true }]);
    const ended = await attemptRow(attemptId);
    expect(ended.finish_reason).toBe('terminated');
    expect(ended.finished_at).not.toBeNull();
    // Ended already: a second termination is refused.
    expectStatus(
      await record(inv1!.client, {
        category: 'candidate',
        note: 'again',
        studentIds: [candidate.studentId],
        action: 'terminate',
        reason: 'x',
      }),
      ApiStatus.CONFLICT,
    );

    const reverse = (client: Client, id: number) =>
      client.post<IrregularityView>(`${BASE}/reverseIrregularity`, { id, reason: '误判 mistaken' });
    // The invigilator is no chief.
    expectStatus(await reverse(inv1!.client, view.id), ApiStatus.FORBIDDEN);
    const reversed = expectOk(await reverse(admin, view.id));
    expect(reversed).toMatchObject({ reverseReason: '误判 mistaken' });
    expect(reversed.reversedAt).not.toBeNull();
    const reopened = await attemptRow(attemptId);
    expect(reopened.finished_at).toBeNull();
    // The time it had left (rounded up to the minute), counted from the reversal.
    const left = Date.parse(before.deadline) - Date.parse(ended.finished_at!);
    const given = Date.parse(reopened.deadline) - Date.parse(reversed.reversedAt!);
    expect(given).toBeGreaterThanOrEqual(left - 5_000);
    expect(given).toBeLessThanOrEqual(left + 65_000);
    expectStatus(await reverse(admin, view.id), ApiStatus.CONFLICT, /already reversed/);
    // A warning cannot be reversed.
    const warning = expectOk(
      await admin.get<IrregularityListView>(`${BASE}/listIrregularity`, {
        examId: String(examId),
      }),
    ).rows.find((row) => row.action === 'warning')!;
    expectStatus(await reverse(admin, warning.id), ApiStatus.CONFLICT);
  });

  it('terminates several candidates all or none: one who handed in meanwhile leaves nothing written', async () => {
    const [, inv2] = invigilators;
    const [first, second] = inRoom(1);
    const firstAttempt = students.get(first!.studentId)!.attemptId;
    const secondAttempt = students.get(second!.studentId)!.attemptId;
    // The second candidate's hand-in lands while the record is written (as a concurrent submit
    // would, between the checks and the termination).
    const original = ExamRepository.prototype.record;
    const spy = vi.spyOn(ExamRepository.prototype, 'record').mockImplementation(async function (
      this: ExamRepository,
      ...args
    ) {
      if (args[2] === 'irregularityRecord') {
        await (this as unknown as { db: Db }).db
          .updateTable('attempts')
          .set({ finished_at: new Date().toISOString(), finish_reason: 'submitted' })
          .where('id', '=', secondAttempt)
          .execute();
      }
      return original.apply(this, args);
    });
    try {
      expectStatus(
        await record(inv2!.client, {
          category: 'candidate',
          note: '替考 impersonation',
          studentIds: [first!.studentId, second!.studentId],
          action: 'terminate',
          reason: '替考',
        }),
        ApiStatus.CONFLICT,
        new RegExp(second!.ticketNumber),
      );
    } finally {
      spy.mockRestore();
    }
    // Nothing written: no record, the first attempt still runs.
    const listed = expectOk(
      await admin.get<IrregularityListView>(`${BASE}/listIrregularity`, {
        examId: String(examId),
      }),
    );
    expect(listed.rows.map((row) => row.note)).not.toContain('替考 impersonation');
    expect((await attemptRow(firstAttempt)).finished_at).toBeNull();
    expect((await attemptRow(secondAttempt)).finished_at).toBeNull();
  });

  const download = (client: Client, path: string, roomId: number, language = 'zh') =>
    t.app.inject({
      method: 'GET',
      url: `${BASE}/${path}`,
      query: { examId: String(examId), roomId: String(roomId) },
      cookies: { KAOSHI_TOKEN: client.token! },
      headers: { 'accept-language': language },
    });

  it('prints the sign-in sheet, the door list and the room record of a room, to its invigilator', async () => {
    const [inv1, inv2] = invigilators;
    // The first candidate's registered photo is printed; the second's address holds no file and
    // the third has none: they get an empty frame to glue one.
    const stored = await new FilesService(t.handle.db, {
      dataDir: t.config.dataDir,
      allowPrivateFetch: false,
    }).storeBuffer('image', 'registered.png', '.png', PNG, 1);
    const photos = [stored.url, '/api/kaoshi-files/file/0123456789abcdef0123456789abcdef.jpg'];
    for (const [index, photo] of photos.entries()) {
      await t.handle.db
        .updateTable('students')
        .set({ photo })
        .where('id', '=', inRoom(0)[index]!.studentId)
        .execute();
    }
    const sheet = await download(inv1!.client, 'getSignInSheet', rooms[0]!);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const text = pdfText(sheet.rawPayload);
    expect(text).toContain('考生签到表');
    for (const candidate of inRoom(0)) {
      expect(text).toContain(candidate.name);
      expect(text).toContain(candidate.ticketNumber);
    }
    for (const candidate of inRoom(1)) expect(text).not.toContain(candidate.ticketNumber);
    expect(text).toMatch(/\b1\b[\s\S]*\b2\b[\s\S]*\b3\b/);
    expect(text.match(/贴照片处/g)).toHaveLength(2);
    // The registered photo drawn (an image XObject; its alpha is a second one, its soft mask).
    expect(sheet.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const door = pdfText((await download(inv1!.client, 'getDoorList', rooms[0]!, 'en')).rawPayload);
    expect(door).toContain('Door list');
    expect(door).toContain(inRoom(0)[2]!.ticketNumber);
    expect(door).toMatch(/\*{6,}/);

    const recordPdf = (await download(admin, 'getRoomRecord', rooms[0]!)).rawPayload;
    const recordText = pdfText(recordPdf);
    // Kept for a look (pdftoppm -png): the room's documents as printed.
    await mkdir('test-results/irregularity', { recursive: true });
    await writeFile('test-results/irregularity/sign-in-sheet.pdf', sheet.rawPayload);
    await writeFile('test-results/irregularity/room-record.pdf', recordPdf);
    for (const words of [
      '考场记录',
      inv1!.nick,
      '交头接耳 talking',
      '携带手机 phone',
      '已撤销',
      '应考 3 人',
    ]) {
      expect(recordText).toContain(words);
    }
    expect(recordText).not.toContain('停电 power cut');

    // Another room's invigilator: refused.
    expect((await download(inv2!.client, 'getSignInSheet', rooms[0]!)).statusCode).toBe(403);
    expect((await download(inv2!.client, 'getRoomRecord', rooms[0]!)).statusCode).toBe(403);

    const xlsx = await download(inv1!.client, 'exportRoomRecord', rooms[0]!, 'en');
    expect(xlsx.statusCode).toBe(200);
    const book = await readXlsx(xlsx.rawPayload);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Room record',
      'Sign-in sheet',
      'Pauses',
      'Irregularities',
      'Integrity events',
    ]);
    const seats = book.getWorksheet('Sign-in sheet')!;
    expect(rowValues(seats, 2).slice(0, 3)).toEqual([
      '1',
      inRoom(0)[0]!.name,
      inRoom(0)[0]!.ticketNumber,
    ]);
    const irregular = book.getWorksheet('Irregularities')!;
    expect(irregular.rowCount).toBe(3);
    expect(rowValues(irregular, 2)[1]).toBe('Candidate');
  });

  it('goes down and up again with its migration', async () => {
    const { migrations } = await import('../../db/migrations/index.js');
    const migration = migrations['0024_irregularities']!;
    const db = t.handle.db;
    // On a copy of the tables: down drops them, up makes them again empty.
    await migration.down!(db as never);
    await migration.up(db as never);
    const rows = await db.selectFrom('exam_irregularities').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

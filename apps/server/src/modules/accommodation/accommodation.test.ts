import {
  ApiStatus,
  Perm,
  SocketEvent,
  type ExamAccommodationsView,
  type JoinAck,
  type StudentAccommodationView,
  type TimeMessage,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { EXAM_BASE } from '../../../test/exams.js';
import { emitAck, listenLocally, socketOf } from '../../../test/sockets.js';
import { MINUTE, takingExamsKit } from '../attempt/taking-exams-test-data.js';
import { assignTeacher, createBatch } from '../base/test-data.js';
import { ACCOMMODATION_BASE as BASE } from './accommodation.routes.js';

describe('accommodations', () => {
  const kit = takingExamsKit();
  const { db, student, openExam, start } = kit;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const studentIdOf = async (ticket: string) =>
    (
      await db()
        .selectFrom('students')
        .select('id')
        .where('ticket_number', '=', ticket)
        .executeTakeFirstOrThrow()
    ).id;
  const setStudent = (studentId: number, fields: Record<string, unknown>, client = kit.admin) =>
    client.put(`${BASE}/setStudentAccommodation`, { studentId, ...fields });
  const setBatch = (classId: number, fields: Record<string, unknown>, client = kit.admin) =>
    client.put(`${BASE}/setClassAccommodation`, { classId, ...fields });
  const getStudent = (studentId: number, client = kit.admin) =>
    client.get<StudentAccommodationView>(`${BASE}/getStudentAccommodation`, {
      studentId: String(studentId),
    });
  /** The attempt's deadline minus its start, in minutes (the server's clock wrote both). */
  const sitting = async (attemptId: number) => {
    const row = await db()
      .selectFrom('attempts')
      .select(['started_at', 'deadline', 'accommodation_minutes'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    return {
      minutes: (Date.parse(row.deadline) - Date.parse(row.started_at)) / MINUTE,
      accommodation: row.accommodation_minutes,
    };
  };
  /** A student of the kit's batch with their own accommodation set. */
  const accommodated = async (fields: Record<string, unknown>) => {
    const { ticket, client } = await student();
    const studentId = await studentIdOf(ticket);
    expectOk(await setStudent(studentId, fields));
    return { client, studentId };
  };

  it('refuses bad input naming the field, in the request language', async () => {
    const studentId = await studentIdOf((await student()).ticket);
    const both = await kit.admin.request({
      method: 'PUT',
      url: `${BASE}/setStudentAccommodation`,
      payload: { studentId, extraMinutes: 10, timeMultiplier: 1.5 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expectStatus(both, ApiStatus.INVALID_INPUT, /时长倍数/);
    const odd = await kit.admin.request({
      method: 'PUT',
      url: `${BASE}/setStudentAccommodation`,
      payload: { studentId, timeMultiplier: 1.3 },
      headers: { 'accept-language': 'en' },
    });
    expectStatus(odd, ApiStatus.INVALID_INPUT, /timeMultiplier/);
    expect(odd.body.message).toBe('Time multiplier: must be one of 1.25, 1.5, 2');
    expectStatus(
      await setStudent(studentId, { extraMinutes: 601 }),
      ApiStatus.INVALID_INPUT,
      /extraMinutes/,
    );
    expectStatus(await setBatch(kit.batch, { largeFont: 'yes' }), ApiStatus.INVALID_INPUT);
    expectStatus(await setStudent(999_999, { largeFont: true }), ApiStatus.NOT_FOUND);
  });

  it("takes the student's own fields over the batch's, field by field", async () => {
    const batch = await createBatch(db());
    const { ticket } = await student();
    const studentId = await studentIdOf(ticket);
    await db()
      .updateTable('students')
      .set({ class_id: batch.classId })
      .where('id', '=', studentId)
      .execute();
    expectOk(await setBatch(batch.classId, { timeMultiplier: 1.5, largeFont: true, note: 'B' }));
    expectOk(await setStudent(studentId, { screenReader: true, note: 'S' }));
    let view = expectOk(await getStudent(studentId));
    expect(view.effective).toEqual({
      extraMinutes: null,
      timeMultiplier: 1.5,
      largeFont: true,
      screenReader: true,
      breakCount: 0,
      breakMinutes: 0,
      note: 'B · S',
    });
    // The student's own extra time (even none: 0) replaces the batch's; large font says no.
    expectOk(await setStudent(studentId, { extraMinutes: 0, largeFont: false }));
    view = expectOk(await getStudent(studentId));
    expect(view.effective).toMatchObject({
      extraMinutes: 0,
      timeMultiplier: null,
      largeFont: false,
      screenReader: false,
    });
    expect(view.batch).toMatchObject({ timeMultiplier: 1.5, largeFont: true });
    // Nothing set: the student's row goes, the batch's applies again.
    expectOk(await setStudent(studentId, {}));
    view = expectOk(await getStudent(studentId));
    expect(view.own).toBeNull();
    expect(view.effective).toMatchObject({ timeMultiplier: 1.5, largeFont: true });
  });

  it("reaches only the students and batches of the viewer's batches", async () => {
    const mine = await createBatch(db());
    const foreign = await createBatch(db());
    const teacher = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT, Perm.CLASS_MANAGE]);
    await assignTeacher(db(), mine.classId, teacher.id);
    const { ticket } = await student();
    const foreignStudent = await studentIdOf(ticket);
    await db()
      .updateTable('students')
      .set({ class_id: foreign.classId })
      .where('id', '=', foreignStudent)
      .execute();
    const c = teacher.client;
    expectStatus(await getStudent(foreignStudent, c), ApiStatus.NOT_FOUND);
    expectStatus(await setStudent(foreignStudent, { largeFont: true }, c), ApiStatus.NOT_FOUND);
    expectStatus(await setBatch(foreign.classId, { largeFont: true }, c), ApiStatus.NOT_FOUND);
    expectOk(await setBatch(mine.classId, { largeFont: true }, c));
    expect(
      await db()
        .selectFrom('student_accommodations')
        .selectAll()
        .where('student_id', '=', foreignStudent)
        .execute(),
    ).toEqual([]);
  });

  it('adds extra minutes at start: minutes, or the multiplier rounded up to the minute', async () => {
    const examId = await openExam({ durationMinutes: 45 });
    const byMinutes = await accommodated({ extraMinutes: 20 });
    const view = await start(byMinutes.client, examId);
    expect(await sitting(view.attemptId)).toEqual({ minutes: 65, accommodation: 20 });
    expect(view.accommodation).toEqual({ largeFont: false, screenReader: false, extraMinutes: 20 });

    // ×1.25 of 45 minutes: 11.25, rounded up to 12.
    const byMultiplier = await accommodated({ timeMultiplier: 1.25, largeFont: true });
    const second = await start(byMultiplier.client, examId);
    expect(await sitting(second.attemptId)).toEqual({ minutes: 57, accommodation: 12 });
    expect(second.accommodation).toEqual({
      largeFont: true,
      screenReader: false,
      extraMinutes: 12,
    });

    // The proctor's extra time adds to it, and keeps it.
    expectOk(
      await kit.admin.post(`${EXAM_BASE}/setExtraTime`, {
        examId,
        studentId: byMultiplier.studentId,
        minutes: 5,
      }),
    );
    expect(await sitting(second.attemptId)).toEqual({ minutes: 62, accommodation: 12 });

    const list = expectOk(
      await kit.admin.get<ExamAccommodationsView>(`${BASE}/listExamAccommodations`, {
        examId: String(examId),
      }),
    );
    expect(list.applied).toBe(true);
    expect(list.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ studentId: byMinutes.studentId, extraMinutes: 20 }),
        expect.objectContaining({
          studentId: byMultiplier.studentId,
          extraMinutes: 12,
          timeMultiplier: 1.25,
          largeFont: true,
        }),
      ]),
    );
  });

  it('adds no extra time on an exam that switches accommodations off (the font stays)', async () => {
    const examId = await openExam({ applyAccommodations: false });
    const { client } = await accommodated({ extraMinutes: 20, largeFont: true });
    const view = await start(client, examId);
    expect(await sitting(view.attemptId)).toEqual({ minutes: 30, accommodation: 0 });
    expect(view.accommodation).toEqual({ largeFont: true, screenReader: false, extraMinutes: 0 });
  });

  describe('a change while the attempt runs', () => {
    let url: string;
    beforeAll(async () => {
      url = await listenLocally(kit.t.app);
    });

    it('gives a running attempt more time at once, never less', async () => {
      const examId = await openExam();
      const { client, studentId } = await accommodated({ extraMinutes: 10 });
      const view = await start(client, examId);
      expect(await sitting(view.attemptId)).toEqual({ minutes: 40, accommodation: 10 });

      const socket = socketOf(url, client.token);
      sockets.push(socket);
      const joined = await emitAck<JoinAck>(socket, SocketEvent.JOIN, {
        attemptId: view.attemptId,
      });
      expect(joined).toMatchObject({ ok: true, accommodation: { extraMinutes: 10 } });
      const told = new Promise<TimeMessage>((resolve) =>
        socket.once(SocketEvent.TIME, (message: TimeMessage) => resolve(message)),
      );
      expectOk(await setStudent(studentId, { extraMinutes: 25 }));
      const time = await told;
      expect(time.changedMinutes).toBe(15);
      expect(Date.parse(time.deadline) - Date.parse(view.deadline)).toBe(15 * MINUTE);
      expect(await sitting(view.attemptId)).toEqual({ minutes: 55, accommodation: 25 });

      // Less, or none: the running attempt keeps what it was told.
      expectOk(await setStudent(studentId, { extraMinutes: 5 }));
      expect(await sitting(view.attemptId)).toEqual({ minutes: 55, accommodation: 25 });
      expectOk(await setStudent(studentId, {}));
      expect(await sitting(view.attemptId)).toEqual({ minutes: 55, accommodation: 25 });
    });

    it("a batch's change re-times its candidates' running attempts (upward)", async () => {
      const examId = await openExam({ durationMinutes: 40 });
      const { client } = await student();
      const view = await start(client, examId);
      expect(await sitting(view.attemptId)).toEqual({ minutes: 40, accommodation: 0 });
      expectOk(await setBatch(kit.batch, { timeMultiplier: 1.5 }));
      expect(await sitting(view.attemptId)).toEqual({ minutes: 60, accommodation: 20 });
      expectOk(await setBatch(kit.batch, {}));
      expect(await sitting(view.attemptId)).toEqual({ minutes: 60, accommodation: 20 });
    });
  });
});

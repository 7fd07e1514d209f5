import {
  ApiStatus,
  CandidateStatus,
  type AdmissionTickets,
  type ExamChangeView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { addClass } from '../base/test-data.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { VENUE_BASE } from '../venue/venue.routes.js';
import { EXAM_BASE as BASE } from './exam.routes.js';
import { ExamWorld, addPaper, addStudents, inMinutes } from './test-data.js';

describe('exams: candidates', () => {
  const world = new ExamWorld({ teacher: true });
  const { examBody: exam, published, getExam, candidatesOf, setWindow, startAttempt } = world;
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let batchA: number;
  let batchB: number;
  let otherLevelBatch: number;
  let studentsA: number[];
  let studentsB: number[];
  let teacher: { id: number; client: Client };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, s, paperId, batchA, batchB, otherLevelBatch, studentsA, studentsB, teacher } =
      await world.build(t));
  });
  afterAll(() => t.close());

  describe('candidates', () => {
    it('adds single students of the job type and level, and refuses others, naming them', async () => {
      const { id } = await published({ classIds: [batchA] });
      const [eligible] = [
        expectOk(
          await admin.get<{ id: number; ticketNumber: string }[]>(`${BASE}/listEligibleStudent`, {
            examId: String(id),
            keyword: 'B-0000',
          }),
        ),
      ];
      expect(eligible!.map((e) => e.ticketNumber)).toEqual(['B-00001', 'B-00002', 'B-00003']);
      expect(
        expectOk(
          await admin.post<{ added: number }>(`${BASE}/addCandidate`, {
            examId: id,
            studentIds: [studentsB[1], studentsB[0]],
          }),
        ),
      ).toEqual({ added: 2 });
      // Adding one already there changes nothing.
      expect(
        expectOk(
          await admin.post<{ added: number }>(`${BASE}/addCandidate`, {
            examId: id,
            studentIds: [studentsB[0]],
          }),
        ),
      ).toEqual({ added: 0 });
      const { list } = await candidatesOf(id);
      expect(list.slice(-2).map((c) => [c.ticketNumber, c.seatNumber, c.addedSingly])).toEqual([
        ['B-00001', 6, true],
        ['B-00002', 7, true],
      ]);

      const [level4] = await addStudents(t.handle.db, otherLevelBatch, 1, { prefix: 'L4-' });
      const wrong = await admin.post(`${BASE}/addCandidate`, { examId: id, studentIds: [level4] });
      expectStatus(wrong, ApiStatus.INVALID_INPUT);
      expect(wrong.body.message).toContain(
        '(L4-00001) is not registered for this exam’s job type and level',
      );
      const [disabled] = await addStudents(t.handle.db, batchB, 1, { prefix: 'BX-', status: 0 });
      const off = await admin.post(`${BASE}/addCandidate`, { examId: id, studentIds: [disabled] });
      expectStatus(off, ApiStatus.INVALID_INPUT);
      expect(off.body.message).toContain('(BX-00001) is disabled');

      // The teacher's exam, and a student of a batch not theirs.
      const own = await published({ classIds: [batchA] }, teacher.client);
      const foreign = await teacher.client.post(`${BASE}/addCandidate`, {
        examId: own.id,
        studentIds: [studentsB[2]],
      });
      expectStatus(foreign, ApiStatus.FORBIDDEN);
      expect(foreign.body.message).toContain('(B-00003)');
    });

    it('removes only candidates who have not started, and sets extra time until the exam closes', async () => {
      const { id } = await published({ classIds: [batchA] });
      await startAttempt(id, studentsA[0]!);
      const started = await admin.post(`${BASE}/removeCandidate`, {
        examId: id,
        studentIds: [studentsA[0], studentsA[1]],
      });
      expectStatus(started, ApiStatus.CONFLICT);
      expect(started.body.message).toContain('(A-00001) has started the exam');
      expect((await candidatesOf(id)).total).toBe(5);
      expect(
        expectOk(
          await admin.post<{ removed: number }>(`${BASE}/removeCandidate`, {
            examId: id,
            studentIds: [studentsA[1]],
          }),
        ),
      ).toEqual({ removed: 1 });
      expect((await candidatesOf(id)).total).toBe(4);
      const notThere = await admin.post(`${BASE}/removeCandidate`, {
        examId: id,
        studentIds: [studentsB[0]],
      });
      expectStatus(notThere, ApiStatus.INVALID_INPUT);

      expectOk(
        await admin.post(`${BASE}/setExtraTime`, {
          examId: id,
          studentId: studentsA[2],
          minutes: 25,
        }),
      );
      const third = (await candidatesOf(id, { keyword: 'A-00003' })).list;
      expect(third.map((c) => c.extraMinutes)).toEqual([25]);
      const changes = expectOk(await admin.get<ExamChangeView[]>(`${BASE}/listExamChange/${id}`));
      expect(changes[0]).toMatchObject({ action: 'extraTime', detail: { minutes: [0, 25] } });
      expect(changes[1]).toMatchObject({ action: 'removeCandidate' });

      const tooMuch = await admin.post(`${BASE}/setExtraTime`, {
        examId: id,
        studentId: studentsA[2],
        minutes: 601,
      });
      expectStatus(tooMuch, ApiStatus.INVALID_INPUT);
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      const closed = await admin.post(`${BASE}/setExtraTime`, {
        examId: id,
        studentId: studentsA[2],
        minutes: 5,
      });
      expectStatus(closed, ApiStatus.CONFLICT);
    });

    it('lists by the spec §4 status codes: a candidate who never started shows 5 once the window closes', async () => {
      const { id } = await published({ classIds: [batchA] });
      await startAttempt(id, studentsA[0]!);
      expect((await candidatesOf(id, { status: '3' })).total).toBe(4);
      expect((await candidatesOf(id, { status: '2' })).total).toBe(1);
      expect((await candidatesOf(id, { status: '5' })).total).toBe(0);
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      expect((await candidatesOf(id, { status: '3' })).total).toBe(0);
      const expired = await candidatesOf(id, { status: '5' });
      expect(expired.total).toBe(4);
      expect(expired.list.every((c) => c.status === CandidateStatus.EXPIRED)).toBe(true);
      expectStatus(
        await admin.get(`${BASE}/listCandidate`, { examId: String(id), status: '9' }),
        ApiStatus.INVALID_INPUT,
      );
    });

    it('exports the candidates as a workbook with headers in the user’s language', async () => {
      const { id } = await published({ classIds: [batchA], name: 'Export exam' });
      const result = await t.app.inject({
        method: 'GET',
        url: `${BASE}/exportCandidate?examId=${id}`,
        cookies: { KAOSHI_TOKEN: admin.token! },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(result.statusCode).toBe(200);
      expect(result.headers['content-disposition']).toContain('exam-' + id + '-candidates');
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(result.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        '座位号',
        '准考证号',
        '姓名',
        '证件号码',
        '报名批次',
        '考试状态',
        '延时（分钟）',
        '成绩',
      ]);
      expect(sheet.rowCount).toBe(6);
      expect(sheet.getRow(2).getCell(2).value).toBe('A-00001');
      expect(sheet.getRow(2).getCell(6).value).toBe('未开始');
    });
  });

  describe('admission tickets', () => {
    it('print each candidate in seat order with a masked ID number, per batch or for all', async () => {
      const { id } = await published({ name: 'Ticket exam' });
      const all = expectOk(
        await admin.get<AdmissionTickets>(`${BASE}/admissionTicket`, { examId: String(id) }),
      );
      expect(all).toMatchObject({ examName: 'Ticket exam', level: 5, durationMinutes: 90 });
      expect(all.signInUrl).toMatch(/^http:\/\/.+\/login$/);
      expect(all.tickets.map((ticket) => ticket.seatNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(all.tickets[0]).toMatchObject({
        ticketNumber: 'A-00001',
        className: 'Spring batch',
        initialPassword: null,
      });
      expect(all.tickets[0]!.idNumber).toMatch(/^\d{6}\*{12}$/);
      const summer = expectOk(
        await admin.get<AdmissionTickets>(`${BASE}/admissionTicket`, {
          examId: String(id),
          classId: String(batchB),
        }),
      );
      expect(summer.tickets.map((ticket) => ticket.ticketNumber)).toEqual([
        'B-00001',
        'B-00002',
        'B-00003',
      ]);
    });

    it('print the initial password only while the random first password is still in use', async () => {
      const random = await createTestApp({ STUDENT_INITIAL_PASSWORD: 'random' });
      try {
        const root = await login(random.app);
        const r = await createStructure(random.handle.db);
        const paper = await addPaper(random.handle.db, {
          subjectId: r.subjectId,
          level: r.level,
          courseId: r.courseId,
        });
        const batch = await addClass(random.handle.db, r.subjectId, { level: 5 });
        const [kept, changed] = await addStudents(random.handle.db, batch, 2, {
          prefix: 'R-',
          initialPassword: 'k7Qp2x',
        });
        const changedUser = await random.handle.db
          .selectFrom('students')
          .select('user_id')
          .where('id', '=', changed!)
          .executeTakeFirstOrThrow();
        await random.handle.db
          .updateTable('users')
          .set({ password_is_default: 0 })
          .where('id', '=', changedUser.user_id)
          .execute();
        const { id } = expectOk(
          await root.post<{ id: number }>(`${BASE}/addExam`, {
            ...exam(),
            paperId: paper,
            classIds: [batch],
          }),
        );
        expectOk(await root.post(`${BASE}/publishExam/${id}`));
        const tickets = expectOk(
          await root.get<AdmissionTickets>(`${BASE}/admissionTicket`, { examId: String(id) }),
        ).tickets;
        expect(tickets.map((ticket) => [ticket.studentId, ticket.initialPassword])).toEqual([
          [kept, 'k7Qp2x'],
          [changed, null],
        ]);
      } finally {
        await random.close();
      }
    });
  });

  describe('make-up exams', () => {
    /** A published exam of batch A whose window has closed, with candidates as given. */
    async function closedExam(options: { released?: boolean } = {}) {
      const { id } = await published({ name: 'Closed exam', classIds: [batchA] });
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      if (options.released) {
        await t.handle.db
          .updateTable('exams')
          .set({ released_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
      }
      return id;
    }

    /** What marking will write: A-00001 passed, A-00002 failed, A-00003 submitted and failed; the rest absent. */
    async function score(examId: number) {
      const set = async (studentId: number, status: number, points: number, passed: number) =>
        t.handle.db
          .updateTable('exam_candidates')
          .set({ status, score: points * 100, passed })
          .where('exam_id', '=', examId)
          .where('student_id', '=', studentId)
          .execute();
      await set(studentsA[0]!, CandidateStatus.SUBMITTED, 6, 1);
      await set(studentsA[1]!, CandidateStatus.SUBMITTED, 2, 0);
      await set(studentsA[2]!, CandidateStatus.SAVED, 0, 0);
    }

    const makeUp = (examId: number, fields: Record<string, unknown> = {}) => ({
      examId,
      paperId,
      who: 'absent',
      startAt: inMinutes(60 * 24 * 7),
      endAt: inMinutes(60 * 24 * 7 + 120),
      durationMinutes: 90,
      ...fields,
    });

    it('is refused before the exam closes, and for failed candidates before scores are released', async () => {
      const open = await published({ classIds: [batchA] });
      const early = await admin.post(`${BASE}/addMakeUpExam`, makeUp(open.id));
      expectStatus(early, ApiStatus.CONFLICT);
      const { name } = await getExam(open.id);
      expect(early.body.message).toContain(`the exam “${name}” has not closed yet`);
      const closed = await closedExam();
      await score(closed);
      const failed = await admin.post(`${BASE}/addMakeUpExam`, makeUp(closed, { who: 'failed' }));
      expectStatus(failed, ApiStatus.CONFLICT);
      expect(failed.body.message).toContain('only its absent candidates can be chosen');
      const otherLevelPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: 4,
        courseId: s.otherCourseId,
      });
      const otherPaper = await admin.post(
        `${BASE}/addMakeUpExam`,
        makeUp(closed, { paperId: otherLevelPaper }),
      );
      expectStatus(otherPaper, ApiStatus.INVALID_INPUT);
      expect(otherPaper.body.message).toContain('another job type or level');
    });

    it('publishes for the absent, the failed, or both, linked to the original', async () => {
      const original = await closedExam({ released: true });
      await score(original);
      const tickets = async (examId: number) =>
        (await candidatesOf(examId)).list.map((c) => c.ticketNumber);

      const absent = expectOk(
        await admin.request<{ id: number; candidateCount: number }>({
          method: 'POST',
          url: `${BASE}/addMakeUpExam`,
          payload: makeUp(original, { who: 'absent' }),
          headers: { 'accept-language': 'zh-CN' },
        }),
      );
      expect(await tickets(absent.id)).toEqual(['A-00004', 'A-00005']);
      const absentView = await getExam(absent.id);
      expect(absentView).toMatchObject({
        name: 'Closed exam（补考）',
        state: 'upcoming',
        makeUpOf: { id: original, name: 'Closed exam', who: 'absent' },
      });
      expect(absentView.paperVersionId).not.toBeNull();

      const failed = expectOk(
        await admin.post<{ id: number }>(
          `${BASE}/addMakeUpExam`,
          makeUp(original, { who: 'failed', name: 'Second chance' }),
        ),
      );
      expect(await tickets(failed.id)).toEqual(['A-00002', 'A-00003']);
      // Each of them has a make-up already: a second one is a duplicate.
      expectStatus(
        await admin.post(`${BASE}/addMakeUpExam`, makeUp(original, { who: 'both' })),
        ApiStatus.CONFLICT,
      );
      const another = await closedExam({ released: true });
      await score(another);
      const both = expectOk(
        await admin.post<{ id: number }>(`${BASE}/addMakeUpExam`, makeUp(another, { who: 'both' })),
      );
      expect(await tickets(both.id)).toEqual(['A-00002', 'A-00003', 'A-00004', 'A-00005']);
      expect((await candidatesOf(both.id)).list.map((c) => c.seatNumber)).toEqual([1, 2, 3, 4]);

      const view = await getExam(original);
      expect(view.makeUps.map((m) => [m.id, m.who, m.candidateCount])).toEqual([
        [absent.id, 'absent', 2],
        [failed.id, 'failed', 2],
      ]);
      // The original keeps its results; it cannot be deleted while its make-ups exist.
      expect((await candidatesOf(original, { keyword: 'A-00002' })).list[0]).toMatchObject({
        score: 2,
        passed: false,
      });
      const del = await admin.delete(`${BASE}/deleteExam/${original}`);
      expectStatus(del, ApiStatus.CONFLICT);
    });

    it('numbers the copied candidates in the original’s plan order: room by room, then seat', async () => {
      const original = await closedExam();
      const venueId = expectOk(
        await admin.post<{ id: number }>(`${VENUE_BASE}/addVenue`, {
          name: 'Make-up centre',
          address: '',
        }),
      ).id;
      const room = async (name: string) =>
        expectOk(
          await admin.post<{ id: number }>(`${VENUE_BASE}/addRoom`, {
            venueId,
            name,
            seats: 5,
            ipAllowList: [],
          }),
        ).id;
      // The plan lists "Second" before "First": seats repeat per room, the plan's order counts.
      const [second, first] = [await room('Second'), await room('First')];
      await t.handle.db
        .insertInto('exam_rooms')
        .values([
          { exam_id: original, room_id: second, sort: 0 },
          { exam_id: original, room_id: first, sort: 1 },
        ])
        .execute();
      const seat = (studentId: number, roomId: number, seatNumber: number) =>
        t.handle.db
          .updateTable('exam_candidates')
          .set({ room_id: roomId, seat_number: seatNumber })
          .where('exam_id', '=', original)
          .where('student_id', '=', studentId)
          .execute();
      await seat(studentsA[3]!, first, 1);
      await seat(studentsA[4]!, second, 2);
      await seat(studentsA[0]!, first, 2);
      const made = expectOk(
        await admin.post<{ id: number }>(`${BASE}/addMakeUpExam`, makeUp(original)),
      );
      const list = (await candidatesOf(made.id)).list;
      expect(list.map((c) => [c.ticketNumber, c.seatNumber])).toEqual([
        ['A-00005', 1],
        ['A-00004', 2],
        ['A-00001', 3],
        ['A-00002', 4],
        ['A-00003', 5],
      ]);
    });

    it('says so when nobody is left to sit it', async () => {
      const original = await closedExam({ released: true });
      await t.handle.db
        .updateTable('exam_candidates')
        .set({ status: CandidateStatus.SUBMITTED, passed: 1, score: 600 })
        .where('exam_id', '=', original)
        .execute();
      const nobody = await admin.request({
        method: 'POST',
        url: `${BASE}/addMakeUpExam`,
        payload: makeUp(original, { who: 'both' }),
        headers: { 'accept-language': 'en' },
      });
      expectStatus(nobody, ApiStatus.CONFLICT);
      expect(nobody.body.message).toBe(
        `exam ${original} has no candidates who are failed or absent`,
      );
      expect((await getExam(original)).makeUps).toEqual([]);
    });
  });
});

import {
  ClassStatus,
  UserType,
  type ClassOption,
  type ClassView,
  type ListResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { addUser, expectOk, expectStatus } from '../../../test/factories.js';
import { addStudents } from '../exam/test-data.js';
import { CLASSES, addClass, addStructure, addSubject, uniqueCode } from './structure.fixtures.js';

describe('registration batches (classes)', () => {
  let t: TestApp;
  let admin: Client;
  let structure: Awaited<ReturnType<typeof addStructure>>;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    structure = await addStructure(admin);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<ClassView>>(`${CLASSES}/listClasses`, { limit: '500', ...query });
  const get = (id: number) => admin.get<ClassView>(`${CLASSES}/getClassesById/${id}`);
  const add = (fields: Record<string, unknown>) =>
    admin.post<{ id: number }>(`${CLASSES}/addClasses`, {
      subjectId: structure.subject.id,
      level: 5,
      name: 'Batch',
      code: uniqueCode('B'),
      ...fields,
    });

  describe('addClasses and getClassesById', () => {
    it('adds a batch with every field and reads it back with its names', async () => {
      const code = uniqueCode('2025-SPRING');
      const { id } = expectOk(
        await add({
          level: 4,
          name: '2025 spring electricians',
          code,
          registrationStart: '2025-03-01',
          registrationEnd: '2025-03-31',
          examStart: '2025-04-12T09:00:00+08:00',
          examEnd: '2025-04-12T11:30:00+08:00',
          capacity: 120,
          status: ClassStatus.PREPARING,
          description: 'Hall 3',
        }),
      );
      expect(expectOk(await get(id))).toEqual({
        id,
        subjectId: structure.subject.id,
        subjectName: structure.subject.name,
        subjectCode: structure.subject.code,
        departmentId: structure.department.id,
        departmentName: structure.department.name,
        schoolId: structure.school.id,
        schoolName: structure.school.name,
        level: 4,
        name: '2025 spring electricians',
        code,
        registrationStart: '2025-03-01',
        registrationEnd: '2025-03-31',
        examStart: '2025-04-12T01:00:00.000Z',
        examEnd: '2025-04-12T03:30:00.000Z',
        capacity: 120,
        // Its exam is over: the dates decide, whatever was chosen by hand.
        status: ClassStatus.FINISHED,
        manualStatus: ClassStatus.PREPARING,
        statusByDates: true,
        description: 'Hall 3',
        studentCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('fills the optional fields: no dates, unlimited, open', async () => {
      const { id } = expectOk(await add({}));
      expect(expectOk(await get(id))).toMatchObject({
        registrationStart: null,
        registrationEnd: null,
        examStart: null,
        examEnd: null,
        capacity: 0,
        status: ClassStatus.OPEN,
        manualStatus: ClassStatus.OPEN,
        statusByDates: false,
        description: '',
      });
      const blank = expectOk(await add({ registrationStart: '', examEnd: null }));
      expect(expectOk(await get(blank.id))).toMatchObject({
        registrationStart: null,
        examEnd: null,
      });
    });

    it('refuses a level the job type does not offer (10002 naming level)', async () => {
      expectStatus(
        await add({ level: 1 }),
        10002,
        new RegExp(`^level: job type '${structure.subject.name}' offers only level 5, 4, 3`),
      );
    });

    it('refuses an unknown job type (10003) and a duplicate code (10004)', async () => {
      expectStatus(await add({ subjectId: 999999 }), 10003, /Job type 999999 not found/);
      const batch = await addClass(admin, structure.subject.id);
      expectStatus(await add({ code: batch.code }), 10004, new RegExp(`^code: .*${batch.code}`));
    });

    it.each([
      [
        { registrationStart: '2025-03-10', registrationEnd: '2025-03-09' },
        /^registrationEnd: must not be before Registration start/,
      ],
      [
        { examStart: '2025-05-02', examEnd: '2025-05-01' },
        /^examEnd: must not be before Exam start/,
      ],
      [{ examStart: '2025-05-02T10:00:00Z', examEnd: '2025-05-02T09:59:59Z' }, /examEnd/],
      [
        { registrationStart: '2025-03-10', examStart: '2025-03-09' },
        /^examStart: must not be before Registration start/,
      ],
      [{ registrationStart: '2025-03-10', examEnd: '2025-03-09' }, /examEnd/],
      [{ registrationStart: '2025-13-01' }, /registrationStart/],
      [{ registrationStart: '2025-02-30' }, /registrationStart/],
      [{ examStart: 'tomorrow' }, /examStart/],
      [{ examStart: '2025-04-12T09:00:00' }, /examStart/],
      [{ examEnd: 20250412 }, /examEnd/],
      [{ level: 6 }, /level/],
      [{ level: 'x' }, /level/],
      [{ capacity: -1 }, /capacity/],
      [{ capacity: 2_000_000 }, /capacity/],
      [{ status: 9 }, /status/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ code: 'B 1' }, /code/],
      [{ description: 'x'.repeat(1001) }, /description/],
      [{ subjectId: null }, /subjectId/],
    ])('refuses %o with 10002 naming the field', async (fields, names) => {
      const before = expectOk(await list()).total;
      expectStatus(await add(fields), 10002, names);
      expect(expectOk(await list()).total).toBe(before);
    });

    it('accepts a one-day period and an exam on the first day of registration', async () => {
      expectOk(
        await add({
          registrationStart: '2025-03-01',
          registrationEnd: '2025-03-01',
          examStart: '2025-03-01',
          examEnd: '2025-03-01',
        }),
      );
      // A day as an end date lasts until its last moment.
      expectOk(await add({ examStart: '2025-03-01T15:00:00Z', examEnd: '2025-03-01' }));
    });

    it('answers an unknown id with 10003 naming the batch', async () => {
      expectStatus(await get(999999), 10003, /Registration batch 999999 not found/);
    });
  });

  describe('listClasses', () => {
    let s: Awaited<ReturnType<typeof addStructure>>;
    let other: Awaited<ReturnType<typeof addStructure>>;
    let b: { id: number; code: string };
    let c: { id: number };
    beforeAll(async () => {
      s = await addStructure(admin, 5);
      other = await addStructure(admin, 4);
      b = await addClass(admin, s.subject.id, {
        level: 4,
        name: 'Autumn 50%_batch',
        status: ClassStatus.CLOSED,
        registrationStart: '2025-09-01',
        examStart: '2025-10-01',
      });
      c = await addClass(admin, s.subject.id, {
        level: 3,
        name: 'Winter batch',
        registrationStart: '2099-11-01',
        examStart: '2099-12-01',
      });
      await addStudents(t.handle.db, b.id, 3);
      await addStudents(t.handle.db, s.batch.id, 1);
    });

    const ids = async (query: Record<string, string>) =>
      expectOk(await list(query)).list.map((row) => row.id);

    it('lists newest first with names and student counts', async () => {
      const result = expectOk(await list({ schoolId: String(s.school.id) }));
      expect(result.total).toBe(3);
      expect(result.list.map((row) => row.id)).toEqual([c.id, b.id, s.batch.id]);
      expect(result.list.map((row) => row.studentCount)).toEqual([0, 3, 1]);
      expect(result.list[1]).toMatchObject({
        subjectName: s.subject.name,
        departmentName: s.department.name,
        schoolName: s.school.name,
        level: 4,
      });
    });

    it('filters by project, category, job type, level, status and keyword', async () => {
      expect(await ids({ departmentId: String(s.department.id) })).toEqual([
        c.id,
        b.id,
        s.batch.id,
      ]);
      expect(await ids({ subjectId: String(other.subject.id) })).toEqual([other.batch.id]);
      expect(await ids({ schoolId: String(s.school.id), level: '4' })).toEqual([b.id]);
      expect(
        await ids({ schoolId: String(s.school.id), status: String(ClassStatus.CLOSED) }),
      ).toEqual([b.id]);
      expect(await ids({ keyword: 'WINTER BATCH' })).toEqual([c.id]);
      expect(await ids({ keyword: b.code })).toEqual([b.id]);
      expect(await ids({ keyword: '50%_' })).toEqual([b.id]);
      expect(await ids({ keyword: "x' union select * from users --" })).toEqual([]);
      expectStatus(await list({ level: '6' }), 10002, /level/);
      expectStatus(await list({ status: '7' }), 10002, /status/);
    });

    it('sorts by a whitelisted field, undated batches last', async () => {
      expect(await ids({ schoolId: String(s.school.id), orderBy: 'examStart' })).toEqual([
        b.id,
        c.id,
        s.batch.id,
      ]);
      expect(
        await ids({ schoolId: String(s.school.id), orderBy: 'registrationStart', order: 'desc' }),
      ).toEqual([c.id, b.id, s.batch.id]);
      expect(await ids({ schoolId: String(s.school.id), orderBy: 'level' })).toEqual([
        c.id,
        b.id,
        s.batch.id,
      ]);
      expect(await ids({ schoolId: String(s.school.id), order: 'asc' })).toEqual([
        s.batch.id,
        b.id,
        c.id,
      ]);
      expectStatus(await list({ orderBy: 'capacity; --' }), 10002, /orderBy/);
    });

    it('pages with a total', async () => {
      const query = { schoolId: String(s.school.id), limit: '2' };
      const page1 = expectOk(await list({ ...query, page: '1' }));
      const page2 = expectOk(await list({ ...query, page: '2' }));
      expect([page1.total, page2.total]).toEqual([3, 3]);
      expect([...page1.list, ...page2.list].map((row) => row.id)).toEqual([c.id, b.id, s.batch.id]);
    });

    it('lists the batches of a job type and level for a select', async () => {
      const options = expectOk(
        await admin.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, {
          subjectId: String(s.subject.id),
        }),
      );
      expect(options.map((o) => o.id)).toEqual([c.id, b.id, s.batch.id]);
      expect(options[1]).toEqual({
        id: b.id,
        subjectId: s.subject.id,
        level: 4,
        name: 'Autumn 50%_batch',
        code: b.code,
        status: ClassStatus.CLOSED,
      });
      const level4 = expectOk(
        await admin.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, {
          subjectId: String(s.subject.id),
          level: '4',
        }),
      );
      expect(level4.map((o) => o.id)).toEqual([b.id]);
    });
  });

  describe("a batch's state follows its dates", () => {
    /** A calendar day `offset` days from today, as the server reads days (its time zone). */
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
        .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
        .join('-');
    };
    const minutesFromNow = (minutes: number) =>
      new Date(Date.now() + minutes * 60_000).toISOString();

    let s: Awaited<ReturnType<typeof addStructure>>;
    const batches: Record<string, number> = {};
    beforeAll(async () => {
      s = await addStructure(admin, 5);
      const dated = async (name: string, fields: Record<string, unknown>) => {
        // Each set to open by hand, as both batches of the report were.
        batches[name] = (
          await addClass(admin, s.subject.id, { name, status: ClassStatus.OPEN, ...fields })
        ).id;
      };
      await dated('closed yesterday', {
        registrationStart: day(-30),
        registrationEnd: day(-1),
        examStart: day(10),
        examEnd: day(10),
      });
      await dated('closes tonight', { registrationStart: day(-3), registrationEnd: day(0) });
      await dated('opens tomorrow', { registrationStart: day(1), registrationEnd: day(20) });
      await dated('exam under way', {
        registrationStart: day(-20),
        examStart: minutesFromNow(-30),
        examEnd: minutesFromNow(90),
      });
      await dated('exam just over', {
        registrationStart: day(-20),
        examStart: minutesFromNow(-120),
        examEnd: minutesFromNow(-1),
      });
    });

    const stateOf = async (name: string) => {
      const { status, manualStatus, statusByDates } = expectOk(await get(batches[name]!));
      return { status, manualStatus, statusByDates };
    };

    it('shows a batch whose registration has ended as closed, though set open by hand', async () => {
      expect(await stateOf('closed yesterday')).toEqual({
        status: ClassStatus.CLOSED,
        manualStatus: ClassStatus.OPEN,
        statusByDates: true,
      });
      // Registration ending today is open all day; one starting tomorrow is not open yet.
      expect((await stateOf('closes tonight')).status).toBe(ClassStatus.OPEN);
      expect((await stateOf('opens tomorrow')).status).toBe(ClassStatus.PREPARING);
      // Registration closes when the exam begins; an exam past its end time is finished.
      expect((await stateOf('exam under way')).status).toBe(ClassStatus.CLOSED);
      expect((await stateOf('exam just over')).status).toBe(ClassStatus.FINISHED);
      // Without dates the state set by hand is shown, and says so.
      const undated = expectOk(await get(s.batch.id));
      expect([undated.status, undated.statusByDates]).toEqual([ClassStatus.OPEN, false]);
    });

    it('lists, filters, sorts and offers for selection by the same state', async () => {
      const scope = { schoolId: String(s.school.id) };
      const listed = expectOk(await list(scope)).list;
      const shown = Object.fromEntries(listed.map((row) => [row.name, row.status]));
      expect(shown).toMatchObject({
        'closed yesterday': ClassStatus.CLOSED,
        'closes tonight': ClassStatus.OPEN,
        'opens tomorrow': ClassStatus.PREPARING,
        'exam under way': ClassStatus.CLOSED,
        'exam just over': ClassStatus.FINISHED,
      });
      const named = async (query: Record<string, string>) =>
        expectOk(await list({ ...scope, ...query })).list.map((row) => row.name);
      expect(await named({ status: String(ClassStatus.OPEN), orderBy: 'name' })).toEqual([
        s.batch.name,
        'closes tonight',
      ]);
      expect(await named({ status: String(ClassStatus.CLOSED), orderBy: 'name' })).toEqual([
        'closed yesterday',
        'exam under way',
      ]);
      expect(await named({ orderBy: 'status', order: 'desc' })).toEqual([
        'exam just over',
        'exam under way',
        'closed yesterday',
        'closes tonight',
        s.batch.name,
        'opens tomorrow',
      ]);
      const options = expectOk(
        await admin.get<ClassOption[]>(`${CLASSES}/listClassesForSelect`, {
          subjectId: String(s.subject.id),
          status: String(ClassStatus.CLOSED),
        }),
      );
      expect(options.map((option) => option.name).sort()).toEqual([
        'closed yesterday',
        'exam under way',
      ]);
      expect(options.every((option) => option.status === ClassStatus.CLOSED)).toBe(true);
    });
  });

  describe('updateClasses', () => {
    const body = (batch: { id: number; code: string }, fields: Record<string, unknown> = {}) => ({
      id: batch.id,
      subjectId: structure.subject.id,
      level: 5,
      name: 'Updated',
      code: batch.code,
      ...fields,
    });

    it('changes what is given and keeps the dates and optional fields left out', async () => {
      const batch = await addClass(admin, structure.subject.id, {
        registrationStart: '2025-03-01',
        registrationEnd: '2025-03-31',
        capacity: 50,
        description: 'kept',
      });
      expectOk(await admin.put(`${CLASSES}/updateClasses`, body(batch, { level: 3 })));
      expect(expectOk(await get(batch.id))).toMatchObject({
        name: 'Updated',
        level: 3,
        registrationStart: '2025-03-01',
        registrationEnd: '2025-03-31',
        capacity: 50,
        description: 'kept',
      });
      expectOk(
        await admin.put(
          `${CLASSES}/updateClasses`,
          body(batch, { registrationEnd: null, examStart: '2025-04-01', capacity: 0 }),
        ),
      );
      expect(expectOk(await get(batch.id))).toMatchObject({
        registrationStart: '2025-03-01',
        registrationEnd: null,
        examStart: '2025-04-01',
        capacity: 0,
      });
    });

    it('checks the dates as they will be stored, with the kept ones', async () => {
      const batch = await addClass(admin, structure.subject.id, {
        registrationStart: '2025-03-01',
        registrationEnd: '2025-03-31',
      });
      expectStatus(
        await admin.put(
          `${CLASSES}/updateClasses`,
          body(batch, { registrationStart: '2025-04-01' }),
        ),
        10002,
        /^registrationEnd: must not be before Registration start/,
      );
      expectStatus(
        await admin.put(`${CLASSES}/updateClasses`, body(batch, { examStart: '2025-02-01' })),
        10002,
        /examStart/,
      );
      expect(expectOk(await get(batch.id)).registrationStart).toBe('2025-03-01');
    });

    it('refuses a level outside the job type, an unknown job type, a taken code, an unknown id', async () => {
      const batch = await addClass(admin, structure.subject.id);
      const taken = await addClass(admin, structure.subject.id);
      const put = (fields: Record<string, unknown>) =>
        admin.put(`${CLASSES}/updateClasses`, body(batch, fields));
      expectStatus(await put({ level: 2 }), 10002, /level/);
      expectStatus(await put({ subjectId: 999999 }), 10003, /Job type 999999/);
      expectStatus(await put({ code: taken.code }), 10004, /^code:/);
      expectStatus(await put({ id: 999999 }), 10003, /Registration batch 999999 not found/);
    });

    it('keeps the job type and level of a batch with students, and capacity above their number', async () => {
      const batch = await addClass(admin, structure.subject.id, { level: 5, capacity: 10 });
      await addStudents(t.handle.db, batch.id, 3);
      const other = await addSubject(admin, structure.department.id);
      const put = (fields: Record<string, unknown>) =>
        admin.put(`${CLASSES}/updateClasses`, body(batch, fields));
      expectStatus(await put({ level: 4 }), 10004, /has students \(3\); its job type and level/);
      expectStatus(await put({ subjectId: other.id }), 10004, /has students \(3\)/);
      expectStatus(await put({ capacity: 2 }), 10004, /^capacity: .* already has students \(3\)/);
      expectOk(await put({ capacity: 3, status: ClassStatus.FINISHED }));
      expectOk(await put({ capacity: 0 }));
      expect(expectOk(await get(batch.id))).toMatchObject({
        level: 5,
        capacity: 0,
        status: ClassStatus.FINISHED,
        studentCount: 3,
      });
    });
  });

  describe('deleteClasses', () => {
    it('refuses while students are registered, saying how many; then deletes with its teachers', async () => {
      const batch = await addClass(admin, structure.subject.id, { name: 'Full batch' });
      await addStudents(t.handle.db, batch.id, 2);
      expectStatus(
        await admin.delete(`${CLASSES}/deleteClasses/${batch.id}`),
        10004,
        "Registration batch 'Full batch' still has students (2); move or delete them first",
      );
      expect(expectOk(await get(batch.id)).studentCount).toBe(2);

      const empty = await addClass(admin, structure.subject.id);
      const teacher = await addUser(admin, { userType: UserType.TEACHER });
      expectOk(
        await admin.post(`${CLASSES}/bindClassTeachers`, {
          classId: empty.id,
          userIds: [teacher.id],
        }),
      );
      expectOk(await admin.delete(`${CLASSES}/deleteClasses/${empty.id}`));
      expectStatus(await get(empty.id), 10003);
      const left = await t.handle.db
        .selectFrom('class_teachers')
        .selectAll()
        .where('class_id', '=', empty.id)
        .execute();
      expect(left).toEqual([]);
      expectStatus(
        await admin.delete(`${CLASSES}/deleteClasses/${empty.id}`),
        10003,
        new RegExp(`Registration batch ${empty.id} not found`),
      );
    });
  });
});

import {
  Perm,
  RoleKey,
  UserType,
  clientPasswordHash,
  residentIdCheckChar,
  studentInput,
  type BatchResult,
  type ResetStudentPasswordsResult,
  type ListResult,
  type SessionUser,
  type StudentView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  DEFAULT_PASSWORD,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/build-app.js';
import {
  ME,
  USER,
  addUser,
  bindRoles,
  createRole,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
} from '../../../test/factories.js';
import { inTransaction } from '../../db/database.js';
import { InitialPasswords } from './student-password.js';
import { createStudents, ticketNumberOf } from './student.service.js';
import {
  assignTeacher,
  createBatch,
  nextResidentId,
  studentBody,
  type Batch,
} from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';

interface Created {
  id: number;
  userId: number;
  ticketNumber: string;
  initialPassword: string;
}

describe('students', () => {
  let t: TestApp;
  let admin: Client;
  let batch: Batch;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    batch = await createBatch(t.handle.db, { levels: '5,4', level: 5 });
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;
  const add = (fields: Record<string, unknown> = {}, client = admin, classId = batch.classId) =>
    client.post<Created>(`${STUDENT}/addStudent`, studentBody(classId, fields));
  const get = (id: number, client = admin) =>
    client.get<StudentView>(`${STUDENT}/getStudentById/${id}`);
  const list = (query: Record<string, string> = {}, client = admin) =>
    client.get<ListResult<StudentView>>(`${STUDENT}/listStudent`, { limit: '500', ...query });
  const update = (body: Record<string, unknown>, client = admin) =>
    client.put(`${STUDENT}/updateStudent`, body);
  const counts = async () => ({
    users: Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    students: Number(
      (
        await db()
          .selectFrom('students')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    roles: Number(
      (
        await db()
          .selectFrom('user_roles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const studentLogin = (username: string, password: string) =>
    login(t.app, username, password, UserType.STUDENT);

  describe('addStudent', () => {
    it('creates the student and their account: ticket number as username, default password, role STUDENT', async () => {
      const idNumber = nextResidentId();
      const created = expectOk(await add({ name: '李四', idNumber, email: 'li@example.com' }));
      expect(created.ticketNumber).toBe(ticketNumberOf(created.id, new Date()));
      expect(created.ticketNumber).toMatch(/^KS\d{2}\d{8}$/);

      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', created.userId)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        name: created.ticketNumber,
        nick_name: '李四',
        user_type: UserType.STUDENT,
        password_is_default: 1,
        status: 1,
        email: 'li@example.com',
      });
      const roles = await db()
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('roles.key')
        .where('user_roles.user_id', '=', created.userId)
        .execute();
      expect(roles.map((r) => r.key)).toEqual([RoleKey.STUDENT]);

      expect(expectOk(await get(created.id))).toMatchObject({
        id: created.id,
        userId: created.userId,
        name: '李四',
        idNumber,
        ticketNumber: created.ticketNumber,
        classId: batch.classId,
        className: batch.names.class,
        subjectId: batch.subjectId,
        subjectName: batch.names.subject,
        departmentName: batch.names.department,
        schoolName: batch.names.school,
        level: 5,
        status: 1,
      });
      const student = await studentLogin(created.ticketNumber, created.initialPassword);
      expect(expectOk(await student.get<SessionUser>(ME))).toMatchObject({
        name: created.ticketNumber,
        nickName: '李四',
        userType: UserType.STUDENT,
        roles: [RoleKey.STUDENT],
        passwordIsDefault: true,
      });
    });

    it('hashes the default password once per call, and no two students share a ticket', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      expect(a.ticketNumber).not.toBe(b.ticketNumber);
      expect(b.id).toBeGreaterThan(a.id);
    });

    it('stores the ID number normalised and refuses a duplicate in any case (10004), adding nothing', async () => {
      const withX = '11010519491231002X';
      const created = expectOk(await add({ idNumber: withX.toLowerCase() }));
      expect(expectOk(await get(created.id)).idNumber).toBe(withX.toUpperCase());
      const before = await counts();
      expectStatus(await add({ idNumber: withX.toUpperCase() }), 10004, /idNumber: .*exists/);
      expectStatus(await add({ idNumber: ` ${withX.toLowerCase()} ` }), 10004, /idNumber/);
      expect(await counts()).toEqual(before);
    });

    it('says which problem a bad ID number has (10002), adding nothing', async () => {
      const before = await counts();
      const good = nextResidentId();
      const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
      expectStatus(await add({ idNumber: wrongCheck }), 10002, /idNumber: checksum/);
      const first17 = '11010519900230123'; // 30 February
      expectStatus(
        await add({ idNumber: first17 + residentIdCheckChar(first17) }),
        10002,
        /idNumber: birth date/,
      );
      expectStatus(await add({ idNumber: '1101051990' }), 10002, /idNumber: a resident ID/);
      expectStatus(await add({ idNumber: "1' OR '1'='1" }), 10002, /idNumber: a resident ID/);
      expectStatus(await add({ idType: 2, idNumber: 'E1' }), 10002, /idNumber: a passport/);
      expectStatus(await add({ idType: 5 }), 10002, /idType/);
      expectStatus(await add({ idNumber: 'x'.repeat(33) }), 10002, /idNumber/);
      expect(await counts()).toEqual(before);
      expectOk(await add({ idType: 2, idNumber: 'e12345678' }));
    });

    it('refuses other bad input, naming the field', async () => {
      const before = await counts();
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ name: '' }, /name/],
        [{ name: 'x'.repeat(51) }, /name/],
        [{ name: 'x'.repeat(100_000) }, /name/],
        [{ phone: '12345' }, /phone: must be an 11-digit mobile number/],
        [{ phone: '12800138000' }, /phone/],
        [{ email: 'not-an-email' }, /email/],
        [{ photo: 'javascript:alert(1)' }, /photo/],
        [{ gender: 9 }, /gender/],
        [{ status: 2 }, /status/],
        [{ classId: 'abc' }, /classId/],
        [{ classId: 0 }, /classId/],
      ];
      for (const [fields, message] of cases) expectStatus(await add(fields), 10002, message);
      expect(await counts()).toEqual(before);
    });

    it('refuses an unknown batch (10003) and a full one (10004), adding nothing', async () => {
      const small = await createBatch(db(), { subjectId: batch.subjectId, capacity: 2 });
      expectOk(await add({}, admin, small.classId));
      expectOk(await add({}, admin, small.classId));
      const before = await counts();
      expectStatus(await add({}, admin, small.classId), 10004, /has 2 seats, 2 taken/);
      expectStatus(await add({}, admin, 999999), 10003, /Batch 999999 not found/);
      expect(await counts()).toEqual(before);
    });

    it('accepts an empty phone, email and photo and a path or URL as photo', async () => {
      const a = expectOk(await add({ phone: '', email: '', photo: '/uploads/a.png' }));
      expect(expectOk(await get(a.id))).toMatchObject({
        phone: '',
        email: '',
        photo: '/uploads/a.png',
      });
      const b = expectOk(await add({ photo: 'https://example.com/p.jpg', gender: 2 }));
      expect(expectOk(await get(b.id))).toMatchObject({
        gender: 2,
        photo: 'https://example.com/p.jpg',
      });
    });
  });

  describe('listStudent', () => {
    let other: Batch;
    let level4: Batch;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      other = await createBatch(db());
      level4 = await createBatch(db(), { subjectId: batch.subjectId, level: 4 });
      ids.alpha = expectOk(await add({ name: 'Zed Alpha', phone: '13912345678' })).id;
      ids.beta = expectOk(await add({ name: 'Zed Beta 100%' }, admin, other.classId)).id;
      ids.gamma = expectOk(await add({ name: 'Zed Gamma_x', status: 0 }, admin, level4.classId)).id;
    });

    const names = (result: ListResult<StudentView>) => result.list.map((s) => s.name);

    it('lists students with their batch, job type, category and project names', async () => {
      const result = expectOk(await list({ keyword: 'Zed' }));
      expect(result.total).toBe(3);
      const beta = result.list.find((s) => s.id === ids.beta)!;
      expect(beta).toMatchObject({
        className: other.names.class,
        subjectName: other.names.subject,
        departmentName: other.names.department,
        schoolName: other.names.school,
        classId: other.classId,
        subjectId: other.subjectId,
        departmentId: other.departmentId,
        schoolId: other.schoolId,
        level: 5,
      });
      expect(JSON.stringify(result)).not.toMatch(/password|argon2/);
    });

    it('filters by keyword on name, ticket, ID number and phone', async () => {
      const gamma = expectOk(await get(ids.gamma!));
      expect(names(expectOk(await list({ keyword: 'zed alpha' })))).toEqual(['Zed Alpha']);
      expect(names(expectOk(await list({ keyword: gamma.ticketNumber.toLowerCase() })))).toEqual([
        'Zed Gamma_x',
      ]);
      expect(names(expectOk(await list({ keyword: gamma.idNumber.slice(6) })))).toEqual([
        'Zed Gamma_x',
      ]);
      expect(names(expectOk(await list({ keyword: '1391234' })))).toEqual(['Zed Alpha']);
    });

    it('matches SQL metacharacters literally', async () => {
      expect(names(expectOk(await list({ keyword: '100%' })))).toEqual(['Zed Beta 100%']);
      expect(names(expectOk(await list({ keyword: 'a_x' })))).toEqual(['Zed Gamma_x']);
      expect(expectOk(await list({ keyword: '%' })).list.map((s) => s.id)).toEqual([ids.beta]);
      expect(expectOk(await list({ keyword: "' or '1'='1" })).total).toBe(0);
      expect(expectOk(await list({ keyword: '\\' })).total).toBe(0);
    });

    it('filters by project, category, job type, level, batch and status', async () => {
      const zed = (query: Record<string, string>) => list({ keyword: 'Zed', ...query });
      expect(names(expectOk(await zed({ schoolId: String(other.schoolId) })))).toEqual([
        'Zed Beta 100%',
      ]);
      expect(names(expectOk(await zed({ departmentId: String(batch.departmentId) })))).toEqual([
        'Zed Alpha',
        'Zed Gamma_x',
      ]);
      expect(
        names(expectOk(await zed({ subjectId: String(batch.subjectId), level: '4' }))),
      ).toEqual(['Zed Gamma_x']);
      expect(names(expectOk(await zed({ classId: String(batch.classId) })))).toEqual(['Zed Alpha']);
      expect(names(expectOk(await zed({ status: '0' })))).toEqual(['Zed Gamma_x']);
      expect(names(expectOk(await zed({ status: '1' })))).toEqual(['Zed Alpha', 'Zed Beta 100%']);
      // A batch that does not exist is named, not answered with an empty page (lib/access).
      expectStatus(await zed({ classId: '999999' }), 10003, /Batch 999999 not found/);
      expect(
        expectOk(await zed({ schoolId: '', classId: '', level: '', status: '', keyword: '' }))
          .total,
      ).toBe(expectOk(await list()).total);
    });

    it('pages and sorts by a whitelisted field, then by id', async () => {
      const pages = [];
      for (const page of ['1', '2', '3']) {
        pages.push(expectOk(await list({ keyword: 'Zed', limit: '2', page })));
      }
      expect(pages.map((p) => p.list.length)).toEqual([2, 1, 0]);
      expect(pages.every((p) => p.total === 3)).toBe(true);
      expect(pages.flatMap((p) => p.list.map((s) => s.id))).toEqual([
        ids.alpha,
        ids.beta,
        ids.gamma,
      ]);

      expect(
        names(expectOk(await list({ keyword: 'Zed', orderBy: 'name', order: 'desc' }))),
      ).toEqual(['Zed Gamma_x', 'Zed Beta 100%', 'Zed Alpha']);
      const byClass = expectOk(await list({ keyword: 'Zed', orderBy: 'className' })).list;
      expect(byClass.map((s) => s.className)).toEqual([...byClass.map((s) => s.className)].sort());
      expectStatus(await list({ orderBy: 'password_hash' }), 10002, /orderBy/);
      expectStatus(await list({ order: 'desc; drop table students' }), 10002, /order/);
      expectStatus(await list({ limit: '501' }), 10002, /limit/);
      expectStatus(await list({ keyword: 'x'.repeat(51) }), 10002, /keyword/);
      expectStatus(await list({ level: '9' }), 10002, /level/);
    });
  });

  describe('getStudentById, updateStudent, deleteStudent', () => {
    it('getStudentById: unknown → 10003, malformed → 10002', async () => {
      expectStatus(await get(999999), 10003, /Student 999999 not found/);
      expectStatus(await admin.get(`${STUDENT}/getStudentById/1e3`), 10002, /id/);
    });

    it('updates the student and their nick name; the ticket number stays when the batch changes', async () => {
      const created = expectOk(await add({ name: 'Before' }));
      const moved = await createBatch(db(), { subjectId: batch.subjectId, level: 4 });
      const idNumber = nextResidentId();
      expectOk(
        await update({
          ...studentBody(moved.classId),
          id: created.id,
          name: 'After',
          idNumber,
          phone: '15000000000',
          email: 'after@example.com',
          photo: '/p/after.png',
          gender: 2,
        }),
      );
      expect(expectOk(await get(created.id))).toMatchObject({
        name: 'After',
        idNumber,
        phone: '15000000000',
        gender: 2,
        classId: moved.classId,
        className: moved.names.class,
        level: 4,
        ticketNumber: created.ticketNumber,
      });
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', created.userId)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        name: created.ticketNumber,
        nick_name: 'After',
        email: 'after@example.com',
        avatar: '/p/after.png',
      });
      const student = await studentLogin(created.ticketNumber, created.initialPassword);
      expect(expectOk(await student.get<SessionUser>(ME))).toMatchObject({
        nickName: 'After',
        className: moved.names.class,
        departmentName: moved.names.department,
      });
    });

    it('refuses an unknown student or batch, a taken ID number and bad input, changing nothing', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      const bView = expectOk(await get(b.id));
      const body = (fields: Record<string, unknown>) => ({
        ...studentBody(batch.classId),
        idNumber: bView.idNumber,
        id: b.id,
        ...fields,
      });
      const aView = expectOk(await get(a.id));
      expectStatus(await update(body({ idNumber: aView.idNumber })), 10004, /idNumber/);
      expectStatus(await update(body({ id: 999999 })), 10003, /Student 999999/);
      expectStatus(await update(body({ classId: 999999 })), 10003, /Batch 999999/);
      expectStatus(await update(body({ idNumber: '110105199001011230' })), 10002, /idNumber/);
      expectStatus(await update({ ...body({}), id: undefined }), 10002, /id/);
      expectStatus(
        await update(body({ ticketNumber: 'KS0000000001', name: 'x'.repeat(51) })),
        10002,
      );
      expect(expectOk(await get(b.id))).toEqual(bView);
      // Its own ID number is not a duplicate.
      expectOk(await update(body({ name: 'Same ID' })));
    });

    it('disabling through update stops sign-in', async () => {
      const created = expectOk(await add());
      const session = await studentLogin(created.ticketNumber, created.initialPassword);
      const view = expectOk(await get(created.id));
      expectOk(
        await update({
          ...studentBody(batch.classId),
          idNumber: view.idNumber,
          id: created.id,
          status: 0,
        }),
      );
      expectStatus(await session.get(ME), 10000);
      // Refused like a wrong password: a distinct answer would confirm the password.
      expectStatus(
        await new Client(t.app).form('/api/kaoshi-user/security/doLogin', {
          username: created.ticketNumber,
          password: clientPasswordHash(created.initialPassword),
          userType: '3',
        }),
        10002,
        /password: the username or password is wrong/,
      );
    });

    it('deleteStudent removes the student and their account; their session ends', async () => {
      const created = expectOk(await add());
      const session = await studentLogin(created.ticketNumber, created.initialPassword);
      const before = await counts();
      expectOk(await admin.delete(`${STUDENT}/deleteStudent/${created.id}`));
      expect(await counts()).toEqual({
        users: before.users - 1,
        students: before.students - 1,
        roles: before.roles - 1,
      });
      expectStatus(await get(created.id), 10003);
      expectStatus(await admin.get(`${USER}/queryUserDetailByUserId/${created.userId}`), 10003);
      expectStatus(await session.get(ME), 10000);
      expectStatus(await admin.delete(`${STUDENT}/deleteStudent/${created.id}`), 10003);
    });
  });

  describe('batch actions', () => {
    const classOf = async (id: number) => expectOk(await get(id)).classId;

    it('batchMoveStudents moves them, keeps their tickets, and respects capacity', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      const target = await createBatch(db(), { subjectId: batch.subjectId, capacity: 2 });
      const move = (ids: number[], classId: number) =>
        admin.post<BatchResult>(`${STUDENT}/batchMoveStudents`, { ids, classId });

      expect(expectOk(await move([a.id, b.id], target.classId))).toEqual({ count: 2 });
      expect(await classOf(a.id)).toBe(target.classId);
      expect(expectOk(await get(b.id)).ticketNumber).toBe(b.ticketNumber);
      // Already there: nothing to move, no seat needed.
      expect(expectOk(await move([a.id], target.classId))).toEqual({ count: 0 });

      const c = expectOk(await add());
      expectStatus(await move([c.id], target.classId), 10004, /2 seats, 2 taken/);
      expect(await classOf(c.id)).toBe(batch.classId);

      expectStatus(
        await move([c.id, 999998, 999999], batch.classId),
        10003,
        /Student 999998, 999999/,
      );
      expectStatus(await move([a.id, b.id], 999999), 10003, /Batch 999999/);
      expect(await classOf(a.id)).toBe(target.classId);
      expectStatus(await move([], batch.classId), 10002, /ids/);
      expectStatus(
        await admin.post(`${STUDENT}/batchMoveStudents`, { ids: 'a,b', classId: batch.classId }),
        10002,
        /ids/,
      );
      expectStatus(
        await admin.post(`${STUDENT}/batchMoveStudents`, {
          ids: Array.from({ length: 1001 }, (_, i) => i + 1),
          classId: batch.classId,
        }),
        10002,
        /ids/,
      );
    });

    it('batchResetStudentPassword restores the initial password and ends their sessions', async () => {
      const created = expectOk(await add());
      const session = await studentLogin(created.ticketNumber, created.initialPassword);
      expectOk(
        await session.post('/api/kaoshi-user/user/updatePass', {
          oldPass: clientPasswordHash(created.initialPassword),
          newPass: clientPasswordHash('my-own-secret'),
        }),
      );
      const mine = await studentLogin(created.ticketNumber, 'my-own-secret');
      expect(expectOk(await mine.get<SessionUser>(ME)).passwordIsDefault).toBe(false);

      const reset = expectOk(
        await admin.post<ResetStudentPasswordsResult>(`${STUDENT}/batchResetStudentPassword`, {
          ids: [created.id],
        }),
      );
      expect(reset).toEqual({
        count: 1,
        accounts: [
          {
            id: created.id,
            ticketNumber: created.ticketNumber,
            name: expect.any(String),
            // A new random one (the default rule), answered to the admin.
            initialPassword: expect.stringMatching(/^[2-9a-hjkmnp-z]{8}$/),
          },
        ],
      });
      expectStatus(await mine.get(ME), 10000);
      const again = await studentLogin(created.ticketNumber, reset.accounts[0]!.initialPassword);
      expect(expectOk(await again.get<SessionUser>(ME)).passwordIsDefault).toBe(true);
      expectStatus(
        await admin.post(`${STUDENT}/batchResetStudentPassword`, { ids: [999999] }),
        10003,
      );
    });

    it('batchSetStudentStatus disables (no sign-in, sessions end) and enables both student and account', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      const session = await studentLogin(a.ticketNumber, a.initialPassword);
      const setStatus = (ids: number[], status: number | string) =>
        admin.post<BatchResult>(`${STUDENT}/batchSetStudentStatus`, { ids, status });

      expect(expectOk(await setStatus([a.id, b.id], 0))).toEqual({ count: 2 });
      expectStatus(await session.get(ME), 10000);
      expect(expectOk(await get(a.id)).status).toBe(0);
      const user = await db()
        .selectFrom('users')
        .select('status')
        .where('id', '=', a.userId)
        .executeTakeFirstOrThrow();
      expect(user.status).toBe(0);
      await expect(studentLogin(a.ticketNumber, a.initialPassword)).rejects.toThrow(/password/);

      expect(expectOk(await setStatus([a.id], '1'))).toEqual({ count: 1 });
      await studentLogin(a.ticketNumber, a.initialPassword);
      await expect(studentLogin(b.ticketNumber, b.initialPassword)).rejects.toThrow(/password/);
      expectStatus(await setStatus([a.id], 2), 10002, /status/);
      expectStatus(await setStatus([a.id, 999999], 0), 10003, /Student 999999/);
      expect(expectOk(await get(a.id)).status).toBe(1);
    });
  });

  describe('who sees which students', () => {
    let mine: Batch;
    let foreign: Batch;
    let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
    let inMine: Created;
    let inForeign: Created;
    beforeAll(async () => {
      mine = await createBatch(db(), { subjectId: batch.subjectId });
      foreign = await createBatch(db(), { subjectId: batch.subjectId });
      teacher = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
      await assignTeacher(db(), mine.classId, teacher.id);
      inMine = expectOk(await add({ name: 'Scoped Mine' }, admin, mine.classId));
      inForeign = expectOk(await add({ name: 'Scoped Foreign' }, admin, foreign.classId));
    });

    it('a teacher lists and reads only the students of their assigned batches', async () => {
      const seen = expectOk(await list({}, teacher.client));
      expect(seen.list.map((s) => s.id)).toEqual([inMine.id]);
      expect(seen.total).toBe(1);
      // Another's batch as a filter is refused like a batch that does not exist.
      expectStatus(await list({ classId: String(foreign.classId) }, teacher.client), 10003);
      expectOk(await get(inMine.id, teacher.client));
      expectStatus(await get(inForeign.id, teacher.client), 10003, /not found/);
    });

    it('a teacher cannot change students of other batches, nor put students there (10003)', async () => {
      const foreignView = expectOk(await get(inForeign.id));
      const mineView = expectOk(await get(inMine.id));
      const c = teacher.client;
      expectStatus(
        await update(
          { ...studentBody(foreign.classId), idNumber: foreignView.idNumber, id: inForeign.id },
          c,
        ),
        10003,
      );
      expectStatus(
        await update(
          { ...studentBody(foreign.classId), idNumber: mineView.idNumber, id: inMine.id },
          c,
        ),
        10003,
        /Batch/,
      );
      expectStatus(await c.delete(`${STUDENT}/deleteStudent/${inForeign.id}`), 10003);
      expectStatus(
        await c.post(`${STUDENT}/batchMoveStudents`, {
          ids: [inMine.id, inForeign.id],
          classId: mine.classId,
        }),
        10003,
        new RegExp(`Student ${inForeign.id}`),
      );
      expectStatus(
        await c.post(`${STUDENT}/batchMoveStudents`, {
          ids: [inMine.id],
          classId: foreign.classId,
        }),
        10003,
        /Batch/,
      );
      expectStatus(
        await c.post(`${STUDENT}/batchResetStudentPassword`, { ids: [inForeign.id] }),
        10003,
      );
      expectStatus(
        await c.post(`${STUDENT}/batchSetStudentStatus`, {
          ids: [inMine.id, inForeign.id],
          status: 0,
        }),
        10003,
      );
      expectStatus(await add({}, c, foreign.classId), 10003, /Batch/);
      expect(expectOk(await get(inForeign.id))).toEqual(foreignView);
      expect(expectOk(await get(inMine.id))).toEqual(mineView);
    });

    it('a teacher manages the students of their own batches', async () => {
      const c = teacher.client;
      const created = expectOk(await add({ name: 'By teacher' }, c, mine.classId));
      const view = expectOk(await get(created.id, c));
      expectOk(
        await update(
          {
            ...studentBody(mine.classId),
            idNumber: view.idNumber,
            id: created.id,
            name: 'Renamed',
          },
          c,
        ),
      );
      expectOk(await c.post(`${STUDENT}/batchSetStudentStatus`, { ids: [created.id], status: 0 }));
      expectOk(await c.post(`${STUDENT}/batchResetStudentPassword`, { ids: [created.id] }));
      expectOk(await c.delete(`${STUDENT}/deleteStudent/${created.id}`));
    });

    it('a teacher with no assigned batch sees nobody', async () => {
      const lonely = await signedInTeacher(t.app, admin, [Perm.STUDENT]);
      expect(expectOk(await list({}, lonely.client))).toEqual({ list: [], total: 0 });
    });

    it('a holder of STUDENT and SCHOOL-ALLCLASSES sees every student', async () => {
      const role = await createRole(admin, { permissionKeys: [Perm.STUDENT, Perm.ALL_CLASSES] });
      const user = await addUser(admin, { userType: UserType.ADMIN, roleIds: [role.roleId] });
      const other = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.ADMIN);
      const all = expectOk(await list({}, other));
      expect(all.total).toBe(expectOk(await list()).total);
      expectOk(await get(inForeign.id, other));
    });

    it('a teacher without STUDENT is refused every call (10001)', async () => {
      const { client } = await signedInTeacher(t.app, admin, [Perm.COURSE]);
      expectStatus(await list({}, client), 10001, /STUDENT/);
      expectStatus(await get(inMine.id, client), 10001);
      expectStatus(await add({}, client, mine.classId), 10001);
      expectStatus(await update({ id: inMine.id }, client), 10001);
      expectStatus(await client.delete(`${STUDENT}/deleteStudent/${inMine.id}`), 10001);
      for (const action of [
        'batchMoveStudents',
        'batchResetStudentPassword',
        'batchSetStudentStatus',
      ]) {
        expectStatus(
          await client.post(`${STUDENT}/${action}`, { ids: [inMine.id], classId: 1, status: 0 }),
          10001,
        );
      }
      expectStatus(await client.get(`${STUDENT}/getMyStudent`), 10001, /userType 3/);
    });

    /** inMine, signed in with a password of their own (the initial one allows nothing else). */
    let mineChanged = false;
    const signInMine = async () => {
      if (!mineChanged) {
        const first = await studentLogin(inMine.ticketNumber, inMine.initialPassword);
        expectOk(
          await first.post('/api/kaoshi-user/user/updatePass', {
            oldPass: clientPasswordHash(inMine.initialPassword),
            newPass: clientPasswordHash('mine-own-secret'),
          }),
        );
        mineChanged = true;
      }
      return studentLogin(inMine.ticketNumber, 'mine-own-secret');
    };

    it('a student reads only their own record, and nothing of the student list', async () => {
      const student = await signInMine();
      const own = expectOk(await student.get<StudentView>(`${STUDENT}/getMyStudent`));
      expect(own).toMatchObject({
        id: inMine.id,
        name: 'Scoped Mine',
        className: mine.names.class,
      });
      expectStatus(await list({}, student), 10001);
      expectStatus(await get(inMine.id, student), 10001);
      expectStatus(await get(inForeign.id, student), 10001);
      expect(expectOk(await student.get<SessionUser>(ME))).toMatchObject({
        className: mine.names.class,
        departmentName: mine.names.department,
      });
    });

    it('an examinee granted STUDENT still sees only their own record', async () => {
      const classmate = expectOk(await add({ name: 'Classmate' }, admin, mine.classId));
      const role = await createRole(admin, { permissionKeys: [Perm.STUDENT] });
      const studentRole = await roleIdOf(admin, RoleKey.STUDENT);
      await bindRoles(admin, inMine.userId, [studentRole, role.roleId]);
      const student = await signInMine();
      expect(expectOk(await list({}, student)).list.map((s) => s.id)).toEqual([inMine.id]);
      expectStatus(await get(classmate.id, student), 10003);
      expectStatus(
        await student.post(`${STUDENT}/batchSetStudentStatus`, { ids: [classmate.id], status: 0 }),
        10003,
      );
      await bindRoles(admin, inMine.userId, [studentRole]);
    });

    it('getMyStudent: not for staff (10001), nor anonymous (10000); an account without a record → 10003', async () => {
      expectStatus(await admin.get(`${STUDENT}/getMyStudent`), 10001);
      expectStatus(await new Client(t.app).get(`${STUDENT}/getMyStudent`), 10000);
      // With a password of its own: on the default one it could only change it first.
      const bare = { name: `bare${Date.now().toString(36)}` };
      expectOk(
        await admin.post(`${USER}/addUser`, {
          name: bare.name,
          nickName: 'Bare account',
          userType: UserType.STUDENT,
          password: clientPasswordHash('bare-own-secret'),
        }),
      );
      const client = await login(t.app, bare.name, 'bare-own-secret', UserType.STUDENT);
      expectStatus(await client.get(`${STUDENT}/getMyStudent`), 10003);
      expect(expectOk(await client.get<SessionUser>(ME))).toMatchObject({
        className: null,
        departmentName: null,
      });
      expect(expectOk(await admin.get<SessionUser>(ME))).toMatchObject({ className: null });
    });
  });
});

describe('nothing is half-written', () => {
  let t: TestApp;
  let admin: Client;
  let batch: Batch;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    batch = await createBatch(t.handle.db);
  });
  afterAll(() => t.close());

  it('an add that fails after its user row was written leaves no user, role or student', async () => {
    const first = expectOk(
      await admin.post<Created>(`${STUDENT}/addStudent`, studentBody(batch.classId)),
    );
    // Staff accounts that already hold the next tickets: the add fails at its last step.
    const taken = [1, 2, 3].map((n) => ticketNumberOf(first.id + n, new Date()));
    // Written straight to the database: the API now refuses ticket-shaped names for staff,
    // but accounts from before that rule (or a concurrent add) can still hold them.
    const now = new Date().toISOString();
    for (const name of taken) {
      await t.handle.db
        .insertInto('users')
        .values({
          name,
          nick_name: name,
          password_hash: 'x',
          password_is_default: 0,
          user_type: 2,
          email: '',
          introduction: '',
          avatar: '',
          end_date: null,
          remote_login: 1,
          resource_url: '',
          socket_open: 0,
          status: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const count = async (table: 'users' | 'students' | 'user_roles') =>
      Number(
        (
          await t.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count('users'), await count('students'), await count('user_roles')];
    const body = studentBody(batch.classId);
    expectStatus(
      await admin.post(`${STUDENT}/addStudent`, body),
      10004,
      /ticket number is already the username of another account/,
    );
    expect([await count('users'), await count('students'), await count('user_roles')]).toEqual(
      before,
    );
    const leftovers = await t.handle.db
      .selectFrom('users')
      .select('name')
      .where('name', 'like', '~%')
      .execute();
    expect(leftovers).toEqual([]);

    // Once those names are free again, the same student can be added.
    await t.handle.db.deleteFrom('users').where('name', 'in', taken).execute();
    expectOk(await admin.post(`${STUDENT}/addStudent`, body));
  });

  it('createStudents writes many students in chunks inside one transaction, all or nothing', async () => {
    // Validated by the same schema as addStudent, as an import would.
    const rows = Array.from({ length: 1201 }, (_, i) =>
      studentInput.parse(studentBody(batch.classId, { name: `Bulk ${i}` })),
    );
    const initial = new InitialPasswords('id-last6');
    const passwords = await initial.make(rows.map((row) => row.idNumber));
    const created = await inTransaction(t.handle.db, (trx) => createStudents(trx, rows, passwords));
    expect(created).toHaveLength(1201);
    expect(new Set(created.map((c) => c.ticketNumber)).size).toBe(1201);
    const stored = await t.handle.db
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.id', 'students.name', 'students.ticket_number', 'users.name as username'])
      .where('students.name', 'like', 'Bulk %')
      .orderBy('students.id')
      .execute();
    expect(stored).toHaveLength(1201);
    for (const [i, row] of stored.entries()) {
      expect(row.ticket_number).toBe(ticketNumberOf(row.id, new Date()));
      expect(row.username).toBe(row.ticket_number);
      expect(created.find((c) => c.id === row.id)?.ticketNumber).toBe(row.ticket_number);
      expect(row.name).toBe(`Bulk ${i}`);
    }
    const student = await login(
      t.app,
      stored[1200]!.ticket_number,
      rows[1200]!.idNumber.slice(-6),
      UserType.STUDENT,
    );
    expect(expectOk(await student.get<SessionUser>(ME)).nickName).toBe('Bulk 1200');

    // A duplicate in the last chunk rolls back every chunk before it.
    const before = await t.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = Array.from({ length: 600 }, (_, i) => ({
      ...rows[0]!,
      name: `Again ${i}`,
      idNumber: i === 599 ? rows[0]!.idNumber : nextResidentId(),
    }));
    await expect(
      inTransaction(t.handle.db, async (trx) =>
        createStudents(trx, again, await initial.make(again.map((row) => row.idNumber))),
      ),
    ).rejects.toThrow();
    const after = await t.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

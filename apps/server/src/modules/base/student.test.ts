import {
  RoleKey,
  UserType,
  clientPasswordHash,
  residentIdCheckChar,
  type BatchResult,
  type ResetStudentPasswordsResult,
  type ListResult,
  type SessionUser,
  type StudentView,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, login, useAdminApp } from '../../../test/build-app.js';
import { ME, USER, expectOk, expectStatus } from '../../../test/factories.js';
import { ticketNumberOf } from './student.service.js';
import {
  createBatch,
  nextResidentId,
  STUDENT,
  studentCalls,
  type Batch,
  rowCounts,
  studentBody,
} from './test-data.js';

describe('students', () => {
  const t = useAdminApp();
  let batch: Batch;
  beforeAll(async () => {
    batch = await createBatch(t.handle.db, { levels: '5,4', level: 5 });
  });

  const db = () => t.handle.db;
  const { add, get, list, update } = studentCalls(
    () => t.admin,
    () => batch.classId,
  );
  const counts = () => rowCounts(db());
  const userRow = (id: number) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const studentLogin = (username: string, password: string) =>
    login(t.app, username, password, UserType.STUDENT);

  describe('addStudent', () => {
    it('creates the student and their account: ticket number as username, default password, role STUDENT', async () => {
      const idNumber = nextResidentId();
      const created = expectOk(await add({ name: '李四', idNumber, email: 'li@example.com' }));
      expect(created.ticketNumber).toBe(ticketNumberOf(created.id, new Date()));
      expect(created.ticketNumber).toMatch(/^KS\d{2}\d{8}$/);

      const user = await userRow(created.userId);
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
      expectOk(await add({}, t.admin, small.classId));
      expectOk(await add({}, t.admin, small.classId));
      const before = await counts();
      expectStatus(await add({}, t.admin, small.classId), 10004, /has 2 seats, 2 taken/);
      expectStatus(await add({}, t.admin, 999999), 10003, /Batch 999999 not found/);
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
      ids.beta = expectOk(await add({ name: 'Zed Beta 100%' }, t.admin, other.classId)).id;
      ids.gamma = expectOk(
        await add({ name: 'Zed Gamma_x', status: 0 }, t.admin, level4.classId),
      ).id;
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
      expectStatus(await t.admin.get(`${STUDENT}/getStudentById/1e3`), 10002, /id/);
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
      const user = await userRow(created.userId);
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
      expectOk(await t.admin.delete(`${STUDENT}/deleteStudent/${created.id}`));
      expect(await counts()).toEqual({
        users: before.users - 1,
        students: before.students - 1,
        roles: before.roles - 1,
      });
      expectStatus(await get(created.id), 10003);
      expectStatus(await t.admin.get(`${USER}/queryUserDetailByUserId/${created.userId}`), 10003);
      expectStatus(await session.get(ME), 10000);
      expectStatus(await t.admin.delete(`${STUDENT}/deleteStudent/${created.id}`), 10003);
    });
  });

  describe('batch actions', () => {
    const classOf = async (id: number) => expectOk(await get(id)).classId;

    it('batchMoveStudents moves them, keeps their tickets, and respects capacity', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      const target = await createBatch(db(), { subjectId: batch.subjectId, capacity: 2 });
      const move = (ids: number[], classId: number) =>
        t.admin.post<BatchResult>(`${STUDENT}/batchMoveStudents`, { ids, classId });

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
        await t.admin.post(`${STUDENT}/batchMoveStudents`, { ids: 'a,b', classId: batch.classId }),
        10002,
        /ids/,
      );
      expectStatus(
        await t.admin.post(`${STUDENT}/batchMoveStudents`, {
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
        await t.admin.post<ResetStudentPasswordsResult>(`${STUDENT}/batchResetStudentPassword`, {
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
            // A new random one (the default rule), answered to the t.admin.
            initialPassword: expect.stringMatching(/^[2-9a-hjkmnp-z]{8}$/),
          },
        ],
      });
      expectStatus(await mine.get(ME), 10000);
      const again = await studentLogin(created.ticketNumber, reset.accounts[0]!.initialPassword);
      expect(expectOk(await again.get<SessionUser>(ME)).passwordIsDefault).toBe(true);
      expectStatus(
        await t.admin.post(`${STUDENT}/batchResetStudentPassword`, { ids: [999999] }),
        10003,
      );
    });

    it('batchSetStudentStatus disables (no sign-in, sessions end) and enables both student and account', async () => {
      const a = expectOk(await add());
      const b = expectOk(await add());
      const session = await studentLogin(a.ticketNumber, a.initialPassword);
      const setStatus = (ids: number[], status: number | string) =>
        t.admin.post<BatchResult>(`${STUDENT}/batchSetStudentStatus`, { ids, status });

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
});

import {
  Perm,
  RoleKey,
  UserType,
  clientPasswordHash,
  studentInput,
  type SessionUser,
  type StudentView,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, DEFAULT_PASSWORD, login, useAdminApp } from '../../../test/build-app.js';
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
  STUDENT,
  studentBody,
  studentCalls,
  type Batch,
  type Created,
} from './test-data.js';

describe('students: who sees which', () => {
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
  const studentLogin = (username: string, password: string) =>
    login(t.app, username, password, UserType.STUDENT);

  let mine: Batch;
  let foreign: Batch;
  let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
  let inMine: Created;
  let inForeign: Created;
  beforeAll(async () => {
    mine = await createBatch(db(), { subjectId: batch.subjectId });
    foreign = await createBatch(db(), { subjectId: batch.subjectId });
    teacher = await signedInTeacher(t.app, t.admin, [Perm.STUDENT]);
    await assignTeacher(db(), mine.classId, teacher.id);
    inMine = expectOk(await add({ name: 'Scoped Mine' }, t.admin, mine.classId));
    inForeign = expectOk(await add({ name: 'Scoped Foreign' }, t.admin, foreign.classId));
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
    const lonely = await signedInTeacher(t.app, t.admin, [Perm.STUDENT]);
    expect(expectOk(await list({}, lonely.client))).toEqual({ list: [], total: 0 });
  });

  it('a holder of STUDENT and SCHOOL-ALLCLASSES sees every student', async () => {
    const role = await createRole(t.admin, { permissionKeys: [Perm.STUDENT, Perm.ALL_CLASSES] });
    const user = await addUser(t.admin, { userType: UserType.ADMIN, roleIds: [role.roleId] });
    const other = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.ADMIN);
    const all = expectOk(await list({}, other));
    expect(all.total).toBe(expectOk(await list()).total);
    expectOk(await get(inForeign.id, other));
  });

  it('a teacher without STUDENT is refused every call (10001)', async () => {
    const { client } = await signedInTeacher(t.app, t.admin, [Perm.COURSE]);
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
    const classmate = expectOk(await add({ name: 'Classmate' }, t.admin, mine.classId));
    const role = await createRole(t.admin, { permissionKeys: [Perm.STUDENT] });
    const studentRole = await roleIdOf(t.admin, RoleKey.STUDENT);
    await bindRoles(t.admin, inMine.userId, [studentRole, role.roleId]);
    const student = await signInMine();
    expect(expectOk(await list({}, student)).list.map((s) => s.id)).toEqual([inMine.id]);
    expectStatus(await get(classmate.id, student), 10003);
    expectStatus(
      await student.post(`${STUDENT}/batchSetStudentStatus`, { ids: [classmate.id], status: 0 }),
      10003,
    );
    await bindRoles(t.admin, inMine.userId, [studentRole]);
  });

  it('getMyStudent: not for staff (10001), nor anonymous (10000); an account without a record → 10003', async () => {
    expectStatus(await t.admin.get(`${STUDENT}/getMyStudent`), 10001);
    expectStatus(await new Client(t.app).get(`${STUDENT}/getMyStudent`), 10000);
    // With a password of its own: on the default one it could only change it first.
    const bare = { name: `bare${Date.now().toString(36)}` };
    expectOk(
      await t.admin.post(`${USER}/addUser`, {
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
    expect(expectOk(await t.admin.get<SessionUser>(ME))).toMatchObject({ className: null });
  });
});

describe('nothing is half-written', () => {
  const t = useAdminApp();
  let batch: Batch;
  beforeAll(async () => {
    batch = await createBatch(t.handle.db);
  });

  it('an add that fails after its user row was written leaves no user, role or student', async () => {
    const first = expectOk(
      await t.admin.post<Created>(`${STUDENT}/addStudent`, studentBody(batch.classId)),
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
      await t.admin.post(`${STUDENT}/addStudent`, body),
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
    expectOk(await t.admin.post(`${STUDENT}/addStudent`, body));
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

import { UserType } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { refusalText } from '../../../test/factories.js';
import { createBatch, studentBody } from './test-data.js';

const USER = '/api/kaoshi-user/user';

/** User management and an examinee's account: the account is the student's, managed there. */
describe("an examinee's user account in user management", () => {
  let t: TestApp;
  let admin: Client;
  let student: { id: number; userId: number; ticketNumber: string };

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const batch = await createBatch(t.handle.db);
    const added = await admin.post<{ id: number }>(
      '/api/kaoshi-base/student/addStudent',
      studentBody(batch.classId),
    );
    expect(added.body.status).toBe(200);
    const row = await t.handle.db
      .selectFrom('students')
      .select(['id', 'user_id', 'ticket_number'])
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    student = { id: row.id, userId: row.user_id, ticketNumber: row.ticket_number };
  });
  afterAll(() => t.close());

  it('cannot be deleted there: the answer points to student management', async () => {
    const result = await admin.delete(`${USER}/deleteUser/${student.userId}`);
    expect(result.http).toBe(409);
    expect(refusalText(result)).toMatch(/student management/);
    const still = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', student.userId)
      .executeTakeFirst();
    expect(still).toBeDefined();
  });

  it('keeps its username (the ticket number) and stays a student account', async () => {
    const rename = await admin.put(`${USER}/updateUser`, {
      id: student.userId,
      name: 'renamed-student',
      nickName: 'Renamed',
      userType: UserType.STUDENT,
    });
    expect(rename.body.status).toBe(10004);
    expect(refusalText(rename)).toMatch(/ticket number/);
    const retype = await admin.put(`${USER}/updateUser`, {
      id: student.userId,
      name: student.ticketNumber,
      nickName: 'Renamed',
      userType: UserType.TEACHER,
    });
    expect(retype.body.status).toBe(10004);
    const nick = await admin.put(`${USER}/updateUser`, {
      id: student.userId,
      name: student.ticketNumber,
      nickName: 'Renamed',
      userType: UserType.STUDENT,
    });
    expect(nick.body.status).toBe(200);
  });

  it('reserves ticket-shaped names for examinees', async () => {
    const taken = await admin.post(`${USER}/addUser`, {
      name: 'KS2600009999',
      nickName: 'Sneaky',
      userType: 2,
    });
    expect(taken.body.status).toBe(10002);
    expect(refusalText(taken)).toMatch(/^name: .*reserved/);
    const fine = await admin.post(`${USER}/addUser`, {
      name: 'KS-team',
      nickName: 'Fine',
      userType: 2,
    });
    expect(fine.body.status).toBe(200);
  });
});

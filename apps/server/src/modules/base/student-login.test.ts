import { UserType, clientPasswordHash, type SessionUser } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  DEFAULT_PASSWORD,
  LOGIN_URL,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/build-app.js';
import { ME, expectOk, expectStatus } from '../../../test/factories.js';
import { LOGIN_FAILURE_LIMIT } from '../auth/auth.service.js';
import { createBatch, studentBody, type Batch } from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';

interface Created {
  id: number;
  userId: number;
  ticketNumber: string;
}

describe('student sign-in by ticket number or ID number', () => {
  let t: TestApp;
  let admin: Client;
  let batch: Batch;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    batch = await createBatch(t.handle.db);
  });
  afterAll(() => t.close());

  const signIn = (
    username: string,
    password = DEFAULT_PASSWORD,
    userType: number = UserType.STUDENT,
  ) =>
    new Client(t.app).form<{ token: string }>(LOGIN_URL, {
      username,
      password: clientPasswordHash(password),
      verifyCode: '',
      userType: String(userType),
    });
  const addStudent = async (fields: Record<string, unknown> = {}) => {
    const body = studentBody(batch.classId, fields);
    const created = expectOk(await admin.post<Created>(`${STUDENT}/addStudent`, body));
    return { ...created, idNumber: String(body.idNumber).toUpperCase() };
  };
  const me = async (token: string) => expectOk(await new Client(t.app, token).get<SessionUser>(ME));

  it('signs in with the ticket number (the username) and the default password', async () => {
    const student = await addStudent({ name: 'Ticket Holder' });
    const result = expectOk(await signIn(student.ticketNumber));
    expect(await me(result.token)).toMatchObject({
      id: student.userId,
      name: student.ticketNumber,
      nickName: 'Ticket Holder',
      userType: UserType.STUDENT,
      className: batch.names.class,
      departmentName: batch.names.department,
    });
  });

  it('signs in with the ID number instead, in any case and with spaces around', async () => {
    const student = await addStudent({ idNumber: '11010519491231002x' });
    for (const username of ['11010519491231002X', '11010519491231002x', ' 11010519491231002x ']) {
      const result = expectOk(await signIn(username));
      expect((await me(result.token)).id).toBe(student.userId);
    }
    const passport = await addStudent({ idType: 2, idNumber: 'G12345678' });
    expect((await me(expectOk(await signIn('g12345678')).token)).id).toBe(passport.userId);
  });

  it('the ID number is no username for staff sign-in, and a wrong password is refused alike', async () => {
    const student = await addStudent();
    const refusal = /password: the username or password is wrong/;
    expectStatus(await signIn(student.idNumber, DEFAULT_PASSWORD, UserType.ADMIN), 10002, refusal);
    expectStatus(
      await signIn(student.idNumber, DEFAULT_PASSWORD, UserType.TEACHER),
      10002,
      refusal,
    );
    expectStatus(await signIn(student.idNumber, 'wrong-password'), 10002, refusal);
    expectStatus(await signIn(student.ticketNumber, 'wrong-password'), 10002, refusal);
    // An unknown ID number answers exactly like a wrong password.
    expectStatus(await signIn('110105197001010000'), 10002, refusal);
    // The ticket number with the staff user type: the account exists but is a student's.
    expectStatus(
      await signIn(student.ticketNumber, DEFAULT_PASSWORD, UserType.ADMIN),
      10002,
      /userType/,
    );
  });

  it('a disabled student is refused by ticket and by ID number', async () => {
    const student = await addStudent();
    expectOk(
      await admin.post(`${STUDENT}/batchSetStudentStatus`, { ids: [student.id], status: 0 }),
    );
    expectStatus(await signIn(student.ticketNumber), 10001, /disabled/);
    expectStatus(await signIn(student.idNumber), 10001, /disabled/);
    expectOk(
      await admin.post(`${STUDENT}/batchSetStudentStatus`, { ids: [student.id], status: 1 }),
    );
    expectOk(await signIn(student.idNumber));
  });

  it('counts failed sign-ins per username as entered', async () => {
    const student = await addStudent();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectStatus(await signIn(student.idNumber, 'wrong-password'), 10002);
    }
    expectStatus(await signIn(student.idNumber), 10005, /Too many failed sign-ins/);
    // The ticket number is another username: it still signs in.
    expectOk(await signIn(student.ticketNumber));
  });

  it('keeps the ticket number as the username after the student moves batch', async () => {
    const student = await addStudent();
    const other = await createBatch(t.handle.db);
    expectOk(
      await admin.post(`${STUDENT}/batchMoveStudents`, {
        ids: [student.id],
        classId: other.classId,
      }),
    );
    const session = expectOk(await signIn(student.ticketNumber));
    expect(await me(session.token)).toMatchObject({
      name: student.ticketNumber,
      className: other.names.class,
      departmentName: other.names.department,
    });
    expectOk(await signIn(student.idNumber));
  });
});

import {
  UserType,
  clientPasswordHash,
  residentIdCheckChar,
  type SessionUser,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, LOGIN_URL, useAdminApp } from '../../../test/build-app.js';
import { ME, expectOk, expectStatus } from '../../../test/factories.js';
import { LOGIN_FAILURE_LIMIT } from '../auth/auth.service.js';
import { createBatch, studentBody, type Batch } from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';

interface Created {
  id: number;
  userId: number;
  ticketNumber: string;
  initialPassword: string;
}

describe('student sign-in by ticket number or ID number', () => {
  const t = useAdminApp();
  let batch: Batch;
  beforeAll(async () => {
    batch = await createBatch(t.handle.db);
  });

  const signIn = (username: string, password: string, userType: number = UserType.STUDENT) =>
    new Client(t.app).form<{ token: string }>(LOGIN_URL, {
      username,
      password: clientPasswordHash(password),
      verifyCode: '',
      userType: String(userType),
    });
  const addStudent = async (fields: Record<string, unknown> = {}) => {
    const body = studentBody(batch.classId, fields);
    const created = expectOk(await t.admin.post<Created>(`${STUDENT}/addStudent`, body));
    return { ...created, idNumber: String(body.idNumber).toUpperCase() };
  };
  const me = async (token: string) => expectOk(await new Client(t.app, token).get<SessionUser>(ME));

  it('signs in with the ticket number (the username) and the initial password', async () => {
    const student = await addStudent({ name: 'Ticket Holder' });
    const result = expectOk(await signIn(student.ticketNumber, student.initialPassword));
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
      const result = expectOk(await signIn(username, student.initialPassword));
      expect((await me(result.token)).id).toBe(student.userId);
    }
    const passport = await addStudent({ idType: 2, idNumber: 'G12345678' });
    expect((await me(expectOk(await signIn('g12345678', passport.initialPassword)).token)).id).toBe(
      passport.userId,
    );
  });

  it('the ID number is no username for staff sign-in, and a wrong password is refused alike', async () => {
    const student = await addStudent();
    const refusal = /password: the username or password is wrong/;
    const right = student.initialPassword;
    expectStatus(await signIn(student.idNumber, right, UserType.ADMIN), 10002, refusal);
    expectStatus(await signIn(student.idNumber, right, UserType.TEACHER), 10002, refusal);
    expectStatus(await signIn(student.idNumber, 'wrong-password'), 10002, refusal);
    expectStatus(await signIn(student.ticketNumber, 'wrong-password'), 10002, refusal);
    // An unknown ID number answers exactly like a wrong password.
    expectStatus(await signIn('110105197001010000', right), 10002, refusal);
    // The ticket number with the staff user type and the right password: the account exists but
    // is a student's. Answered alike too, or the answer would confirm the password.
    const wrongType = await signIn(student.ticketNumber, right, UserType.ADMIN);
    const wrongPassword = await signIn(student.ticketNumber, 'wrong-password', UserType.ADMIN);
    expectStatus(wrongType, 10002, refusal);
    expect(wrongType.body).toEqual(wrongPassword.body);
  });

  it('a disabled student is refused by ticket and by ID number, as a wrong password is', async () => {
    const student = await addStudent();
    const right = student.initialPassword;
    expectOk(
      await t.admin.post(`${STUDENT}/batchSetStudentStatus`, { ids: [student.id], status: 0 }),
    );
    const wrongPassword = await signIn(student.ticketNumber, 'wrong-password');
    for (const username of [student.ticketNumber, student.idNumber]) {
      const refused = await signIn(username, right);
      expectStatus(refused, 10002, /password: the username or password is wrong/);
      expect(refused.body).toEqual(wrongPassword.body);
    }
    expectOk(
      await t.admin.post(`${STUDENT}/batchSetStudentStatus`, { ids: [student.id], status: 1 }),
    );
    expectOk(await signIn(student.idNumber, right));
  });

  it('counts failed sign-ins per account, whichever spelling names it', async () => {
    // A resident ID ending in X, so that its letter case can vary.
    const first17 = Array.from(
      { length: 1000 },
      (_, n) => `11010519900307${String(n).padStart(3, '0')}`,
    ).find((digits) => residentIdCheckChar(digits) === 'X')!;
    const idNumber = `${first17}X`;
    const student = await addStudent({ idNumber: idNumber.toLowerCase() });
    const spellings = [student.ticketNumber, idNumber, idNumber.toLowerCase(), ` ${idNumber}`];
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectStatus(await signIn(spellings[i % spellings.length]!, 'wrong-password'), 10002);
    }
    // Locked out by every name of the account, the right password included.
    for (const username of spellings) {
      expectStatus(
        await signIn(username, student.initialPassword),
        10005,
        /Too many failed sign-ins for this account/,
      );
    }
    // A name no account has counts per normalised spelling: its letter cases share one count.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectStatus(await signIn(i % 2 ? 'ks9900000001' : 'KS9900000001', 'x'), 10002);
    }
    expectStatus(await signIn('Ks9900000001', 'x'), 10005);
  });

  it('keeps the ticket number as the username after the student moves batch', async () => {
    const student = await addStudent();
    const other = await createBatch(t.handle.db);
    expectOk(
      await t.admin.post(`${STUDENT}/batchMoveStudents`, {
        ids: [student.id],
        classId: other.classId,
      }),
    );
    const session = expectOk(await signIn(student.ticketNumber, student.initialPassword));
    expect(await me(session.token)).toMatchObject({
      name: student.ticketNumber,
      className: other.names.class,
      departmentName: other.names.department,
    });
    expectOk(await signIn(student.idNumber, student.initialPassword));
  });
});

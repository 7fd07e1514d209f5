import {
  ATTEMPT_BASE,
  TOKEN_COOKIE,
  UserType,
  clientPasswordHash,
  type ResetStudentPasswordsResult,
  type SessionUser,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  DEFAULT_PASSWORD,
  LOGIN_URL,
  appWithAdmin,
  type TestApp,
} from '../../../test/build-app.js';
import { ME, USER, addUser, expectOk, expectStatus } from '../../../test/factories.js';
import { createBatch, studentBody, type Batch } from './test-data.js';

const STUDENT = '/api/kaoshi-base/student';

interface Created {
  id: number;
  userId: number;
  ticketNumber: string;
  initialPassword: string;
}

/** A test app with this STUDENT_INITIAL_PASSWORD rule, and what the tests below do with it. */
function appWithRule(rule: 'id-last6' | 'random') {
  let t: TestApp;
  let admin: Client;
  let batch: Batch;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin({ STUDENT_INITIAL_PASSWORD: rule }));
    batch = await createBatch(t.handle.db);
  });
  afterAll(() => t.close());

  return {
    admin: () => admin,
    async addStudent() {
      const body = studentBody(batch.classId);
      const created = expectOk(await admin.post<Created>(`${STUDENT}/addStudent`, body));
      return { ...created, idNumber: String(body.idNumber) };
    },
    signIn(username: string, password: string) {
      return new Client(t.app).form<{ token: string }>(LOGIN_URL, {
        username,
        password: clientPasswordHash(password),
        userType: String(UserType.STUDENT),
      });
    },
    session(token: string) {
      return new Client(t.app, token);
    },
    /** The export's initial-password column, by ticket number. */
    async exported() {
      const response = await t.app.inject({
        method: 'GET',
        url: `${STUDENT}/export`,
        query: { lang: 'en', classId: String(batch.classId) },
        cookies: { [TOKEN_COOKIE]: admin.token! },
      });
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).map(String);
      const ticket = headers.indexOf('Exam ticket number');
      const password = headers.indexOf('Initial password');
      expect(password).toBeGreaterThan(0);
      const out = new Map<string, string>();
      sheet.eachRow((row, n) => {
        if (n > 1) {
          out.set(String(row.getCell(ticket).value), String(row.getCell(password).value ?? ''));
        }
      });
      return out;
    },
  };
}

describe("initial passwords: the ID number's last six (STUDENT_INITIAL_PASSWORD=id-last6)", () => {
  const app = appWithRule('id-last6');

  it('a new student signs in with the last six characters of their ID number, not a shared constant', async () => {
    const student = await app.addStudent();
    expect(student.initialPassword).toBe(student.idNumber.slice(-6));
    expectStatus(await app.signIn(student.ticketNumber, DEFAULT_PASSWORD), 10002);
    const { token } = expectOk(await app.signIn(student.ticketNumber, student.initialPassword));
    // Still asked to change it.
    expect(expectOk(await app.session(token).get<SessionUser>(ME)).passwordIsDefault).toBe(true);
  });

  it('the export prints it while the account has it, and a blank once the student chose their own', async () => {
    const student = await app.addStudent();
    expect((await app.exported()).get(student.ticketNumber)).toBe(student.initialPassword);
    const { token } = expectOk(await app.signIn(student.ticketNumber, student.initialPassword));
    expectOk(
      await app.session(token).post(`${USER}/updatePass`, {
        oldPass: clientPasswordHash(student.initialPassword),
        newPass: clientPasswordHash('my-own-choice'),
      }),
    );
    expect((await app.exported()).get(student.ticketNumber)).toBe('');
  });
});

describe('initial passwords: random (STUDENT_INITIAL_PASSWORD=random)', () => {
  const app = appWithRule('random');

  it('each new student gets their own, answered once to the admin and printed in the export', async () => {
    const a = await app.addStudent();
    const b = await app.addStudent();
    for (const student of [a, b]) {
      expect(student.initialPassword).toMatch(/^[2-9a-hjkmnp-z]{8}$/);
      expect(student.initialPassword).not.toBe(student.idNumber.slice(-6));
      expectStatus(await app.signIn(student.ticketNumber, student.idNumber.slice(-6)), 10002);
      expectOk(await app.signIn(student.ticketNumber, student.initialPassword));
    }
    expect(a.initialPassword).not.toBe(b.initialPassword);
    const sheet = await app.exported();
    expect(sheet.get(a.ticketNumber)).toBe(a.initialPassword);
    expect(sheet.get(b.ticketNumber)).toBe(b.initialPassword);
  });

  it('a reset (student list or user list) gives a new one, answered to the admin; the old one stops working', async () => {
    const student = await app.addStudent();
    const reset = expectOk(
      await app.admin().post<ResetStudentPasswordsResult>(`${STUDENT}/batchResetStudentPassword`, {
        ids: [student.id],
      }),
    );
    const fresh = reset.accounts[0]!.initialPassword;
    expect(reset.accounts[0]).toMatchObject({ id: student.id, ticketNumber: student.ticketNumber });
    expect(fresh).toMatch(/^[2-9a-hjkmnp-z]{8}$/);
    expect(fresh).not.toBe(student.initialPassword);
    expectStatus(await app.signIn(student.ticketNumber, student.initialPassword), 10002);
    expectOk(await app.signIn(student.ticketNumber, fresh));
    expect((await app.exported()).get(student.ticketNumber)).toBe(fresh);

    // The user list's reset of the same account follows the student rule too.
    const again = expectOk(
      await app.admin().get<{ initialPassword: string }>(`${USER}/reSetPass/${student.userId}`),
    );
    expect(again.initialPassword).toMatch(/^[2-9a-hjkmnp-z]{8}$/);
    expect(again.initialPassword).not.toBe(fresh);
    const { token } = expectOk(await app.signIn(student.ticketNumber, again.initialPassword));
    expect(expectOk(await app.session(token).get<SessionUser>(ME)).passwordIsDefault).toBe(true);
    expect((await app.exported()).get(student.ticketNumber)).toBe(again.initialPassword);

    // A staff account still goes back to DEFAULT_PASSWORD, and nothing is answered.
    const staff = await addUser(app.admin());
    expect(expectOk(await app.admin().get(`${USER}/reSetPass/${staff.id}`))).toBeNull();
  });
});

describe('a student on an initial password must change it before anything else', () => {
  const app = appWithRule('random');

  it('signs in, is told to change it, is refused every other call (10001) until it is changed', async () => {
    const student = await app.addStudent();
    const { token } = expectOk(await app.signIn(student.ticketNumber, student.initialPassword));
    const session = app.session(token);
    expect(expectOk(await session.get<SessionUser>(ME)).passwordIsDefault).toBe(true);
    expectStatus(
      await session.get(`${ATTEMPT_BASE}/listMyExams`),
      10001,
      /change your initial password/i,
    );
    expectOk(
      await session.post(`${USER}/updatePass`, {
        oldPass: clientPasswordHash(student.initialPassword),
        newPass: clientPasswordHash('my-own-choice-1'),
      }),
    );
    const { token: next } = expectOk(await app.signIn(student.ticketNumber, 'my-own-choice-1'));
    expect(expectOk(await app.session(next).get<SessionUser>(ME)).passwordIsDefault).toBe(false);
    expectOk(await app.session(next).get(`${ATTEMPT_BASE}/listMyExams`));
  });
});

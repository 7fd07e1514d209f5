import { UserType, clientPasswordHash, studentInput, type Envelope } from '@kaoshi/shared';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOGIN_URL, type TestApp, useTestApp } from '../../../test/build-app.js';
import { inTransaction } from '../../db/database.js';
import { InitialPasswords } from '../base/student-password.js';
import { createStudents, type CreatedStudent } from '../base/student.service.js';
import { createBatch, studentBody } from '../base/test-data.js';
import { SIGN_IN_RATE_PER_MINUTE } from './auth.routes.js';
import { ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from './auth.service.js';

/** `count` students in one new batch, with their initial passwords (the default rule). */
async function addStudents(t: TestApp, count: number): Promise<CreatedStudent[]> {
  const batch = await createBatch(t.handle.db);
  const rows = Array.from({ length: count }, () => studentInput.parse(studentBody(batch.classId)));
  const passwords = await new InitialPasswords('id-last6').make(rows.map((row) => row.idNumber));
  return inTransaction(t.handle.db, (trx) => createStudents(trx, rows, passwords));
}

// The loops below send hundreds of sign-ins (a room, an attacker, a rate limit): they need more
// than the default 20 s on a busy 2-core machine, and are given 120 s.

/** doLogin as an examinee, from `remoteAddress` (and with whatever headers a test adds). */
async function signIn(
  t: TestApp,
  username: string,
  password: string,
  extra: Pick<InjectOptions, 'remoteAddress' | 'headers'> = {},
): Promise<Envelope<{ token: string }>> {
  const response = await t.app.inject({
    method: 'POST',
    url: LOGIN_URL,
    payload: { username, password: clientPasswordHash(password), userType: UserType.STUDENT },
    ...extra,
  });
  return response.json();
}

describe('failed sign-ins from one address across accounts (password spraying)', () => {
  const t = useTestApp();

  it("stops the attacker's loop: sequential ticket numbers, one password, one address", async () => {
    const students = await addStudents(t, 40);
    const attacker = { remoteAddress: '198.51.100.66' };
    // The ticket numbers go on past the last student, as a loop over the range would.
    const first = Number(students[0]!.ticketNumber.slice(4));
    const tickets = Array.from(
      { length: ADDRESS_FAILURE_LIMIT + 20 },
      (_, i) => `${students[0]!.ticketNumber.slice(0, 4)}${String(first + i).padStart(8, '0')}`,
    );
    const answers: number[] = [];
    for (const ticket of tickets)
      answers.push((await signIn(t, ticket, '123456', attacker)).status);
    // No account opened with the old shared password, and the loop was cut off at the limit.
    expect(answers).not.toContain(200);
    expect(answers.slice(0, ADDRESS_FAILURE_LIMIT)).toEqual(
      Array(ADDRESS_FAILURE_LIMIT).fill(10002),
    );
    expect(answers.slice(ADDRESS_FAILURE_LIMIT)).toEqual(Array(20).fill(10005));
    // Even the right password is refused at that address for the window …
    const student = students[3]!;
    const refused = await signIn(t, student.ticketNumber, student.initialPassword, attacker);
    expect(refused).toMatchObject({ status: 10005 });
    expect(refused.message).toMatch(/from your address; try again in \d+ minute/);
    // … and the students at other addresses are not affected.
    const elsewhere = await signIn(t, student.ticketNumber, student.initialPassword, {
      remoteAddress: '198.51.100.67',
    });
    expect(elsewhere.status).toBe(200);
  }, 120_000);

  it('lets an exam room of 300 behind one NAT address in, each mistyping once or twice', async () => {
    const room = await addStudents(t, 300);
    const nat = { remoteAddress: '203.0.113.10' };
    const refusedWith10005: string[] = [];
    const signedIn = new Set<string>();
    // Examinees arrive in waves of 60: everyone in a wave mistypes before anyone of it gets it
    // right, every third twice.
    for (let wave = 0; wave < room.length; wave += 60) {
      const students = room.slice(wave, wave + 60);
      await Promise.all(
        students.map(async (student, i) => {
          for (let typo = 0; typo < (i % 3 === 0 ? 2 : 1); typo++) {
            const answer = await signIn(
              t,
              student.ticketNumber,
              `${student.initialPassword}x`,
              nat,
            );
            if (answer.status === 10005) refusedWith10005.push(student.ticketNumber);
          }
        }),
      );
      await Promise.all(
        students.map(async (student) => {
          const answer = await signIn(t, student.ticketNumber, student.initialPassword, nat);
          if (answer.status === 200) signedIn.add(student.ticketNumber);
          else refusedWith10005.push(`${student.ticketNumber}: ${answer.message}`);
        }),
      );
    }
    expect(refusedWith10005).toEqual([]);
    expect(signedIn.size).toBe(300);
  }, 120_000);
});

describe('TRUST_PROXY: only the configured proxy is believed', () => {
  // The proxy is at 127.0.0.1, where inject's requests come from unless told otherwise.
  const t = useTestApp({ TRUST_PROXY: '127.0.0.1' });

  let counter = 0;
  /** What a client puts in front of the address the proxy appends: anything, new each time. */
  const rotating = (client: string) => ({
    'x-forwarded-for': `10.${++counter % 250}.${counter % 7}.1, ${client}`,
  });

  it('rotating the left-most X-Forwarded-For entries does not reset the lockout', async () => {
    const [student] = await addStudents(t, 1);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const answer = await signIn(t, student!.ticketNumber, `wrong${i}`, {
        headers: rotating('192.0.2.7'),
      });
      expect(answer.status).toBe(10002);
    }
    const locked = await signIn(t, student!.ticketNumber, student!.initialPassword, {
      headers: rotating('192.0.2.7'),
    });
    expect(locked).toMatchObject({ status: 10005 });
    // The address the trusted proxy saw is what counts: another client is not locked out.
    const other = await signIn(t, student!.ticketNumber, student!.initialPassword, {
      headers: rotating('192.0.2.8'),
    });
    expect(other.status).toBe(200);
    // A client that reaches the server directly cannot name an address at all.
    const direct = { remoteAddress: '192.0.2.9' };
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await signIn(t, student!.ticketNumber, `wrong${i}`, {
        ...direct,
        headers: rotating('1.1.1.1'),
      });
    }
    expect(
      await signIn(t, student!.ticketNumber, student!.initialPassword, {
        ...direct,
        headers: rotating('1.1.1.2'),
      }),
    ).toMatchObject({ status: 10005 });
  });

  it('rotating X-Forwarded-For does not reset the sign-in rate limit', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: LOGIN_URL,
        // Refused by validation at once: only the rate limit's count matters here.
        payload: {},
        headers: rotating('192.0.2.20'),
      });
    for (let i = 0; i < SIGN_IN_RATE_PER_MINUTE; i++) {
      expect((await send()).statusCode).toBe(400);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 10005 });
  }, 120_000);
});

import { UserType, clientPasswordHash, studentInput, type Envelope } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { LOGIN_URL, type TestApp, useTestApp } from '../../../test/build-app.js';
import { inTransaction } from '../../db/database.js';
import { InitialPasswords } from '../base/student-password.js';
import { createStudents } from '../base/student.service.js';
import { createBatch, studentBody } from '../base/test-data.js';
import { ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from './auth.service.js';

/** doLogin as an examinee from `remoteAddress`; the answer is under test. */
async function signIn(t: TestApp, username: string, password: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: LOGIN_URL,
    payload: { username, password: clientPasswordHash(password), userType: UserType.STUDENT },
    remoteAddress,
  });
  return response.json<Envelope<unknown>>();
}

/** How the answers split: 10002 is a password that was checked, 10005 one refused before. */
const tally = (answers: Envelope<unknown>[]) => ({
  evaluated: answers.filter((answer) => answer.status === 10002).length,
  refused: answers.filter((answer) => answer.status === 10005).length,
  other: answers.filter((answer) => answer.status !== 10002 && answer.status !== 10005).length,
});

const failuresFrom = async (t: TestApp, ip: string) =>
  Number(
    (
      await t.handle.db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('failure limits hold against parallel guesses (a failure is reserved before hashing)', () => {
  const t = useTestApp();

  it(`50 parallel wrong guesses at one account: at most ${LOGIN_FAILURE_LIMIT} are checked`, async () => {
    const batch = await createBatch(t.handle.db);
    const row = studentInput.parse(studentBody(batch.classId));
    const passwords = await new InitialPasswords('random').make([row.idNumber]);
    const [student] = await inTransaction(t.handle.db, (trx) =>
      createStudents(trx, [row], passwords),
    );
    const ip = '198.51.100.90';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(t, student!.ticketNumber, `guess-${i}`, ip)),
    );
    const counts = tally(answers);
    expect(counts.other).toBe(0);
    expect(counts.evaluated).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(counts.refused).toBeGreaterThanOrEqual(50 - LOGIN_FAILURE_LIMIT);
    // Every checked guess is one stored failure; refused ones leave none behind.
    expect(await failuresFrom(t, ip)).toBe(counts.evaluated);
    // The right password is refused too once the account is locked at that address. (Under a
    // burst every attempt may see the others' reservations and step back: then none counted.)
    expect((await signIn(t, student!.ticketNumber, student!.initialPassword, ip)).status).toBe(
      counts.evaluated === LOGIN_FAILURE_LIMIT ? 10005 : 200,
    );
  }, 120_000);

  it(`150 unknown names sprayed at once from one address: at most ${ADDRESS_FAILURE_LIMIT} are checked`, async () => {
    const ip = '198.51.100.91';
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        signIn(t, `KS9${String(i).padStart(11, '0')}`, 'x', ip),
      ),
    );
    const counts = tally(answers);
    expect(counts.other).toBe(0);
    expect(counts.evaluated).toBeLessThanOrEqual(ADDRESS_FAILURE_LIMIT);
    expect(counts.refused).toBeGreaterThanOrEqual(150 - ADDRESS_FAILURE_LIMIT);
    expect(await failuresFrom(t, ip)).toBe(counts.evaluated);
  }, 120_000);
});

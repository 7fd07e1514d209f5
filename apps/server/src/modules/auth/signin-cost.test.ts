import { UserType, clientPasswordHash, studentInput } from '@kaoshi/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_URL, useTestApp } from '../../../test/build-app.js';
import { inTransaction } from '../../db/database.js';
import { InitialPasswords } from '../base/student-password.js';
import { createStudents, type CreatedStudent } from '../base/student.service.js';
import { createBatch, studentBody } from '../base/test-data.js';
import { argon2id, hashSecret } from '../../secret.js';

/** The argon2 parameters of a stored hash ($argon2id$v=19$m=…,t=…,p=…), without salt and digest. */
const costOf = (stored: string) => stored.split('$').slice(1, 4).join('$');

describe('every sign-in verifies the same argon2 work, whoever it names', () => {
  const t = useTestApp();
  let student: CreatedStudent;
  let standard: string;
  beforeAll(async () => {
    standard = costOf(await hashSecret(clientPasswordHash('x')));
    const batch = await createBatch(t.handle.db);
    const row = studentInput.parse(studentBody(batch.classId));
    const passwords = await new InitialPasswords('random').make([row.idNumber]);
    student = (
      await inTransaction(t.handle.db, (trx) => createStudents(trx, [row], passwords))
    )[0]!;
  });

  /** Signs in and answers the cost of each stored hash argon2 was asked to verify against. */
  async function verifiedCosts(username: string, password: string, userType: number) {
    const verify = vi.spyOn(argon2id, 'verify');
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: { username, password: clientPasswordHash(password), userType },
    });
    expect(response.json()).toMatchObject({ status: 10002 });
    const costs = verify.mock.calls.map(([stored]) => costOf(String(stored)));
    verify.mockRestore();
    return costs;
  }

  it('a wrong password of a student on the initial password, of staff, and an unknown name verify the same costs', async () => {
    const initial = costOf(
      (
        await t.handle.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', student.userId)
          .executeTakeFirstOrThrow()
      ).password_hash,
    );
    // The initial password's hash is light (it is printed and kept beside the row anyway) …
    expect(initial).not.toBe(standard);
    // … so every attempt verifies one hash of each cost: the account's and a dummy's.
    const expected = [standard, initial].sort();
    expect(
      (await verifiedCosts(student.ticketNumber, 'wrong-guess', UserType.STUDENT)).sort(),
    ).toEqual(expected);
    expect((await verifiedCosts('admin', 'wrong-guess', UserType.ADMIN)).sort()).toEqual(expected);
    expect(
      (await verifiedCosts('KS00000000000099', 'wrong-guess', UserType.STUDENT)).sort(),
    ).toEqual(expected);
  });
});

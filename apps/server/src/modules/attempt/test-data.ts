import { RoleKey, clientPasswordHash } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { hashSecret } from '../auth/secret.js';
import { addStudents } from '../exam/test-data.js';

/**
 * `count` students of the batch who can sign in (their ticket number, `password`) and hold the
 * built-in STUDENT role: the candidates of the attempt tests. Their ticket numbers, in order.
 */
export async function addSignableStudents(
  db: Db,
  classId: number,
  count: number,
  options: { prefix: string; password: string },
): Promise<string[]> {
  const ids = await addStudents(db, classId, count, { prefix: options.prefix });
  const students = await db
    .selectFrom('students')
    .select(['user_id', 'ticket_number'])
    .where('id', 'in', ids)
    .orderBy('ticket_number')
    .execute();
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('key', '=', RoleKey.STUDENT)
    .executeTakeFirstOrThrow();
  // One hash for all: argon2 per student would cost seconds.
  const hash = await hashSecret(clientPasswordHash(options.password));
  await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where(
      'id',
      'in',
      students.map((row) => row.user_id),
    )
    .execute();
  await db
    .insertInto('user_roles')
    .values(students.map((row) => ({ user_id: row.user_id, role_id: role.id })))
    .execute();
  return students.map((row) => row.ticket_number);
}

import { RoleKey, clientPasswordHash, type ExamBody } from '@kaoshi/shared';
import { expectOk } from '../../../test/factories.js';
import type { Client } from '../../../test/build-app.js';
import type { Db } from '../../db/database.js';
import { hashSecret } from '../../secret.js';
import { EXAM_BASE, addStudents } from '../../../test/exams.js';

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
  // One hash for all: argon2 per student would cost seconds. A password of their own (not an
  // initial one), so the sessions reach the exam calls.
  const hash = await hashSecret(clientPasswordHash(options.password));
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_is_default: 0 })
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

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * Publishes an exam of `paperId` for the batches through the API (as `admin`) and opens its
 * window `openedMinutesAgo` minutes ago, two hours long unless `fields.endAt` says (the tests
 * cannot wait for a window to open). Its id.
 */
export async function publishOpenExam(
  admin: Client,
  db: Db,
  exam: { paperId: number; classIds: number[]; name: string },
  fields: Partial<ExamBody> = {},
  openedMinutesAgo = 1,
): Promise<number> {
  const body: ExamBody = {
    instructionId: null,
    startAt: inMinutes(60),
    endAt: inMinutes(180),
    durationMinutes: 30,
    ...exam,
    ...fields,
  };
  const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
  expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
  await db
    .updateTable('exams')
    .set({ start_at: inMinutes(-openedMinutesAgo), end_at: fields.endAt ?? inMinutes(120) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** What shows a key in an answer: property names only a key would bring, the fixture's key texts. */
export interface KeySigns {
  properties: ReadonlySet<string>;
  texts: readonly string[];
}

/** Each place in `value` that shows a key (`signs`), as a path from `where`, added to `found`. */
export function keyLeaksIn(
  value: unknown,
  signs: KeySigns,
  where = '$',
  found: string[] = [],
): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => keyLeaksIn(v, signs, `${where}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (signs.properties.has(key)) found.push(`${where}.${key}`);
      keyLeaksIn(inner, signs, `${where}.${key}`, found);
    }
  } else if (typeof value === 'string') {
    for (const text of signs.texts) if (value.includes(text)) found.push(`${where}: "${text}"`);
  }
  return found;
}

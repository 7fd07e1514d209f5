import { Perm, UserType } from '@kaoshi/shared';
import type { Client } from '../../../test/build-app.js';
import { login, type TestApp } from '../../../test/build-app.js';
import { bindRoles, createRole, signedInTeacher } from '../../../test/factories.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { addStudents } from '../exam/test-data.js';
import { createStructure } from '../question/test-data.js';
import {
  addClosedExam,
  addSectionedPaper,
  addSittings,
  releaseScores,
  type Sitting,
} from './test-data.js';

export const HOUR = 3_600_000;
export const sat = (part1: number[], part2: number[], minutes = 30): Sitting => ({
  scores: [part1, part2],
  minutes,
});

/**
 * The paper: Part one 4 × 10 points, Part two 3 × 20 points; total 100, pass 60.
 * Batch A (tickets RA-00001…5) and batch B (RB-00001…3) sit exam 1, in that seat order:
 *
 *   A1 40 + 30 = 70   A2 30 + 50 = 80   A3 30 + 50 = 80   A4 absent   A5 10 + 30 = 40
 *   B1 40 + 60 = 100  B2 10 + 50 = 60   B3 0 + 15 = 15
 *
 * Over the exam: 100 (B1) 1, 80 (A2, A3) 2, 2, 70 (A1) 4, 60 (B2) 5, 40 (A5) 6, 15 (B3) 7.
 * Passed (≥ 60): B1, A2, A3, A1, B2 = 5 of the 7 who sat; failed A5 (20 short), B3 (45 short).
 */
export const EXAM1: Sitting[] = [
  sat([10, 10, 10, 10], [20, 10, 0], 30),
  sat([10, 10, 5, 5], [20, 20, 10], 45),
  sat([10, 10, 10, 0], [20, 20, 10], 50),
  'absent',
  sat([5, 5, 0, 0], [10, 10, 10], 20),
  sat([10, 10, 10, 10], [20, 20, 20], 55),
  sat([10, 0, 0, 0], [20, 20, 10], 40),
  sat([0, 0, 0, 0], [10, 5, 0], 10),
];

/**
 * The scenario the statistics tests read: batches A and B, the sectioned paper, exams 0–2 as their
 * doc comments say, a teacher of batch B and a student given every statistics key.
 */
export async function statisticsScenario(t: TestApp, admin: Client) {
  const db = t.handle.db;
  const s = await createStructure(db);
  const batchA = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking A' });
  const batchB = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking B' });
  await addStudents(db, batchA, 5, { prefix: 'RA-' });
  await addStudents(db, batchB, 3, { prefix: 'RB-' });
  const tickets = {
    a: [1, 2, 3, 4, 5].map((n) => `RA-0000${n}`),
    b: [1, 2, 3].map((n) => `RB-0000${n}`),
  };
  const paperId = await addSectionedPaper(db, {
    subjectId: s.subjectId,
    level: s.level,
    courseId: s.courseId,
    passScore: 60,
    sections: [
      { title: 'Part one', scores: [10, 10, 10, 10] },
      { title: 'Part two', scores: [20, 20, 20] },
    ],
  });
  const exam0 = (await addClosedExam(db, { paperId, classIds: [batchA], hoursAgo: 48, name: 'E0' }))
    .examId;
  await addSittings(db, exam0, [
    sat([10, 10, 10, 10], [20, 20, 20]),
    sat([10, 10, 10, 10], [20, 0, 0]),
    sat([10, 10, 10, 10], [20, 20, 0]),
    sat([0, 0, 0, 0], [0, 0, 0]),
    'absent',
  ]);
  await releaseScores(db, exam0);
  const exam1 = (
    await addClosedExam(db, { paperId, classIds: [batchA, batchB], hoursAgo: 30, name: 'E1' })
  ).examId;
  await addSittings(db, exam1, EXAM1);
  await releaseScores(db, exam1);
  const exam2 = (await addClosedExam(db, { paperId, classIds: [batchA], hoursAgo: 24, name: 'E2' }))
    .examId;
  await addSittings(db, exam2, [sat([10, 10, 10, 10], [20, 20, 10])]);

  const teacher = await signedInTeacher(t.app, admin, [
    Perm.CLASS_RANKING,
    Perm.PASS_STATISTICS,
    Perm.SUPPLEMENTARY,
  ]);
  await assignTeacher(db, batchB, teacher.id);
  const teacherB = teacher.client;

  // A student (own batch, not in these exams) given a role with every statistics key.
  const batchC = await addClass(db, s.subjectId, { level: s.level, name: 'Ranking C' });
  const [ticket] = await addSignableStudents(db, batchC, 1, { prefix: 'RC-', password: 'pw' });
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', ticket!)
    .executeTakeFirstOrThrow();
  const role = await createRole(admin, {
    permissionKeys: [Perm.CLASS_RANKING, Perm.PASS_STATISTICS, Perm.SUPPLEMENTARY],
  });
  const studentRole = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', user.id)
    .execute();
  await bindRoles(admin, user.id, [...studentRole.map((r) => r.role_id), role.roleId]);
  const student = await login(t.app, ticket!, 'pw', UserType.STUDENT);
  return { s, batchA, batchB, paperId, exam0, exam1, exam2, teacherB, student, tickets };
}

import { MARKING_BASE } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import {
  addSkillsResult,
  certWorld,
  closedTheoryExam,
  type CertWorld,
} from '../../../test/certification.js';
import { monthsBefore } from '../certificate/scheme-certificates.js';

/** Make-up by component (issue 26 §4): only who failed it and still holds the other parts. */
describe('certification: a make-up of a scheme component', () => {
  let t: TestApp;
  let admin: Client;
  let w: CertWorld;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await certWorld(t.handle.db, 4);
    const [s0, s1, , s3] = w.studentIds as [number, number, number, number];
    // The make-up is published now: the windows are counted back from the real clock's now.
    const monthsAgo = (n: number) => monthsBefore(new Date().toISOString(), n);
    await addSkillsResult(t.handle.db, {
      studentId: s0,
      componentId: w.skillsId,
      score: 7000,
      finalAt: monthsAgo(1),
    });
    await addSkillsResult(t.handle.db, {
      studentId: s1,
      componentId: w.skillsId,
      score: 7000,
      finalAt: monthsAgo(13),
    });
    await addSkillsResult(t.handle.db, {
      studentId: s3,
      componentId: w.skillsId,
      score: 7000,
      finalAt: monthsAgo(1),
    });
  });
  afterAll(() => t.close());

  const day = 86_400_000;
  /** Releases the exam and publishes its make-up for the failed; the make-up's student ids. */
  async function makeUpOf(examId: number) {
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${examId}`));
    const { id } = expectOk(
      await admin.post<{ id: number }>(`${EXAM_BASE}/addMakeUpExam`, {
        examId,
        paperId: w.paperId,
        who: 'failed',
        startAt: new Date(Date.now() + 7 * day).toISOString(),
        endAt: new Date(Date.now() + 7 * day + 2 * 3_600_000).toISOString(),
        durationMinutes: 90,
      }),
    );
    const rows = await t.handle.db
      .selectFrom('exam_candidates')
      .select('student_id')
      .where('exam_id', '=', id)
      .orderBy('student_id')
      .execute();
    return rows.map((row) => row.student_id);
  }

  it('lists only who failed theory and holds a valid skills pass; an expired pass retakes all', async () => {
    const [s0, s1, s2, s3] = w.studentIds as [number, number, number, number];
    // s0 fails theory, holds skills; s1 fails, skills expired; s2 fails, no skills; s3 passes.
    const examId = await closedTheoryExam(t, admin, w, { [s0]: 50, [s1]: 50, [s2]: 50, [s3]: 200 });
    expect(await makeUpOf(examId)).toEqual([s0]);
  });

  it('keeps the make-up of an exam without a scheme as before: every failed candidate', async () => {
    const [s0, s1, s2, s3] = w.studentIds as [number, number, number, number];
    const examId = await closedTheoryExam(
      t,
      admin,
      w,
      { [s0]: 50, [s1]: 50, [s2]: 50, [s3]: 200 },
      { componentId: null },
    );
    expect(await makeUpOf(examId)).toEqual([s0, s1, s2]);
  });
});

import { MARKING_BASE } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { inTransaction } from '../../db/database.js';
import {
  addSkillAssessment,
  addSkillCandidate,
  addSkillSession,
} from '../skills/scoring-test-data.js';
import {
  addSkillsResult,
  certWorld,
  closedTheoryExam,
  type CertWorld,
} from '../../../test/certification.js';
import { SkillsComponentResults } from './component-results.js';
import { certifyScheme, monthsBefore } from '../certificate/scheme-certificates.js';

/** Certificates that need every part of the scheme (issue 26 §4). */
describe('certification: a certificate only with every required part, within the validity window', () => {
  let t: TestApp;
  let admin: Client;
  let w: CertWorld;
  let examId: number;
  let releasedAt: string;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await certWorld(t.handle.db, 4);
  });
  afterAll(() => t.close());

  const db = () => t.handle.db;
  const release = (id: number) => admin.post(`${MARKING_BASE}/releaseScores/${id}`);
  const withdraw = (id: number) =>
    admin.post(`${MARKING_BASE}/withdrawScores/${id}`, { reason: 'Wrong key' });
  const certificatesOf = (studentId: number) =>
    db()
      .selectFrom('certificates')
      .selectAll()
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute();
  const partsOf = (certificateId: number) =>
    db()
      .selectFrom('certificate_components')
      .select(['kind', 'score', 'full_score', 'pass_score'])
      .where('certificate_id', '=', certificateId)
      .orderBy('kind')
      .execute();

  it('writes the theory results at release and certifies only who holds every part', async () => {
    const [s0, s1, s2, s3] = w.studentIds as [number, number, number, number];
    const now = Date.now();
    const monthsAgo = (n: number) => monthsBefore(new Date(now).toISOString(), n);
    // s0: two valid skills passes (the best counts); s1: a skills fail; s2: a pass 13 months
    // old (expired); s3: a skills pass but a theory fail.
    await addSkillsResult(db(), {
      studentId: s0,
      componentId: w.skillsId,
      score: 7000,
      finalAt: monthsAgo(2),
    });
    await addSkillsResult(db(), {
      studentId: s0,
      componentId: w.skillsId,
      score: 9000,
      finalAt: monthsAgo(1),
    });
    await addSkillsResult(db(), {
      studentId: s1,
      componentId: w.skillsId,
      score: 5000,
      finalAt: monthsAgo(1),
    });
    await addSkillsResult(db(), {
      studentId: s2,
      componentId: w.skillsId,
      score: 8000,
      finalAt: monthsAgo(13),
    });
    await addSkillsResult(db(), {
      studentId: s3,
      componentId: w.skillsId,
      score: 8000,
      finalAt: monthsAgo(1),
    });
    examId = await closedTheoryExam(t, admin, w, { [s0]: 200, [s1]: 150, [s2]: 180, [s3]: 50 });
    expectOk(await release(examId));

    const theory = await db()
      .selectFrom('cert_results')
      .select(['student_id', 'score', 'passed', 'final_at'])
      .where('exam_id', '=', examId)
      .orderBy('student_id')
      .execute();
    // Scaled from the paper's 2 points to the component's 100.
    expect(theory.map((r) => [r.student_id, r.score, r.passed])).toEqual([
      [s0, 10000, 1],
      [s1, 7500, 1],
      [s2, 9000, 1],
      [s3, 2500, 0],
    ]);
    releasedAt = theory[0]!.final_at;

    const [certificate] = await certificatesOf(s0);
    expect(certificate).toMatchObject({ scheme_id: w.schemeId, exam_id: examId, revoked_at: null });
    expect(certificate!.number).toMatch(/^KS-\d{4}-\d{6}$/);
    expect(await partsOf(certificate!.id)).toEqual([
      { kind: 'skills', score: 9000, full_score: 10000, pass_score: 6000 },
      { kind: 'theory', score: 10000, full_score: 10000, pass_score: 6000 },
    ]);
    for (const other of [s1, s2, s3]) expect(await certificatesOf(other)).toEqual([]);
  });

  it("issues the certificate in the checker's transaction when the skills part is the last", async () => {
    const s1 = w.studentIds[1]!;
    const assessmentId = await addSkillAssessment(db(), {
      subjectId: w.subjectId,
      chiefId: 1,
      checkerId: 1,
    });
    await db()
      .updateTable('skill_assessments')
      .set({ scheme_component_id: w.skillsId })
      .where('id', '=', assessmentId)
      .execute();
    const sessionId = await addSkillSession(db(), assessmentId, 1, [{ station: 1, userId: 1 }]);
    const candidateId = await addSkillCandidate(db(), {
      assessmentId,
      sessionId,
      station: 1,
      turn: 1,
      studentId: s1,
      classId: w.classId,
    });
    await db()
      .updateTable('skill_candidates')
      .set({ state: 'checked', final_score: 8000 })
      .where('id', '=', candidateId)
      .execute();
    // A transaction that fails after the signature leaves no certificate.
    await expect(
      inTransaction(db(), async (trx) => {
        await new SkillsComponentResults().skillsFinal(candidateId, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await certificatesOf(s1)).toEqual([]);
    await inTransaction(db(), (trx) => new SkillsComponentResults().skillsFinal(candidateId, trx));
    const [certificate] = await certificatesOf(s1);
    expect(certificate).toMatchObject({ scheme_id: w.schemeId, exam_id: examId });
    expect(await partsOf(certificate!.id)).toEqual([
      { kind: 'skills', score: 8000, full_score: 10000, pass_score: 6000 },
      { kind: 'theory', score: 7500, full_score: 10000, pass_score: 6000 },
    ]);
  });

  it('carries a pass over for exactly the validity window and no longer', async () => {
    const s2 = w.studentIds[2]!;
    const edge = monthsBefore(releasedAt, 12);
    const justBefore = new Date(Date.parse(edge) - 1).toISOString();
    await addSkillsResult(db(), {
      studentId: s2,
      componentId: w.skillsId,
      score: 9500,
      finalAt: justBefore,
    });
    const certify = () =>
      inTransaction(db(), (trx) => certifyScheme(trx, w.schemeId, { studentId: s2 }, releasedAt));
    expect(await certify()).toEqual({ issued: 0, reinstated: 0 });
    await addSkillsResult(db(), {
      studentId: s2,
      componentId: w.skillsId,
      score: 6500,
      finalAt: edge,
    });
    expect(await certify()).toEqual({ issued: 1, reinstated: 0 });
    const [certificate] = await certificatesOf(s2);
    // The 95 is out of the window: the valid 65 is carried.
    expect((await partsOf(certificate!.id))[0]).toMatchObject({ kind: 'skills', score: 6500 });
    expect(await certify()).toEqual({ issued: 0, reinstated: 0 });
  });

  it('a withdrawal revokes and removes the theory results; a re-release gives the certificates back', async () => {
    const [s0, s1] = w.studentIds as [number, number];
    const before = (await certificatesOf(s0))[0]!;
    expectOk(await withdraw(examId));
    for (const student of [s0, s1]) {
      expect((await certificatesOf(student))[0]).toMatchObject({
        revoke_cause: 'withdrawal',
        revoke_reason: 'Wrong key',
      });
    }
    const left = await db()
      .selectFrom('cert_results')
      .select('id')
      .where('exam_id', '=', examId)
      .execute();
    expect(left).toEqual([]);
    expectOk(await release(examId));
    const after = (await certificatesOf(s0))[0]!;
    expect(after).toMatchObject({
      id: before.id,
      number: before.number,
      code: before.code,
      revoked_at: null,
    });
    expect(await partsOf(after.id)).toHaveLength(2);
  });

  it('an exam that counts for no scheme certifies on theory alone, as before', async () => {
    const s3 = w.studentIds[3]!;
    const plain = await closedTheoryExam(t, admin, w, { [s3]: 200 }, { componentId: null });
    expectOk(await release(plain));
    const mine = (await certificatesOf(s3)).filter((c) => c.exam_id === plain);
    expect(mine).toMatchObject([{ scheme_id: null, revoked_at: null }]);
    const results = await db()
      .selectFrom('cert_results')
      .select('id')
      .where('exam_id', '=', plain)
      .execute();
    expect(results).toEqual([]);
  });
});

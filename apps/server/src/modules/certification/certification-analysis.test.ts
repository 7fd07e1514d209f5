import {
  ApiStatus,
  MARKING_BASE,
  Perm,
  type CertificationAnalysisView,
  type CertificationComponentAnalysis,
  type ExamCertificationView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { addStudents } from '../../../test/exams.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import {
  addSkillsResult,
  certWorld,
  closedTheoryExam,
  type CertWorld,
} from '../../../test/certification.js';
import { addClass } from '../base/test-data.js';
import { monthsBefore } from '../certificate/scheme-certificates.js';
import { CERTIFICATION_API } from './scheme.routes.js';

const BASE = `${CERTIFICATION_API}/result`;

/** Bands of 10 points below the pass score of 60 (components of 100), counts from 0–10 up. */
const bands = (...counts: number[]) =>
  counts.map((count, i) => ({ from: i * 10, to: (i + 1) * 10, count }));

/**
 * getCertificationAnalysis (issue 26 §4): per scheme the statuses, per component the pass rate
 * and the failed best scores, for a small set worked out by hand.
 */
describe('certification analysis', () => {
  let t: TestApp;
  let admin: Client;
  let w: CertWorld;
  let otherClassId: number;
  let examId: number;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    const db = t.handle.db;
    w = await certWorld(db, 5);
    const [s0, s1, s2, s3, s4] = w.studentIds as [number, number, number, number, number];
    // The window is read back from now: the results are dated relative to it.
    const monthsAgo = (n: number) => monthsBefore(new Date().toISOString(), n);
    const skills = (studentId: number, score: number, months: number) =>
      addSkillsResult(db, {
        studentId,
        componentId: w.skillsId,
        score,
        finalAt: monthsAgo(months),
      });
    await skills(s0, 7000, 1);
    await skills(s1, 5000, 1); // best valid: 50, failed
    await skills(s1, 3000, 2); // a worse fail: not his best
    await skills(s2, 9000, 13); // expired: as if none
    await skills(s2, 1500, 14); // an expired fail: not in the failed statistics
    await skills(s3, 8000, 1);
    // Theory on the component's 100: 200 → 100, 50 → 25, 110 → 55 (pass 60).
    examId = await closedTheoryExam(t, admin, w, {
      [s0]: 200,
      [s1]: 200,
      [s2]: 200,
      [s3]: 50,
      [s4]: 110,
    });
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${examId}`));
    // Another batch of the scheme: one candidate who failed skills with 20.
    otherClassId = await addClass(db, w.subjectId, { level: w.level, name: 'Other cert batch' });
    const [o0] = (await addStudents(db, otherClassId, 1)) as [number];
    await skills(o0, 2000, 1);
  });
  afterAll(() => t.close());

  const analysis = (client: Client, query: Record<string, string>) =>
    client.get<CertificationAnalysisView>(`${BASE}/getCertificationAnalysis`, query);
  const component = (view: CertificationAnalysisView, kind: string) =>
    view.schemes[0]!.components.find((c) => c.kind === kind)!;

  it('counts the statuses and each component’s pass rate and failed best scores', async () => {
    const view = expectOk(await analysis(admin, { classId: String(w.classId) }));
    expect(view.schemes).toHaveLength(1);
    // s0 certified; s1 failed skills; s2 pending (skills expired); s3, s4 failed theory.
    expect(view.schemes[0]).toMatchObject({
      schemeId: w.schemeId,
      level: w.level,
      candidates: 5,
      certified: 1,
      failed: 3,
      pending: 1,
    });
    expect(component(view, 'theory')).toEqual<CertificationComponentAnalysis>({
      componentId: w.theoryId,
      kind: 'theory',
      required: true,
      fullScore: 100,
      passScore: 60,
      candidates: 5,
      passed: 3,
      passRate: 0.6,
      failed: { count: 2, mean: 40, min: 25, max: 55, bands: bands(0, 0, 1, 0, 0, 1) },
    });
    // s0 70 and s3 80 passed; s1 failed with his best, 50; s2's expired 90 and 15 count nowhere.
    expect(component(view, 'skills')).toMatchObject({
      candidates: 3,
      passed: 2,
      passRate: 0.6667,
      failed: { count: 1, mean: 50, min: 50, max: 50, bands: bands(0, 0, 0, 0, 0, 1) },
    });
  });

  it('filters by batch and by scheme as listCertification', async () => {
    const all = expectOk(
      await analysis(admin, { subjectId: String(w.subjectId), level: String(w.level) }),
    );
    expect(all.schemes[0]).toMatchObject({ candidates: 6, certified: 1, failed: 4, pending: 1 });
    expect(component(all, 'skills')).toMatchObject({
      candidates: 4,
      passed: 2,
      passRate: 0.5,
      failed: { count: 2, mean: 35, min: 20, max: 50, bands: bands(0, 0, 1, 0, 0, 1) },
    });
    const other = expectOk(await analysis(admin, { classId: String(otherClassId) }));
    expect(other.schemes[0]).toMatchObject({ candidates: 1, failed: 1 });
    expect(component(other, 'theory')).toMatchObject({
      candidates: 0,
      passRate: null,
      failed: { count: 0, mean: null, min: null, max: null, bands: bands(0, 0, 0, 0, 0, 0) },
    });
    const otherLevel = expectOk(
      await analysis(admin, {
        subjectId: String(w.subjectId),
        level: String(w.level === 4 ? 3 : 4),
      }),
    );
    expect(otherLevel.schemes).toEqual([]);
  });

  it('shows a teacher only the batches they hold, and needs a key', async () => {
    const outsider = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    expect(expectOk(await analysis(outsider.client, {})).schemes).toEqual([]);
    expectStatus(
      await analysis(outsider.client, { classId: String(w.classId) }),
      ApiStatus.NOT_FOUND,
    );
    await t.handle.db
      .insertInto('class_teachers')
      .values({ class_id: otherClassId, user_id: outsider.id })
      .execute();
    expect(expectOk(await analysis(outsider.client, {})).schemes[0]).toMatchObject({
      candidates: 1,
    });
    const keyless = await signedInTeacher(t.app, admin, [Perm.SKILLS_SCORE]);
    expectStatus(await analysis(keyless.client, {}), ApiStatus.FORBIDDEN);
    const manager = await signedInTeacher(t.app, admin, [Perm.SKILLS_MANAGE]);
    expect(expectOk(await analysis(manager.client, {})).schemes).toEqual([]);
  });

  const examAnalysis = (client: Client, query: Record<string, string>) =>
    client.get<ExamCertificationView>(`${BASE}/getExamCertificationAnalysis`, query);

  it('gives a theory exam its scheme’s pass rates over the exam’s candidates alone', async () => {
    const view = expectOk(await examAnalysis(admin, { examId: String(examId) }));
    expect(view).toMatchObject({
      schemeId: w.schemeId,
      componentId: w.theoryId,
      subjectId: w.subjectId,
      level: w.level,
    });
    // The other batch's candidate (skills 20) sat no exam of it: not counted.
    expect(view.scheme).toMatchObject({ candidates: 5, certified: 1, failed: 3, pending: 1 });
    const parts = view.scheme!.components.map((c) => [c.kind, c.candidates, c.passRate]);
    expect(parts).toEqual([
      ['theory', 5, 0.6],
      ['skills', 3, 0.6667],
    ]);
    const batch = expectOk(
      await examAnalysis(admin, { examId: String(examId), classId: String(w.classId) }),
    );
    expect(batch.scheme).toEqual(view.scheme);
    // An exam published without a scheme: no card.
    const plain = await closedTheoryExam(t, admin, w, {}, { componentId: null });
    expect(expectOk(await examAnalysis(admin, { examId: String(plain) }))).toEqual({
      schemeId: null,
      componentId: null,
      subjectId: null,
      subjectName: null,
      level: null,
      scheme: null,
    });
  });

  it('reads the exam as its statistics do: batches held, the screen’s key', async () => {
    const query = { examId: String(examId) };
    expectStatus(
      await examAnalysis(admin, { ...query, classId: String(otherClassId) }),
      ApiStatus.NOT_FOUND,
    );
    const outsider = await signedInTeacher(t.app, admin, [Perm.PASS_STATISTICS]);
    expectStatus(await examAnalysis(outsider.client, query), ApiStatus.NOT_FOUND);
    await t.handle.db
      .insertInto('class_teachers')
      .values({ class_id: w.classId, user_id: outsider.id })
      .execute();
    const held = expectOk(await examAnalysis(outsider.client, query));
    expect(held.scheme).toMatchObject({ candidates: 5, certified: 1 });
    const keyless = await signedInTeacher(t.app, admin, [Perm.SKILLS_SCORE]);
    expectStatus(await examAnalysis(keyless.client, query), ApiStatus.FORBIDDEN);
  });
});

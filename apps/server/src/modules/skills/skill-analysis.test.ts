import { ApiStatus, SKILL_ANALYSIS_BASE, type SkillAssessmentAnalysis } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import {
  CHECK,
  ITEM,
  SCORING,
  scoreAndSign,
  scores,
  skillsWorld,
  type SkillsWorld,
} from './scoring-test-data.js';

/**
 * Three examiners, tolerance 10 (out of line from a mean deviation of 5); the third scores every
 * candidate 8 or 9 points above the two others. Every figure below is worked out by hand.
 */
describe('skills analysis: pass rate, failed totals, items and examiners', () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  const url = (id: number) => `${SKILL_ANALYSIS_BASE}/getAssessmentAnalysis?assessmentId=${id}`;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { examiners: 3, tolerance: 1000, candidates: 5 });
    const [e1, e2, e3] = w.examiners as [
      SkillsWorld['other'],
      SkillsWorld['other'],
      SkillsWorld['other'],
    ];
    const [a, b, c, d, e] = w.candidates as [number, number, number, number, number];
    // A: 75, 75, 83 → 78 (passed; the checker signs it).
    await scoreAndSign(e1, a, { award40: 30, award30: 20, deduct30: 5 });
    await scoreAndSign(e2, a, { award40: 30, award30: 20, deduct30: 5 });
    await scoreAndSign(e3, a, { award40: 34, award30: 24, deduct30: 5 });
    expectOk(await w.checker.client.post(`${CHECK}/checkCandidate/${a}`));
    // B: 55, 57, 65 → 59 (failed).
    await scoreAndSign(e1, b, { award40: 20, award30: 15, deduct30: 10 });
    await scoreAndSign(e2, b, { award40: 22, award30: 15, deduct30: 10 });
    await scoreAndSign(e3, b, { award40: 26, award30: 19, deduct30: 10 });
    // C: 30, 30, 38 → 33 (failed).
    await scoreAndSign(e1, c, { award40: 10, award30: 10, deduct30: 20 });
    await scoreAndSign(e2, c, { award40: 10, award30: 10, deduct30: 20 });
    await scoreAndSign(e3, c, { award40: 14, award30: 14, deduct30: 20 });
    // D: every examiner hits the veto → 0 with the veto (failed).
    for (const examiner of [e1, e2, e3]) {
      await scoreAndSign(examiner, d, { award40: 40, award30: 30, deduct30: 0 }, true);
    }
    // E: a sheet still being typed counts nowhere.
    expectOk(
      await e1.client.post(`${SCORING}/saveItemScores`, {
        candidateId: e,
        scores: scores({ [ITEM.award40]: 1, [ITEM.award30]: 1, [ITEM.deduct30]: 30 }),
      }),
    );
  });
  afterAll(() => t.close());

  it('answers the pass rate and the failed totals on the component’s scale', async () => {
    const analysis = expectOk(await admin.get<SkillAssessmentAnalysis>(url(w.assessmentId)));
    expect(analysis).toMatchObject({
      assessmentId: w.assessmentId,
      fullScore: 100,
      passScore: 60,
      tolerance: 10,
      outOfLineAt: 5,
      candidates: 7, // and the world's two at other stations
      absent: 0,
      scored: 4,
      checked: 1,
      passed: 1,
      passRate: 0.25,
      failed: { count: 3, mean: 30.67, min: 0, max: 59 },
    });
  });

  it('answers facility and agreement per item, signed sheets only', async () => {
    const { items } = expectOk(await admin.get<SkillAssessmentAnalysis>(url(w.assessmentId)));
    const byId = new Map(items.map((item) => [item.itemId, item]));
    expect(items.map((item) => item.itemId)).toEqual([
      ITEM.award40,
      ITEM.award30,
      ITEM.deduct30,
      ITEM.veto,
    ]);
    // Means 31.33, 22.67, 11.33, 40 → 26.33 of 40; pairs 0+4+4, 2+6+4, 0+4+4, 0 → 28 / 12.
    expect(byId.get(ITEM.award40)).toMatchObject({
      candidates: 4,
      facility: 0.6583,
      differing: 3,
      differRate: 0.75,
      meanAbsDiff: 2.33,
      vetoHits: 0,
    });
    // Means 21.33, 16.33, 11.33, 30 → 19.75 of 30; pairs 8, 8, 8, 0 → 24 / 12.
    expect(byId.get(ITEM.award30)).toMatchObject({
      facility: 0.6583,
      differing: 3,
      meanAbsDiff: 2,
    });
    // Taken 5, 10, 20, 0 → 8.75: kept 21.25 of 30; every examiner alike.
    expect(byId.get(ITEM.deduct30)).toMatchObject({
      mode: 'deduct',
      facility: 0.7083,
      differing: 0,
      differRate: 0,
      meanAbsDiff: 0,
    });
    expect(byId.get(ITEM.veto)).toMatchObject({
      veto: true,
      candidates: 4,
      differRate: 0,
      facility: null,
      meanAbsDiff: null,
      differing: 0,
      vetoHits: 3,
    });
  });

  it('shows the examiner who scores out of line', async () => {
    const { examiners } = expectOk(await admin.get<SkillAssessmentAnalysis>(url(w.assessmentId)));
    const [e1, e2, e3] = w.examiners;
    // E1: −4, −6, −4, 0; E2: −4, −3, −4, 0; E3: +8, +9, +8, 0 (over four sheets each).
    expect(
      examiners.map((x) => [x.examinerId, x.sheets, x.compared, x.meanDeviation, x.outOfLine]),
    ).toEqual([
      [e1!.id, 4, 4, -3.5, false],
      [e2!.id, 4, 4, -2.75, false],
      [e3!.id, 4, 4, 6.25, true],
    ]);
    expect(examiners.map((x) => x.meanAbsDeviation)).toEqual([3.5, 2.75, 6.25]);
  });

  it('a disagreement on the veto counts on the veto item', async () => {
    const fresh = await skillsWorld(t, admin, { examiners: 2, candidates: 1 });
    const [e1, e2] = fresh.examiners;
    const id = fresh.candidates[0]!;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }, true);
    await scoreAndSign(e2!, id, { award40: 40, award30: 30, deduct30: 0 });
    const analysis = expectOk(await admin.get<SkillAssessmentAnalysis>(url(fresh.assessmentId)));
    expect(analysis).toMatchObject({ scored: 0, passRate: null, failed: { count: 0 } });
    expect(analysis.items.find((item) => item.itemId === ITEM.veto)).toMatchObject({
      candidates: 1,
      differing: 1,
      differRate: 1,
      vetoHits: 1,
    });
    // E1's 0 against E2's 100, and back.
    expect(analysis.examiners.map((x) => x.meanDeviation)).toEqual([-100, 100]);
  });

  it('refuses an examiner without the keys, and an unknown assessment', async () => {
    expectStatus(await w.examiners[0]!.client.get(url(w.assessmentId)), ApiStatus.FORBIDDEN);
    expectStatus(await admin.get(url(999_999)), ApiStatus.NOT_FOUND);
  });
});

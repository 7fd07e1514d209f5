import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk } from '../../../test/factories.js';
import { CHECK, scoreAndSign, skillsWorld, type SkillsWorld } from '../skills/scoring-test-data.js';

/** The skills component's result, written when the checker signs (issue 26 §4). */
describe('certification: a skills component result at the checker’s signature', () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  let componentId: number;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { candidates: 3 });
    const db = t.handle.db;
    const at = new Date().toISOString();
    const { subject_id: subjectId } = await db
      .selectFrom('skill_assessments as a')
      .innerJoin('skill_sheet_versions as v', 'v.id', 'a.sheet_version_id')
      .innerJoin('skill_sheets as s', 's.id', 'v.sheet_id')
      .select('s.subject_id')
      .where('a.id', '=', w.assessmentId)
      .executeTakeFirstOrThrow();
    const scheme = await db
      .insertInto('cert_schemes')
      .values({ subject_id: subjectId, level: 5, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The skills component out of 100 with 60 to pass (the sheet is out of 100 too).
    ({ id: componentId } = await db
      .insertInto('cert_scheme_components')
      .values({ scheme_id: scheme.id, kind: 'skills', full_score: 10000, pass_score: 6000 })
      .returning('id')
      .executeTakeFirstOrThrow());
    await db
      .updateTable('skill_assessments')
      .set({ scheme_component_id: componentId })
      .where('id', '=', w.assessmentId)
      .execute();
  });
  afterAll(() => t.close());

  const resultsOf = (candidateId: number) =>
    t.handle.db
      .selectFrom('cert_results')
      .select(['student_id', 'component_id', 'score', 'passed', 'exam_id'])
      .where('skill_candidate_id', '=', candidateId)
      .execute();
  const studentOf = async (candidateId: number) =>
    (
      await t.handle.db
        .selectFrom('skill_candidates')
        .select('student_id')
        .where('id', '=', candidateId)
        .executeTakeFirstOrThrow()
    ).student_id;
  const check = (id: number) => w.checker.client.post(`${CHECK}/checkCandidate/${id}`);

  it('records nothing before the checker signs, then the score and a pass', async () => {
    const id = w.candidates[0]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 38, award30: 30, deduct30: 0 }); // 38 + 30 + (30 − 0) = 98
    await scoreAndSign(e2!, id, { award40: 36, award30: 30, deduct30: 0 }); // 96: the mean is 97
    expect(await resultsOf(id)).toEqual([]);
    expectOk(await check(id));
    expect(await resultsOf(id)).toEqual([
      {
        student_id: await studentOf(id),
        component_id: componentId,
        score: 9700,
        passed: 1,
        exam_id: null,
      },
    ]);
  });

  it('records a fail below the pass score', async () => {
    const id = w.candidates[1]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 20, award30: 10, deduct30: 0 }); // 60
    await scoreAndSign(e2!, id, { award40: 15, award30: 10, deduct30: 0 }); // 55: the mean 57.5 rounds to 58
    expectOk(await check(id));
    expect(await resultsOf(id)).toMatchObject([{ score: 5800, passed: 0 }]);
  });
});

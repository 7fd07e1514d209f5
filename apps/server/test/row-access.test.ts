import { ApiStatus, MARKING_BASE as BASE, Perm, type MarkingPlanView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPaper } from '../src/modules/exam/test-data.js';
import { PAPER_BASE } from '../src/modules/paper/paper.routes.js';
import { type Client, useTestApp } from './build-app.js';
import { expectOk, expectStatus, signedInTeacher, storedValue } from './factories.js';
import { buildRowScopeFixture, scopedTeacher, type RowScopeFixture } from './row-scope-fixture.js';
import { oneMarkerPlan } from './exams.js';

/**
 * The security report's finding 2: marking and paper printing ignored batch scope. Each hole
 * it names, called by a user scoped to batch A on batch B's rows (lib/access.ts).
 */
describe('row access of marking and paper printing', () => {
  const t = useTestApp();
  let f: RowScopeFixture;
  let manager: Client;

  beforeAll(async () => {
    f = await buildRowScopeFixture(t);
    manager = f.manager.client;
  });

  it("an exam manager of batch A reads no keys of batch B's exam while it is open", async () => {
    // The exam module does not show him batch B's exam; marking must not either.
    expectStatus(
      await manager.get(`/api/kaoshi-exam/exam/getExam/${f.b.openExamId}`),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(await manager.get(`${BASE}/listKeyItems/${f.b.openExamId}`), ApiStatus.NOT_FOUND);
  });

  it('keys of an open exam reach no one, not its own manager nor the administrator', async () => {
    const own = await manager.get(`${BASE}/listKeyItems/${f.a.openExamId}`);
    expectStatus(own, ApiStatus.FORBIDDEN);
    expect(own.body.message).toMatch(/until it closes/);
    expectStatus(await f.admin.get(`${BASE}/listKeyItems/${f.a.openExamId}`), ApiStatus.FORBIDDEN);
    // Once closed, its holder reads them.
    expect(
      expectOk(await manager.get<unknown[]>(`${BASE}/listKeyItems/${f.a.closedExamId}`)),
    ).not.toHaveLength(0);
  });

  it("withdrawScores, correctKey, setMarkingPlan and releaseScores of batch B's exams are refused", async () => {
    expectStatus(
      await manager.post(`${BASE}/withdrawScores/${f.b.releasedExamId}`, { reason: 'mine now' }),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(
      await manager.post(`${BASE}/correctKey`, {
        examId: f.b.readyExamId,
        itemId: f.b.singleItemId,
        answer: 'B',
        reason: 'mine now',
      }),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(
      await manager.post(
        `${BASE}/setMarkingPlan`,
        oneMarkerPlan(f.b.closedExamId, f.b.markedItemId, f.manager.id),
      ),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(
      await manager.post(`${BASE}/releaseScores/${f.b.readyExamId}`),
      ApiStatus.NOT_FOUND,
    );
    const releasedAt = (id: number) => storedValue(t.handle.db, 'exams', 'released_at', id);
    expect(await releasedAt(f.b.releasedExamId)).not.toBeNull();
    expect(await releasedAt(f.b.readyExamId)).toBeNull();
    expect(
      await t.handle.db
        .selectFrom('marking_plans')
        .select('exam_id')
        .where('exam_id', '=', f.b.closedExamId)
        .execute(),
    ).toEqual([]);
    // His own batch's exam: the same calls work.
    expectOk(
      await manager.post<MarkingPlanView>(
        `${BASE}/setMarkingPlan`,
        oneMarkerPlan(f.a.closedExamId, f.a.markedItemId, f.manager.id),
      ),
    );
  });

  it('exam-wide changes need every batch of the exam; reading needs one', async () => {
    const both = await scopedTeacher(t, f.admin, [Perm.MARKING, Perm.PUBLISH], [f.b.classId]);
    // The exam of batches A and B: A's manager reads its release but may not release it.
    await t.handle.db
      .insertInto('exam_classes')
      .values({ exam_id: f.b.readyExamId, class_id: f.a.classId })
      .execute();
    try {
      expectOk(await manager.get(`${BASE}/getRelease/${f.b.readyExamId}`));
      const refused = await manager.post(`${BASE}/releaseScores/${f.b.readyExamId}`);
      expectStatus(refused, ApiStatus.FORBIDDEN);
      expect(refused.body.message).toMatch(/batches not assigned to you/);
      expectStatus(
        await both.client.post(`${BASE}/releaseScores/${f.b.readyExamId}`),
        ApiStatus.FORBIDDEN,
      );
    } finally {
      await t.handle.db
        .deleteFrom('exam_classes')
        .where('exam_id', '=', f.b.readyExamId)
        .where('class_id', '=', f.a.classId)
        .execute();
    }
  });

  it('a plain marker reads the marking progress only of exams he marks or whose batch he holds', async () => {
    const marker = await signedInTeacher(t.app, f.admin, [Perm.MARKING]);
    expectStatus(
      await marker.client.get(`${BASE}/getMarkingProgress/${f.b.closedExamId}`),
      ApiStatus.NOT_FOUND,
    );
    // Named a marker of A's exam (the plan above), he reads its progress.
    expectOk(
      await manager.post(
        `${BASE}/setMarkingPlan`,
        oneMarkerPlan(f.a.closedExamId, f.a.markedItemId, marker.id),
      ),
    );
    expectOk(await marker.client.get(`${BASE}/getMarkingProgress/${f.a.closedExamId}`));
  });

  it('a teacher of batch B may not print with answers the paper batch A is sitting now', async () => {
    const teacherB = await scopedTeacher(t, f.admin, [Perm.PAPER], [f.b.classId]);
    const url = `${PAPER_BASE}/printPaper/${f.a.paperId}`;
    expectStatus(await teacherB.client.get(url, { answers: '1' }), ApiStatus.NOT_FOUND);
    expectStatus(
      await teacherB.client.request({
        method: 'GET',
        url: `${PAPER_BASE}/exportPaper/${f.a.paperId}?answers=1`,
      }),
      ApiStatus.NOT_FOUND,
    );
    // Its paper list: its batch's paper and papers no exam sits yet, not batch A's.
    const draft = await addPaper(t.handle.db, { ...f.structure, name: 'Row scope draft' });
    const listed = expectOk(
      await teacherB.client.get<{ list: { id: number }[] }>(`${PAPER_BASE}/listPaper`, {
        limit: '500',
      }),
    ).list.map((paper) => paper.id);
    expect(listed).toContain(f.b.paperId);
    expect(listed).toContain(draft);
    expect(listed).not.toContain(f.a.paperId);
    // Batch A's paper manager prints it with answers, and each open exam's log says so.
    expectOk(await manager.get(url, { answers: '1' }));
    const logged = await t.handle.db
      .selectFrom('exam_changes')
      .select(['exam_id', 'user_id'])
      .where('action', '=', 'printKeys')
      .execute();
    expect(logged).toEqual([{ exam_id: f.a.openExamId, user_id: f.manager.id }]);
  });
});

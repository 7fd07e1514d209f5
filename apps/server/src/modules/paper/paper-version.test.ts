import { ApiStatus, Perm, RoleKey, UserType } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, login, useAdminApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus, roleIdOf } from '../../../test/factories.js';
import { AppError } from '../../errors.js';
import { QUESTION_BASE } from '../question/question.routes.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { publishPaperVersion, readPaperVersion } from './paper-version.js';
import { PAPER_BASE as BASE } from './paper.routes.js';
import { addBankQuestions } from './test-data.js';

describe('paper versions', () => {
  const t = useAdminApp();
  let s: Structure;

  beforeAll(async () => {
    s = await createStructure(t.handle.db);
  });

  async function passedPaper(body: Record<string, unknown>): Promise<number> {
    const { id } = expectOk(await t.admin.post<{ id: number }>(`${BASE}/addPaper`, body));
    expectOk(await t.admin.post(`${BASE}/submitPaper/${id}`));
    const role = await createRole(t.admin, {
      permissionKeys: [Perm.PUBLISH_GROUP, Perm.PAPER, Perm.PAPER_AUDIT],
    });
    const user = await addUser(t.admin, {
      userType: UserType.TEACHER,
      roleIds: [role.roleId, await roleIdOf(t.admin, RoleKey.SUPER)],
    });
    const reviewer = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expectOk(await reviewer.post(`${BASE}/auditPaper`, { id, result: 1 }));
    return id;
  }

  it('freezes every question, key and score: edits to the bank and the paper change nothing in it', async () => {
    const ids = await addBankQuestions(t.handle.db, [
      { subjectId: s.subjectId, level: s.level, courseId: s.courseId, type: 0, score: 3 },
      { subjectId: s.subjectId, level: s.level, courseId: s.courseId, type: 2 },
    ]);
    const body = {
      name: 'Frozen',
      subjectId: s.subjectId,
      level: s.level,
      passScore: 3,
      durationMinutes: 60,
      mode: 'manual',
      sections: [{ title: 'Only', questions: ids.map((questionId) => ({ questionId })) }],
    };
    const draft = expectOk(await t.admin.post<{ id: number }>(`${BASE}/addPaper`, body));
    await expect(publishPaperVersion(t.handle.db, draft.id, 1)).rejects.toThrow(AppError);
    expectOk(await t.admin.delete(`${BASE}/deletePaper/${draft.id}`));

    const paperId = await passedPaper(body);
    const first = await publishPaperVersion(t.handle.db, paperId, 1);
    expect(first.version).toBe(1);
    const frozen = await readPaperVersion(t.handle.db, first.id);
    expect(frozen).toMatchObject({ total: 500, questionCount: 2 });
    expect(frozen.sections[0]!.items.map((item) => [item.itemId, item.score])).toEqual([
      ['s1q1', 300],
      ['s1q2', 200],
    ]);
    expect(frozen.sections[0]!.items[0]!.options).toEqual([
      { key: 'A', content: '<p>A</p>', correct: true },
      { key: 'B', content: '<p>B</p>', correct: false },
    ]);

    // The bank question is rewritten, taken out of the paper and deleted; the paper renamed.
    const question = expectOk(
      await t.admin.get<Record<string, unknown>>(`${QUESTION_BASE}/getQuestion/${ids[1]}`),
    );
    expectOk(
      await t.admin.put(`${QUESTION_BASE}/updateQuestion`, {
        ...question,
        content: '<p>Rewritten</p>',
        answer: 'F',
      }),
    );
    expectStatus(
      await t.admin.delete(`${QUESTION_BASE}/deleteQuestion/${ids[1]}`),
      ApiStatus.CONFLICT,
    );
    expectOk(
      await t.admin.put(`${BASE}/updatePaper`, {
        ...body,
        id: paperId,
        name: 'Renamed',
        sections: [{ title: 'Only', questions: [{ questionId: ids[0] }] }],
      }),
    );
    expectOk(await t.admin.delete(`${QUESTION_BASE}/deleteQuestion/${ids[1]}`));

    expect(await readPaperVersion(t.handle.db, first.id)).toEqual(frozen);
    expectStatus(
      await t.admin.delete(`${BASE}/deletePaper/${paperId}`),
      ApiStatus.CONFLICT,
      /used by 1 published exam/,
    );
  });

  it('holds the rules and the pool of a paper drawn per candidate', async () => {
    const ids = await addBankQuestions(
      t.handle.db,
      Array.from({ length: 5 }, () => ({
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        type: 1,
        difficulty: 4,
      })),
    );
    const rules = [{ type: 1, count: 3, score: 2, difficulty: 4 }];
    const paperId = await passedPaper({
      name: 'Each their own',
      subjectId: s.subjectId,
      level: s.level,
      passScore: 3,
      durationMinutes: 60,
      mode: 'rules',
      drawPerCandidate: true,
      sections: [{ title: 'Multiple choice', rules }],
    });
    const { id } = await publishPaperVersion(t.handle.db, paperId, 1);
    const frozen = await readPaperVersion(t.handle.db, id);
    expect(frozen).toMatchObject({ total: 600, questionCount: 3 });
    expect(frozen.sections[0]!.items).toEqual([]);
    expect(frozen.sections[0]!.rules).toMatchObject([{ count: 3, difficulty: [4, 4] }]);
    expect(frozen.sections[0]!.pool.map((item) => item.questionId)).toEqual(ids);
  });
});

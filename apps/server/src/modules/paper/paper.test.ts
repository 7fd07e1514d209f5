import {
  ApiStatus,
  AuditStatus,
  Perm,
  RoleKey,
  UserType,
  type CandidatePaper,
  type ListResult,
  type PaperDraw,
  type PaperListItem,
  type PaperView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { DEFAULT_PASSWORD, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus, roleIdOf } from '../../../test/factories.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { PaperRepository } from './paper.repository.js';
import { PAPER_BASE as BASE } from './paper.routes.js';
import { addBankQuestions } from './test-data.js';

type Body = Record<string, unknown>;

describe('papers', () => {
  let t: TestApp;
  let admin: Client;
  /** EXAM-MANAGE with role SUPER: builds papers. */
  let author: Client;
  /** EXAM-MANAGE and EXAM-MANAGE-AUDIT with role SUPER: reviews what others build. */
  let reviewer: Client;
  let s: Structure;
  /** Approved judgement questions (difficulty 3) of the structure's course and first point. */
  let judgements: number[];

  async function paperUser(keys: string[], withSuper = true) {
    const role = await createRole(admin, { permissionKeys: keys });
    const superId = await roleIdOf(admin, RoleKey.SUPER);
    const user = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: withSuper ? [role.roleId, superId] : [role.roleId],
    });
    return { ...user, client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER) };
  }

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(t.handle.db);
    author = (await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER])).client;
    reviewer = (await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER, Perm.PAPER_AUDIT])).client;
    judgements = await addBankQuestions(
      t.handle.db,
      Array.from({ length: 6 }, () => ({
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        pointId: s.pointId,
      })),
    );
  });
  afterAll(() => t.close());

  const paper = (fields: Body = {}): Body => ({
    name: 'Electrician, level 5, paper A',
    subjectId: s.subjectId,
    level: s.level,
    description: 'First paper',
    passScore: 6,
    durationMinutes: 90,
    mode: 'manual',
    sections: [
      {
        title: 'Part one: true or false',
        questions: judgements.slice(0, 3).map((questionId) => ({ questionId })),
      },
    ],
    ...fields,
  });

  describe('built by hand', () => {
    it('adds a draft whose total is the sum of its questions: bank score, section score or its own', async () => {
      const { id } = expectOk(
        await author.post<{ id: number }>(`${BASE}/addPaper`, {
          ...paper(),
          sections: [
            {
              title: 'One',
              questions: [{ questionId: judgements[0] }, { questionId: judgements[1], score: 3.5 }],
            },
            { title: 'Two', score: 4, questions: [{ questionId: judgements[2] }] },
          ],
        }),
      );
      const view = expectOk(await author.get<PaperView>(`${BASE}/getPaper/${id}`));
      expect(view.auditStatus).toBeNull();
      expect(view.sections.map((section) => section.questions.map((q) => q.score))).toEqual([
        [2, 3.5],
        [4],
      ]);
      expect(view.sections.map((section) => section.total)).toEqual([5.5, 4]);
      expect(view.statistics).toMatchObject({
        questionCount: 3,
        total: 9.5,
        byType: [{ type: 2, count: 3, points: 9.5 }],
        byDifficulty: [{ difficulty: 3, count: 3 }],
        byCourse: [{ courseId: s.courseId, count: 3 }],
      });
      const list = expectOk(
        await author.get<ListResult<PaperListItem>>(`${BASE}/listPaper`, {
          subjectId: String(s.subjectId),
          auditStatus: 'draft',
        }),
      );
      expect(list.list.find((p) => p.id === id)).toMatchObject({ questionCount: 3, total: 9.5 });
    });

    it('refuses what may not go in, naming the question and the field, and writes nothing', async () => {
      const [otherLevel] = await addBankQuestions(t.handle.db, [
        { subjectId: s.subjectId, level: 4, courseId: s.otherCourseId },
      ]);
      const [unapproved] = await addBankQuestions(t.handle.db, [
        {
          subjectId: s.subjectId,
          level: s.level,
          courseId: s.courseId,
          auditStatus: AuditStatus.UNDER_REVIEW,
        },
      ]);
      const [retired] = await addBankQuestions(t.handle.db, [
        { subjectId: s.subjectId, level: s.level, courseId: s.courseId, retired: true },
      ]);
      const before = await t.handle.db.selectFrom('papers').select('id').execute();
      const withQuestions = (ids: number[]) =>
        author.post(
          `${BASE}/addPaper`,
          paper({
            sections: [{ title: 'X', questions: ids.map((questionId) => ({ questionId })) }],
          }),
        );
      expectStatus(
        await withQuestions([judgements[0]!, otherLevel!]),
        ApiStatus.INVALID_INPUT,
        `sections.0.questions.1.questionId: question ${otherLevel} is not of job type`,
      );
      expectStatus(
        await withQuestions([unapproved!]),
        ApiStatus.INVALID_INPUT,
        `question ${unapproved} is not approved (its status is under review)`,
      );
      expectStatus(
        await withQuestions([retired!]),
        ApiStatus.INVALID_INPUT,
        `question ${retired} is retired`,
      );
      expectStatus(
        await withQuestions([judgements[0]!, judgements[0]!]),
        ApiStatus.INVALID_INPUT,
        `question ${judgements[0]} is in the paper twice`,
      );
      expectStatus(
        await withQuestions([999999]),
        ApiStatus.INVALID_INPUT,
        'question 999999 does not exist',
      );
      expectStatus(
        await withQuestions([]),
        ApiStatus.INVALID_INPUT,
        'sections: the paper is worth 0 points',
      );
      expectStatus(
        await author.post(`${BASE}/addPaper`, paper({ passScore: 7 })),
        ApiStatus.INVALID_INPUT,
        'passScore: the pass score 7 is above the total 6',
      );
      expectStatus(
        await author.post(`${BASE}/addPaper`, paper({ level: 1 })),
        ApiStatus.INVALID_INPUT,
        /^level: /,
      );
      expect(await t.handle.db.selectFrom('papers').select('id').execute()).toEqual(before);
    });

    it('answers in the language asked for', async () => {
      const refused = await author.request({
        method: 'POST',
        url: `${BASE}/addPaper`,
        payload: paper({ passScore: 7 }),
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(refused.body.message).toBe('及格分：及格分 7 高于总分 6');
    });

    it('needs EXAM-MANAGE and role SUPER', async () => {
      const withoutSuper = (await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER], false)).client;
      expectStatus(await withoutSuper.get(`${BASE}/listPaper`), ApiStatus.FORBIDDEN, /SUPER/);
      const withoutKey = (await paperUser([Perm.PUBLISH_GROUP])).client;
      expectStatus(await withoutKey.get(`${BASE}/listPaper`), ApiStatus.FORBIDDEN, /EXAM-MANAGE/);
    });

    it('copies a paper as a draft, and deletes one no exam sits, refusing one with a version', async () => {
      const { id } = expectOk(await author.post<{ id: number }>(`${BASE}/addPaper`, paper()));
      const copy = expectOk(await reviewer.post<{ id: number }>(`${BASE}/copyPaper/${id}`));
      const copied = expectOk(await reviewer.get<PaperView>(`${BASE}/getPaper/${copy.id}`));
      expect(copied).toMatchObject({
        name: 'Electrician, level 5, paper A (copy)',
        auditStatus: null,
      });
      expect(copied.sections[0]!.questions.map((q) => q.questionId)).toEqual(
        judgements.slice(0, 3),
      );

      expectOk(await author.delete(`${BASE}/deletePaper/${copy.id}`));
      expectStatus(await author.get(`${BASE}/getPaper/${copy.id}`), ApiStatus.NOT_FOUND);
      await new PaperRepository(t.handle.db).insertVersion({
        paperId: id,
        snapshot: '{}',
        totalScore: 600,
        questionCount: 3,
        sha256: 'x'.repeat(64),
        createdBy: 1,
        createdAt: new Date().toISOString(),
      });
      expectStatus(
        await author.delete(`${BASE}/deletePaper/${id}`),
        ApiStatus.CONFLICT,
        `paper ${id} is used by 1 published exam(s)`,
      );
    });
  });

  describe("the examinee's view", () => {
    it('shows stems, options, blanks and task links, never a key, an analysis or an accepted blank', async () => {
      // A job type of its own, so that these questions stay out of the other tests' draws.
      const own = await createStructure(t.handle.db);
      const ids = await addBankQuestions(
        t.handle.db,
        [0, 1, 2, 3, 4, 5].map((type) => ({
          subjectId: own.subjectId,
          level: own.level,
          courseId: own.courseId,
          type,
        })),
      );
      const { id } = expectOk(
        await author.post<{ id: number }>(`${BASE}/addPaper`, {
          ...paper({ subjectId: own.subjectId }),
          sections: [{ title: 'All types', questions: ids.map((questionId) => ({ questionId })) }],
        }),
      );
      const preview = await author.get<CandidatePaper>(`${BASE}/previewPaper/${id}`);
      const view = expectOk(preview);
      const items = view.sections[0]!.items;
      expect(
        items.map((item) => [item.type, item.options.length, item.blankCount, item.linkUrl]),
      ).toEqual([
        [0, 2, 0, ''],
        [1, 2, 0, ''],
        [2, 0, 0, ''],
        [3, 0, 0, 'https://task.example/1'],
        [4, 0, 2, ''],
        [5, 0, 0, ''],
      ]);
      expect(items[0]!.options).toEqual([
        { key: 'A', content: '<p>A</p>' },
        { key: 'B', content: '<p>B</p>' },
      ]);
      const text = JSON.stringify(preview.body);
      for (const secret of [
        'correct',
        'answer',
        'analysis',
        'blanks',
        'Why ',
        'Model answer',
        'ohm',
        'volt',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
    });
  });

  describe('group audit', () => {
    it('submits, refuses the author and users without the key, passes; an edit sends it back; a fail needs a reason', async () => {
      const { id } = expectOk(await author.post<{ id: number }>(`${BASE}/addPaper`, paper()));
      const status = async () =>
        expectOk(await author.get<PaperView>(`${BASE}/getPaper/${id}`)).auditStatus;
      expectStatus(
        await reviewer.post(`${BASE}/auditPaper`, { id, result: 1 }),
        ApiStatus.CONFLICT,
        `paper ${id} is not under review: it is a draft`,
      );
      expectOk(await author.post(`${BASE}/submitPaper/${id}`));
      expect(await status()).toBe(0);
      expectStatus(
        await author.post(`${BASE}/submitPaper/${id}`),
        ApiStatus.CONFLICT,
        /cannot be submitted for review: it is under review/,
      );
      expectStatus(
        await author.post(`${BASE}/auditPaper`, { id, result: 1 }),
        ApiStatus.FORBIDDEN,
        /EXAM-MANAGE-AUDIT/,
      );
      const selfReviewer = await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER, Perm.PAPER_AUDIT]);
      const own = expectOk(
        await selfReviewer.client.post<{ id: number }>(`${BASE}/addPaper`, paper()),
      );
      expectOk(await selfReviewer.client.post(`${BASE}/submitPaper/${own.id}`));
      expectStatus(
        await selfReviewer.client.post(`${BASE}/auditPaper`, { id: own.id, result: 1 }),
        ApiStatus.FORBIDDEN,
        'you cannot review your own paper',
      );

      expectOk(await reviewer.post(`${BASE}/auditPaper`, { id, result: 1 }));
      expect(await status()).toBe(1);
      expectOk(await author.put(`${BASE}/updatePaper`, { ...paper({ name: 'Renamed' }), id }));
      expect(await status()).toBe(0);
      expectStatus(
        await reviewer.post(`${BASE}/auditPaper`, { id, result: 2 }),
        ApiStatus.INVALID_INPUT,
        /^reason: /,
      );
      expectOk(await reviewer.post(`${BASE}/auditPaper`, { id, result: 2, reason: 'Too easy' }));
      const failed = expectOk(await author.get<PaperView>(`${BASE}/getPaper/${id}`));
      expect(failed).toMatchObject({ auditStatus: 2, auditReason: 'Too easy' });
      expectOk(await author.post(`${BASE}/submitPaper/${id}`));
      expect(await status()).toBe(0);
    });
  });

  describe('by rules', () => {
    let courseQuestions: number[];
    const ruled = (rules: Body[], fields: Body = {}): Body =>
      paper({ mode: 'rules', passScore: 1, sections: [{ title: 'Drawn', rules }], ...fields });

    beforeAll(async () => {
      // Single choice in the first course: 6 at difficulty 3, 4 at difficulty 2 (second point, tagged).
      courseQuestions = await addBankQuestions(t.handle.db, [
        ...Array.from({ length: 6 }, () => ({
          subjectId: s.subjectId,
          level: s.level,
          courseId: s.courseId,
          pointId: s.pointId,
          type: 0,
          difficulty: 3,
        })),
        ...Array.from({ length: 4 }, () => ({
          subjectId: s.subjectId,
          level: s.level,
          courseId: s.courseId,
          pointId: s.secondPointId,
          type: 0,
          difficulty: 2,
          tags: ['安全'],
        })),
      ]);
    });

    it('draws questions meeting each rule, the same ones again from the same seed', async () => {
      const body = ruled([
        { type: 0, count: 3, score: 2, difficulty: 3, courseId: s.courseId },
        { type: 0, count: 2, score: 1.5, difficulty: [1, 2], tags: ['安全'] },
      ]);
      const first = expectOk(await author.post<PaperDraw>(`${BASE}/drawPaper`, body));
      const ids = first.sections[0]!.questions.map((q) => q.questionId);
      expect(ids).toHaveLength(5);
      expect(ids.every((id) => courseQuestions.includes(id))).toBe(true);
      expect(first.sections[0]!.questions.map((q) => [q.difficulty, q.score])).toEqual([
        [3, 2],
        [3, 2],
        [3, 2],
        [2, 1.5],
        [2, 1.5],
      ]);
      expect(first.statistics.total).toBe(9);
      const again = expectOk(
        await author.post<PaperDraw>(`${BASE}/drawPaper`, { ...body, seed: first.seed }),
      );
      expect(again.sections[0]!.questions.map((q) => q.questionId)).toEqual(ids);

      // Saved as drawn, with its seed.
      const { id } = expectOk(
        await author.post<{ id: number }>(`${BASE}/addPaper`, {
          ...body,
          seed: first.seed,
          sections: [
            {
              title: 'Drawn',
              rules: (body.sections as Body[])[0]!.rules,
              questions: first.sections[0]!.questions.map((q) => ({
                questionId: q.questionId,
                score: q.score,
              })),
            },
          ],
        }),
      );
      const saved = expectOk(await author.get<PaperView>(`${BASE}/getPaper/${id}`));
      expect(saved.seed).toBe(first.seed);
      expect(saved.statistics.total).toBe(9);
    });

    it('names every shortfall exactly', async () => {
      const refused = await author.post(
        `${BASE}/drawPaper`,
        ruled([{ type: 0, count: 10, score: 1, difficulty: 3, courseId: s.courseId }]),
      );
      expectStatus(
        refused,
        ApiStatus.INVALID_INPUT,
        `sections: the bank cannot fill the paper: section 1, rule 1 (Single choice, difficulty 3, course Course ${s.courseCode}): needs 10, the bank holds 6`,
      );
    });

    it('swaps one drawn question for another meeting the same rule', async () => {
      const rules = [{ type: 0, count: 5, score: 2, difficulty: 3 }];
      const drawn = expectOk(await author.post<PaperDraw>(`${BASE}/drawPaper`, ruled(rules)));
      const questions = drawn.sections[0]!.questions.map((q) => ({
        questionId: q.questionId,
        score: q.score,
      }));
      const other = expectOk(
        await author.post<{ questionId: number; difficulty: number }>(`${BASE}/swapQuestion`, {
          ...ruled(rules),
          sections: [{ title: 'Drawn', rules, questions }],
          section: 0,
          questionId: questions[0]!.questionId,
        }),
      );
      expect(questions.map((q) => q.questionId)).not.toContain(other.questionId);
      expect(other.difficulty).toBe(3);
    });

    it('a paper drawn per candidate holds rules only, one difficulty each, and the bank must meet them', async () => {
      const perCandidate = (rules: Body[], questions: Body[] = []) =>
        author.post<{ id: number }>(`${BASE}/addPaper`, {
          ...ruled(rules),
          drawPerCandidate: true,
          sections: [{ title: 'Each their own', rules, questions }],
        });
      expectStatus(
        await perCandidate([{ type: 0, count: 2, score: 1, difficulty: [2, 3] }]),
        ApiStatus.INVALID_INPUT,
        'sections.0.rules.0.difficulty: section 1, rule 1: a paper drawn per candidate needs one difficulty per rule',
      );
      expectStatus(
        await perCandidate(
          [{ type: 0, count: 2, score: 1, difficulty: 3 }],
          [{ questionId: judgements[0] }],
        ),
        ApiStatus.INVALID_INPUT,
        /holds no fixed questions: section 1 has some/,
      );
      expectStatus(
        await perCandidate([{ type: 0, count: 7, score: 1, difficulty: 3 }]),
        ApiStatus.INVALID_INPUT,
        /needs 7, the bank holds 6/,
      );
      expectStatus(
        await author.post(`${BASE}/addPaper`, { ...paper(), drawPerCandidate: true }),
        ApiStatus.INVALID_INPUT,
        /^drawPerCandidate: only a paper filled by rules/,
      );
      const { id } = expectOk(
        await perCandidate([{ type: 0, count: 4, score: 2.5, difficulty: 3 }]),
      );
      const list = expectOk(
        await author.get<ListResult<PaperListItem>>(`${BASE}/listPaper`, { keyword: 'paper A' }),
      );
      expect(list.list.find((p) => p.id === id)).toMatchObject({
        drawPerCandidate: true,
        questionCount: 4,
        total: 10,
      });
    });
  });

  describe('from the appraisal-point blueprint', () => {
    it('spreads each type over the points by weight and covers every X point', async () => {
      const db = t.handle.db;
      // Course weight 100 %; points: first 80 % (X), second 20 % (X).
      await db
        .updateTable('knowledge')
        .set({ weight: 10000 })
        .where('id', '=', s.courseId)
        .execute();
      await db.updateTable('knowledge').set({ weight: 8000 }).where('id', '=', s.pointId).execute();
      await db
        .updateTable('knowledge')
        .set({ weight: 2000 })
        .where('id', '=', s.secondPointId)
        .execute();
      await addBankQuestions(
        db,
        Array.from({ length: 3 }, () => ({
          subjectId: s.subjectId,
          level: s.level,
          courseId: s.courseId,
          pointId: s.secondPointId,
          type: 2,
        })),
      );
      const body = paper({
        mode: 'blueprint',
        passScore: 1,
        sections: [{ title: 'Judgement' }],
        blueprint: { types: [{ type: 2, count: 5, score: 2 }] },
      });
      const drawn = expectOk(await author.post<PaperDraw>(`${BASE}/drawPaper`, body));
      expect(drawn.sections).toHaveLength(1);
      expect(drawn.sections[0]).toMatchObject({ title: 'Judgement', total: 10 });
      const byPoint = Object.fromEntries(
        drawn.statistics.byPoint.map((p) => [p.pointId, [p.planned, p.drawn]]),
      );
      expect(byPoint).toEqual({ [s.pointId]: [4, 4], [s.secondPointId]: [1, 1] });

      expectStatus(
        await author.post(`${BASE}/drawPaper`, {
          ...body,
          blueprint: { types: [{ type: 2, count: 40, score: 1 }] },
        }),
        ApiStatus.INVALID_INPUT,
        `the bank cannot fill the paper: True or false, appraisal point "Point ${s.pointCode}": needs 32, the bank holds 6; True or false, appraisal point "Point `,
      );
    });
  });
});

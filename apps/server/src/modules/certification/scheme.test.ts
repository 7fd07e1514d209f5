import {
  Perm,
  type ExamBody,
  type ListResult,
  type SchemeBody,
  type SchemeView,
  type SubjectOption,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, storedValue } from '../../../test/factories.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { ExamWorld } from '../exam/test-data.js';
import { SUBJECT, addDepartment, addSchool, addSubject } from '../school/structure.fixtures.js';

const SCHEME = '/api/kaoshi-certification/scheme';

describe('certification schemes', () => {
  const world = new ExamWorld();
  let t: TestApp;
  let admin: Client;
  /** A job type of levels 5, 4, 3 with no scheme yet (each test takes its own level or job type). */
  let subjectId: number;
  let subjectName: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await world.build(t));
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    ({ id: subjectId, name: subjectName } = await addSubject(admin, department.id));
  });
  afterAll(() => t.close());

  const freshSubject = async () => {
    const school = await addSchool(admin);
    const department = await addDepartment(admin, school.id);
    return addSubject(admin, department.id);
  };
  const addScheme = (body: Partial<SchemeBody>) =>
    admin.post<{ id: number }>(`${SCHEME}/addScheme`, {
      subjectId,
      level: 5,
      components: [{ kind: 'theory' }, { kind: 'skills' }],
      ...body,
    });
  const get = async (id: number) =>
    expectOk(await admin.get<SchemeView>(`${SCHEME}/getSchemeById/${id}`));
  const list = (query: Record<string, string> = {}) =>
    admin.get<ListResult<SchemeView>>(`${SCHEME}/listScheme`, { limit: '100', ...query });
  const inZh = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    admin.request({
      method,
      url,
      payload: payload as object,
      headers: { 'accept-language': 'zh' },
    });

  it('adds a scheme with the default scores and validity, and reads it back', async () => {
    const { id } = expectOk(await addScheme({ level: 5 }));
    expect(await get(id)).toEqual({
      id,
      subjectId,
      subjectName,
      level: 5,
      validityMonths: 12,
      components: [
        {
          id: expect.any(Number),
          kind: 'theory',
          fullScore: 100,
          passScore: 60,
          required: true,
          sort: 0,
        },
        {
          id: expect.any(Number),
          kind: 'skills',
          fullScore: 100,
          passScore: 60,
          required: true,
          sort: 1,
        },
      ],
      exams: [],
      assessments: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Scores are stored as hundredths.
    const theory = (await get(id)).components[0]!.id;
    expect(await storedValue(t.handle.db, 'cert_scheme_components', 'pass_score', theory)).toBe(
      6000,
    );
  });

  it('takes every field, points with two decimals, and lists by job type and level', async () => {
    const { id } = expectOk(
      await addScheme({
        level: 3,
        validityMonths: 24,
        components: [
          { kind: 'theory', fullScore: 100, passScore: 60 },
          { kind: 'skills', fullScore: 100, passScore: 70.5 },
          { kind: 'review', fullScore: 50, passScore: 30, required: false },
        ],
      }),
    );
    const view = await get(id);
    expect(view.validityMonths).toBe(24);
    expect(view.components.map((c) => [c.kind, c.fullScore, c.passScore, c.required])).toEqual([
      ['theory', 100, 60, true],
      ['skills', 100, 70.5, true],
      ['review', 50, 30, false],
    ]);
    const bySubject = expectOk(await list({ subjectId: String(subjectId) }));
    expect(bySubject.list.map((row) => row.level)).toEqual(expect.arrayContaining([5, 3]));
    expect(bySubject.total).toBe(bySubject.list.length);
    const byLevel = expectOk(await list({ subjectId: String(subjectId), level: '3' }));
    expect(byLevel.list.map((row) => row.id)).toEqual([id]);
    expect(byLevel.total).toBe(1);
    const paged = expectOk(await list({ subjectId: String(subjectId), limit: '1' }));
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe(bySubject.total);
  });

  it('refuses a second scheme for the job type and level', async () => {
    const other = await freshSubject();
    expectOk(await addScheme({ subjectId: other.id, level: 4 }));
    expectStatus(
      await addScheme({ subjectId: other.id, level: 4 }),
      10004,
      new RegExp(
        `^level: job type '${other.name}' already has a certification scheme for Intermediate`,
      ),
    );
    const zh = await inZh('POST', `${SCHEME}/addScheme`, {
      subjectId: other.id,
      level: 4,
      components: [{ kind: 'theory' }],
    });
    expect(zh.body.message).toBe(`等级：申报工种“${other.name}”的中级已有认定方案`);
  });

  it.each([
    [
      { components: [{ kind: 'skills' }] },
      /^components: a scheme needs exactly one required theory/,
    ],
    [
      { components: [{ kind: 'theory', required: false }, { kind: 'skills' }] },
      /^components: a scheme needs exactly one required theory/,
    ],
    [
      { components: [{ kind: 'theory' }, { kind: 'skills' }, { kind: 'skills' }] },
      /^components\.2\.kind: 'skills assessment' appears twice/,
    ],
    [
      { components: [{ kind: 'theory', fullScore: 50 }] },
      /^components\.0\.passScore: the pass score 60 is above the full score 50/,
    ],
    [{ components: [] }, /components/],
    [
      {
        components: [
          { kind: 'theory' },
          { kind: 'skills' },
          { kind: 'review' },
          { kind: 'review' },
        ],
      },
      /components/,
    ],
    [{ components: [{ kind: 'oral' }] }, /kind/],
    [{ components: [{ kind: 'theory', fullScore: 1.234 }] }, /fullScore/],
    [{ components: [{ kind: 'theory', passScore: -1 }] }, /passScore/],
    [{ validityMonths: 0 }, /validityMonths/],
    [{ validityMonths: 121 }, /validityMonths/],
    [{ level: 6 }, /level/],
    [{ level: 1 }, /^level: job type '.*' offers only level 5, 4, 3/],
    [{ subjectId: 999999 }, /^subjectId: Job type 999999 not found/],
  ])('refuses %o with 10002, naming the field', async (fields, message) => {
    const other = await freshSubject();
    expectStatus(
      await addScheme({ subjectId: other.id, level: 4, ...fields } as never),
      10002,
      message,
    );
  });

  it('words the rules in the language of the request', async () => {
    const zh = await inZh('POST', `${SCHEME}/addScheme`, {
      subjectId,
      level: 4,
      components: [{ kind: 'theory', passScore: 120, fullScore: 100 }],
    });
    expect(zh.body.message).toBe('及格分：及格分 120 高于满分 100');
    const twice = await inZh('POST', `${SCHEME}/addScheme`, {
      subjectId,
      level: 4,
      components: [{ kind: 'theory' }, { kind: 'theory' }],
    });
    expect(twice.body.message).toBe('类型：“理论知识考试”出现了两次');
  });

  it('updates the fields and replaces the components, a kind kept keeping its id', async () => {
    const other = await freshSubject();
    const { id } = expectOk(
      await addScheme({
        subjectId: other.id,
        components: [{ kind: 'theory' }, { kind: 'skills' }, { kind: 'review' }],
      }),
    );
    const before = await get(id);
    expectOk(
      await admin.put(`${SCHEME}/updateScheme`, {
        id,
        subjectId: other.id,
        level: 4,
        validityMonths: 6,
        components: [
          { kind: 'skills', fullScore: 100, passScore: 65 },
          { kind: 'theory', fullScore: 100, passScore: 60 },
        ],
      }),
    );
    const after = await get(id);
    expect(after.level).toBe(4);
    expect(after.validityMonths).toBe(6);
    expect(after.components.map((c) => [c.kind, c.passScore, c.sort])).toEqual([
      ['skills', 65, 0],
      ['theory', 60, 1],
    ]);
    const idOf = (view: SchemeView, kind: string) =>
      view.components.find((c) => c.kind === kind)!.id;
    expect(idOf(after, 'theory')).toBe(idOf(before, 'theory'));
    expect(idOf(after, 'skills')).toBe(idOf(before, 'skills'));
    // Moving onto a level another scheme holds is refused.
    expectOk(await addScheme({ subjectId: other.id, level: 3 }));
    expectStatus(
      await admin.put(`${SCHEME}/updateScheme`, {
        id,
        subjectId: other.id,
        level: 3,
        components: [{ kind: 'theory' }],
      }),
      10004,
      /^level: .*already has a certification scheme for Senior/,
    );
    expectStatus(
      await admin.put(`${SCHEME}/updateScheme`, {
        id: 999999,
        subjectId,
        level: 5,
        components: [{ kind: 'theory' }],
      }),
      10003,
    );
  });

  describe('used by an exam or an assessment', () => {
    let schemeId: number;
    let examId: number;
    let examName: string;
    const body = (fields: Partial<ExamBody> = {}) =>
      world.examBody({ name: 'Electrician 5, certified', ...fields });

    beforeAll(async () => {
      schemeId = expectOk(await addScheme({ subjectId: world.s.subjectId, level: 5 })).id;
      examName = 'Electrician 5, certified';
      ({ id: examId } = await world.published({ name: examName, schemeId }));
    });

    it('stores the exam with the theory component and shows the scheme in its view', async () => {
      const scheme = await get(schemeId);
      const theory = scheme.components.find((c) => c.kind === 'theory')!.id;
      expect(await storedValue(t.handle.db, 'exams', 'scheme_component_id', examId)).toBe(theory);
      expect((await world.getExam(examId)).schemeId).toBe(schemeId);
      expect(scheme.exams).toEqual([{ id: examId, name: examName, kind: 'theory' }]);
      // Without a scheme nothing changes.
      const { id: plain } = await world.published({ name: 'No scheme' });
      expect((await world.getExam(plain)).schemeId).toBeNull();
      expect(await storedValue(t.handle.db, 'exams', 'scheme_component_id', plain)).toBeNull();
    });

    it('refuses a scheme of another job type or level, naming both', async () => {
      const levelFour = expectOk(await addScheme({ subjectId: world.s.subjectId, level: 4 })).id;
      const subjectName = (await get(levelFour)).subjectName;
      expectStatus(
        await admin.post(`${EXAM_BASE}/addExam`, body({ schemeId: levelFour })),
        10002,
        `schemeId: the scheme is for '${subjectName}' Intermediate, but the exam's batches are for '${subjectName}' Junior`,
      );
      expectStatus(
        await admin.post(`${EXAM_BASE}/addExam`, body({ schemeId: 999999 })),
        10002,
        /^schemeId: Certification scheme 999999 not found/,
      );
      // A draft changed to name the scheme, and back.
      const draft = await world.addDraft({ name: 'Draft with scheme' });
      expectOk(
        await admin.put(`${EXAM_BASE}/updateExam`, {
          id: draft,
          ...body({ name: 'Draft with scheme', schemeId }),
        }),
      );
      expect((await world.getExam(draft)).schemeId).toBe(schemeId);
      expectStatus(
        await admin.put(`${EXAM_BASE}/updateExam`, {
          id: draft,
          ...body({ name: 'Draft with scheme', schemeId: levelFour }),
        }),
        10002,
        /^schemeId: /,
      );
      expectOk(
        await admin.put(`${EXAM_BASE}/updateExam`, {
          id: draft,
          ...body({ name: 'Draft with scheme' }),
        }),
      );
      expect((await world.getExam(draft)).schemeId).toBeNull();
    });

    it('refuses deleting the scheme, moving it or dropping a kind, naming the exam', async () => {
      expectStatus(
        await admin.delete(`${SCHEME}/deleteScheme/${schemeId}`),
        10004,
        new RegExp(
          `is still used by exams \\(“${examName}”\\) and skills assessments \\(none\\); it cannot be deleted`,
        ),
      );
      expectStatus(
        await admin.put(`${SCHEME}/updateScheme`, {
          id: schemeId,
          subjectId: world.s.subjectId,
          level: 3,
          components: [{ kind: 'theory' }, { kind: 'skills' }],
        }),
        10004,
        new RegExp(
          `^subjectId: .*used by exams \\(“${examName}”\\).*its job type and level cannot change`,
        ),
      );
      expectStatus(
        await admin.put(`${SCHEME}/updateScheme`, {
          id: schemeId,
          subjectId: world.s.subjectId,
          level: 5,
          components: [{ kind: 'theory' }],
        }),
        10004,
        /^components: .*'skills assessment' cannot be removed/,
      );
      // Scores, validity and a new kind may still change.
      expectOk(
        await admin.put(`${SCHEME}/updateScheme`, {
          id: schemeId,
          subjectId: world.s.subjectId,
          level: 5,
          validityMonths: 18,
          components: [
            { kind: 'theory', passScore: 55 },
            { kind: 'skills' },
            { kind: 'review', required: false },
          ],
        }),
      );
      expect((await get(schemeId)).components.map((c) => c.kind)).toEqual([
        'theory',
        'skills',
        'review',
      ]);
    });

    it('refuses deleting a scheme a skills assessment counts for, naming it', async () => {
      const other = await freshSubject();
      const id = expectOk(await addScheme({ subjectId: other.id, level: 5 })).id;
      const skills = (await get(id)).components.find((c) => c.kind === 'skills')!.id;
      const db = t.handle.db;
      const now = new Date().toISOString();
      const sheet = await db
        .insertInto('skill_sheets')
        .values({
          subject_id: other.id,
          level: 5,
          name: 'Wiring',
          time_limit_minutes: 60,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await db
        .insertInto('skill_sheet_versions')
        .values({
          sheet_id: sheet.id,
          version: 1,
          snapshot: '{}',
          full_score: 10000,
          created_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('skill_assessments')
        .values({
          name: 'Wiring, June',
          sheet_version_id: version.id,
          scheme_component_id: skills,
          chief_id: null,
          checker_id: null,
          published_at: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect((await get(id)).assessments).toEqual([
        { id: expect.any(Number), name: 'Wiring, June', kind: 'skills' },
      ]);
      expectStatus(
        await admin.delete(`${SCHEME}/deleteScheme/${id}`),
        10004,
        /used by exams \(none\) and skills assessments \(“Wiring, June”\)/,
      );
    });
  });

  it('deletes an unused scheme with its components', async () => {
    const other = await freshSubject();
    const { id } = expectOk(await addScheme({ subjectId: other.id }));
    expectOk(await admin.delete(`${SCHEME}/deleteScheme/${id}`));
    expectStatus(await admin.get(`${SCHEME}/getSchemeById/${id}`), 10003);
    const left = await t.handle.db
      .selectFrom('cert_scheme_components')
      .select('id')
      .where('scheme_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expectStatus(await admin.delete(`${SCHEME}/deleteScheme/${id}`), 10003);
  });

  it('refuses every call to a user without SKILLS-MANAGE (10001)', async () => {
    const { id } = expectOk(await list()).list[0]!;
    const { client } = await signedInTeacher(t.app, admin, [Perm.COURSE]);
    const body = { subjectId, level: 4, components: [{ kind: 'theory' }] };
    const results = await Promise.all([
      client.get(`${SCHEME}/listScheme`),
      client.post(`${SCHEME}/addScheme`, body),
      client.get(`${SCHEME}/getSchemeById/${id}`),
      client.put(`${SCHEME}/updateScheme`, { ...body, id }),
      client.delete(`${SCHEME}/deleteScheme/${id}`),
    ]);
    for (const result of results) expectStatus(result, 10001, /SKILLS-MANAGE/);
    // SKILLS-MANAGE reads the schemes and the job-type select the scheme screen needs.
    const manager = await signedInTeacher(t.app, admin, [Perm.SKILLS_MANAGE]);
    expectOk(await manager.client.get(`${SCHEME}/listScheme`));
    expect(
      expectOk(await manager.client.get<SubjectOption[]>(`${SUBJECT}/listSubjectsForSelect`)).map(
        (s) => s.id,
      ),
    ).toContain(subjectId);
  });
});

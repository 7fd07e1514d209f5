import {
  ApiStatus,
  Perm,
  RoleKey,
  UserType,
  type CandidatePaper,
  type PaperView,
  type PrintPaper,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { DEFAULT_PASSWORD, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import {
  addUser,
  createRole,
  expectOk,
  expectStatus,
  roleIdOf,
  storedValue,
} from '../../../test/factories.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { PAPER_BASE as BASE } from './paper.routes.js';
import { addBankQuestions } from './test-data.js';

/** Every property name anywhere in a JSON value. */
function propertyNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) propertyNames(entry, names);
  else if (value !== null && typeof value === 'object') {
    for (const [name, entry] of Object.entries(value)) {
      names.add(name);
      propertyNames(entry, names);
    }
  }
  return names;
}

describe('a paper to read and print', () => {
  let t: TestApp;
  let admin: Client;
  /** EXAM-MANAGE with role SUPER. */
  let author: Client;
  let s: Structure;
  let paperId: number;
  /** Question ids: single, multiple, judgement (T), judgement (F), link, fill-in, short answer. */
  let ids: number[];

  async function paperUser(keys: string[], withSuper = true) {
    const role = await createRole(admin, { permissionKeys: keys });
    const superId = await roleIdOf(admin, RoleKey.SUPER);
    const user = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: withSuper ? [role.roleId, superId] : [role.roleId],
    });
    return login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
  }

  const print = (id: number | string, answers?: string, as: Client = author) =>
    as.get<PrintPaper>(`${BASE}/printPaper/${id}`, answers === undefined ? {} : { answers });

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    author = await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER]);
    s = await createStructure(t.handle.db);
    ids = await addBankQuestions(
      t.handle.db,
      [0, 1, 2, 2, 3, 4, 5].map((type) => ({
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        type,
      })),
    );
    await t.handle.db
      .updateTable('questions')
      .set({ answer: 'F' })
      .where('id', '=', ids[3]!)
      .execute();
    await t.handle.db
      .updateTable('questions')
      .set({ answer: '<p>Marking guide</p>' })
      .where('id', '=', ids[4]!)
      .execute();
    ({ id: paperId } = expectOk(
      await author.post<{ id: number }>(`${BASE}/addPaper`, {
        name: 'Electrician, level 5, printed',
        subjectId: s.subjectId,
        level: s.level,
        description: 'For the spring session',
        passScore: 8.5,
        durationMinutes: 75,
        mode: 'manual',
        sections: [
          {
            title: 'Choices',
            description: 'Pick one or more',
            questions: [{ questionId: ids[0] }, { questionId: ids[1], score: 3.5 }],
          },
          { title: 'The rest', questions: ids.slice(2).map((questionId) => ({ questionId })) },
        ],
      }),
    ));
  });
  afterAll(() => t.close());

  it('without the key: the header, and each question exactly as the examinee sees it, no key anywhere', async () => {
    const response = await print(paperId, '0');
    const paper = expectOk(response);
    const view = expectOk(await author.get<PaperView>(`${BASE}/getPaper/${paperId}`));
    expect(paper).toMatchObject({
      id: paperId,
      name: 'Electrician, level 5, printed',
      description: 'For the spring session',
      subjectName: view.subjectName,
      level: 5,
      passScore: 8.5,
      durationMinutes: 75,
      total: 15.5,
      questionCount: 7,
      drawPerCandidate: false,
      withKey: false,
    });
    expect(
      paper.sections.map((section) => [section.title, section.description, section.total]),
    ).toEqual([
      ['Choices', 'Pick one or more', 5.5],
      ['The rest', '', 10],
    ]);
    // The examinee's presenter decides every field but the key: the print matches the preview.
    const preview = expectOk(await author.get<CandidatePaper>(`${BASE}/previewPaper/${paperId}`));
    expect(
      paper.sections.map((section) => section.items.map(({ key: _key, ...item }) => item)),
    ).toEqual(preview.sections.map((section) => section.items));
    expect(paper.sections.flatMap((section) => section.items.map((item) => item.key))).toEqual(
      Array(7).fill(null),
    );

    const names = propertyNames(response.body);
    for (const secret of ['correct', 'correctKeys', 'answer', 'blanks', 'analysis']) {
      expect(names.has(secret), secret).toBe(false);
    }
    const text = JSON.stringify(response.body);
    for (const secret of ['Why ', 'Model answer', 'Marking guide', 'ohm', 'volt', '"T"', '"F"']) {
      expect(text, secret).not.toContain(secret);
    }
    // Leaving answers out is the examinee's view too.
    expect(expectOk(await print(paperId))).toEqual(paper);
  });

  it("with the key: each type's answer and its explanation beside the examinee's view", async () => {
    const paper = expectOk(await print(paperId, '1'));
    expect(paper.withKey).toBe(true);
    const items = paper.sections.flatMap((section) => section.items);
    const why = (id: number) => storedValue(t.handle.db, 'questions', 'analysis', id);
    const analyses = await Promise.all(ids.map(why));
    expect(items.map((item) => item.key)).toEqual([
      { correctKeys: ['A'], answer: '', blanks: [], analysis: analyses[0] },
      { correctKeys: ['A', 'B'], answer: '', blanks: [], analysis: analyses[1] },
      { correctKeys: [], answer: 'T', blanks: [], analysis: analyses[2] },
      { correctKeys: [], answer: 'F', blanks: [], analysis: analyses[3] },
      { correctKeys: [], answer: '<p>Marking guide</p>', blanks: [], analysis: analyses[4] },
      { correctKeys: [], answer: '', blanks: [['ohm', 'Ω'], ['volt']], analysis: analyses[5] },
      { correctKeys: [], answer: '<p>Model answer</p>', blanks: [], analysis: analyses[6] },
    ]);
    expect(analyses.every((analysis) => analysis.startsWith('<p>Why '))).toBe(true);
    // The options still carry no correctness: the key says it, beside them.
    expect(items[0]!.options).toEqual([
      { key: 'A', content: '<p>A</p>' },
      { key: 'B', content: '<p>B</p>' },
    ]);
    const without = expectOk(await print(paperId, '0'));
    expect(
      paper.sections.map((section) => section.items.map(({ key: _key, ...item }) => item)),
    ).toEqual(
      without.sections.map((section) => section.items.map(({ key: _key, ...item }) => item)),
    );
  });

  it('a paper drawn per candidate prints the same draw as its preview, with or without the key', async () => {
    const own = await createStructure(t.handle.db);
    await addBankQuestions(
      t.handle.db,
      Array.from({ length: 5 }, () => ({
        subjectId: own.subjectId,
        level: own.level,
        courseId: own.courseId,
        type: 0,
      })),
    );
    const rules = [{ type: 0, count: 3, score: 2, difficulty: 3 }];
    const { id } = expectOk(
      await author.post<{ id: number }>(`${BASE}/addPaper`, {
        name: 'Each their own',
        subjectId: own.subjectId,
        level: own.level,
        passScore: 1,
        durationMinutes: 30,
        mode: 'rules',
        drawPerCandidate: true,
        sections: [{ title: 'Drawn', rules }],
      }),
    );
    const plain = expectOk(await print(id, '0'));
    const keyed = expectOk(await print(id, '1'));
    const preview = expectOk(await author.get<CandidatePaper>(`${BASE}/previewPaper/${id}`));
    const itemIds = (paper: { sections: { items: { itemId: string }[] }[] }) =>
      paper.sections[0]!.items.map((item) => item.itemId);
    expect(plain).toMatchObject({ drawPerCandidate: true, total: 6, questionCount: 3 });
    expect(plain.sections[0]!.total).toBe(6);
    expect(itemIds(plain)).toHaveLength(3);
    expect(itemIds(keyed)).toEqual(itemIds(plain));
    expect(itemIds(preview)).toEqual(itemIds(plain));
    expect(keyed.sections[0]!.items.map((item) => item.key?.correctKeys)).toEqual([
      ['A'],
      ['A'],
      ['A'],
    ]);
  });

  it('refuses a bad id or answers value (10002) and an unknown paper (10003)', async () => {
    expectStatus(await print('abc'), ApiStatus.INVALID_INPUT, /^id/);
    expectStatus(await print(paperId, '2'), ApiStatus.INVALID_INPUT, /^answers/);
    expectStatus(await print(999999, '1'), ApiStatus.NOT_FOUND, /999999/);
  });

  it('needs EXAM-MANAGE and role SUPER', async () => {
    const withoutSuper = await paperUser([Perm.PUBLISH_GROUP, Perm.PAPER], false);
    expectStatus(await print(paperId, '1', withoutSuper), ApiStatus.FORBIDDEN, /SUPER/);
    const withoutKey = await paperUser([Perm.PUBLISH_GROUP]);
    expectStatus(await print(paperId, '0', withoutKey), ApiStatus.FORBIDDEN, /EXAM-MANAGE/);
    const noKeys = await paperUser([], false);
    expectStatus(await print(paperId, '0', noKeys), ApiStatus.FORBIDDEN);
  });
});

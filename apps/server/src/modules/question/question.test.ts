import {
  AuditStatus,
  Perm,
  QuestionType,
  type ListResult,
  type QuestionBatchResult,
  type QuestionView,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, useAdminApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import { createStructure, putInPaper, type Structure } from './test-data.js';

type Body = Record<string, unknown>;

describe('question bank', () => {
  const t = useAdminApp();
  /** Holds EXAM-QUESTION and EXAM-QUESTION-AUDIT: reviews what t.admin writes. */
  let reviewer: Client;
  let reviewerId: number;
  /** Holds EXAM-QUESTION only. */
  let writer: Client;
  let s: Structure;

  beforeAll(async () => {
    s = await createStructure(t.handle.db);
    const r = await signedInTeacher(t.app, t.admin, [Perm.QUESTION, Perm.QUESTION_AUDIT]);
    reviewer = r.client;
    reviewerId = r.id;
    writer = (await signedInTeacher(t.app, t.admin, [Perm.QUESTION])).client;
  });

  const single = (fields: Body = {}): Body => ({
    type: QuestionType.SINGLE,
    content: '<p>Which tool measures voltage?</p>',
    options: [
      { content: '<p>Ammeter</p>', correct: false },
      { content: '<p>Voltmeter</p>', correct: true },
      { content: '<p>Ohmmeter</p>', correct: false },
    ],
    analysis: '<p>A voltmeter measures potential difference.</p>',
    score: 2.5,
    difficulty: 2,
    subjectId: s.subjectId,
    level: 5,
    courseId: s.courseId,
    pointId: s.pointId,
    tags: ['electric', 'safety'],
    ...fields,
  });
  const add = (body: Body, client = t.admin) =>
    client.post<QuestionView>(`${BASE}/addQuestion`, body);
  const added = async (body: Body = single(), client = t.admin) =>
    expectOk(await add(body, client));
  const get = async (id: number) =>
    expectOk(await t.admin.get<QuestionView>(`${BASE}/getQuestion/${id}`));
  const update = (body: Body, client = t.admin) =>
    client.put<QuestionView>(`${BASE}/updateQuestion`, body);
  const batch = (body: Body, client = t.admin) =>
    client.post<QuestionBatchResult>(`${BASE}/batchQuestion`, body);
  const list = (query: Record<string, string>, client = t.admin) =>
    client.get<ListResult<QuestionView>>(`${BASE}/listQuestion`, query);

  describe('add and get', () => {
    it('stores each type with its own fields and answers the full view', async () => {
      const choice = await added();
      expect(choice).toMatchObject({
        type: 0,
        options: [
          { key: 'A', content: '<p>Ammeter</p>', correct: false },
          { key: 'B', content: '<p>Voltmeter</p>', correct: true },
          { key: 'C', content: '<p>Ohmmeter</p>', correct: false },
        ],
        answer: 'B',
        blanks: [],
        linkUrl: '',
        score: 2.5,
        difficulty: 2,
        subjectId: s.subjectId,
        level: 5,
        courseId: s.courseId,
        courseName: `Course ${s.courseCode}`,
        pointId: s.pointId,
        pointName: `Point ${s.pointCode}`,
        tags: ['electric', 'safety'],
        auditStatus: AuditStatus.NOT_STARTED,
        auditReason: '',
        retired: false,
        authorId: 1,
        reviewerId: null,
        reviewerName: '',
        reviewedAt: null,
        usedInPapers: 0,
      });
      expect(choice.subjectName).toMatch(/^Job type/);
      expect(choice.authorName).not.toBe('');
      expect(await get(choice.id)).toEqual(choice);
      const stored = await t.handle.db
        .selectFrom('questions')
        .select(['score', 'search_text'])
        .where('id', '=', choice.id)
        .executeTakeFirstOrThrow();
      expect(stored.score).toBe(250);
      expect(stored.search_text).toBe(
        'which tool measures voltage? electric safety a voltmeter measures potential difference.',
      );

      const multiple = await added(
        single({
          type: QuestionType.MULTIPLE,
          options: ['a', 'b', 'c', 'd'].map((c) => ({ content: c, correct: c !== 'b' })),
          answer: 'ignored',
          pointId: null,
        }),
      );
      expect(multiple).toMatchObject({ answer: 'ACD', pointId: null, pointName: '' });

      const judgement = await added(
        single({ type: QuestionType.JUDGEMENT, answer: 'f', options: undefined }),
      );
      expect(judgement).toMatchObject({ answer: 'F', options: [] });

      const link = await added(
        single({
          type: QuestionType.EXTERNAL_LINK,
          content: '<p>Wire the circuit in the simulator.</p>',
          linkUrl: 'https://lab.example.com/task/7',
          answer: '<p>Full marks if the lamp lights.</p>',
        }),
      );
      expect(link).toMatchObject({
        linkUrl: 'https://lab.example.com/task/7',
        answer: '<p>Full marks if the lamp lights.</p>',
        options: [],
      });

      const fill = await added(
        single({
          type: QuestionType.FILL_BLANK,
          content: '<p>Ohm’s law: U = ___ × ___</p>',
          blanks: [['I', 'current'], ['R']],
          linkUrl: 'https://ignored.example.com',
        }),
      );
      expect(fill).toMatchObject({ blanks: [['I', 'current'], ['R']], answer: '', linkUrl: '' });

      const short = await added(
        single({ type: QuestionType.SHORT_ANSWER, answer: '<p>Switch off, lock out, test.</p>' }),
      );
      expect(short).toMatchObject({ answer: '<p>Switch off, lock out, test.</p>', options: [] });
    });

    it('answers 10003 for a question that does not exist', async () => {
      expectStatus(await t.admin.get(`${BASE}/getQuestion/999999`), 10003, /Question 999999/);
    });

    it('sanitizes every HTML field on save', async () => {
      const q = await added(
        single({
          content: '<p onclick="alert(1)">Stem<script>alert(1)</script></p>',
          options: [
            { content: '<img src="x" onerror="alert(1)"><b>One</b>', correct: true },
            { content: '<a href="javascript:alert(1)">Two</a>', correct: false },
          ],
          analysis: '<iframe src="https://evil.example.com"></iframe><p>Why</p>',
        }),
      );
      expect(q.content).toBe('<p>Stem</p>');
      expect(q.options.map((o) => o.content).join(' ')).not.toMatch(/onerror|javascript|script/i);
      expect(q.analysis).toBe('<p>Why</p>');
    });
  });

  describe('validation (10002 naming the field)', () => {
    const refused = async (body: Body, field: RegExp) => {
      expectStatus(await add(body), 10002, field);
    };

    it('content must show something once sanitized', async () => {
      await refused(single({ content: '<script>alert(1)</script>' }), /^content: required$/);
      await refused(single({ content: '<p>  </p>' }), /^content: required$/);
      await refused(single({ content: 'x'.repeat(1_000_001) }), /^content: /);
      expectOk(
        await add(single({ content: '<p><img src="/api/kaoshi-files/file/2026/11/a.png"></p>' })),
      );
    });

    it('choice questions: 2 to 10 options, none empty or repeated, the right number correct', async () => {
      const options = (...items: [string, boolean][]) =>
        items.map(([content, correct]) => ({ content, correct }));
      await refused(single({ options: options(['a', true]) }), /^options: needs 2 to 10/);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ content: `o${i}`, correct: i === 0 }));
      await refused(single({ options: eleven }), /^options: /);
      await refused(
        single({ options: options(['a', true], ['<script>x</script>', false]) }),
        /^options\.1\.content: option B is empty$/,
      );
      await refused(
        single({ options: options(['<p>Same</p>', true], ['<b>same</b>', false]) }),
        /^options\.1\.content: option B is the same as option A$/,
      );
      await refused(
        single({ options: options(['a', true], ['b', true]) }),
        /^options: a single-choice question needs exactly one correct option$/,
      );
      await refused(
        single({ options: options(['a', false], ['b', false]) }),
        /exactly one correct option/,
      );
      await refused(
        single({ type: QuestionType.MULTIPLE, options: options(['a', true], ['b', false]) }),
        /^options: a multiple-choice question needs at least two correct options$/,
      );
    });

    it('judgement, external link, fill-in and short answer have their own answers', async () => {
      await refused(single({ type: 2, answer: 'maybe' }), /^answer: must be T/);
      await refused(single({ type: 3 }), /^linkUrl: required$/);
      await refused(
        single({ type: 3, linkUrl: 'ftp://files.example.com/x' }),
        /^linkUrl: must be an http/,
      );
      await refused(
        single({ type: 4, content: '<p>a ___ b</p>', blanks: [['x'], ['y']] }),
        /^blanks: the stem has 1 blank marker\(s\) ___ but 2 blank\(s\)/,
      );
      await refused(
        single({ type: 4, content: '<p>a ___ b</p>', blanks: [[' ']] }),
        /^blanks\.0: blank 1 needs at least one accepted answer$/,
      );
      await refused(single({ type: 4, content: '<p>a</p>', blanks: [] }), /^blanks: needs 1 to 20/);
      await refused(
        single({ type: 5, answer: '' }),
        /^answer: a short-answer question needs a model answer$/,
      );
      // Only the sanitizer knows a script is no answer.
      await refused(
        single({ type: 5, answer: '<script>alert(1)</script>' }),
        /^answer: a short-answer question needs a model answer$/,
      );
    });

    it('score, difficulty, type and tags', async () => {
      await refused(single({ score: 0 }), /^score: /);
      await refused(single({ score: 1.255 }), /^score: may have at most two decimals$/);
      await refused(single({ score: 1000.5 }), /^score: /);
      await refused(single({ difficulty: 6 }), /^difficulty: must be one of 1, 2, 3, 4, 5$/);
      await refused(single({ type: 6 }), /^type: must be one of 0, 1, 2, 3, 4, 5$/);
      await refused(single({ tags: ['x'.repeat(21)] }), /^tags\.0: /);
      await refused(single({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }), /^tags: /);
    });

    it('the course belongs to the job type and level, the point to the course', async () => {
      await refused(single({ subjectId: 999999 }), /^subjectId: no job type 999999$/);
      await refused(single({ level: 2 }), /^level: job type ".*" has no level 2$/);
      await refused(
        single({ courseId: s.otherCourseId }),
        new RegExp(`^courseId: ${s.otherCourseId} is not a course of job type ".*" at level 5$`),
      );
      await refused(single({ courseId: s.pointId }), /^courseId: /);
      await refused(
        single({ level: 4, courseId: s.otherCourseId, pointId: s.pointId }),
        new RegExp(`^pointId: ${s.pointId} is not an appraisal point of course`),
      );
      await refused(single({ pointId: s.courseId }), /^pointId: /);
      expectOk(await add(single({ level: 4, courseId: s.otherCourseId, pointId: s.otherPointId })));
    });
  });

  describe('audit workflow', () => {
    const statusOf = async (id: number) => (await get(id)).auditStatus;

    it('submit, then a reviewer other than the author approves or rejects', async () => {
      const q = await added();
      const other = await added();
      expect(expectOk(await batch({ ids: [q.id, other.id], action: 'submit' }))).toEqual({
        succeeded: [q.id, other.id],
        failed: [],
      });
      expect(await statusOf(q.id)).toBe(AuditStatus.UNDER_REVIEW);

      // The author, even one holding the audit key (t.admin holds every key), may not review.
      expect(expectOk(await batch({ ids: [q.id], action: 'approve' }))).toEqual({
        succeeded: [],
        failed: [{ id: q.id, message: 'you cannot review your own question' }],
      });

      expect(expectOk(await batch({ ids: [q.id], action: 'approve' }, reviewer)).succeeded).toEqual(
        [q.id],
      );
      const approved = await get(q.id);
      expect(approved).toMatchObject({
        auditStatus: AuditStatus.PASSED,
        reviewerId,
        auditReason: '',
      });
      expect(approved.reviewerName).not.toBe('');
      expect(approved.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

      expectStatus(
        await batch({ ids: [other.id], action: 'reject' }, reviewer),
        10002,
        /^reason: required when rejecting$/,
      );
      expectStatus(
        await batch({ ids: [other.id], action: 'reject', reason: 'x'.repeat(501) }, reviewer),
        10002,
        /^reason: /,
      );
      expectOk(
        await batch({ ids: [other.id], action: 'reject', reason: 'Two answers fit' }, reviewer),
      );
      expect(await get(other.id)).toMatchObject({
        auditStatus: AuditStatus.FAILED,
        auditReason: 'Two answers fit',
        reviewerId,
      });
    });

    it('reviewing needs EXAM-QUESTION-AUDIT', async () => {
      const q = await added();
      expectOk(await batch({ ids: [q.id], action: 'submit' }));
      for (const action of ['approve', 'reject']) {
        expectStatus(
          await batch({ ids: [q.id], action, reason: 'no' }, writer),
          10001,
          /EXAM-QUESTION-AUDIT/,
        );
      }
      expect(await statusOf(q.id)).toBe(AuditStatus.UNDER_REVIEW);
      // Submitting, retiring and restoring need only EXAM-QUESTION.
      expectOk(await batch({ ids: [q.id], action: 'retire' }, writer));
      expectOk(await batch({ ids: [q.id], action: 'restore' }, writer));
    });

    it('refuses transitions the workflow does not have, id by id', async () => {
      const fresh = await added();
      const review = await added();
      expectOk(await batch({ ids: [review.id], action: 'submit' }));
      const result = expectOk(
        await batch({ ids: [fresh.id, review.id, 999999], action: 'approve' }, reviewer),
      );
      expect(result.succeeded).toEqual([review.id]);
      expect(result.failed).toEqual([
        {
          id: fresh.id,
          message: `question ${fresh.id} is not under review: its status is 0 not started`,
        },
        { id: 999999, message: 'Question 999999 not found' },
      ]);
      // Passed and under review cannot be submitted again.
      const again = expectOk(await batch({ ids: [review.id], action: 'submit' }));
      expect(again.failed[0]?.message).toMatch(/its status is 2 passed/);
    });

    it('editing: under review → not started, passed → expired, failed keeps its reason', async () => {
      const q = await added();
      expectOk(await batch({ ids: [q.id], action: 'submit' }));
      expectOk(await update({ ...single({ content: '<p>Edited</p>' }), id: q.id }, writer));
      expect(await statusOf(q.id)).toBe(AuditStatus.NOT_STARTED);

      expectOk(await batch({ ids: [q.id], action: 'submit' }));
      expectOk(await batch({ ids: [q.id], action: 'approve' }, reviewer));
      // Saving it unchanged keeps the approval.
      const unchanged = expectOk(
        await update({ ...single({ content: '<p>Edited</p>' }), id: q.id }),
      );
      expect(unchanged.auditStatus).toBe(AuditStatus.PASSED);
      const edited = expectOk(await update({ ...single({ score: 3 }), id: q.id }));
      expect(edited).toMatchObject({ auditStatus: AuditStatus.EXPIRED, score: 3, authorId: 1 });

      // Expired may be submitted again, then rejected; an edit keeps the rejection and its reason.
      expectOk(await batch({ ids: [q.id], action: 'submit' }));
      expectOk(await batch({ ids: [q.id], action: 'reject', reason: 'Unclear' }, reviewer));
      expectOk(await update({ ...single({ difficulty: 4 }), id: q.id }));
      expect(await get(q.id)).toMatchObject({
        auditStatus: AuditStatus.FAILED,
        auditReason: 'Unclear',
      });
      // Resubmitting clears it.
      expectOk(await batch({ ids: [q.id], action: 'submit' }));
      expect(await get(q.id)).toMatchObject({
        auditStatus: AuditStatus.UNDER_REVIEW,
        auditReason: '',
        reviewerId: null,
      });
    });

    it('a retired question cannot be submitted', async () => {
      const q = await added();
      expectOk(await batch({ ids: [q.id], action: 'retire' }));
      expect(expectOk(await batch({ ids: [q.id], action: 'submit' })).failed).toEqual([
        { id: q.id, message: `question ${q.id} is retired: restore it before submitting it` },
      ]);
    });

    it('update refuses an unknown id and checks like add', async () => {
      expectStatus(await update({ ...single(), id: 999999 }), 10003);
      const q = await added();
      expectStatus(
        await update({ ...single({ courseId: s.otherCourseId }), id: q.id }),
        10002,
        /^courseId: /,
      );
      expectStatus(await update(single()), 10002, /^id: /);
    });
  });

  describe('delete, retire, restore', () => {
    it('deletes a question no paper uses; refuses one in a paper with 10004', async () => {
      const free = await added();
      expectOk(await t.admin.delete(`${BASE}/deleteQuestion/${free.id}`));
      expectStatus(await t.admin.get(`${BASE}/getQuestion/${free.id}`), 10003);
      expectStatus(await t.admin.delete(`${BASE}/deleteQuestion/${free.id}`), 10003);

      const used = await added();
      await putInPaper(t.handle.db, used.id);
      await putInPaper(t.handle.db, used.id);
      expect((await get(used.id)).usedInPapers).toBe(2);
      expectStatus(
        await t.admin.delete(`${BASE}/deleteQuestion/${used.id}`),
        10004,
        `question ${used.id} is used in 2 paper(s): retire it instead`,
      );

      const other = await added();
      const result = expectOk(await batch({ ids: [used.id, other.id], action: 'delete' }));
      expect(result).toEqual({
        succeeded: [other.id],
        failed: [
          { id: used.id, message: `question ${used.id} is used in 2 paper(s): retire it instead` },
        ],
      });
      expect((await get(used.id)).id).toBe(used.id);
    });

    it('retire hides a question from the default list; restore brings it back', async () => {
      const q = await added(single({ tags: ['retire-me'] }));
      const find = async (retired?: string) =>
        expectOk(await list({ keyword: 'retire-me', ...(retired && { retired }) })).list.map(
          (row) => row.id,
        );
      expect(await find()).toEqual([q.id]);
      expect(expectOk(await batch({ ids: [q.id], action: 'retire' })).succeeded).toEqual([q.id]);
      expect((await get(q.id)).retired).toBe(true);
      expect(await find()).toEqual([]);
      expect(await find('1')).toEqual([q.id]);
      // Retiring twice is harmless.
      expect(expectOk(await batch({ ids: [q.id], action: 'retire' })).succeeded).toEqual([q.id]);
      expectOk(await batch({ ids: [q.id], action: 'restore' }));
      expect(await find()).toEqual([q.id]);
    });
  });

  describe('listQuestion', () => {
    let mine: Structure;
    let ids: Record<string, number>;

    beforeAll(async () => {
      mine = await createStructure(t.handle.db);
      const at = (fields: Body) =>
        single({ subjectId: mine.subjectId, courseId: mine.courseId, pointId: null, ...fields });
      ids = {
        a: (await added(at({ difficulty: 1, score: 1, content: '<p>Alpha bearing</p>', tags: [] })))
          .id,
        b: (
          await added(
            at({
              type: 2,
              answer: 'T',
              difficulty: 5,
              score: 5,
              pointId: mine.pointId,
              tags: ['Gear'],
            }),
          )
        ).id,
        c: (
          await added(
            at({
              type: 5,
              answer: '<p>Model</p>',
              difficulty: 3,
              score: 0.5,
              pointId: mine.secondPointId,
              analysis: '<p>About 50%_done</p>',
              tags: [],
            }),
          )
        ).id,
        d: (
          await added(
            at({
              level: 4,
              courseId: mine.otherCourseId,
              pointId: mine.otherPointId,
              difficulty: 3,
              tags: [],
            }),
          )
        ).id,
      };
      expectOk(await batch({ ids: [ids.b!], action: 'submit' }));
    });

    const ofMine = async (query: Record<string, string> = {}) => {
      const page = expectOk(await list({ subjectId: String(mine.subjectId), ...query }));
      const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
      return { names: page.list.map((row) => byId.get(row.id)), total: page.total };
    };

    it('filters by each field', async () => {
      expect(await ofMine()).toEqual({ names: ['d', 'c', 'b', 'a'], total: 4 });
      expect((await ofMine({ type: '2' })).names).toEqual(['b']);
      expect((await ofMine({ level: '4' })).names).toEqual(['d']);
      expect((await ofMine({ courseId: String(mine.courseId) })).names).toEqual(['c', 'b', 'a']);
      expect((await ofMine({ pointId: String(mine.secondPointId) })).names).toEqual(['c']);
      expect((await ofMine({ difficulty: '3' })).names).toEqual(['d', 'c']);
      expect((await ofMine({ auditStatus: '1' })).names).toEqual(['b']);
      expect((await ofMine({ auditStatus: '0', difficulty: '1' })).names).toEqual(['a']);
    });

    it('keyword matches stem text, tags and analysis, not markup, with % and _ as themselves', async () => {
      expect((await ofMine({ keyword: 'ALPHA' })).names).toEqual(['a']);
      expect((await ofMine({ keyword: 'gear' })).names).toEqual(['b']);
      expect((await ofMine({ keyword: '50%_d' })).names).toEqual(['c']);
      expect((await ofMine({ keyword: '5_%' })).names).toEqual([]);
      expect((await ofMine({ keyword: '<p>' })).names).toEqual([]);
    });

    it('sorts by a whitelisted field then id, and pages', async () => {
      expect((await ofMine({ sortField: 'score', sortOrder: 'ascend' })).names).toEqual([
        'c',
        'a',
        'd',
        'b',
      ]);
      expect((await ofMine({ sortField: 'difficulty', sortOrder: 'descend' })).names).toEqual([
        'b',
        'd',
        'c',
        'a',
      ]);
      expect((await ofMine({ sortField: 'auditStatus', sortOrder: 'descend' })).names[0]).toBe('b');
      expect(
        (await ofMine({ sortField: 'updatedAt', sortOrder: 'ascend', limit: '2', page: '2' })).names
          .length,
      ).toBe(2);
      const page = await ofMine({ sortField: 'id', sortOrder: 'ascend', limit: '3', page: '2' });
      expect(page).toEqual({ names: ['d'], total: 4 });
      expectStatus(await list({ sortField: 'content' }), 10002, /^sortField: /);
      expectStatus(await list({ limit: '501' }), 10002, /^limit: /);
    });
  });

  describe('permissions and structure', () => {
    it('every call needs EXAM-QUESTION', async () => {
      const outsider = (await signedInTeacher(t.app, t.admin, [Perm.COURSE])).client;
      const q = await added();
      expectStatus(await list({}, outsider), 10001);
      expectStatus(await outsider.get(`${BASE}/getQuestion/${q.id}`), 10001);
      expectStatus(await add(single(), outsider), 10001);
      expectStatus(await update({ ...single(), id: q.id }, outsider), 10001);
      expectStatus(await outsider.delete(`${BASE}/deleteQuestion/${q.id}`), 10001);
      expectStatus(await batch({ ids: [q.id], action: 'submit' }, outsider), 10001);
      expectStatus(await new Client(t.app).get(`${BASE}/listQuestion`), 10000);
      // A writer with the key alone works, and is the author.
      const own = expectOk(await add(single(), writer));
      expect(own.authorId).not.toBe(1);
    });

    it('a course or appraisal point that questions use cannot be deleted', async () => {
      const mine = await createStructure(t.handle.db);
      await added(
        single({ subjectId: mine.subjectId, courseId: mine.courseId, pointId: mine.pointId }),
      );
      expectStatus(
        await t.admin.delete(`/api/kaoshi-base/knowledge/deleteKnowledge/${mine.pointId}`),
        10004,
        /Appraisal point ".*" is used by 1 question\(s\)/,
      );
      expectOk(
        await t.admin.delete(`/api/kaoshi-base/knowledge/deleteKnowledge/${mine.secondPointId}`),
      );
      const other = await createStructure(t.handle.db);
      await added(single({ subjectId: other.subjectId, courseId: other.courseId, pointId: null }));
      await t.handle.db.deleteFrom('knowledge').where('parent_id', '=', other.courseId).execute();
      expectStatus(
        await t.admin.delete(`/api/kaoshi-base/knowledge/deleteKnowledge/${other.courseId}`),
        10004,
        /^Course ".*" is used by 1 question\(s\); move or delete them first$/,
      );
    });
  });
});

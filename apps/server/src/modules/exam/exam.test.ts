import {
  ApiStatus,
  CandidateStatus,
  Perm,
  RoleKey,
  UserType,
  type CandidateView,
  type ExamBody,
  type ExamChangeView,
  type ExamListItem,
  type ExamPublishCheck,
  type ExamPublishOptions,
  type ExamView,
  type ListResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { DEFAULT_PASSWORD, createTestApp, login, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus, roleIdOf } from '../../../test/factories.js';
import { addClass, assignTeacher } from '../base/test-data.js';
import { readPaperVersion } from '../paper/paper-version.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { EXAM_BASE as BASE } from './exam.routes.js';
import { addPaper, addStudents } from './test-data.js';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

describe('exams', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  /** Two batches of the structure's job type and level, 5 and 3 enabled students. */
  let batchA: number;
  let batchB: number;
  let studentsA: number[];
  let studentsB: number[];
  /** A batch of level 4: not the paper's level. */
  let otherLevelBatch: number;
  /** PUBLISHMANAGE with role SUPER, assigned to batch A only. */
  let teacher: { id: number; client: Client };

  async function publisher(withSuper = true, keys: string[] = [Perm.PUBLISH_GROUP, Perm.PUBLISH]) {
    const role = await createRole(admin, { permissionKeys: keys });
    const superId = await roleIdOf(admin, RoleKey.SUPER);
    const user = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: withSuper ? [role.roleId, superId] : [role.roleId],
    });
    return {
      id: user.id,
      client: await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    s = await createStructure(t.handle.db);
    paperId = await addPaper(t.handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      name: 'Electrician 5, paper A',
    });
    batchA = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Spring batch' });
    batchB = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Summer batch' });
    otherLevelBatch = await addClass(t.handle.db, s.subjectId, { level: 4, name: 'Level 4 batch' });
    studentsA = await addStudents(t.handle.db, batchA, 5, { prefix: 'A-' });
    await addStudents(t.handle.db, batchA, 1, { prefix: 'AX-', status: 0 });
    studentsB = await addStudents(t.handle.db, batchB, 3, { prefix: 'B-' });
    teacher = await publisher();
    await assignTeacher(t.handle.db, batchA, teacher.id);
  });
  afterAll(() => t.close());

  const exam = (fields: Partial<ExamBody> = {}): ExamBody => ({
    name: 'Electrician level 5, June',
    paperId,
    instructionId: null,
    classIds: [batchA, batchB],
    startAt: inMinutes(60),
    endAt: inMinutes(180),
    durationMinutes: 90,
    ...fields,
  });

  async function addDraft(fields: Partial<ExamBody> = {}, client = admin) {
    return expectOk(await client.post<{ id: number }>(`${BASE}/addExam`, exam(fields))).id;
  }

  async function published(fields: Partial<ExamBody> = {}, client = admin) {
    const id = await addDraft(fields, client);
    const check = expectOk(await client.post<ExamPublishCheck>(`${BASE}/publishExam/${id}`));
    return { id, check };
  }

  const getExam = async (id: number, client = admin) =>
    expectOk(await client.get<ExamView>(`${BASE}/getExam/${id}`));

  const candidatesOf = async (id: number, query: Record<string, string> = {}) =>
    expectOk(
      await admin.get<ListResult<CandidateView>>(`${BASE}/listCandidate`, {
        examId: String(id),
        limit: '100',
        ...query,
      }),
    );

  /** Moves an exam's window as the clock would see it later (the tests cannot wait hours). */
  async function setWindow(id: number, startAt: string, endAt: string) {
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: startAt, end_at: endAt })
      .where('id', '=', id)
      .execute();
  }

  /** What the attempt issue will write when a candidate starts. */
  async function startAttempt(examId: number, studentId: number) {
    await t.handle.db
      .updateTable('exam_candidates')
      .set({ status: CandidateStatus.IN_PROGRESS })
      .where('exam_id', '=', examId)
      .where('student_id', '=', studentId)
      .execute();
  }

  describe('drafts', () => {
    it('adds a draft with the defaults of every policy, and reads it back', async () => {
      const id = await addDraft({ ipAllowList: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32'] });
      const view = await getExam(id);
      expect(view).toMatchObject({
        name: 'Electrician level 5, June',
        state: 'draft',
        paperId,
        paperName: 'Electrician 5, paper A',
        paperVersionId: null,
        subjectId: s.subjectId,
        level: 5,
        durationMinutes: 90,
        lateEntryMinutes: 0,
        minSubmitMinutes: 0,
        shuffleQuestions: false,
        shuffleOptions: false,
        multipleScoring: 'all',
        partialShare: 0.5,
        showResult: 'released',
        allowReview: false,
        leaveLimit: 0,
        fullscreen: false,
        takeover: 'allow',
        ipAllowList: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32'],
        accessCode: '',
        candidateCount: 0,
        total: 6,
        passScore: 3,
        questionCount: 3,
        editable: 'all',
      });
      expect(view.classes.map((c) => c.name)).toEqual(['Spring batch', 'Summer batch']);
    });

    it('refuses bad windows, naming the field and the figures', async () => {
      const cases: [Partial<ExamBody>, string][] = [
        [{ startAt: inMinutes(60), endAt: inMinutes(30) }, '结束时间：须晚于开考时间'],
        [
          { durationMinutes: 150, startAt: inMinutes(60), endAt: inMinutes(180) },
          '时长：150 分钟超过了考试时段（120 分钟）',
        ],
        [{ minSubmitMinutes: 100 }, '最短交卷时间：100 分钟超过了考试时长（90 分钟）'],
        [{ lateEntryMinutes: 121 }, '迟到限制：121 分钟超过了考试时段（120 分钟）'],
        [{ startAt: '2026-06-01 09:00' }, '开考时间：须为带时区的时间'],
        [{ ipAllowList: ['10.0.0.0/33'] }, 'IP 地址或网段'],
        [{ classIds: [] }, '报名批次'],
        [{ multipleScoring: 'partial', partialShare: 1 }, '少选得分比例'],
      ];
      for (const [fields, words] of cases) {
        const result = await admin.request({
          method: 'POST',
          url: `${BASE}/addExam`,
          payload: exam(fields),
          headers: { 'accept-language': 'zh-CN' },
        });
        expect(result.body.status, JSON.stringify(fields)).toBe(ApiStatus.INVALID_INPUT);
        expect(result.body.message).toContain(words);
      }
    });

    it('refuses a paper that has not passed its audit, a batch of another level and a disabled notice', async () => {
      const draftPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        auditStatus: null,
      });
      const notPassed = await admin.post(`${BASE}/addExam`, exam({ paperId: draftPaper }));
      expectStatus(notPassed, ApiStatus.CONFLICT);
      expect(notPassed.body.message).toContain(`paper ${draftPaper} has not passed its audit`);

      const wrongBatch = await admin.post(
        `${BASE}/addExam`,
        exam({ classIds: [batchA, otherLevelBatch] }),
      );
      expectStatus(wrongBatch, ApiStatus.INVALID_INPUT);
      expect(wrongBatch.body.message).toContain('the batch “Level 4 batch” is for');

      const at = new Date().toISOString();
      const notice = await t.handle.db
        .insertInto('instructions')
        .values({
          title: 'Old rules',
          body: '<p>x</p>',
          all_subjects: 1,
          min_read_seconds: 0,
          enabled: 0,
          author_id: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const disabled = await admin.post(`${BASE}/addExam`, exam({ instructionId: notice.id }));
      expectStatus(disabled, ApiStatus.INVALID_INPUT);
      expect(disabled.body.message).toContain('the notice “Old rules” is disabled');
      // Nothing was written by the refusals.
      const named = await admin.get<ListResult<ExamListItem>>(`${BASE}/listExam`, {
        keyword: 'Electrician level 5, June',
        limit: '100',
      });
      const before = expectOk(named).total;
      await admin.post(`${BASE}/addExam`, exam({ paperId: draftPaper }));
      expect(
        expectOk(
          await admin.get<ListResult<ExamListItem>>(`${BASE}/listExam`, {
            keyword: 'Electrician level 5, June',
            limit: '100',
          }),
        ).total,
      ).toBe(before);
    });

    it('needs PUBLISHMANAGE and role SUPER', async () => {
      const noSuper = await publisher(false);
      expectStatus(await noSuper.client.get(`${BASE}/listExam`), ApiStatus.FORBIDDEN);
      const noKey = await publisher(true, [Perm.PUBLISH_GROUP, Perm.PAPER]);
      expectStatus(await noKey.client.post(`${BASE}/addExam`, exam()), ApiStatus.FORBIDDEN);
    });
  });

  describe('publishing', () => {
    it('freezes the paper and writes one candidate per enabled student, seated batch by batch', async () => {
      const { id, check } = await published();
      expect(check.candidateCount).toBe(8);
      expect(check.classes).toEqual([
        { id: batchA, name: 'Spring batch', candidateCount: 5 },
        { id: batchB, name: 'Summer batch', candidateCount: 3 },
      ]);
      const view = await getExam(id);
      expect(view.state).toBe('upcoming');
      expect(view.paperVersionId).not.toBeNull();
      expect(view.candidateCount).toBe(8);
      const { list } = await candidatesOf(id);
      expect(list.map((c) => c.ticketNumber)).toEqual([
        'A-00001',
        'A-00002',
        'A-00003',
        'A-00004',
        'A-00005',
        'B-00001',
        'B-00002',
        'B-00003',
      ]);
      expect(list.map((c) => c.seatNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(list.every((c) => c.status === CandidateStatus.NOT_STARTED)).toBe(true);
      expect(list[0]!.idNumber).toMatch(/^\d{6}\*+\d{4}$/);

      const again = await admin.post(`${BASE}/publishExam/${id}`);
      expectStatus(again, ApiStatus.CONFLICT);
      expect(again.body.message).toContain(`exam ${id} is already published`);
    });

    it('refuses to publish once the closing time has passed, and with no enabled student', async () => {
      const id = await addDraft({
        startAt: inMinutes(-120),
        endAt: inMinutes(-10),
        durationMinutes: 60,
      });
      const late = await admin.post(`${BASE}/publishExam/${id}`);
      expectStatus(late, ApiStatus.INVALID_INPUT);
      expect(late.body.message).toContain('has passed');

      const empty = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Empty batch' });
      const emptyId = await addDraft({ classIds: [empty] });
      const versions = () =>
        t.handle.db
          .selectFrom('paper_versions')
          .select('id')
          .where('paper_id', '=', paperId)
          .execute();
      const versionsBefore = (await versions()).length;
      const none = await admin.post(`${BASE}/publishExam/${emptyId}`);
      expectStatus(none, ApiStatus.INVALID_INPUT);
      expect(none.body.message).toContain('no enabled students');
      // Nothing half-written: still a draft, and no version was kept.
      expect((await getExam(emptyId)).state).toBe('draft');
      expect((await versions()).length).toBe(versionsBefore);
    });

    it('warns, naming the students, when a candidate already sits an exam whose window overlaps', async () => {
      const first = await published({
        name: 'Morning exam',
        classIds: [batchB],
        startAt: inMinutes(24 * 60),
        endAt: inMinutes(24 * 60 + 120),
      });
      const second = await addDraft({
        name: 'Overlapping exam',
        classIds: [batchA, batchB],
        startAt: inMinutes(24 * 60 + 60),
        endAt: inMinutes(24 * 60 + 180),
      });
      const check = expectOk(await admin.get<ExamPublishCheck>(`${BASE}/checkExam/${second}`));
      expect(check.candidateCount).toBe(8);
      expect(check.overlapTotal).toBe(3);
      expect(check.overlaps.map((o) => [o.ticketNumber, o.examId, o.examName])).toEqual([
        ['B-00001', first.id, 'Morning exam'],
        ['B-00002', first.id, 'Morning exam'],
        ['B-00003', first.id, 'Morning exam'],
      ]);
      const publishedCheck = expectOk(
        await admin.post<ExamPublishCheck>(`${BASE}/publishExam/${second}`),
      );
      expect(publishedCheck.overlapTotal).toBe(3);
      // A window that only touches another's end does not overlap.
      const after = await addDraft({
        classIds: [batchB],
        startAt: inMinutes(24 * 60 + 180),
        endAt: inMinutes(24 * 60 + 300),
      });
      expect(
        expectOk(await admin.get<ExamPublishCheck>(`${BASE}/checkExam/${after}`)).overlapTotal,
      ).toBe(0);
    });
  });

  describe('changes by state', () => {
    it('lets everything change before opening: batches follow, another paper is frozen anew, each change recorded', async () => {
      const { id } = await published({ classIds: [batchA] });
      const before = await getExam(id);
      const otherPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
        questionCount: 5,
        passScore: 6,
      });
      expectOk(
        await admin.put(`${BASE}/updateExam`, {
          id,
          ...exam({ classIds: [batchB], paperId: otherPaper, durationMinutes: 100 }),
        }),
      );
      const after = await getExam(id);
      expect(after.candidateCount).toBe(3);
      expect(after.paperVersionId).not.toBe(before.paperVersionId);
      expect(after).toMatchObject({
        total: 10,
        passScore: 6,
        questionCount: 5,
        durationMinutes: 100,
      });
      const changes = expectOk(await admin.get<ExamChangeView[]>(`${BASE}/listExamChange/${id}`));
      expect(changes.map((c) => c.action)).toEqual(['update', 'publish', 'create']);
      expect(changes[0]!.detail).toMatchObject({
        classIds: [[batchA], [batchB]],
        paperId: [paperId, otherPaper],
        durationMinutes: [90, 100],
      });
      expect(changes[0]!.userName).toBeTruthy();
    });

    it('once open allows only a later closing time and more batches; once closed nothing', async () => {
      const { id } = await published({ classIds: [batchA] });
      const start = inMinutes(-10);
      const end = inMinutes(170);
      await setWindow(id, start, end);
      expect((await getExam(id)).state).toBe('open');
      const body = exam({ classIds: [batchA], startAt: start, endAt: end });

      const renamed = await admin.request({
        method: 'PUT',
        url: `${BASE}/updateExam`,
        payload: { id, ...body, name: 'Renamed', durationMinutes: 60 },
        headers: { 'accept-language': 'en' },
      });
      expectStatus(renamed, ApiStatus.CONFLICT);
      expect(renamed.body.message).toBe(
        `exam ${id} is open: only a later closing time, extra time and candidates can change, not Name, Duration`,
      );
      const earlier = await admin.put(`${BASE}/updateExam`, { id, ...body, endAt: inMinutes(150) });
      expectStatus(earlier, ApiStatus.CONFLICT);
      const dropped = await admin.put(`${BASE}/updateExam`, { id, ...body, classIds: [batchB] });
      expectStatus(dropped, ApiStatus.CONFLICT);

      const later = inMinutes(240);
      expectOk(
        await admin.put(`${BASE}/updateExam`, {
          id,
          ...body,
          endAt: later,
          classIds: [batchA, batchB],
        }),
      );
      const view = await getExam(id);
      expect(view.endAt).toBe(later);
      expect(view.candidateCount).toBe(8);
      expect(view.editable).toBe('open');

      await setWindow(id, inMinutes(-200), inMinutes(-1));
      const closed = await admin.put(`${BASE}/updateExam`, { id, ...body, endAt: inMinutes(300) });
      expectStatus(closed, ApiStatus.CONFLICT);
      expect(closed.body.message).toContain('it can no longer change');
      expect((await getExam(id)).editable).toBe('none');
    });

    it('unpublishes or deletes only while no candidate has started', async () => {
      const { id } = await published({ classIds: [batchA] });
      await startAttempt(id, studentsA[0]!);
      const unpublish = await admin.post(`${BASE}/unpublishExam/${id}`);
      expectStatus(unpublish, ApiStatus.CONFLICT);
      expect(unpublish.body.message).toContain(`1 candidate(s) have started exam ${id}`);
      expectStatus(await admin.delete(`${BASE}/deleteExam/${id}`), ApiStatus.CONFLICT);

      const other = await published({ classIds: [batchA] });
      const versionId = (await getExam(other.id)).paperVersionId!;
      expectOk(await admin.post(`${BASE}/unpublishExam/${other.id}`));
      const draft = await getExam(other.id);
      expect(draft).toMatchObject({ state: 'draft', paperVersionId: null, candidateCount: 0 });
      // The version nobody sat is gone with it.
      const version = await t.handle.db
        .selectFrom('paper_versions')
        .select('id')
        .where('id', '=', versionId)
        .executeTakeFirst();
      expect(version).toBeUndefined();
      expectOk(await admin.delete(`${BASE}/deleteExam/${other.id}`));
      expectStatus(await admin.get(`${BASE}/getExam/${other.id}`), ApiStatus.NOT_FOUND);
      // The record outlives the exam.
      const record = await t.handle.db
        .selectFrom('exam_changes')
        .select('action')
        .where('exam_id', '=', other.id)
        .orderBy('id')
        .execute();
      expect(record.map((r) => r.action)).toEqual(['create', 'publish', 'unpublish', 'delete']);
    });

    it('keeps the published version whatever happens to the bank and the paper afterwards', async () => {
      const ownPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      });
      const { id } = await published({ paperId: ownPaper, classIds: [batchA] });
      const versionId = (await getExam(id)).paperVersionId!;
      const frozen = await readPaperVersion(t.handle.db, versionId);
      const questionIds = frozen.sections[0]!.items.map((item) => item.questionId);
      await t.handle.db
        .updateTable('questions')
        .set({ content: '<p>Edited afterwards</p>', answer: 'F' })
        .where('id', 'in', questionIds)
        .execute();
      await t.handle.db
        .updateTable('papers')
        .set({ name: 'Renamed paper', pass_score: 100 })
        .where('id', '=', ownPaper)
        .execute();
      await t.handle.db.deleteFrom('paper_questions').where('paper_id', '=', ownPaper).execute();
      expect(await readPaperVersion(t.handle.db, versionId)).toEqual(frozen);
      const view = await getExam(id);
      expect(view).toMatchObject({ total: 6, passScore: 3, questionCount: 3 });
    });
  });

  describe('teachers', () => {
    it('publish only to their batches and see only exams of their batches', async () => {
      const notTheirs = await teacher.client.post(
        `${BASE}/addExam`,
        exam({ classIds: [batchA, batchB] }),
      );
      expectStatus(notTheirs, ApiStatus.FORBIDDEN);
      expect(notTheirs.body.message).toContain('the batch “Summer batch” is not assigned to you');

      const own = await published({ name: 'Teacher exam', classIds: [batchA] }, teacher.client);
      const othersExam = await published({ name: 'Summer only', classIds: [batchB] });
      const mixed = await published({ name: 'Both batches', classIds: [batchA, batchB] });
      const listed = expectOk(
        await teacher.client.get<ListResult<ExamListItem>>(`${BASE}/listExam`, { limit: '500' }),
      ).list.map((e) => e.id);
      expect(listed).toContain(own.id);
      expect(listed).toContain(mixed.id);
      expect(listed).not.toContain(othersExam.id);
      expectStatus(
        await teacher.client.get(`${BASE}/getExam/${othersExam.id}`),
        ApiStatus.NOT_FOUND,
      );
      // Sees an exam shared with another batch, but may not change it.
      const change = await teacher.client.post(`${BASE}/unpublishExam/${mixed.id}`);
      expectStatus(change, ApiStatus.FORBIDDEN);
      const options = expectOk(
        await teacher.client.get<ExamPublishOptions>(`${BASE}/publishOptions`),
      );
      expect(options.classes.map((c) => c.id)).toEqual([batchA]);
      expect(options.classes[0]!.studentCount).toBe(5);
      expect(options.papers.some((p) => p.id === paperId)).toBe(true);
    });
  });

  describe('the list', () => {
    it('filters by state, batch and window, newest first', async () => {
      const upcoming = await published({
        name: 'List upcoming',
        startAt: inMinutes(3000),
        endAt: inMinutes(3100),
        durationMinutes: 60,
      });
      const draft = await addDraft({
        name: 'List draft',
        startAt: inMinutes(3000),
        endAt: inMinutes(3100),
        durationMinutes: 60,
      });
      const ids = async (query: Record<string, string>) =>
        expectOk(
          await admin.get<ListResult<ExamListItem>>(`${BASE}/listExam`, {
            limit: '500',
            keyword: 'List ',
            ...query,
          }),
        ).list.map((e) => e.id);
      expect(await ids({ state: 'upcoming' })).toEqual([upcoming.id]);
      expect(await ids({ state: 'draft' })).toEqual([draft]);
      expect(await ids({ state: 'open' })).toEqual([]);
      expect(await ids({ from: inMinutes(3050), to: inMinutes(3060) })).toEqual([
        draft,
        upcoming.id,
      ]);
      expect(await ids({ from: inMinutes(3200), to: inMinutes(3300) })).toEqual([]);
      expect(await ids({ classId: String(otherLevelBatch) })).toEqual([]);
    });
  });
});

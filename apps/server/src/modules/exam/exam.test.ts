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
  type AdmissionTickets,
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

    it('keeps a paper an exam uses from being deleted, naming the exam', async () => {
      const used = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      });
      await addDraft({ name: 'Uses the paper', paperId: used });
      const refused = await admin.delete(`/api/kaoshi-paper/paper/deletePaper/${used}`);
      expectStatus(refused, ApiStatus.CONFLICT);
      expect(refused.body.message).toBe(
        `paper ${used} is used by the exam(s) “Uses the paper”: it cannot be deleted`,
      );
    });

    it('keeps a batch an exam is for, and a student who is a candidate, from being deleted', async () => {
      const empty = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Planned batch' });
      await addDraft({ name: 'Planned exam', classIds: [batchA, empty] });
      const batch = await admin.delete(`/api/kaoshi-school/classes/deleteClasses/${empty}`);
      expectStatus(batch, ApiStatus.CONFLICT);
      expect(batch.body.message).toBe(
        'the batch “Planned batch” is used by 1 exam(s) (“Planned exam”): it cannot be deleted',
      );
      const [student] = await addStudents(t.handle.db, empty, 1, { prefix: 'P-' });
      await published({ name: 'Sat by P', classIds: [empty] });
      const refused = await admin.delete(`/api/kaoshi-base/student/deleteStudent/${student}`);
      expectStatus(refused, ApiStatus.CONFLICT);
      expect(refused.body.message).toContain('is a candidate of 1 exam(s) (“Sat by P”)');
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
      expect(list[0]!.idNumber).toMatch(/^\d{6}\*{12}$/);

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

    it('neither unpublishes nor deletes a running exam, even before anyone started', async () => {
      const { id } = await published({ classIds: [batchA] });
      const endAt = inMinutes(90);
      await setWindow(id, inMinutes(-5), endAt);
      const unpublish = await admin.request({
        method: 'POST',
        url: `${BASE}/unpublishExam/${id}`,
        headers: { 'accept-language': 'en' },
      });
      expectStatus(unpublish, ApiStatus.CONFLICT);
      expect(unpublish.body.message).toBe(
        `exam ${id} is running until ${endAt}: it cannot be unpublished`,
      );
      const deleted = await admin.request({
        method: 'DELETE',
        url: `${BASE}/deleteExam/${id}`,
        headers: { 'accept-language': 'zh-CN' },
      });
      expectStatus(deleted, ApiStatus.CONFLICT);
      expect(deleted.body.message).toBe(`考试 ${id} 正在进行（至 ${endAt} 结束），不能删除`);
      expect((await getExam(id)).state).toBe('open');
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

    it('still lets a published exam change when its paper has since gone back to review', async () => {
      const ownPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: s.level,
        courseId: s.courseId,
      });
      const { id } = await published({ paperId: ownPaper, classIds: [batchA] });
      // The paper is edited for later exams: under review again, with another pass score.
      await t.handle.db
        .updateTable('papers')
        .set({ audit_status: 0, pass_score: 500 })
        .where('id', '=', ownPaper)
        .execute();
      const body = exam({ paperId: ownPaper, classIds: [batchA] });
      const { startAt, endAt } = await getExam(id);
      const later = inMinutes(240);
      expectOk(
        await admin.put(`${BASE}/updateExam`, {
          id,
          ...body,
          startAt,
          endAt: later,
          classIds: [batchA, batchB],
        }),
      );
      const view = await getExam(id);
      expect(view).toMatchObject({ endAt: later, candidateCount: 8, passScore: 3 });
      expect(endAt).not.toBe(later);
      // Freezing it anew needs a passed paper: unpublished and published again, it is refused.
      expectOk(await admin.post(`${BASE}/unpublishExam/${id}`));
      const again = await admin.post(`${BASE}/publishExam/${id}`);
      expectStatus(again, ApiStatus.CONFLICT);
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

  describe('candidates', () => {
    it('adds single students of the job type and level, and refuses others, naming them', async () => {
      const { id } = await published({ classIds: [batchA] });
      const [eligible] = [
        expectOk(
          await admin.get<{ id: number; ticketNumber: string }[]>(`${BASE}/listEligibleStudent`, {
            examId: String(id),
            keyword: 'B-0000',
          }),
        ),
      ];
      expect(eligible!.map((e) => e.ticketNumber)).toEqual(['B-00001', 'B-00002', 'B-00003']);
      expect(
        expectOk(
          await admin.post<{ added: number }>(`${BASE}/addCandidate`, {
            examId: id,
            studentIds: [studentsB[1], studentsB[0]],
          }),
        ),
      ).toEqual({ added: 2 });
      // Adding one already there changes nothing.
      expect(
        expectOk(
          await admin.post<{ added: number }>(`${BASE}/addCandidate`, {
            examId: id,
            studentIds: [studentsB[0]],
          }),
        ),
      ).toEqual({ added: 0 });
      const { list } = await candidatesOf(id);
      expect(list.slice(-2).map((c) => [c.ticketNumber, c.seatNumber, c.addedSingly])).toEqual([
        ['B-00001', 6, true],
        ['B-00002', 7, true],
      ]);

      const [level4] = await addStudents(t.handle.db, otherLevelBatch, 1, { prefix: 'L4-' });
      const wrong = await admin.post(`${BASE}/addCandidate`, { examId: id, studentIds: [level4] });
      expectStatus(wrong, ApiStatus.INVALID_INPUT);
      expect(wrong.body.message).toContain(
        '(L4-00001) is not registered for this exam’s job type and level',
      );
      const [disabled] = await addStudents(t.handle.db, batchB, 1, { prefix: 'BX-', status: 0 });
      const off = await admin.post(`${BASE}/addCandidate`, { examId: id, studentIds: [disabled] });
      expectStatus(off, ApiStatus.INVALID_INPUT);
      expect(off.body.message).toContain('(BX-00001) is disabled');

      // The teacher's exam, and a student of a batch not theirs.
      const own = await published({ classIds: [batchA] }, teacher.client);
      const foreign = await teacher.client.post(`${BASE}/addCandidate`, {
        examId: own.id,
        studentIds: [studentsB[2]],
      });
      expectStatus(foreign, ApiStatus.FORBIDDEN);
      expect(foreign.body.message).toContain('(B-00003)');
    });

    it('removes only candidates who have not started, and sets extra time until the exam closes', async () => {
      const { id } = await published({ classIds: [batchA] });
      await startAttempt(id, studentsA[0]!);
      const started = await admin.post(`${BASE}/removeCandidate`, {
        examId: id,
        studentIds: [studentsA[0], studentsA[1]],
      });
      expectStatus(started, ApiStatus.CONFLICT);
      expect(started.body.message).toContain('(A-00001) has started the exam');
      expect((await candidatesOf(id)).total).toBe(5);
      expect(
        expectOk(
          await admin.post<{ removed: number }>(`${BASE}/removeCandidate`, {
            examId: id,
            studentIds: [studentsA[1]],
          }),
        ),
      ).toEqual({ removed: 1 });
      expect((await candidatesOf(id)).total).toBe(4);
      const notThere = await admin.post(`${BASE}/removeCandidate`, {
        examId: id,
        studentIds: [studentsB[0]],
      });
      expectStatus(notThere, ApiStatus.INVALID_INPUT);

      expectOk(
        await admin.post(`${BASE}/setExtraTime`, {
          examId: id,
          studentId: studentsA[2],
          minutes: 25,
        }),
      );
      const third = (await candidatesOf(id, { keyword: 'A-00003' })).list;
      expect(third.map((c) => c.extraMinutes)).toEqual([25]);
      const changes = expectOk(await admin.get<ExamChangeView[]>(`${BASE}/listExamChange/${id}`));
      expect(changes[0]).toMatchObject({ action: 'extraTime', detail: { minutes: [0, 25] } });
      expect(changes[1]).toMatchObject({ action: 'removeCandidate' });

      const tooMuch = await admin.post(`${BASE}/setExtraTime`, {
        examId: id,
        studentId: studentsA[2],
        minutes: 601,
      });
      expectStatus(tooMuch, ApiStatus.INVALID_INPUT);
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      const closed = await admin.post(`${BASE}/setExtraTime`, {
        examId: id,
        studentId: studentsA[2],
        minutes: 5,
      });
      expectStatus(closed, ApiStatus.CONFLICT);
    });

    it('lists by the spec §4 status codes: a candidate who never started shows 5 once the window closes', async () => {
      const { id } = await published({ classIds: [batchA] });
      await startAttempt(id, studentsA[0]!);
      expect((await candidatesOf(id, { status: '3' })).total).toBe(4);
      expect((await candidatesOf(id, { status: '2' })).total).toBe(1);
      expect((await candidatesOf(id, { status: '5' })).total).toBe(0);
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      expect((await candidatesOf(id, { status: '3' })).total).toBe(0);
      const expired = await candidatesOf(id, { status: '5' });
      expect(expired.total).toBe(4);
      expect(expired.list.every((c) => c.status === CandidateStatus.EXPIRED)).toBe(true);
      expectStatus(
        await admin.get(`${BASE}/listCandidate`, { examId: String(id), status: '9' }),
        ApiStatus.INVALID_INPUT,
      );
    });

    it('exports the candidates as a workbook with headers in the user’s language', async () => {
      const { id } = await published({ classIds: [batchA], name: 'Export exam' });
      const result = await t.app.inject({
        method: 'GET',
        url: `${BASE}/exportCandidate?examId=${id}`,
        cookies: { KAOSHI_TOKEN: admin.token! },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(result.statusCode).toBe(200);
      expect(result.headers['content-disposition']).toContain('exam-' + id + '-candidates');
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(result.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        '座位号',
        '准考证号',
        '姓名',
        '证件号码',
        '报名批次',
        '考试状态',
        '延时（分钟）',
        '成绩',
      ]);
      expect(sheet.rowCount).toBe(6);
      expect(sheet.getRow(2).getCell(2).value).toBe('A-00001');
      expect(sheet.getRow(2).getCell(6).value).toBe('未开始');
    });
  });

  describe('admission tickets', () => {
    it('print each candidate in seat order with a masked ID number, per batch or for all', async () => {
      const { id } = await published({ name: 'Ticket exam' });
      const all = expectOk(
        await admin.get<AdmissionTickets>(`${BASE}/admissionTicket`, { examId: String(id) }),
      );
      expect(all).toMatchObject({ examName: 'Ticket exam', level: 5, durationMinutes: 90 });
      expect(all.signInUrl).toMatch(/^http:\/\/.+\/login$/);
      expect(all.tickets.map((ticket) => ticket.seatNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(all.tickets[0]).toMatchObject({
        ticketNumber: 'A-00001',
        className: 'Spring batch',
        initialPassword: null,
      });
      expect(all.tickets[0]!.idNumber).toMatch(/^\d{6}\*{12}$/);
      const summer = expectOk(
        await admin.get<AdmissionTickets>(`${BASE}/admissionTicket`, {
          examId: String(id),
          classId: String(batchB),
        }),
      );
      expect(summer.tickets.map((ticket) => ticket.ticketNumber)).toEqual([
        'B-00001',
        'B-00002',
        'B-00003',
      ]);
    });

    it('print the initial password only while the random first password is still in use', async () => {
      const random = await createTestApp({ STUDENT_INITIAL_PASSWORD: 'random' });
      try {
        const root = await login(random.app);
        const r = await createStructure(random.handle.db);
        const paper = await addPaper(random.handle.db, {
          subjectId: r.subjectId,
          level: r.level,
          courseId: r.courseId,
        });
        const batch = await addClass(random.handle.db, r.subjectId, { level: 5 });
        const [kept, changed] = await addStudents(random.handle.db, batch, 2, {
          prefix: 'R-',
          initialPassword: 'k7Qp2x',
        });
        const changedUser = await random.handle.db
          .selectFrom('students')
          .select('user_id')
          .where('id', '=', changed!)
          .executeTakeFirstOrThrow();
        await random.handle.db
          .updateTable('users')
          .set({ password_is_default: 0 })
          .where('id', '=', changedUser.user_id)
          .execute();
        const { id } = expectOk(
          await root.post<{ id: number }>(`${BASE}/addExam`, {
            ...exam(),
            paperId: paper,
            classIds: [batch],
          }),
        );
        expectOk(await root.post(`${BASE}/publishExam/${id}`));
        const tickets = expectOk(
          await root.get<AdmissionTickets>(`${BASE}/admissionTicket`, { examId: String(id) }),
        ).tickets;
        expect(tickets.map((ticket) => [ticket.studentId, ticket.initialPassword])).toEqual([
          [kept, 'k7Qp2x'],
          [changed, null],
        ]);
      } finally {
        await random.close();
      }
    });
  });

  describe('make-up exams', () => {
    /** A published exam of batch A whose window has closed, with candidates as given. */
    async function closedExam(options: { released?: boolean } = {}) {
      const { id } = await published({ name: 'Closed exam', classIds: [batchA] });
      await setWindow(id, inMinutes(-200), inMinutes(-1));
      if (options.released) {
        await t.handle.db
          .updateTable('exams')
          .set({ released_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
      }
      return id;
    }

    /** What marking will write: A-00001 passed, A-00002 failed, A-00003 submitted and failed; the rest absent. */
    async function score(examId: number) {
      const set = async (studentId: number, status: number, points: number, passed: number) =>
        t.handle.db
          .updateTable('exam_candidates')
          .set({ status, score: points * 100, passed })
          .where('exam_id', '=', examId)
          .where('student_id', '=', studentId)
          .execute();
      await set(studentsA[0]!, CandidateStatus.SUBMITTED, 6, 1);
      await set(studentsA[1]!, CandidateStatus.SUBMITTED, 2, 0);
      await set(studentsA[2]!, CandidateStatus.SAVED, 0, 0);
    }

    const makeUp = (examId: number, fields: Record<string, unknown> = {}) => ({
      examId,
      paperId,
      who: 'absent',
      startAt: inMinutes(60 * 24 * 7),
      endAt: inMinutes(60 * 24 * 7 + 120),
      durationMinutes: 90,
      ...fields,
    });

    it('is refused before the exam closes, and for failed candidates before scores are released', async () => {
      const open = await published({ classIds: [batchA] });
      const early = await admin.post(`${BASE}/addMakeUpExam`, makeUp(open.id));
      expectStatus(early, ApiStatus.CONFLICT);
      expect(early.body.message).toContain(`exam ${open.id} has not closed yet`);
      const closed = await closedExam();
      await score(closed);
      const failed = await admin.post(`${BASE}/addMakeUpExam`, makeUp(closed, { who: 'failed' }));
      expectStatus(failed, ApiStatus.CONFLICT);
      expect(failed.body.message).toContain('only its absent candidates can be chosen');
      const otherLevelPaper = await addPaper(t.handle.db, {
        subjectId: s.subjectId,
        level: 4,
        courseId: s.otherCourseId,
      });
      const otherPaper = await admin.post(
        `${BASE}/addMakeUpExam`,
        makeUp(closed, { paperId: otherLevelPaper }),
      );
      expectStatus(otherPaper, ApiStatus.INVALID_INPUT);
      expect(otherPaper.body.message).toContain('another job type or level');
    });

    it('publishes for the absent, the failed, or both, linked to the original', async () => {
      const original = await closedExam({ released: true });
      await score(original);
      const tickets = async (examId: number) =>
        (await candidatesOf(examId)).list.map((c) => c.ticketNumber);

      const absent = expectOk(
        await admin.request<{ id: number; candidateCount: number }>({
          method: 'POST',
          url: `${BASE}/addMakeUpExam`,
          payload: makeUp(original, { who: 'absent' }),
          headers: { 'accept-language': 'zh-CN' },
        }),
      );
      expect(await tickets(absent.id)).toEqual(['A-00004', 'A-00005']);
      const absentView = await getExam(absent.id);
      expect(absentView).toMatchObject({
        name: 'Closed exam（补考）',
        state: 'upcoming',
        makeUpOf: { id: original, name: 'Closed exam', who: 'absent' },
      });
      expect(absentView.paperVersionId).not.toBeNull();

      const failed = expectOk(
        await admin.post<{ id: number }>(
          `${BASE}/addMakeUpExam`,
          makeUp(original, { who: 'failed', name: 'Second chance' }),
        ),
      );
      expect(await tickets(failed.id)).toEqual(['A-00002', 'A-00003']);
      // Each of them has a make-up already: a second one is a duplicate.
      expectStatus(
        await admin.post(`${BASE}/addMakeUpExam`, makeUp(original, { who: 'both' })),
        ApiStatus.CONFLICT,
      );
      const another = await closedExam({ released: true });
      await score(another);
      const both = expectOk(
        await admin.post<{ id: number }>(`${BASE}/addMakeUpExam`, makeUp(another, { who: 'both' })),
      );
      expect(await tickets(both.id)).toEqual(['A-00002', 'A-00003', 'A-00004', 'A-00005']);
      expect((await candidatesOf(both.id)).list.map((c) => c.seatNumber)).toEqual([1, 2, 3, 4]);

      const view = await getExam(original);
      expect(view.makeUps.map((m) => [m.id, m.who, m.candidateCount])).toEqual([
        [absent.id, 'absent', 2],
        [failed.id, 'failed', 2],
      ]);
      // The original keeps its results; it cannot be deleted while its make-ups exist.
      expect((await candidatesOf(original, { keyword: 'A-00002' })).list[0]).toMatchObject({
        score: 2,
        passed: false,
      });
      const del = await admin.delete(`${BASE}/deleteExam/${original}`);
      expectStatus(del, ApiStatus.CONFLICT);
    });

    it('says so when nobody is left to sit it', async () => {
      const original = await closedExam({ released: true });
      await t.handle.db
        .updateTable('exam_candidates')
        .set({ status: CandidateStatus.SUBMITTED, passed: 1, score: 600 })
        .where('exam_id', '=', original)
        .execute();
      const nobody = await admin.request({
        method: 'POST',
        url: `${BASE}/addMakeUpExam`,
        payload: makeUp(original, { who: 'both' }),
        headers: { 'accept-language': 'en' },
      });
      expectStatus(nobody, ApiStatus.CONFLICT);
      expect(nobody.body.message).toBe(
        `exam ${original} has no candidates who are failed or absent`,
      );
      expect((await getExam(original)).makeUps).toEqual([]);
    });
  });
});

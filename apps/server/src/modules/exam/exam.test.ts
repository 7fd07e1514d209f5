import {
  ApiStatus,
  CandidateStatus,
  Perm,
  type ExamBody,
  type ExamListItem,
  type ExamPublishCheck,
  type ExamPublishOptions,
  type ListResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { addClass } from '../base/test-data.js';
import type { Structure } from '../question/test-data.js';
import { EXAM_BASE as BASE } from './exam.routes.js';
import { ExamWorld, addPaper, addStudents, inMinutes, signedInPublisher } from './test-data.js';

describe('exams', () => {
  const world = new ExamWorld({ teacher: true });
  const { examBody: exam, addDraft, published, getExam, candidatesOf } = world;
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let batchA: number;
  let batchB: number;
  let otherLevelBatch: number;
  let teacher: { id: number; client: Client };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, s, paperId, batchA, batchB, otherLevelBatch, teacher } = await world.build(t));
  });
  afterAll(() => t.close());

  const publisher = (withSuper?: boolean, keys?: string[]) =>
    signedInPublisher(t, admin, withSuper, keys);

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

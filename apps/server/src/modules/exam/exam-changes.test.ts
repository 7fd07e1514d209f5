import { ApiStatus, type ExamChangeView } from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus } from '../../../test/factories.js';
import { readPaperVersion } from '../paper/paper-version.js';
import type { Structure } from '../question/test-data.js';
import { EXAM_BASE as BASE } from './exam.routes.js';
import { ExamWorld, addPaper, inMinutes } from './test-data.js';

describe('exams: changes', () => {
  const world = new ExamWorld();
  const { examBody: exam, published, getExam, setWindow, startAttempt } = world;
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let paperId: number;
  let batchA: number;
  let batchB: number;
  let studentsA: number[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, s, paperId, batchA, batchB, studentsA } = await world.build(t));
  });
  afterAll(() => t.close());

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
});

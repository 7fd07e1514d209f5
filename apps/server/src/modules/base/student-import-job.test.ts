import { Perm, UserType, type ImportJobView, type StudentImportResult } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, login } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { openDatabase } from '../../db/database.js';
import { jobUrlOf } from '../../../test/imports.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { IMPORT_JOB_KEEP_MS, IMPORT_JOB_SILENT_MS, ImportJobs } from '../../lib/import-job.js';
import { ImportJobRepository } from '../../lib/import-job.repository.js';
import { multipart } from '../files/fixtures.js';
import { StudentImportService } from './student-import.service.js';
import {
  STUDENT,
  cells,
  filePart,
  studentImportKit,
  workbook,
} from './student-import-test-data.js';
import { createBatch } from './test-data.js';

const ADMIN = { user: { id: 1, user_type: UserType.ADMIN }, superAdmin: true } as AuthContext;
const silentLog = { error: () => undefined, warn: () => undefined } as never;

describe('student import jobs', () => {
  const kit = studentImportKit();
  const { db, student, preview, apply, counts } = kit;

  const start = (action: 'importPreview' | 'importApply', file: Buffer, mode = 'skipInvalid') =>
    kit.admin.request<ImportJobView>({
      method: 'POST',
      url: `${STUDENT}/${action}`,
      ...multipart([
        ...(action === 'importApply' ? [{ name: 'mode', value: mode }] : []),
        filePart(file),
      ]),
    });
  const poll = (id: number, client = kit.admin, language = 'en') =>
    client.request<ImportJobView>({
      method: 'GET',
      url: `${STUDENT}/importJob/${id}`,
      headers: { 'accept-language': language },
    });

  it('the upload answers at once with the job; its result is what the import answers', async () => {
    const file = await workbook([cells(student()), cells(student({ phone: 'bad' }))]);
    const started = expectOk(await start('importPreview', file));
    expect(started).toEqual({
      id: expect.any(Number),
      action: 'preview',
      phase: 'check',
      done: 0,
      total: 0,
      result: null,
      error: null,
    });
    // The preview's job gives what the service's preview answers, nothing written.
    const before = await counts();
    const checked = expectOk(await preview(file));
    const service = new StudentImportService(db(), kit.t.config);
    expect(checked).toEqual(await service.preview(file, ADMIN));
    expect(await counts()).toEqual(before);

    const run = await apply(file);
    expect(run.body.data).toMatchObject({ created: 1, updated: 0, skipped: 1, total: 2 });
    const job = expectOk(await poll(run.jobId!));
    expect(job).toMatchObject({ action: 'apply', phase: 'done', done: 1, total: 1, error: null });
    expect((job.result as StudentImportResult).accounts).toHaveLength(1);
  });

  it('only the user who started a job sees it (10003 to anyone else, or on another import)', async () => {
    const file = await workbook([cells(student())]);
    const run = await preview(file);
    const id = run.jobId!;
    expectOk(await poll(id));
    const other = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT, Perm.STUDENT_IMPORT]);
    expectStatus(await poll(id, other.client), 10003);
    expectStatus(await poll(id + 1000), 10003);
    // A student import's job is not a question import's.
    expectStatus(
      await kit.admin.get(jobUrlOf('/api/kaoshi-question/question/importPreview', id)),
      10003,
    );
    // And a job needs the import's permissions like its start.
    const listOnly = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT]);
    expectStatus(await poll(id, listOnly.client), 10001);
  });

  it('a refused allOrNothing import fails with the reason in the reader’s language and writes nothing', async () => {
    const before = await counts();
    const file = await workbook([cells(student()), cells(student({ idNumber: '123' }))]);
    const id = expectOk(await start('importApply', file, 'allOrNothing')).id;
    const ended = async () => {
      const seen = expectOk(await poll(id, kit.admin, 'zh'));
      return seen.phase === 'failed' || seen.phase === 'done' ? seen : null;
    };
    // expect.poll waits between tries: the job's work needs the event loop too.
    await expect.poll(ended).not.toBeNull();
    const job = (await ended())!;
    expect(job).toMatchObject({ phase: 'failed', result: null });
    expect(job.error).toEqual({
      status: 10002,
      message: expect.stringMatching(/^文件：/),
      field: 'file',
    });
    expect(expectOk(await poll(id, kit.admin, 'en')).error!.message).toMatch(
      /^File: 1 of 2 rows are invalid; nothing was imported/,
    );
    expect(await counts()).toEqual(before);
  });

  it('a job whose process went away ends failed once its heartbeat is old', async () => {
    const jobs = new ImportJobRepository(db());
    const old = new Date(Date.now() - IMPORT_JOB_SILENT_MS - 1000).toISOString();
    const id = await jobs.insert({ kind: 'student', action: 'apply', ownerId: 1, now: old });
    await jobs.progress(id, { phase: 'write', done: 500, total: 1200 }, old);
    const lost = expectOk(await poll(id));
    expect(lost).toMatchObject({ phase: 'failed', done: 500, total: 1200, result: null });
    expect(lost.error).toEqual({
      status: 500,
      message: expect.stringMatching(/^the import job stopped: .*nothing was imported/),
      field: null,
    });
    // One whose heartbeat is recent is still running.
    const alive = await jobs.insert({
      kind: 'student',
      action: 'apply',
      ownerId: 1,
      now: new Date().toISOString(),
    });
    expect(expectOk(await poll(alive)).phase).toBe('check');
  });

  it('shows the rows written as they go, words an internal error with the request id, and deletes old jobs', async () => {
    let clock = Date.now();
    const jobs = new ImportJobs(db(), 'student', { now: () => clock });
    const origin = { requestId: 'req-7', log: silentLog };
    let finish!: () => void;
    const started = await jobs.start('apply', 1, origin, async (report) => {
      report('write', 500, 1200);
      await new Promise<void>((resolve) => (finish = resolve));
      throw new Error('disk on fire');
    });
    await expect.poll(async () => (await jobs.view(started.id, 1, 'en')).done).toBe(500);
    expect(await jobs.view(started.id, 1, 'en')).toMatchObject({ phase: 'write', total: 1200 });
    finish();
    await jobs.settle();
    expect((await jobs.view(started.id, 1, 'ja')).error).toEqual({
      status: 500,
      message: '内部エラー（リクエスト req-7）。何もインポートしていません',
      field: null,
    });
    // An hour after its end, the next job's start deletes it.
    clock += IMPORT_JOB_KEEP_MS + 1000;
    await jobs.start('preview', 1, origin, async () => 'ok');
    await expect(jobs.view(started.id, 1, 'en')).rejects.toMatchObject({ status: 10003 });
    await jobs.settle();
  });

  it('closing the server waits for the jobs it runs, before the database closes', async () => {
    const other = await createTestApp();
    try {
      const admin = await login(other.app);
      const batch = await createBatch(other.handle.db);
      const { code } = await other.handle.db
        .selectFrom('classes')
        .select('code')
        .where('id', '=', batch.classId)
        .executeTakeFirstOrThrow();
      const file = await workbook([cells(student({ batchCode: code }))]);
      const started = expectOk(
        await admin.request<ImportJobView>({
          method: 'POST',
          url: `${STUDENT}/importApply`,
          ...multipart([{ name: 'mode', value: 'skipInvalid' }, filePart(file)]),
        }),
      );
      await other.app.close();
      const reopened = openDatabase(other.config.database);
      try {
        const row = await reopened.db
          .selectFrom('import_jobs')
          .select(['phase', 'error'])
          .where('id', '=', started.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ phase: 'done', error: null });
      } finally {
        await reopened.db.destroy();
      }
    } finally {
      await other.close();
    }
  });
});

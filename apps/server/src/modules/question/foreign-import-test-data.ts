import fs from 'node:fs';
import path from 'node:path';
import type { QuestionImportPreview, QuestionImportResult } from '@kaoshi/shared';
import { expect } from 'vitest';
import type { Client, TestApp } from '../../../test/build-app.js';
import { runImportJob, zip, type JobRun } from '../../../test/imports.js';
import { multipart, type Part } from '../files/fixtures.js';
import { QUESTION_BASE as BASE } from './question.routes.js';
import type { Structure } from './test-data.js';

/**
 * The calls of a test of an import from another tool's file (Moodle XML, GIFT, QTI, Word): the
 * upload form under the test's structure, preview and apply run as jobs, the bank's count.
 * `world` answers the suite's app, admin and structure once its beforeAll has run.
 */
export function foreignImport(
  world: () => { t: TestApp; admin: Client; s: Structure },
  defaults: { filename?: string; format?: string } = {},
) {
  const parts = (
    file: Buffer,
    filename = defaults.filename ?? 'bank',
    format: string | null | undefined = defaults.format,
  ): Part[] => {
    const { s } = world();
    return [
      ...(format ? [{ name: 'format', value: format }] : []),
      { name: 'subjectId', value: String(s.subjectId) },
      { name: 'level', value: '5' },
      { name: 'courseId', value: String(s.courseId) },
      { name: 'file', value: file, filename },
    ];
  };
  const preview = (form: Part[], client = world().admin) =>
    runImportJob<QuestionImportPreview>(client, {
      method: 'POST',
      url: `${BASE}/importPreview`,
      ...multipart(form),
    });
  const apply = (form: Part[], client = world().admin) =>
    runImportJob<QuestionImportResult>(client, {
      method: 'POST',
      url: `${BASE}/importApply`,
      ...multipart([{ name: 'mode', value: 'skipInvalid' }, ...form]),
    });
  const applied = (result: JobRun<QuestionImportResult>) => {
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ status: 200 });
    return result.body.data;
  };
  /** Every question of the bank, whatever its source. */
  const count = async () =>
    Number(
      (
        await world()
          .t.handle.db.selectFrom('questions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Every question imported from `source` gets the audit status (a reviewer's work). */
  const setAuditStatus = (source: string, status: number) =>
    world()
      .t.handle.db.updateTable('questions')
      .set({ audit_status: status })
      .where('external_source', '=', source)
      .execute();
  return { parts, preview, apply, applied, count, setAuditStatus };
}

const QTI_FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/qti');

/** A QTI fixture folder (test/fixtures/qti/) as a .zip, its files deflated, in a fixed order. */
export function qtiPackageOf(folder: string, edit?: (name: string, data: Buffer) => Buffer) {
  const root = path.join(QTI_FIXTURES, folder);
  const names = (fs.readdirSync(root, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .sort();
  return zip(
    names.map((name) => {
      const data = fs.readFileSync(path.join(root, name));
      return { name, data: edit ? edit(name, data) : data, deflate: true };
    }),
  );
}

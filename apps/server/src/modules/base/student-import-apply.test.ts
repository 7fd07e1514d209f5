import { Perm, UserType, type Envelope, type StudentView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, login } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher, refusalText } from '../../../test/factories.js';
import { readXlsx, rowValues } from '../../../test/imports.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.js';
import { StudentImportService } from './student-import.service.js';
import {
  EN,
  STUDENT,
  TEMPLATE_HEADERS,
  cells,
  studentImportKit,
  workbook,
} from './student-import-test-data.js';
import { assignTeacher, createBatch, type Batch } from './test-data.js';

describe('student import: writing, who may import, export', () => {
  const kit = studentImportKit();
  const { db, codeOf, code, student, preview, apply, applied, counts, byIdNumber, download } = kit;

  describe('importApply', () => {
    it('skipInvalid writes every good row in one go, reports progress, skips the bad', async () => {
      const before = await counts();
      const good = Array.from({ length: 1203 }, () => student());
      const rows = [...good.map(cells), cells(student({ phone: 'bad' }))];
      const result = await apply(await workbook(rows));
      expect(applied(result)).toEqual({ created: 1203, updated: 0, skipped: 1, total: 1204 });
      // The polls see some of the steps: checking, rows written, then done with every row.
      expect(result.steps[0]!.phase).toBe('check');
      expect(result.steps.at(-1)).toEqual({ phase: 'done', done: 1203, total: 1203 });
      for (const step of result.steps.filter((seen) => seen.phase === 'write')) {
        expect(step.total).toBe(1203);
      }
      expect(await counts()).toEqual({
        users: before.users + 1203,
        students: before.students + 1203,
        roles: before.roles + 1203,
      });
      const created = (await byIdNumber(good[7]!.idNumber as string))!;
      expect(created.ticket_number).toMatch(/^KS\d{10}$/);
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', created.user_id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        name: created.ticket_number,
        user_type: 3,
        password_is_default: 1,
      });
      // Each new account is answered with its initial password (random by default).
      const account = result.body.data.accounts.find(
        (row) => row.ticketNumber === created.ticket_number,
      );
      expect(account).toEqual({
        ticketNumber: created.ticket_number,
        name: created.name,
        idNumber: created.id_number,
        initialPassword: expect.stringMatching(/^[2-9a-hjkmnp-z]{8}$/),
      });
      await login(kit.t.app, created.ticket_number, account!.initialPassword, UserType.STUDENT);
    });

    it('allOrNothing refuses a file with bad rows and writes nothing; a clean file goes in', async () => {
      const before = await counts();
      const rows = [
        cells(student()),
        cells(student({ idNumber: '123' })),
        cells(student({ gender: '?' })),
      ];
      const refused = await apply(await workbook(rows), 'allOrNothing');
      expect(refused.http).toBe(400);
      expect(refused.body).toMatchObject({ status: 10002 });
      expect(refusalText(refused)).toMatch(/2 of 3 rows are invalid; nothing was imported/);
      expect(await counts()).toEqual(before);

      const clean = await apply(await workbook([rows[0]!]), 'allOrNothing');
      expect(applied(clean)).toEqual({ created: 1, updated: 0, skipped: 0, total: 1 });
    });

    it('a file with no good row is refused in either mode', async () => {
      const result = await apply(await workbook([cells(student({ name: '' }))]));
      expect(result.body).toMatchObject({ status: 10002 });
      expect(refusalText(result)).toMatch(/none of the 1 rows is valid/);
    });

    it('importing the same file again updates, never duplicates; empty optional cells keep values', async () => {
      const values = [
        student({ email: 'a@example.com' }),
        student({ idType: 'Passport', idNumber: 'P9876543' }),
      ];
      const file = await workbook(values.map(cells));
      expect(applied(await apply(file))).toMatchObject({ created: 2, updated: 0 });
      const before = await counts();
      const first = (await byIdNumber(values[0]!.idNumber as string))!;

      const again = expectOk(await preview(file));
      expect(again).toMatchObject({ creates: 0, updates: 2, invalid: 0 });
      expect(applied(await apply(file))).toMatchObject({ created: 0, updated: 2 });
      expect(await counts()).toEqual(before);

      const changed = await workbook([
        cells({
          ...values[0],
          name: 'New Name',
          email: '',
          phone: null,
          gender: null,
          status: 'Disabled',
        }),
      ]);
      expect(applied(await apply(changed, 'allOrNothing'))).toMatchObject({
        created: 0,
        updated: 1,
      });
      const after = (await byIdNumber(values[0]!.idNumber as string))!;
      expect(after).toMatchObject({
        id: first.id,
        ticket_number: first.ticket_number,
        name: 'New Name',
        email: 'a@example.com',
        phone: first.phone,
        gender: first.gender,
        status: 0,
      });
      expect(await counts()).toEqual(before);
    });

    it('a failure in the middle of the write rolls all of it back', async () => {
      // A student of our own to update: an arbitrary row of the table may sit in a full batch.
      const existing = student();
      applied(await apply(await workbook([cells(existing)])));
      const before = await counts();
      const rows = Array.from({ length: 1100 }, () => cells(student()));
      rows.push(cells({ ...existing, name: 'Updated?' }));
      const service = new StudentImportService(db(), kit.t.config);
      const actor = {
        user: { id: 1, user_type: UserType.ADMIN },
        superAdmin: true,
      } as unknown as AuthContext;
      const job = await service.prepare(await workbook(rows), 'skipInvalid', actor);
      expect(job.preview).toMatchObject({ creates: 1100, updates: 1 });
      const seen: number[] = [];
      await expect(
        job.run((done) => {
          seen.push(done);
          if (done >= 1000) throw new Error('disk on fire');
        }),
      ).rejects.toThrow('disk on fire');
      expect(seen).toEqual([0, 500, 1000]);
      expect(await counts()).toEqual(before);
      expect(
        await db().selectFrom('students').select('id').where('name', '=', 'Updated?').execute(),
      ).toEqual([]);
    });
  });

  describe('who may import', () => {
    let mine: Batch;
    let foreign: Batch;
    let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
    beforeAll(async () => {
      mine = await createBatch(db(), { subjectId: kit.open.subjectId });
      foreign = await createBatch(db(), { subjectId: kit.open.subjectId });
      await codeOf(mine);
      await codeOf(foreign);
      teacher = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT, Perm.STUDENT_IMPORT]);
      await assignTeacher(db(), mine.classId, teacher.id);
    });

    it('a teacher imports only into their batches and updates only their students', async () => {
      const inForeign = student({ batchCode: code(foreign) });
      applied(await apply(await workbook([cells(inForeign)])));
      const ours = student({ batchCode: code(mine) });
      const file = await workbook([
        cells(ours),
        cells(student({ batchCode: code(foreign) })),
        cells({ ...inForeign, batchCode: code(mine) }),
      ]);
      const result = expectOk(await preview(file, teacher.client));
      expect(result.rows.map((row) => row.errors.map((error) => error.code))).toEqual([
        [],
        ['batchNotYours'],
        ['duplicateInDatabase'],
      ]);
      expect(applied(await apply(file, 'skipInvalid', teacher.client))).toEqual({
        created: 1,
        updated: 0,
        skipped: 2,
        total: 3,
      });
      expect((await byIdNumber(inForeign.idNumber as string))!.class_id).toBe(foreign.classId);
      expect((await byIdNumber(ours.idNumber as string))!.class_id).toBe(mine.classId);

      const template = await download(teacher.client, `${STUDENT}/importTemplate`, { lang: 'en' });
      const batches = (await readXlsx(template.rawPayload)).worksheets[2]!;
      expect(batches.getColumn(1).values.slice(2)).toEqual([code(mine)]);
    });

    it('refuses without STUDENT-IMPORT, without STUDENT, and without a session', async () => {
      const file = await workbook([cells(student())]);
      const studentOnly = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT]);
      const importOnly = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT_IMPORT]);
      for (const [client, status] of [
        [studentOnly.client, 10001],
        [importOnly.client, 10001],
        [new Client(kit.t.app), 10000],
      ] as const) {
        expectStatus(await preview(file, client), status);
        expect((await apply(file, 'skipInvalid', client)).body.status).toBe(status);
        const template = await download(client, `${STUDENT}/importTemplate`, { lang: 'en' });
        expect(template.json<Envelope>().status).toBe(status);
      }
      expect(
        (await download(importOnly.client, `${STUDENT}/export`, {})).json<Envelope>().status,
      ).toBe(10001);
      expectOk(await studentOnly.client.request({ method: 'GET', url: `${STUDENT}/listStudent` }));
    });
  });

  describe('export', () => {
    let batch: Batch;
    let other: Batch;
    const names = ['Exp Alpha', 'Exp Beta', 'Exp Gamma'];
    beforeAll(async () => {
      batch = await createBatch(db());
      other = await createBatch(db(), { subjectId: batch.subjectId });
      await codeOf(batch);
      await codeOf(other);
      applied(
        await apply(
          await workbook([
            ...names.map((name, i) =>
              cells(
                student({
                  name,
                  batchCode: code(batch),
                  gender: i === 1 ? 'Female' : 'Unknown',
                  email: `${i}@example.com`,
                }),
              ),
            ),
            cells(student({ name: 'Exp Elsewhere', batchCode: code(other) })),
          ]),
        ),
      );
    });

    const exported = async (query: Record<string, string>, client = kit.admin) => {
      const response = await download(client, `${STUDENT}/export`, query);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      return { response, book: await readXlsx(response.rawPayload) };
    };

    it('exports every student of the filter (not one page) in the template columns', async () => {
      const { response, book } = await exported({
        classId: String(batch.classId),
        lang: 'en',
        orderBy: 'name',
        order: 'desc',
      });
      expect(response.headers['content-disposition']).toMatch(/filename="students-\d{8}\.xlsx"/);
      const sheet = book.worksheets[0]!;
      expect(rowValues(sheet, 1)).toEqual([
        ...TEMPLATE_HEADERS,
        EN.ticketNumber,
        EN.batchName,
        EN.subjectName,
        EN.level,
        EN.initialPassword,
      ]);
      expect(sheet.actualRowCount).toBe(1 + names.length);
      expect([2, 3, 4].map((n) => rowValues(sheet, n)[0])).toEqual([...names].reverse());
      const beta = rowValues(sheet, 3);
      expect(beta.slice(1, 3)).toEqual(['Female', 'Resident ID card']);
      expect(beta[6]).toBe(code(batch));
      expect(beta[7]).toBe('Enabled');
      expect(String(beta[8])).toMatch(/^KS/);
      expect(beta[9]).toBe(batch.names.class);
      expect(beta[11]).toBe('Junior');
      // The initial password, while the account has it: random by default.
      expect(String(beta[12])).toMatch(/^[2-9a-hjkmnp-z]{8}$/);

      const all = await exported({ keyword: 'Exp ', lang: 'zh' });
      expect(all.book.worksheets[0]!.actualRowCount).toBe(1 + names.length + 1);
      expect(rowValues(all.book.worksheets[0]!, 1)[0]).toBe('姓名');
      expect(all.response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('考生-')}`,
      );
    });

    it('an export is imported again as it is: all updates, no new students', async () => {
      const { response } = await exported({ keyword: 'Exp ', lang: 'es' });
      const before = await counts();
      const result = expectOk(await preview(response.rawPayload));
      expect(result).toMatchObject({ total: 4, valid: 4, creates: 0, updates: 4 });
      expect(applied(await apply(response.rawPayload, 'allOrNothing'))).toMatchObject({
        updated: 4,
        created: 0,
      });
      expect(await counts()).toEqual(before);
    });

    it('a teacher exports only their batches; bad filters are refused', async () => {
      const teacher = await signedInTeacher(kit.t.app, kit.admin, [Perm.STUDENT]);
      await assignTeacher(db(), other.classId, teacher.id);
      const { book } = await exported({ keyword: 'Exp ', lang: 'en' }, teacher.client);
      const sheet = book.worksheets[0]!;
      expect(sheet.actualRowCount).toBe(2);
      expect(rowValues(sheet, 2)[0]).toBe('Exp Elsewhere');
      expectStatus(await kit.admin.get(`${STUDENT}/export`, { lang: 'xx' }), 10002, /lang/);
      expectStatus(
        await kit.admin.get(`${STUDENT}/export`, { orderBy: 'password' }),
        10002,
        /orderBy/,
      );
      expect(
        expectOk(
          await kit.admin.get<{ list: StudentView[] }>(`${STUDENT}/listStudent`, {
            keyword: 'Exp ',
          }),
        ).list,
      ).toHaveLength(4);
    });
  });
});

import ExcelJS from 'exceljs';
import {
  ApiStatus,
  Perm,
  TOKEN_COOKIE,
  UserType,
  type ListResult,
  type SheetListItem,
  type SheetSnapshot,
  type SheetVersionView,
  type SheetView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/build-app.js';
import { DEFAULT_PASSWORD, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import { addUser, createRole, expectOk, expectStatus } from '../../../test/factories.js';
import { multipart } from '../files/fixtures.js';
import { createStructure, type Structure } from '../question/test-data.js';
import { SHEET_BASE as BASE } from './sheet.routes.js';

type Body = Record<string, unknown>;

describe('scoring sheets', () => {
  let t: TestApp;
  let admin: Client;
  let s: Structure;
  let other: Structure;

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    s = await createStructure(t.handle.db);
    other = await createStructure(t.handle.db);
  });
  afterAll(() => t.close());

  const sheet = (fields: Body = {}): Body => ({
    subjectId: s.subjectId,
    level: 5,
    name: 'Wiring a lighting circuit',
    timeLimitMinutes: 120,
    overtimePointsPerMinute: 1,
    overtimeStopMinutes: 10,
    step: 0.5,
    tasks: [
      {
        title: 'Installation',
        knowId: s.pointId,
        items: [
          { what: 'Layout', criteria: 'Deduct 2 per fault', points: 20, mode: 'deduct' },
          { what: 'Wiring', criteria: 'Up to 30 as done', points: 30.5 },
        ],
      },
      {
        title: 'Safety',
        knowId: s.secondPointId,
        items: [
          { what: 'Power off before work', criteria: 'Live work: 0', points: 0, veto: true },
          { what: 'Tidy bench', criteria: 'Up to 10', points: 10 },
        ],
      },
    ],
    ...fields,
  });

  const add = async (fields: Body = {}) =>
    expectOk(await admin.post<{ id: number }>(`${BASE}/addSheet`, sheet(fields))).id;
  const get = async (id: number) =>
    expectOk(await admin.get<SheetView>(`${BASE}/getSheetById/${id}`));
  const refused = async (fields: Body, message: RegExp) =>
    expectStatus(
      await admin.post(`${BASE}/addSheet`, sheet(fields)),
      ApiStatus.INVALID_INPUT,
      message,
    );

  it('adds a sheet and answers it with tasks, items, full score and counts', async () => {
    const id = await add();
    const view = await get(id);
    expect(view).toMatchObject({
      subjectId: s.subjectId,
      level: 5,
      name: 'Wiring a lighting circuit',
      timeLimitMinutes: 120,
      overtimePointsPerMinute: 1,
      overtimeStopMinutes: 10,
      step: 0.5,
      fullScore: 60.5,
      taskCount: 2,
      itemCount: 4,
      vetoCount: 1,
      version: 0,
    });
    expect(view.tasks.map((task) => [task.title, task.knowId, task.knowCode])).toEqual([
      ['Installation', s.pointId, s.pointCode],
      ['Safety', s.secondPointId, expect.any(String)],
    ]);
    expect(view.tasks[1]!.items[0]).toMatchObject({
      what: 'Power off before work',
      points: 0,
      veto: true,
      mode: 'award',
    });
    expect(view.tasks[0]!.items[0]).toMatchObject({ points: 20, mode: 'deduct', veto: false });
  });

  it('lists the appraisal points a task may sit on', async () => {
    const points = expectOk(
      await admin.get<{ id: number; code: string }[]>(`${BASE}/listSheetPoints`, {
        subjectId: String(s.subjectId),
        level: '5',
      }),
    );
    expect(points.map((p) => p.id).sort()).toEqual([s.pointId, s.secondPointId].sort());
  });

  it('lists sheets by job type, level and keyword', async () => {
    const id = await add({ name: 'Listed sheet XQ' });
    const found = expectOk(
      await admin.get<ListResult<SheetListItem>>(`${BASE}/listSheet`, {
        subjectId: String(s.subjectId),
        level: '5',
        keyword: 'xq',
      }),
    );
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ id, fullScore: 60.5, itemCount: 4, taskCount: 2 });
    const none = expectOk(
      await admin.get<ListResult<SheetListItem>>(`${BASE}/listSheet`, {
        subjectId: String(other.subjectId),
      }),
    );
    expect(none.total).toBe(0);
  });

  it('updates a sheet: tasks and items replaced in one go', async () => {
    const id = await add();
    expectOk(
      await admin.put(`${BASE}/updateSheet`, {
        ...sheet({ name: 'Renamed', step: 1 }),
        id,
        tasks: [{ title: 'Only', knowId: null, items: [{ what: 'All', points: 100 }] }],
      }),
    );
    const view = await get(id);
    expect(view).toMatchObject({ name: 'Renamed', step: 1, fullScore: 100, itemCount: 1 });
    expect(view.tasks).toHaveLength(1);
  });

  it('refuses a bad update and keeps the sheet as it was', async () => {
    const id = await add();
    expectStatus(
      await admin.put(`${BASE}/updateSheet`, {
        ...sheet({ name: 'Broken' }),
        id,
        tasks: [{ title: 'Only', knowId: other.pointId, items: [{ what: 'All', points: 100 }] }],
      }),
      ApiStatus.INVALID_INPUT,
      /not an appraisal point/,
    );
    expect(await get(id)).toMatchObject({ name: 'Wiring a lighting circuit', itemCount: 4 });
  });

  describe('refuses', () => {
    it('an appraisal point of another job type, of another level, or a course', async () => {
      const task = (knowId: number) => [{ title: 'T', knowId, items: [{ what: 'W', points: 5 }] }];
      await refused({ tasks: task(other.pointId) }, /task 1: .* not an appraisal point/);
      await refused({ tasks: task(s.otherPointId) }, /not an appraisal point/);
      await refused({ tasks: task(s.courseId) }, /not an appraisal point/);
    });

    it('a sheet with no items, and a task with none', async () => {
      await refused({ tasks: [] }, /no items/);
      await refused({ tasks: [{ title: 'Empty', knowId: null, items: [] }] }, /no items/);
      await refused(
        {
          tasks: [
            { title: 'Full', items: [{ what: 'W', points: 5 }] },
            { title: 'Empty', items: [] },
          ],
        },
        /task 2 "Empty" has no items/,
      );
    });

    it('a non-veto item worth 0, a veto item with points, three decimals', async () => {
      const one = (item: Body) => [{ title: 'T', items: [item] }];
      await refused({ tasks: one({ what: 'W', points: 0 }) }, /more than 0/);
      await refused({ tasks: one({ what: 'W', points: 5, veto: true }) }, /no points/);
      await refused({ tasks: one({ what: 'W', points: 1.255 }) }, /two decimals/i);
    });

    it('a level the job type does not certify, a step that is not one of the steps', async () => {
      await refused({ level: 1 }, /certifies levels/);
      await refused({ step: 0.3 }, /rounding step/);
    });

    it('in Chinese when asked', async () => {
      const result = await admin.request({
        method: 'POST',
        url: `${BASE}/addSheet`,
        payload: sheet({ tasks: [] }),
        headers: { 'accept-language': 'zh' },
      });
      expectStatus(result, ApiStatus.INVALID_INPUT, /没有评分项/);
    });
  });

  it('copies a sheet as a new one without versions', async () => {
    const id = await add();
    expectOk(await admin.post(`${BASE}/freezeSheet/${id}`));
    const { id: copyId } = expectOk(await admin.post<{ id: number }>(`${BASE}/copySheet/${id}`));
    const [original, copy] = [await get(id), await get(copyId)];
    expect(copy.name).toBe('Wiring a lighting circuit (copy)');
    expect(copy.version).toBe(0);
    expect(copy.fullScore).toBe(original.fullScore);
    const strip = (view: SheetView) =>
      view.tasks.map(({ id: _t, items, ...task }) => ({
        ...task,
        items: items.map(({ id: _i, ...item }) => item),
      }));
    expect(strip(copy)).toEqual(strip(original));
  });

  describe('versions', () => {
    it('freezes a version, reuses it while the sheet is unchanged, and writes a new one after a change', async () => {
      const id = await add();
      const first = expectOk(
        await admin.post<{ id: number; version: number }>(`${BASE}/freezeSheet/${id}`),
      );
      expect(first.version).toBe(1);
      // Saved again unchanged: its rows get new ids, but the version stays.
      expectOk(await admin.put(`${BASE}/updateSheet`, { ...sheet(), id }));
      const again = expectOk(
        await admin.post<{ id: number; version: number }>(`${BASE}/freezeSheet/${id}`),
      );
      expect(again).toEqual(first);
      expectOk(await admin.put(`${BASE}/updateSheet`, { ...sheet({ timeLimitMinutes: 90 }), id }));
      const second = expectOk(
        await admin.post<{ id: number; version: number }>(`${BASE}/freezeSheet/${id}`),
      );
      expect(second.version).toBe(2);
      expect(second.id).not.toBe(first.id);
      expect((await get(id)).version).toBe(2);
      const versions = expectOk(
        await admin.get<SheetVersionView[]>(`${BASE}/listSheetVersions/${id}`),
      );
      expect(versions.map((v) => [v.id, v.version, v.fullScore])).toEqual([
        [second.id, 2, 60.5],
        [first.id, 1, 60.5],
      ]);
    });

    it('holds the sheet as frozen: rules, tasks and items with their ids, in hundredths', async () => {
      const id = await add();
      const frozen = expectOk(
        await admin.post<{ id: number; version: number }>(`${BASE}/freezeSheet/${id}`),
      );
      const view = await get(id);
      const row = await t.handle.db
        .selectFrom('skill_sheet_versions')
        .selectAll()
        .where('id', '=', frozen.id)
        .executeTakeFirstOrThrow();
      const snapshot = JSON.parse(row.snapshot) as SheetSnapshot;
      expect(row.full_score).toBe(6050);
      expect(snapshot.fullScore).toBe(6050);
      expect(snapshot.sheet).toMatchObject({
        id,
        name: 'Wiring a lighting circuit',
        timeLimitMinutes: 120,
        overtimePointsPerMinute: 100,
        overtimeStopMinutes: 10,
        step: 50,
      });
      expect(snapshot.tasks[0]!.items.map((item) => [item.id, item.points])).toEqual(
        view.tasks[0]!.items.map((item) => [item.id, item.points * 100]),
      );
      expect(snapshot.tasks[1]!.items[0]).toMatchObject({ veto: true, points: 0 });
      expect(snapshot.tasks[0]!.knowCode).toBe(s.pointCode);
    });
  });

  describe('delete', () => {
    it('deletes a sheet and its versions', async () => {
      const id = await add();
      expectOk(await admin.post(`${BASE}/freezeSheet/${id}`));
      expectOk(await admin.delete(`${BASE}/deleteSheet/${id}`));
      expectStatus(await admin.get(`${BASE}/getSheetById/${id}`), ApiStatus.NOT_FOUND);
    });

    it('is refused while an assessment uses a version, naming it', async () => {
      const id = await add();
      const frozen = expectOk(
        await admin.post<{ id: number; version: number }>(`${BASE}/freezeSheet/${id}`),
      );
      const now = new Date(0).toISOString();
      await t.handle.db
        .insertInto('skill_assessments')
        .values({
          name: 'Spring practical',
          sheet_version_id: frozen.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      expectStatus(
        await admin.delete(`${BASE}/deleteSheet/${id}`),
        ApiStatus.CONFLICT,
        /"Spring practical"/,
      );
      expect((await get(id)).id).toBe(id);
    });
  });

  describe('.xlsx', () => {
    const exported = async (id: number, language = 'zh') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${BASE}/exportSheet/${id}`,
        cookies: { [TOKEN_COOKIE]: admin.token! },
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      return response.rawPayload;
    };
    const upload = (file: Buffer, language = 'en') => {
      const form = multipart([{ name: 'file', value: file, filename: 'sheet.xlsx' }]);
      return admin.request<{ id: number }>({
        method: 'POST',
        url: `${BASE}/importSheet`,
        payload: form.payload,
        headers: { ...form.headers, 'accept-language': language },
      });
    };
    const sheetCount = async () =>
      Number(
        (
          await t.handle.db
            .selectFrom('skill_sheets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const strip = (view: SheetView) => ({
      ...view,
      id: 0,
      name: '',
      createdAt: '',
      updatedAt: '',
      tasks: view.tasks.map((task) => ({
        ...task,
        id: 0,
        items: task.items.map((item) => ({ ...item, id: 0 })),
      })),
    });

    it('exports in the centres’ layout and imports back to the same sheet (zh and en)', async () => {
      const id = await add();
      for (const language of ['zh', 'en']) {
        const file = await exported(id, language);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file as unknown as ExcelJS.Buffer);
        const ws = book.worksheets[0]!;
        const header = ws.getRow(11).values as unknown[];
        if (language === 'zh') {
          expect(header.slice(1)).toEqual([
            '序号',
            '考核内容',
            '鉴定点代码',
            '考核要点',
            '配分',
            '评分标准',
            '否定项',
            '方式',
          ]);
          expect(ws.getRow(14).getCell(7).value).toBe('是');
        }
        const { id: imported } = expectOk(await upload(file));
        expect(strip(await get(imported))).toEqual(strip(await get(id)));
      }
    });

    it('refuses a bad file naming row and column, and writes nothing', async () => {
      const id = await add();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await exported(id)) as unknown as ExcelJS.Buffer);
      const ws = book.worksheets[0]!;
      ws.getRow(12).getCell(5).value = 'ten';
      ws.getRow(15).getCell(7).value = 'maybe';
      const before = await sheetCount();
      const result = await upload(Buffer.from(await book.xlsx.writeBuffer()));
      expectStatus(result, ApiStatus.INVALID_INPUT);
      const message = result.body.message;
      expect(message).toMatch(/row 12, column E \(Points\): "ten" is not a valid number/);
      expect(message).toMatch(/row 15, column G \(Veto\): "maybe" must be one of/);
      expect(await sheetCount()).toBe(before);
    });

    it('names an unknown appraisal point code and a job type code', async () => {
      const id = await add();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await exported(id)) as unknown as ExcelJS.Buffer);
      const ws = book.worksheets[0]!;
      ws.getRow(12).getCell(3).value = 'NO-SUCH-POINT';
      const before = await sheetCount();
      const bad = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'zh');
      expectStatus(bad, ApiStatus.INVALID_INPUT, /第 12 行第 C 列（鉴定点代码）/);
      ws.getRow(2).getCell(2).value = 'NO-SUCH-JOB';
      const worse = await upload(Buffer.from(await book.xlsx.writeBuffer()));
      expectStatus(worse, ApiStatus.INVALID_INPUT, /row 2, column B .*NO-SUCH-JOB/);
      expect(await sheetCount()).toBe(before);
    });
  });

  it('is refused without SKILLS-MANAGE', async () => {
    const role = await createRole(admin, { permissionKeys: [Perm.SKILLS, Perm.SKILLS_SCORE] });
    const user = await addUser(admin, { userType: UserType.TEACHER, roleIds: [role.roleId] });
    const examiner = await login(t.app, user.name, DEFAULT_PASSWORD, UserType.TEACHER);
    const id = await add();
    expectStatus(await examiner.get(`${BASE}/listSheet`), ApiStatus.FORBIDDEN);
    expectStatus(await examiner.get(`${BASE}/getSheetById/${id}`), ApiStatus.FORBIDDEN);
    expectStatus(await examiner.post(`${BASE}/addSheet`, sheet()), ApiStatus.FORBIDDEN);
    expectStatus(await examiner.delete(`${BASE}/deleteSheet/${id}`), ApiStatus.FORBIDDEN);
    expectStatus(await examiner.post(`${BASE}/freezeSheet/${id}`), ApiStatus.FORBIDDEN);
    const manager = await createRole(admin, { permissionKeys: [Perm.SKILLS, Perm.SKILLS_MANAGE] });
    const managerUser = await addUser(admin, {
      userType: UserType.TEACHER,
      roleIds: [manager.roleId],
    });
    const allowed = await login(t.app, managerUser.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expectOk(await allowed.get(`${BASE}/getSheetById/${id}`));
  });
});

import {
  ApiStatus,
  MARKING_BASE,
  Perm,
  type CertificationRowView,
  type ListResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type Client, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import {
  addSkillsResult,
  ageResults,
  certWorld,
  closedTheoryExam,
  type CertWorld,
} from '../../../test/certification.js';
import { monthsBefore } from '../certificate/scheme-certificates.js';
import { CERTIFICATION_API } from './scheme.routes.js';

const BASE = `${CERTIFICATION_API}/result`;

/** listCertification / exportCertification (issue 26 §4): statuses, best valid results, scope. */
describe('certification results', () => {
  let t: TestApp;
  let admin: Client;
  let w: CertWorld;
  let theoryName: string;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await certWorld(t.handle.db, 4);
    const [s0, s1, s2, s3] = w.studentIds as [number, number, number, number];
    // The list reads the window back from now: the results are dated relative to it.
    const monthsAgo = (n: number) => monthsBefore(new Date().toISOString(), n);
    const skills = (studentId: number, score: number, months: number) =>
      addSkillsResult(t.handle.db, {
        studentId,
        componentId: w.skillsId,
        score,
        finalAt: monthsAgo(months),
      });
    await skills(s0, 7000, 1);
    await skills(s1, 5000, 1);
    await skills(s2, 9000, 13); // expired: as if none
    await skills(s3, 8000, 1);
    const examId = await closedTheoryExam(t, admin, w, {
      [s0]: 200,
      [s1]: 200,
      [s2]: 200,
      [s3]: 50,
    });
    expectOk(await admin.post(`${MARKING_BASE}/releaseScores/${examId}`));
    theoryName = (
      await t.handle.db
        .selectFrom('exams')
        .select('name')
        .where('id', '=', examId)
        .executeTakeFirstOrThrow()
    ).name;
  });
  afterAll(() => t.close());

  const list = (client: Client, query: Record<string, string>) =>
    client.get<ListResult<CertificationRowView>>(`${BASE}/listCertification`, query);

  it('gives each component’s best valid result and the status per candidate', async () => {
    const [s0, s1, s2, s3] = w.studentIds as [number, number, number, number];
    const page = expectOk(await list(admin, { classId: String(w.classId), limit: '10' }));
    expect(page.total).toBe(4);
    const of = (id: number) => page.list.find((row) => row.studentId === id)!;
    expect(of(s0)).toMatchObject({ schemeId: w.schemeId, status: 'certified', failed: [] });
    expect(of(s0).components).toEqual([
      expect.objectContaining({ kind: 'theory', score: 100, passed: true, source: theoryName }),
      expect.objectContaining({ kind: 'skills', score: 70, passed: true }),
    ]);
    expect(of(s1)).toMatchObject({ status: 'failed', failed: ['skills'] });
    expect(of(s2)).toMatchObject({ status: 'pending', failed: [] });
    expect(of(s2).components[1]).toMatchObject({ kind: 'skills', score: null, passed: null });
    expect(of(s3)).toMatchObject({ status: 'failed', failed: ['theory'] });
    const second = expectOk(
      await list(admin, { classId: String(w.classId), limit: '3', page: '2' }),
    );
    expect(second.total).toBe(4);
    expect(second.list).toHaveLength(1);
    const filtered = expectOk(
      await list(admin, { subjectId: String(w.subjectId), level: String(w.level) }),
    );
    expect(filtered.total).toBe(4);
  });

  it('shows a teacher only the batches they hold, and needs a key', async () => {
    const outsider = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    expect(expectOk(await list(outsider.client, {})).total).toBe(0);
    expectStatus(await list(outsider.client, { classId: String(w.classId) }), ApiStatus.NOT_FOUND);
    await t.handle.db
      .insertInto('class_teachers')
      .values({ class_id: w.classId, user_id: outsider.id })
      .execute();
    expect(expectOk(await list(outsider.client, { classId: String(w.classId) })).total).toBe(4);
    const keyless = await signedInTeacher(t.app, admin, []);
    expectStatus(await list(keyless.client, {}), ApiStatus.FORBIDDEN);
  });

  it('exports the rows as a workbook with headers in the user’s language', async () => {
    const result = await t.app.inject({
      method: 'GET',
      url: `${BASE}/exportCertification?classId=${w.classId}`,
      cookies: { KAOSHI_TOKEN: admin.token! },
      headers: { 'accept-language': 'en' },
    });
    expect(result.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(result.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Ticket number');
    expect(sheet.rowCount).toBe(5);
    const statuses = [2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(15).value).sort();
    expect(statuses).toEqual(['Certified', 'Failed', 'Failed', 'Pending']);
  });

  it('keeps a certified candidate certified once the parts have left the validity window', async () => {
    const [s0] = w.studentIds as [number];
    await ageResults(t.handle.db, s0, 24);
    const page = expectOk(await list(admin, { classId: String(w.classId), limit: '10' }));
    const row = page.list.find((r) => r.studentId === s0)!;
    expect(row.status).toBe('certified');
    // The parts are no longer valid for a make-up of the others.
    expect(row.components.map((c) => c.passed)).toEqual([null, null]);
  });
});

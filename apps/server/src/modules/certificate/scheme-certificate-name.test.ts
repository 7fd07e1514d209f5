import {
  CERTIFICATE_BASE as BASE,
  MARKING_BASE,
  PUBLIC_VERIFY_BASE,
  type CertificateView,
  type ListResult,
  type VerifyResult,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, Client, type TestApp } from '../../../test/build-app.js';
import {
  addSkillsResult,
  certWorld,
  closedTheoryExam,
  type CertWorld,
} from '../../../test/certification.js';
import { expectOk } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { monthsBefore } from './scheme-certificates.js';

/**
 * A scheme's certificate names what it certifies, the scheme's job type and level, not the
 * theory exam it is anchored on; a certificate of an exam without a scheme keeps the exam's name.
 */
describe("certificates: a scheme certificate carries the scheme's name", () => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  let w: CertWorld;
  let subjectName: string;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    anonymous = new Client(t.app);
    w = await certWorld(t.handle.db, 2);
    ({ name: subjectName } = await t.handle.db
      .selectFrom('subjects')
      .select('name')
      .where('id', '=', w.subjectId)
      .executeTakeFirstOrThrow());
  });
  afterAll(() => t.close());

  const release = (id: number) => admin.post(`${MARKING_BASE}/releaseScores/${id}`);
  const listed = async (examId: number) =>
    expectOk(
      await admin.get<ListResult<CertificateView>>(`${BASE}/listCertificate`, {
        examId: String(examId),
      }),
    ).list;
  const pdfOf = async (id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getCertificatePdf/${id}`,
      cookies: { KAOSHI_TOKEN: admin.token! },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    // A value wider than its column wraps: one text operation per line.
    return pdfText(response.rawPayload).replace(/\n/g, '');
  };
  const examName = (id: number) =>
    t.handle.db
      .selectFrom('exams')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => row.name);

  it('names the scheme in the list, the PDF and the public check; an exam without one keeps its name', async () => {
    const [s0, s1] = w.studentIds as [number, number];
    await addSkillsResult(t.handle.db, {
      studentId: s0,
      componentId: w.skillsId,
      score: 8000,
      finalAt: monthsBefore(new Date().toISOString(), 1),
    });
    const schemeExam = await closedTheoryExam(t, admin, w, { [s0]: 200 });
    expectOk(await release(schemeExam));
    // Level 5 of the world's scheme: 初级.
    const title = `${subjectName} 初级 职业技能等级认定`;
    const theoryName = await examName(schemeExam);

    const [scheme] = await listed(schemeExam);
    expect(scheme).toMatchObject({ examName: title, subjectName, level: w.level });
    const schemePdf = await pdfOf(scheme!.id);
    expect(schemePdf).toContain(title);
    expect(schemePdf).not.toContain(theoryName);
    // What it certifies and when, and each part's result, not one exam's (the reader's English
    // beside the Chinese).
    for (const text of ['认定项目', 'Certification', '认定日期', '各部分成绩']) {
      expect(schemePdf).toContain(text);
    }
    expect(schemePdf).toMatch(/理论知识考试 \/ theory exam\s+\d+ \/ 100/);
    expect(schemePdf).toMatch(/操作技能考核 \/ skills assessment\s+80 \/ 100/);
    expect(schemePdf).not.toContain('考试名称');
    const checked = expectOk(
      await anonymous.get<VerifyResult>(`${PUBLIC_VERIFY_BASE}/${scheme!.code}`),
    );
    expect(checked).toMatchObject({ state: 'valid', certificate: { examName: title } });
    // The public check shows the parts the certificate prints.
    expect(checked.state === 'unknown' ? [] : checked.components).toEqual([
      expect.objectContaining({ kind: 'theory', fullScore: 100 }),
      expect.objectContaining({ kind: 'skills', score: 80, fullScore: 100 }),
    ]);

    const plainExam = await closedTheoryExam(t, admin, w, { [s1]: 200 }, { componentId: null });
    expectOk(await release(plainExam));
    const plainName = await examName(plainExam);
    const [plain] = await listed(plainExam);
    expect(plain).toMatchObject({ examName: plainName });
    const plainPdf = await pdfOf(plain!.id);
    expect(plainPdf).toContain(plainName);
    expect(plainPdf).not.toContain('职业技能等级认定');
    expect(plainPdf).toContain('考试名称');
    expect(plainPdf).not.toContain('认定项目');
    const plainCheck = expectOk(
      await anonymous.get<VerifyResult>(`${PUBLIC_VERIFY_BASE}/${plain!.code}`),
    );
    expect(plainCheck).toMatchObject({ certificate: { examName: plainName }, components: [] });
  });
});

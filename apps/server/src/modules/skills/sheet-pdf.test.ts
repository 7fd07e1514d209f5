import {
  ApiStatus,
  Perm,
  RoleKey,
  UserType,
  type CandidateSheetsView,
  type CheckAssessmentView,
  type CheckCandidateView,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  appWithAdmin,
  login,
  type Client,
  type TestApp,
} from '../../../test/build-app.js';
import {
  addUser,
  expectOk,
  expectStatus,
  roleIdOf,
  signedInTeacher,
} from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { CLASSES } from '../school/structure.fixtures.js';
import {
  CHECK,
  ITEM,
  SCORING,
  scoreAndSign,
  skillsWorld,
  type SkillsWorld,
} from './scoring-test-data.js';
import { addSheetPhoto, linkAssessmentBatch } from './sheet-pdf-test-data.js';

describe('skills scoring: the printed scoring sheet (getSheetPdf)', () => {
  let t: TestApp;
  let admin: Client;
  let w: SkillsWorld;
  let sheets: CandidateSheetsView;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
    w = await skillsWorld(t, admin, { candidates: 2 });
    const id = w.candidates[0]!;
    const [e1, e2] = w.examiners;
    await scoreAndSign(e1!, id, { award40: 40, award30: 30, deduct30: 0 }); // 100
    expectOk(
      await e2!.client.post(`${SCORING}/saveItemScores`, {
        candidateId: id,
        scores: [
          { itemId: ITEM.award40, points: 25, vetoHit: false, note: 'Diameter 24.95', seq: 1 },
          { itemId: ITEM.award30, points: 30, vetoHit: false, note: '', seq: 1 },
          { itemId: ITEM.deduct30, points: 0, vetoHit: false, note: '', seq: 1 },
        ],
      }),
    );
    expectOk(await e2!.client.post(`${SCORING}/signSheet/${id}`)); // 85: beyond the tolerance
    const before = expectOk(
      await w.chief.client.get<CandidateSheetsView>(`${CHECK}/getCandidateSheets/${id}`),
    );
    await addSheetPhoto(t.handle.db, {
      scoringId: before.sheets[0]!.scoringId!,
      ownerId: e1!.id,
      itemId: ITEM.award40,
      name: 'workpiece-front.jpg',
      takenAt: new Date().toISOString(),
    });
    expectOk(
      await w.chief.client.post(`${CHECK}/decide`, {
        candidateId: id,
        score: 92,
        veto: false,
        reason: 'Measured the diameter again',
      }),
    );
    sheets = expectOk(
      await w.checker.client.post<CandidateSheetsView>(`${CHECK}/checkCandidate/${id}`),
    );
  });
  afterAll(() => t.close());

  const pdfOf = async (client: Client, language: string, query: Record<string, number>) =>
    t.app.inject({
      method: 'GET',
      url: `${CHECK}/getSheetPdf`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      cookies: { KAOSHI_TOKEN: client.token! },
      headers: { 'accept-language': language },
    });
  /** The same call through the JSON client: refusals answer an envelope. */
  const asked = (client: Client, query: Record<string, number>) =>
    client.get(
      `${CHECK}/getSheetPdf?assessmentId=${query.assessmentId}&candidateId=${query.candidateId}`,
    );
  const own = () => ({ assessmentId: w.assessmentId, candidateId: w.candidates[0]! });

  it("prints every examiner's points, the decision and who signed, in the reader's language", async () => {
    const response = await pdfOf(w.chief.client, 'zh', own());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `scoring-sheet-${w.candidates[0]}.pdf`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf);
    const lines = text.split('\n');
    expect(text).toContain('操作技能考核评分记录表');
    expect(text).toContain('Lathe operation');
    for (const e of sheets.sheets) expect(text).toContain(e.examinerName);
    // The items with their criteria, each examiner's points and totals side by side.
    expect(lines).toEqual(expect.arrayContaining(['Diameter', '±0.02', '40', '25', '100', '85']));
    expect(text).toContain('30 (扣分)');
    // Both examiners deducted nothing: 0, never "−0".
    expect(text).not.toContain('−0');
    expect(text).toContain('否定项');
    expect(text).toContain('备注: Diameter 24.95');
    expect(text).toContain('最终得分: 92 / 100');
    expect(text).toContain('考评组长裁定: Measured the diameter again');
    expect(sheets.decidedAt && sheets.checkedAt).toBeTruthy();
    expect(text).toMatch(/考评组长: .+ {4}签名时间: \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(text).toMatch(/核分员: .+ {4}签名时间: \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(text).toMatch(/workpiece-front\.jpg {2}\(Diameter\)/);

    const english = pdfText((await pdfOf(w.checker.client, 'en', own())).rawPayload);
    expect(english).toContain('Skills Operation Scoring Sheet');
    expect(english).toContain('Final score: 92 / 100');
    expect(english).toContain('Veto item');
    expect(english).not.toContain('评分记录表');
  });

  it('is for the chief, the checker and the managers in scope; refused to others', async () => {
    expect((await pdfOf(admin, 'en', own())).statusCode).toBe(200);
    // An examiner holds no key for it.
    expectStatus(await asked(w.examiners[0]!.client, own()), ApiStatus.FORBIDDEN);
    // A chief examiner of no this assessment.
    const chiefRole = await roleIdOf(admin, RoleKey.SKILL_CHIEF);
    const stranger = await addUser(admin, { userType: UserType.TEACHER, roleIds: [chiefRole] });
    const strangerClient = await login(t.app, stranger.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expectStatus(await asked(strangerClient, own()), ApiStatus.FORBIDDEN, /neither/);
    // A manager sees the assessments of their own batches only.
    const manager = await signedInTeacher(t.app, admin, [Perm.SKILLS, Perm.SKILLS_MANAGE]);
    expectStatus(await asked(manager.client, own()), ApiStatus.NOT_FOUND);
    const { class_id: classId } = await t.handle.db
      .selectFrom('skill_candidates')
      .select('class_id')
      .where('id', '=', w.candidates[0]!)
      .executeTakeFirstOrThrow();
    await linkAssessmentBatch(t.handle.db, w.assessmentId, classId);
    expectOk(await admin.post(`${CLASSES}/bindClassTeachers`, { classId, userIds: [manager.id] }));
    expect((await pdfOf(manager.client, 'en', own())).statusCode).toBe(200);
    // The candidate must be the assessment's; bad ids are named.
    expectStatus(
      await asked(w.chief.client, { assessmentId: w.assessmentId + 1000, candidateId: 1 }),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(
      await asked(w.chief.client, { ...own(), candidateId: w.candidates[0]! + 1000 }),
      ApiStatus.NOT_FOUND,
    );
    expectStatus(
      await w.chief.client.get(`${CHECK}/getSheetPdf?assessmentId=x`),
      ApiStatus.INVALID_INPUT,
    );
  });

  it("lists the chief's and the checker's own assessments with candidates by state", async () => {
    const mine = (client: Client) =>
      client.get<CheckAssessmentView[]>(`${CHECK}/listMyAssessments`);
    const expected = { id: w.assessmentId, status: 'published', candidates: 4, checked: 1 };
    expect(expectOk(await mine(w.chief.client))).toEqual([
      { ...expected, name: 'Lathe, level 5', chief: true, checker: false, disputed: 0, toCheck: 0 },
    ]);
    expect(expectOk(await mine(w.checker.client))).toEqual([
      expect.objectContaining({ ...expected, chief: false, checker: true }),
    ]);
    expectStatus(await mine(w.examiners[0]!.client), ApiStatus.FORBIDDEN);
    const candidates = expectOk(
      await w.checker.client.get<CheckCandidateView[]>(`${CHECK}/listCandidates/${w.assessmentId}`),
    );
    expect(candidates.map((c) => [c.state, c.sheetsSigned, c.examiners])).toEqual([
      ['checked', 2, 2],
      ['scoring', 0, 2],
      ['scoring', 0, 1],
      ['scoring', 0, 1],
    ]);
    const chiefRole = await roleIdOf(admin, RoleKey.SKILL_CHIEF);
    const stranger = await addUser(admin, { userType: UserType.TEACHER, roleIds: [chiefRole] });
    const client = await login(t.app, stranger.name, DEFAULT_PASSWORD, UserType.TEACHER);
    expect(expectOk(await mine(client))).toEqual([]);
  });
});

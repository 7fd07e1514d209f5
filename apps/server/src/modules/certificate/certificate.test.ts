import { inflateSync } from 'node:zlib';
import {
  ApiStatus,
  CERTIFICATE_BASE as BASE,
  MARKING_BASE,
  PUBLIC_VERIFY_BASE,
  Perm,
  QuestionType,
  UserType,
  type CertificateView,
  type ExamBody,
  type ListResult,
  type MyCertificateView,
  type VerifyResult,
  VERIFY_PAGE_PATH,
} from '@kaoshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, appWithAdmin, login, type TestApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { inTransaction } from '../../db/database.js';
import { addSignableStudents } from '../attempt/test-data.js';
import { addClass } from '../base/test-data.js';
import { EXAM_BASE } from '../exam/exam.routes.js';
import { addPaper } from '../exam/test-data.js';
import { addFinishedAttempts } from '../marking/test-data.js';
import { createStructure } from '../question/test-data.js';
import { issueCertificatesOnRelease } from './certificate.issue.js';
import { VERIFY_RATE_PER_MINUTE } from './certificate.routes.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const PASSWORD = 'Cert-pass-1';
const PUBLIC_URL = 'https://verify.kaoshi.example';
const ISSUER = '滨海市职业技能鉴定指导中心';

/** Every certificate text a PDF's ToUnicode maps hold: the characters it draws. */
function drawnCharacters(pdf: Buffer): Set<string> {
  const text = pdf.toString('latin1');
  const chars = new Set<string>();
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes('begincmap')) continue;
    for (const hex of body.matchAll(/<([0-9a-fA-F]{4,8})>/g)) {
      const code = Number.parseInt(hex[1]!, 16);
      if (hex[1]!.length === 4) chars.add(String.fromCharCode(code));
    }
  }
  return chars;
}

describe('certificates', () => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  let paperId: number;
  let batchA: number;
  let batchB: number;
  let ticketsA: string[];
  let ticketsB: string[];
  let fullIds: string[];

  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin({ PUBLIC_URL: PUBLIC_URL, CERTIFICATE_ISSUER: ISSUER }));
    anonymous = new Client(t.app);
    const s = await createStructure(t.handle.db);
    // One single-choice question of 2 points; pass at 1 point.
    paperId = await addPaper(t.handle.db, {
      subjectId: s.subjectId,
      level: s.level,
      courseId: s.courseId,
      types: [QuestionType.SINGLE],
      passScore: 1,
    });
    batchA = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Cert batch A' });
    batchB = await addClass(t.handle.db, s.subjectId, { level: 5, name: 'Cert batch B' });
    ticketsA = await addSignableStudents(t.handle.db, batchA, 3, {
      prefix: 'CA-',
      password: PASSWORD,
    });
    ticketsB = await addSignableStudents(t.handle.db, batchB, 1, {
      prefix: 'CB-',
      password: PASSWORD,
    });
    await t.handle.db
      .updateTable('students')
      .set({ name: '张三丰' })
      .where('ticket_number', '=', ticketsA[0]!)
      .execute();
    fullIds = (await t.handle.db.selectFrom('students').select('id_number').execute()).map(
      (row) => row.id_number,
    );
  });
  afterAll(() => t.close());

  let hours = 0;
  /**
   * A published, closed exam of both batches, every candidate finished, with the scores given
   * by ticket number (hundredths; pass at 100) as finalization leaves them; its id.
   */
  async function finishedExam(scores: Record<string, number>) {
    hours += 10;
    const body: ExamBody = {
      name: `证书考试 Cert exam ${hours}`,
      paperId,
      instructionId: null,
      classIds: [batchA, batchB],
      startAt: at(100 + hours),
      endAt: at(102 + hours),
      durationMinutes: 30,
    };
    const { id } = expectOk(await admin.post<{ id: number }>(`${EXAM_BASE}/addExam`, body));
    expectOk(await admin.post(`${EXAM_BASE}/publishExam/${id}`));
    await t.handle.db
      .updateTable('exams')
      .set({ start_at: '2026-03-15T02:00:00.000Z', end_at: at(-1) })
      .where('id', '=', id)
      .execute();
    await addFinishedAttempts(t.handle.db, id, { markedItemIds: [], objective: 0 });
    await setScores(id, scores);
    return id;
  }

  async function setScores(examId: number, scores: Record<string, number>) {
    for (const [ticket, score] of Object.entries(scores)) {
      const student = await t.handle.db
        .selectFrom('students')
        .select('id')
        .where('ticket_number', '=', ticket)
        .executeTakeFirstOrThrow();
      await t.handle.db
        .updateTable('exam_candidates')
        .set({ score, passed: score >= 100 ? 1 : 0 })
        .where('exam_id', '=', examId)
        .where('student_id', '=', student.id)
        .execute();
    }
  }

  const release = (examId: number) => admin.post(`${MARKING_BASE}/releaseScores/${examId}`);
  const withdraw = (examId: number, reason: string) =>
    admin.post(`${MARKING_BASE}/withdrawScores/${examId}`, { reason });
  const list = (client: Client, query: Record<string, string>) =>
    client.get<ListResult<CertificateView>>(`${BASE}/listCertificate`, query);
  const verify = (code: string) => anonymous.get<VerifyResult>(`${PUBLIC_VERIFY_BASE}/${code}`);
  const student = (ticket: string) => login(t.app, ticket, PASSWORD, UserType.STUDENT);

  let examId: number;
  let byTicket: Map<string, CertificateView>;

  it('issues one certificate per passed candidate on release, with the facts frozen and the ID masked', async () => {
    const [a1, a2, a3] = ticketsA as [string, string, string];
    const b1 = ticketsB[0]!;
    examId = await finishedExam({ [a1]: 200, [a2]: 50, [a3]: 150, [b1]: 100 });
    expect(expectOk(await list(admin, { examId: String(examId) })).total).toBe(0);
    expectOk(await release(examId));
    const page = expectOk(await list(admin, { examId: String(examId) }));
    expect(page.total).toBe(3);
    byTicket = new Map(page.list.map((c) => [c.ticketNumber, c]));
    expect([...byTicket.keys()].sort()).toEqual([a1, a3, b1].sort());
    const first = byTicket.get(a1)!;
    expect(first).toMatchObject({
      name: '张三丰',
      score: 2,
      totalScore: 2,
      passScore: 1,
      level: 5,
      examName: `证书考试 Cert exam ${hours}`,
      examDate: '2026-03-15T02:00:00.000Z',
      className: 'Cert batch A',
      state: 'valid',
      revokedAt: null,
    });
    expect(byTicket.get(a3)!.score).toBe(1.5);
    expect(byTicket.get(b1)!.score).toBe(1);
    for (const c of page.list) {
      // The year of its issue (not of today: a run over New Year issues in the old one).
      expect(c.number).toMatch(new RegExp(`^KS-${c.issuedAt.slice(0, 4)}-\\d{6}$`));
      expect(c.number.endsWith(String(c.id).padStart(6, '0'))).toBe(true);
      expect(c.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(c.idNumber).toMatch(/^\d{6}\*{12}$/);
    }
    expect(new Set(page.list.map((c) => c.code)).size).toBe(3);
    // Running the issue again in a transaction of its own issues nothing more.
    const again = await inTransaction(t.handle.db, (trx) =>
      issueCertificatesOnRelease(trx, examId, new Date().toISOString()),
    );
    expect(again).toEqual({ issued: 0, reinstated: 0 });
    expect(expectOk(await list(admin, { examId: String(examId) })).total).toBe(3);
    // A second release is refused and issues nothing.
    expectStatus(await release(examId), ApiStatus.CONFLICT);
    expect(expectOk(await list(admin, { examId: String(examId) })).total).toBe(3);
  });

  it('answers the public check without a sign-in: valid, unknown, bad code; never a full ID number', async () => {
    const first = byTicket.get(ticketsA[0]!)!;
    const result = await verify(first.code);
    const answer = expectOk(result);
    expect(answer).toEqual({
      state: 'valid',
      certificate: {
        number: first.number,
        name: '张三丰',
        idNumber: first.idNumber,
        subjectName: first.subjectName,
        level: 5,
        examName: first.examName,
        examDate: '2026-03-15T02:00:00.000Z',
        score: 2,
        totalScore: 2,
        passScore: 1,
        issuedAt: first.issuedAt,
      },
      components: [],
      revokedAt: null,
      revokeCause: null,
      revokeReason: '',
    });
    const raw = JSON.stringify(result.body);
    for (const full of fullIds) expect(raw).not.toContain(full);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(expectOk(await verify('AAAAAAAAAAAAAAAAAAAAAAAA'))).toEqual({ state: 'unknown' });
    expectStatus(await verify('bad%20code!'), ApiStatus.INVALID_INPUT, /^code:/);
    expectStatus(await verify('x'.repeat(65)), ApiStatus.INVALID_INPUT, /^code:/);
  });

  it('lists, searches and pages; a teacher sees only their batches', async () => {
    const all = expectOk(await list(admin, { examId: String(examId), limit: '2', page: '1' }));
    const second = expectOk(await list(admin, { examId: String(examId), limit: '2', page: '2' }));
    expect(all.total).toBe(3);
    expect(all.list).toHaveLength(2);
    expect(second.list).toHaveLength(1);
    // Newest first: ids descending across the pages.
    const ids = [...all.list, ...second.list].map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = byTicket.get(ticketsA[0]!)!;
    expect(expectOk(await list(admin, { keyword: '张三' })).list.map((c) => c.id)).toEqual([
      first.id,
    ]);
    expect(expectOk(await list(admin, { keyword: first.number })).list.map((c) => c.id)).toEqual([
      first.id,
    ]);
    const b1 = byTicket.get(ticketsB[0]!)!;
    expect(
      expectOk(await list(admin, { keyword: ticketsB[0]!.toLowerCase() })).list.map((c) => c.id),
    ).toEqual([b1.id]);
    expect(expectOk(await list(admin, { keyword: '100%' })).total).toBe(0);
    // An exam that does not exist (or is not theirs) is named, not answered with an empty page.
    expectStatus(await list(admin, { examId: '999999' }), ApiStatus.NOT_FOUND);

    const teacher = await signedInTeacher(t.app, admin, [Perm.ANALYSIS]);
    await t.handle.db
      .insertInto('class_teachers')
      .values({ class_id: batchB, user_id: teacher.id })
      .execute();
    const seen = expectOk(await list(teacher.client, { examId: String(examId) }));
    expect(seen.list.map((c) => c.id)).toEqual([b1.id]);
    expectStatus(
      await teacher.client.get(`${BASE}/getCertificatePdf/${first.id}`),
      ApiStatus.NOT_FOUND,
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getCertificatePdf/${b1.id}`,
      cookies: { KAOSHI_TOKEN: teacher.client.token! },
    });
    expect(pdf.statusCode).toBe(200);
    // EXAM-ANALYSIS alone does not revoke: PUBLISHMANAGE does.
    expectStatus(
      await teacher.client.post(`${BASE}/revokeCertificate`, { id: b1.id, reason: 'x' }),
      ApiStatus.FORBIDDEN,
    );
  });

  it('refuses bad list input, naming the field', async () => {
    expectStatus(await list(admin, { page: '0' }), ApiStatus.INVALID_INPUT, /^page:/);
    expectStatus(await list(admin, { limit: '501' }), ApiStatus.INVALID_INPUT, /^limit:/);
    expectStatus(await list(admin, { examId: 'abc' }), ApiStatus.INVALID_INPUT, /^examId:/);
    expectStatus(await list(admin, { state: 'lost' }), ApiStatus.INVALID_INPUT, /^state:/);
    expectStatus(
      await list(admin, { keyword: 'k'.repeat(65) }),
      ApiStatus.INVALID_INPUT,
      /^keyword:/,
    );
    expectStatus(await admin.get(`${BASE}/getCertificatePdf/abc`), ApiStatus.INVALID_INPUT, /^id:/);
    expectStatus(await admin.get(`${BASE}/getCertificatePdf/999999`), ApiStatus.NOT_FOUND);
  });

  it('gives a student their own certificates and PDF only, and no staff call', async () => {
    const mine = await student(ticketsA[0]!);
    const own = expectOk(await mine.get<MyCertificateView[]>(`${BASE}/myCertificates`));
    const first = byTicket.get(ticketsA[0]!)!;
    expect(own.map((c) => c.number)).toEqual([first.number]);
    expect(own[0]).not.toHaveProperty('ticketNumber');
    expectStatus(await list(mine, {}), ApiStatus.FORBIDDEN);
    expectStatus(
      await mine.post(`${BASE}/revokeCertificate`, { id: first.id, reason: 'mine' }),
      ApiStatus.FORBIDDEN,
    );
    const other = byTicket.get(ticketsB[0]!)!;
    expectStatus(await mine.get(`${BASE}/getCertificatePdf/${other.id}`), ApiStatus.NOT_FOUND);
    // A failed candidate has none.
    const failed = await student(ticketsA[1]!);
    expect(expectOk(await failed.get(`${BASE}/myCertificates`))).toEqual([]);
    // Staff keys only: myCertificates is a student's call.
    expectStatus(await admin.get(`${BASE}/myCertificates`), ApiStatus.OK);
    expectStatus(await anonymous.get(`${BASE}/myCertificates`), ApiStatus.NO_SESSION);
    expectStatus(await anonymous.get(`${BASE}/listCertificate`), ApiStatus.NO_SESSION);

    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getCertificatePdf/${first.id}`,
      cookies: { KAOSHI_TOKEN: mine.token! },
      // A Host of the asker's choosing must not reach the printed verification address.
      headers: { 'accept-language': 'ja', host: 'verify-kaoshi.evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`certificate-${first.number}.pdf`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    // One A4 page (595.28 × 841.89 points).
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(raw).toContain(`(${first.number})`);
    // The QR code is also a link: its address is the configured public one, never the Host.
    expect(raw).toContain(`/URI (${PUBLIC_URL}${VERIFY_PAGE_PATH}/${first.code})`);
    expect(raw).not.toContain('evil');
    const drawn = drawnCharacters(pdf);
    // The issuing body (CERTIFICATE_ISSUER) is printed, with its label.
    for (const ch of `张三丰${first.number}证书编号証書番号${ISSUER}发证机构`) {
      expect(drawn.has(ch), ch).toBe(true);
    }
    // The font is a subset: far below the 10 MB of the whole Noto Sans SC.
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('revokes with a reason (staff with PUBLISHMANAGE), and the check then says so', async () => {
    const target = byTicket.get(ticketsA[2]!)!;
    const revoke = (body: unknown) =>
      admin.post<CertificateView>(`${BASE}/revokeCertificate`, body);
    expectStatus(await revoke({ id: target.id }), ApiStatus.INVALID_INPUT, /^reason:/);
    expectStatus(
      await revoke({ id: target.id, reason: '   ' }),
      ApiStatus.INVALID_INPUT,
      /^reason:/,
    );
    expectStatus(await revoke({ id: 'x', reason: 'r' }), ApiStatus.INVALID_INPUT, /^id:/);
    expectStatus(await revoke({ id: 999999, reason: 'r' }), ApiStatus.NOT_FOUND);
    const revoked = expectOk(await revoke({ id: target.id, reason: 'Impersonation found' }));
    expect(revoked).toMatchObject({
      state: 'revoked',
      revokeCause: 'staff',
      revokeReason: 'Impersonation found',
      revokedBy: '管理员',
    });
    expect(revoked.revokedAt).not.toBeNull();
    expectStatus(
      await revoke({ id: target.id, reason: 'again' }),
      ApiStatus.CONFLICT,
      new RegExp(`${target.number} is already revoked`),
    );
    expect(expectOk(await verify(target.code))).toMatchObject({
      state: 'revoked',
      revokedAt: revoked.revokedAt,
      revokeCause: 'staff',
      revokeReason: 'Impersonation found',
      certificate: { number: target.number },
    });
    expectStatus(await admin.get(`${BASE}/getCertificatePdf/${target.id}`), ApiStatus.CONFLICT);
    expect(
      expectOk(await list(admin, { examId: String(examId), state: 'revoked' })).list.map(
        (c) => c.id,
      ),
    ).toEqual([target.id]);
    expect(expectOk(await list(admin, { examId: String(examId), state: 'valid' })).total).toBe(2);
  });

  it('a withdrawal revokes; a re-release gives back to who still passes, issues to new passes, never twice', async () => {
    const [a1, a2] = ticketsA as [string, string, string];
    const b1 = ticketsB[0]!;
    expectOk(await withdraw(examId, 'A key was wrong'));
    const withdrawn = expectOk(await list(admin, { examId: String(examId) })).list;
    expect(withdrawn.map((c) => [c.ticketNumber, c.state, c.revokeCause]).sort()).toEqual(
      [
        [a1, 'revoked', 'withdrawal'],
        [ticketsA[2]!, 'revoked', 'staff'],
        [b1, 'revoked', 'withdrawal'],
      ].sort(),
    );
    const first = byTicket.get(a1)!;
    // The public check names the cause, not the internal reason.
    expect(expectOk(await verify(first.code))).toMatchObject({
      state: 'revoked',
      revokeCause: 'withdrawal',
      revokeReason: '',
    });
    // The corrected key: a1 now 1.8, a2 passes with 1.2, b1 fails.
    await setScores(examId, { [a1]: 180, [a2]: 120, [b1]: 90 });
    expectOk(await release(examId));
    const after = expectOk(await list(admin, { examId: String(examId) })).list;
    expect(after).toHaveLength(4);
    const now = new Map(after.map((c) => [c.ticketNumber, c]));
    expect(now.get(a1)).toMatchObject({
      id: first.id,
      number: first.number,
      code: first.code,
      state: 'valid',
      score: 1.8,
      revokeReason: '',
    });
    expect(now.get(a2)).toMatchObject({ state: 'valid', score: 1.2 });
    expect(now.get(b1)).toMatchObject({ state: 'revoked', revokeCause: 'withdrawal' });
    // A revocation by staff is not undone by a release.
    expect(now.get(ticketsA[2]!)).toMatchObject({ state: 'revoked', revokeCause: 'staff' });
    expect(expectOk(await verify(first.code))).toMatchObject({ state: 'valid' });
  });

  it('limits the public check per address', async () => {
    const code = 'BBBBBBBBBBBBBBBBBBBBBBBB';
    const statuses: number[] = [];
    for (let i = 0; i <= VERIFY_RATE_PER_MINUTE; i++) {
      const result = await anonymous.request({
        method: 'GET',
        url: `${PUBLIC_VERIFY_BASE}/${code}`,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(result.body.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(ApiStatus.TOO_MANY_REQUESTS);
  });
});

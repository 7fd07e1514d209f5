import fs from 'node:fs';
import { CERTIFICATE_BASE, Perm, type CertificateView, type ListResult } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { createAnalysisExam, signInStudent, type AnalysisFixture } from './analysis-fixture';
import { ApiClient, createRole } from './api';
import {
  DESKTOP,
  PHONE,
  buttonName,
  newPage,
  openedPopup,
  screenshot,
  openPage,
  widthBeyondViewport,
} from './browser';
import { LOCALES, MESSAGES, fill } from './languages';
import { adminSession } from './session';

// Certificates (docs/features/analysis.md) over the analysis fixture's released exam: the staff's list and
// search, a real PDF downloaded from it, a revocation with its reason that the public check then
// shows, the student's download from their result page; four languages and phone width.

const STUDENT_PASSWORD = 'Certificate#2026';
const TEACHER_PASSWORD = 'CertTeacher#2026';
const REASON = '身份信息核对有误，证书作废';

/** Saves what the page downloads on `click` and answers its first bytes. */
async function downloadedHead(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await (await download).path();
  return { head: fs.readFileSync(file).subarray(0, 5).toString('latin1'), file };
}

describe('Certificates', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `CE${Date.now().toString(36).toUpperCase()}`;
  let fx: AnalysisFixture;
  let issued: CertificateView[];

  beforeAll(async () => {
    fx = await createAnalysisExam(session.admin, baseURL, tag);
    ({ list: issued } = await session.admin.call<ListResult<CertificateView>>(
      'GET',
      `${CERTIFICATE_BASE}/listCertificate?examId=${fx.examId}&limit=100`,
    ));
    // One for each candidate who passed the exam, none for the failed or absent.
    expect(issued.map((c) => c.ticketNumber).sort()).toEqual(
      fx.candidates
        .filter((c) => c.passed)
        .map((c) => c.student.ticketNumber)
        .sort(),
    );
  });

  const open = async (language: keyof typeof LOCALES = 'zh', viewport = DESKTOP) => {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examAnalysis/certificates?examId=${fx.examId}`,
      { locale: LOCALES[language], viewport },
    );
    await page.locator('.certificate-manage tbody tr.ant-table-row').first().waitFor();
    return { page, errors };
  };
  const rowOf = (page: Page, certificate: CertificateView) =>
    page.locator(`.certificate-manage tr[data-row-key="${certificate.id}"]`);
  const rows = (page: Page) => page.locator('.certificate-manage tbody tr.ant-table-row');

  it("lists the exam's certificates and finds one by name; its PDF downloads", async () => {
    const { page, errors } = await open();
    await expect.poll(() => rows(page).count()).toBe(issued.length);
    for (const certificate of issued) {
      const text = await rowOf(page, certificate).textContent();
      expect(text).toContain(certificate.number);
      expect(text).toContain(certificate.name);
      expect(text).toContain(certificate.ticketNumber);
      expect(text).toContain(zh.certificate.states.valid);
      expect(text).toContain(
        fill(zh.certificate.points, { score: certificate.score, total: certificate.totalScore }),
      );
    }
    expect(await page.locator('.certificate-total').textContent()).toBe(
      fill(zh.certificate.total_other, { count: issued.length }),
    );
    const check = rowOf(page, issued[0]!).locator('.certificate-verify-link');
    expect(await check.getAttribute('href')).toBe(`/verify/${issued[0]!.code}`);
    await screenshot(page, 'certificate-list-zh');

    const wanted = issued[1]!;
    await page.getByRole('textbox', { name: zh.certificate.keyword }).fill(wanted.name);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).getAttribute('data-row-key')).toBe(String(wanted.id));

    const { head } = await downloadedHead(page, () =>
      rowOf(page, wanted).getByRole('button', { name: zh.certificate.download }).click(),
    );
    expect(head).toBe('%PDF-');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('revokes one with a reason; the list and the public check say revoked', async () => {
    // The last candidate who passed (batch B): the student test keeps the first one's.
    const target = issued.find(
      (c) => c.ticketNumber === fx.candidates.filter((x) => x.passed).at(-1)!.student.ticketNumber,
    )!;
    const { page, errors } = await open();
    await rowOf(page, target).getByRole('button', { name: zh.certificate.revoke }).click();
    const dialog = await openedPopup(page, page.getByRole('dialog'));
    expect(await dialog.textContent()).toContain(
      fill(zh.certificate.revokeDialog.title, { number: target.number }),
    );
    // No reason: refused in place.
    await dialog
      .getByRole('button', { name: buttonName(zh.certificate.revokeDialog.confirm) })
      .click();
    await dialog.getByText(zh.certificate.revokeDialog.required).waitFor();
    await dialog.getByRole('textbox').fill(REASON);
    await screenshot(page, 'certificate-revoke-zh');
    await dialog
      .getByRole('button', { name: buttonName(zh.certificate.revokeDialog.confirm) })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    const state = rowOf(page, target).locator('[data-state]');
    await expect.poll(() => state.getAttribute('data-state')).toBe('revoked');
    expect(await state.textContent()).toBe(zh.certificate.states.revoked);
    // Revoked: no PDF, no second revocation.
    expect(
      await rowOf(page, target).getByRole('button', { name: zh.certificate.download }).isDisabled(),
    ).toBe(true);
    expect(
      await rowOf(page, target).getByRole('button', { name: zh.certificate.revoke }).count(),
    ).toBe(0);
    await state.hover();
    await expect
      .poll(() => page.locator('.ant-tooltip:visible').textContent())
      .toContain(fill(zh.certificate.reason, { reason: REASON }));

    // The state filter.
    await page.getByRole('combobox', { name: zh.certificate.state }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: zh.certificate.states.revoked })
      .click();
    await page
      .locator('.certificate-manage form')
      .getByRole('button', { name: buttonName(zh.common.search) })
      .click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await screenshot(page, 'certificate-revoked-zh');
    expect(errors).toEqual([]);
    await page.context().close();

    // The public check, for someone not signed in.
    const visitor = await newPage(session.browser);
    await visitor.goto(`${baseURL}/verify/${target.code}`);
    const verdict = visitor.getByTestId('verify-state');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-state')).toBe('revoked');
    expect(await visitor.getByTestId('verify-revocation').textContent()).toContain(REASON);
    await visitor.context().close();
  });

  it('lets the student download their certificate from their result', async () => {
    const seat = fx.candidates.findIndex((c) => c.passed);
    const candidate = fx.candidates[seat]!;
    const mine = issued.find((c) => c.ticketNumber === candidate.student.ticketNumber)!;
    const student = await signInStudent(baseURL, candidate.student, STUDENT_PASSWORD);
    const attemptId = fx.marking.attempts[seat]!.attemptId;
    const { page, errors } = await openPage(
      session.browser,
      student,
      `${baseURL}/exam-student/examResult?attemptId=${attemptId}`,
    );
    const card = page.locator(`.certificate-card[data-certificate="${mine.number}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(
      fill(zh.certificate.mine.number, { number: mine.number }),
    );
    const { head } = await downloadedHead(page, () =>
      card.getByRole('button', { name: buttonName(zh.certificate.mine.download) }).click(),
    );
    expect(head).toBe('%PDF-');
    await screenshot(page, 'certificate-student-result-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows a teacher without PUBLISHMANAGE their batch's certificates, revoking refused", async () => {
    const role = `CERTVIEW_${tag}`;
    await createRole(session.admin, role, `证书查看${tag}`, [Perm.ANALYSIS]);
    const name = `cert${tag.toLowerCase()}`;
    const id = await session.admin.createUser(name, 2, [role], `证书老师${tag}`, TEACHER_PASSWORD);
    await session.admin.call('POST', '/api/kaoshi-school/classes/bindClassTeachers', {
      classId: fx.batches[0].classId,
      userIds: [id],
    });
    const teacher = await ApiClient.signIn(baseURL, name, TEACHER_PASSWORD, 2);
    // Batch A's certificates only, the revoked one of batch B not among them.
    const own = issued.filter((c) => c.className === fx.batches[0].className);
    expect(own.length).toBeGreaterThan(0);
    const { page, errors } = await openPage(
      session.browser,
      teacher,
      `${baseURL}/examAnalysis/certificates`,
    );
    await expect
      .poll(async () =>
        (
          await rows(page).evaluateAll((all) => all.map((r) => r.getAttribute('data-row-key')))
        ).sort(),
      )
      .toEqual(own.map((c) => String(c.id)).sort());
    const revoke = rowOf(page, own[0]!).getByRole('button', { name: zh.certificate.revoke });
    expect(await revoke.isDisabled()).toBe(true);
    // The server refuses it too.
    await expect(
      teacher.call('POST', `${CERTIFICATE_BASE}/revokeCertificate`, {
        id: own[0]!.id,
        reason: REASON,
      }),
    ).rejects.toThrow(/10001/);
    await screenshot(page, 'certificate-teacher-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in en, es and ja and fits a phone', async () => {
    for (const language of ['en', 'es', 'ja'] as const) {
      const texts = MESSAGES[language].certificate;
      const { page, errors } = await open(language);
      const header = await page.locator('.certificate-manage thead').textContent();
      expect(header).toContain(texts.fields.number);
      expect(header).toContain(texts.fields.result);
      expect(await page.locator('.certificate-manage tbody').textContent()).toContain(
        texts.states.valid,
      );
      await screenshot(page, `certificate-list-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const { page } = await open('zh', PHONE);
    expect(await widthBeyondViewport(page)).toBe(0);
    await screenshot(page, 'certificate-list-phone');
    await page.context().close();
  });
});

import { ATTEMPT_BASE, type AttemptView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import { DESKTOP, collectConsoleErrors, newPage, openPage, screenshot } from './browser';
import { LOCALES } from './languages';
import { adminSession } from './session';

// Irregularities (docs/features/irregularities.md) in Chromium, from the exam-wide proctor view:
// a warning recorded about a candidate shows on their exam page at once; a termination ends
// their attempt (the receipt), the chief's reversal brings the paper back.

const w = zh.irregularity;

describe('Irregularities from the proctor’s view', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `IR${tag}`, { students: 1 });
  });

  it('records a warning the candidate sees, terminates and reverses', async () => {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examPublishManage/proctor?examId=${fixture.examId}`,
      { locale: LOCALES.zh, viewport: DESKTOP },
    );
    await page.locator('.proctor-link-live').waitFor();
    const student = fixture.student;
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    const candidate = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    const candidateErrors = collectConsoleErrors(candidate);
    await api.addSessionTo(candidate.context());
    await candidate.goto(`${baseURL}/socketA?attemptId=${view.attemptId}`);
    await candidate.locator('.exam-header').waitFor();

    const panel = page.locator('.irregularity-panel');
    const record = async (action: string, note: string, reason?: string) => {
      await panel.getByRole('button', { name: w.record }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: w.note });
      await dialog.waitFor();
      await dialog.locator('.ant-select').click();
      await page.keyboard.type(student.ticketNumber);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await dialog.getByLabel(w.note).fill(note);
      await dialog.getByText(action, { exact: true }).click();
      if (reason) await dialog.getByLabel(w.reason).fill(reason);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });
      await panel.getByText(note).waitFor();
    };

    await record(w.warning, '交头接耳');
    const shown = candidate.locator('.proctor-message');
    await shown.filter({ hasText: '交头接耳' }).waitFor();
    await screenshot(candidate, 'irregularity-warning-exam-page-zh', { fullPage: false });
    await screenshot(page, 'irregularity-panel-zh', { fullPage: true });

    await record(w.terminate, '携带手机', '违规携带通讯设备');
    await candidate.locator('.exam-receipt').waitFor();
    await screenshot(candidate, 'irregularity-terminated-receipt-zh', { fullPage: false });

    await panel.getByRole('button', { name: w.reverse }).click();
    const reverse = page.locator('.ant-modal').filter({ hasText: w.reverseHint });
    await reverse.getByLabel(w.reverseReason).fill('误判');
    await reverse.locator('.ant-modal-footer .ant-btn-primary').click();
    await candidate.locator('.exam-paper').waitFor();
    await expect.poll(() => panel.innerText()).toContain('误判');

    // The panel in English.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await panel.getByText(en.irregularity.title, { exact: true }).waitFor();
    // The records come back after the reload (while loading, the table says there are none).
    await expect.poll(() => panel.innerText()).toContain('误判');
    await screenshot(page, 'irregularity-panel-en', { fullPage: true });

    expect(errors).toEqual([]);
    expect(candidateErrors).toEqual([]);
    await candidate.context().close();
    await page.context().close();
  });
});

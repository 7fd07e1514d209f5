import { ATTEMPT_BASE, type AttemptView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttemptExam, type AttemptFixture, type ExamStudent } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  newPage,
  openPage,
  screenshot,
} from './browser';
import { LOCALES, MESSAGES, type Language } from './languages';
import { adminSession } from './session';

// The proctor and a candidate's page (docs/features/proctoring.md) in Chromium, one context per
// role: a message sent before the candidate opens the exam is on their page when they do (once:
// a reload does not bring it back); a page showing its receipt returns to the questions, with the
// answers kept, when the proctor reopens the attempt. zh and en, desktop and phone widths.

describe('The proctor’s word on a candidate’s page', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `PP${tag}`, { students: 2 });
  });

  async function openProctor(language: Language) {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examPublishManage/proctor?examId=${fixture.examId}`,
      { locale: LOCALES[language], viewport: DESKTOP },
    );
    await page.locator('.proctor-link-live').waitFor();
    return { page, errors };
  }

  /** The student starts through the API and opens the exam page in their own context (a phone). */
  async function openExamPage(student: ExamStudent, language: Language) {
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    const page = await newPage(session.browser, { locale: LOCALES[language], viewport: PHONE });
    const errors = collectConsoleErrors(page);
    await api.addSessionTo(page.context());
    const url = `${baseURL}/socketA?attemptId=${view.attemptId}`;
    return { page, errors, url, start: () => page.goto(url) };
  }

  /** The proctor's action on the student's row, through its dialog. */
  async function act(
    page: Page,
    student: ExamStudent,
    language: Language,
    action: 'message' | 'reopen',
    text: string,
  ) {
    const p = MESSAGES[language].proctor;
    const row = page.locator(`.proctor-row-${student.ticketNumber}`);
    await row.getByRole('button', { name: p.actions[action] }).click();
    const dialog = page.locator('.proctor-action-dialog');
    await dialog.waitFor();
    if (action === 'message') {
      await dialog.getByPlaceholder(p.dialog.contentPlaceholder).fill(text);
      await dialog.getByRole('button', { name: buttonName(p.dialog.send) }).click();
    } else {
      await dialog.getByPlaceholder(p.dialog.reasonPlaceholder).fill(text);
      await dialog.getByRole('button', { name: buttonName(p.dialog.confirm) }).click();
    }
    await dialog.waitFor({ state: 'hidden' });
    return row;
  }

  it('shows a message sent before the page opened, once', async () => {
    const student = fixture.students[0]!;
    const candidate = await openExamPage(student, 'en');
    const proctor = await openProctor('zh');
    await proctor.page.locator(`.proctor-row-${student.ticketNumber}`).waitFor();
    await act(proctor.page, student, 'zh', 'message', '第 3 题的图片已更正，请刷新后查看。');
    await screenshot(proctor.page, 'proctor-pages-message-sent-zh', { fullPage: false });

    // The candidate opens the exam afterwards: the message is there, with its time.
    await candidate.start();
    await candidate.page.locator('.exam-header').waitFor();
    const shown = candidate.page.locator('.proctor-message');
    await shown.waitFor();
    expect(await shown.innerText()).toContain('第 3 题的图片已更正，请刷新后查看。');
    expect(await shown.innerText()).toMatch(/\d{2}:\d{2}/);
    await animationsDone(candidate.page);
    await screenshot(candidate.page, 'proctor-pages-message-phone-en', { fullPage: false });

    // Seen: a reload does not bring it back; a later message comes live.
    await candidate.page.reload();
    await candidate.page.locator('.exam-header').waitFor();
    await act(proctor.page, student, 'zh', 'message', '还有十五分钟。');
    await expect
      .poll(() => shown.allInnerTexts())
      .toEqual([expect.stringContaining('还有十五分钟。')]);

    expect(proctor.errors).toEqual([]);
    expect(candidate.errors).toEqual([]);
    await candidate.page.context().close();
    await proctor.page.context().close();
  });

  it('returns a page on its receipt to the questions when the proctor reopens', async () => {
    const student = fixture.students[1]!;
    const z = MESSAGES.zh.attemptPage;
    const candidate = await openExamPage(student, 'zh');
    await candidate.start();
    const option = candidate.page.locator('[data-item="s1q1"] .exam-option', { hasText: '36 V' });
    await option.click();
    await expect
      .poll(() => candidate.page.locator('.exam-save').innerText())
      .toContain(z.save.saved);
    await candidate.page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(candidate.page, z.submit.ok);
    const receipt = candidate.page.locator('.exam-receipt');
    await receipt.waitFor();
    await screenshot(candidate.page, 'proctor-pages-receipt-phone-zh', { fullPage: false });

    const proctor = await openProctor('en');
    const row = await act(proctor.page, student, 'en', 'reopen', 'Power cut in room 2');
    await expect.poll(() => row.innerText()).toContain(MESSAGES.en.proctor.state.in_progress);
    await screenshot(proctor.page, 'proctor-pages-reopened-en', { fullPage: false });

    // The page still open on the receipt goes back to the questions at once, answers kept.
    await receipt.waitFor({ state: 'hidden' });
    await candidate.page.locator('.exam-header').waitFor();
    expect(await candidate.page.locator('.proctor-reopened').innerText()).toContain(
      z.reopened.split('{{')[0]!,
    );
    expect(await candidate.page.getByRole('radio', { name: /36 V/ }).isChecked()).toBe(true);
    await animationsDone(candidate.page);
    await screenshot(candidate.page, 'proctor-pages-reopened-phone-zh', { fullPage: false });

    expect(proctor.errors).toEqual([]);
    expect(candidate.errors).toEqual([]);
    await candidate.page.context().close();
    await proctor.page.context().close();
  });
});

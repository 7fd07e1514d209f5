import { ATTEMPT_BASE, type AttemptView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  buttonName,
  collectConsoleErrors,
  newPage,
  screenshot,
  openPage,
} from './browser';
import { LOCALES, MESSAGES, type Language } from './languages';
import { adminSession } from './session';

// The proctor's live view (docs/features/proctoring.md) in Chromium: the view is open while a candidate, in a
// second browser context, opens the exam page and answers; the row moves without a reload.
// Extra time given from the view reaches the candidate's clock at once; a message shows on
// their page. Four languages and a phone's width, with screenshots.

const p = zh.proctor;

/** Seconds on the exam page's clock (1:05:09 or 05:09). */
const seconds = (text: string) =>
  text
    .trim()
    .split(':')
    .reduce((sum, part) => sum * 60 + Number(part), 0);

describe('The proctor’s live view', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `P${tag}`, { students: 2 });
  });

  const proctorUrl = () => `${baseURL}/examPublishManage/proctor?examId=${fixture.examId}`;
  const count = (page: Page, key: string) =>
    page.locator(`.proctor-count-${key} .ant-statistic-content-value`).innerText();

  async function openProctor(language: Language, viewport = DESKTOP) {
    const { page, errors } = await openPage(session.browser, session.admin, proctorUrl(), {
      locale: LOCALES[language],
      viewport,
    });
    await page.locator('.proctor-link-live').waitFor();
    return { page, errors };
  }

  it('moves a row live as the candidate answers; extra time and a message reach their page', async () => {
    const { page, errors } = await openProctor('zh');
    const student = fixture.student;
    const row = page.locator(`.proctor-row-${student.ticketNumber}`);
    await row.waitFor();
    expect(await count(page, 'notStarted')).toBe('2');
    expect(await row.innerText()).toContain(p.state.not_started);

    // The candidate starts and opens the exam page in their own browser context.
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    const candidate = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    const candidateErrors = collectConsoleErrors(candidate);
    await api.addSessionTo(candidate.context());
    await candidate.goto(`${baseURL}/socketA?attemptId=${view.attemptId}`);
    await candidate.locator('.exam-header').waitFor();

    // No reload on the proctor's side: the join puts the row in progress and online.
    await expect.poll(() => row.innerText()).toContain(p.online);
    expect(await row.innerText()).toContain(p.state.in_progress);
    expect(await count(page, 'inProgress')).toBe('1');
    expect(await count(page, 'offline')).toBe('0');
    expect(await row.locator('.proctor-answered').innerText()).toBe('0');

    await candidate.locator('[data-item="s1q1"] .exam-option', { hasText: '36 V' }).click();
    await expect.poll(() => row.locator('.proctor-answered').innerText()).toBe('1');
    await screenshot(page, 'proctor-live-zh');

    // Extra time from the view: the candidate's clock moves by a quarter of an hour at once.
    const clock = candidate.locator('.exam-clock-time');
    const before = seconds(await clock.innerText());
    await row.getByRole('button', { name: p.actions.extraTime }).click();
    const dialog = page.locator('.proctor-action-dialog');
    await dialog.waitFor();
    await dialog.locator('input.ant-input-number-input').fill('15');
    // The reason is required: without it the dialog says so and stays.
    await dialog.getByRole('button', { name: buttonName(p.dialog.confirm) }).click();
    await dialog.locator('.ant-form-item-explain-error').waitFor();
    await dialog.getByPlaceholder(p.dialog.reasonPlaceholder).fill('停电十分钟');
    await animationsDone(page);
    await screenshot(page, 'proctor-extra-time-zh', { fullPage: false });
    await dialog.getByRole('button', { name: buttonName(p.dialog.confirm) }).click();
    await expect
      .poll(async () => seconds(await clock.innerText()) - before)
      .toBeGreaterThan(14 * 60);
    // The candidate is told, not left to notice the jump.
    const added = candidate.locator('.exam-time-change');
    await added.waitFor();
    expect(await added.innerText()).toBe(
      zh.attemptPage.integrity.timeAdded_other.replace('{{count}}', '15'),
    );
    await screenshot(candidate, 'proctor-extra-time-on-exam-page-zh', { fullPage: false });

    // A message to this candidate shows on their exam page.
    await row.getByRole('button', { name: p.actions.message }).click();
    await dialog.waitFor();
    await dialog.getByPlaceholder(p.dialog.contentPlaceholder).fill('请保持安静，不要交谈。');
    await dialog.getByRole('button', { name: buttonName(p.dialog.send) }).click();
    const shown = candidate.locator('.proctor-message');
    await shown.waitFor();
    expect(await shown.innerText()).toContain('请保持安静，不要交谈。');
    await animationsDone(candidate);
    await screenshot(candidate, 'proctor-message-on-exam-page-zh', { fullPage: false });

    // The drawer lists the join and the proctor's actions with their reasons.
    await row.getByRole('button', { name: p.actions.events }).click();
    const drawer = page.locator('.proctor-drawer');
    await expect.poll(() => drawer.innerText()).toContain('停电十分钟');
    expect(await drawer.innerText()).toContain(p.event.joined);
    await animationsDone(page);
    await screenshot(page, 'proctor-drawer-zh', { fullPage: false });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // The proctor collects the paper: the row says so (not "by the candidate"), also after a
    // reload; the candidate's receipt says who handed it in.
    await row.getByRole('button', { name: p.actions.submit }).click();
    await dialog.waitFor();
    await dialog.getByPlaceholder(p.dialog.reasonPlaceholder).fill('考生身体不适，提前收卷');
    await dialog.getByRole('button', { name: buttonName(p.dialog.confirm) }).click();
    // The server's answer first (a refusal would be its toast), then the row.
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: p.done.submit.replace('{{name}}', student.name) })
      .waitFor();
    await expect.poll(() => row.innerText()).toContain(p.finish.proctor_submit);
    expect(await row.innerText()).not.toContain(p.finish.submitted);
    const receipt = candidate.locator('.exam-receipt');
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain(zh.attemptPage.receipt.proctorSubmit);
    const code = await receipt.locator('.exam-receipt-code').innerText();
    expect(code).toMatch(/^([2-9A-HJKMNP-TV-Z]{4}-){3}[2-9A-HJKMNP-TV-Z]{4}$/);
    await page.reload();
    await page.locator('.proctor-link-live').waitFor();
    await expect.poll(() => row.innerText()).toContain(p.finish.proctor_submit);
    await screenshot(page, 'proctor-collected-zh', { fullPage: false });

    // Staff check the code the candidate shows: theirs; one character changed, no one's.
    const check = async (typed: string) => {
      await page.getByRole('button', { name: buttonName(p.actions.checkReceipt) }).click();
      const checkDialog = page.locator('.proctor-receipt-dialog');
      await checkDialog.waitFor();
      await checkDialog.getByPlaceholder(p.receiptCheck.placeholder).fill(typed);
      await checkDialog.getByRole('button', { name: buttonName(p.receiptCheck.check) }).click();
      const answer = checkDialog.locator('[class*="proctor-receipt-"][role="status"]');
      await answer.waitFor();
      return { checkDialog, answer };
    };
    const right = await check(code.toLowerCase());
    expect(await right.answer.getAttribute('class')).toContain('proctor-receipt-valid');
    expect(await right.answer.innerText()).toContain(student.ticketNumber);
    await screenshot(page, 'proctor-receipt-valid-zh', { fullPage: false });
    await right.checkDialog.getByRole('button', { name: buttonName(zh.common.cancel) }).click();
    await right.checkDialog.waitFor({ state: 'hidden' });
    const wrong = await check(code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6));
    expect(await wrong.answer.getAttribute('class')).toContain('proctor-receipt-unknown');
    expect(await wrong.answer.innerText()).toBe(p.receiptCheck.unknown);

    expect(errors).toEqual([]);
    expect(candidateErrors).toEqual([]);
    await candidate.context().close();
    await page.context().close();
  });

  it('is entered from the exam’s details', async () => {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examPublishManage/examDetail?id=${fixture.examId}`,
      { locale: LOCALES.zh, viewport: DESKTOP },
    );
    await page.getByRole('button', { name: buttonName(zh.exam.actions.proctor) }).click();
    await page.waitForURL(/\/examPublishManage\/proctor\?examId=/);
    await page.locator('.proctor-link-live').waitFor();
    expect(await page.locator('.proctor-exam-name').innerText()).toBe(fixture.examName);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in en, es and ja, and at a phone’s width', async () => {
    for (const language of ['en', 'es', 'ja'] as const) {
      const { page, errors } = await openProctor(language);
      const words = MESSAGES[language].proctor;
      expect(await page.locator('.proctor-counts').innerText()).toContain(words.counts.notStarted);
      expect(await page.locator('.proctor-table thead').innerText()).toContain(
        words.columns.connection,
      );
      await screenshot(page, `proctor-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const { page, errors } = await openProctor('zh', PHONE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'proctor-phone-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

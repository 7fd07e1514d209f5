import { ATTEMPT_BASE, type AttemptView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  buttonName,
  collectConsoleErrors,
  newPage,
  openPage,
  screenshot,
} from './browser';
import { LOCALES } from './languages';
import { adminSession } from './session';

// Pausing (docs/features/proctoring.md "Pausing") in Chromium: the proctor in one context, the
// candidate in another. An answer given just before the pause; the pause hides the candidate's
// paper at once and stops the clock (also after a reload, in English, at a phone's width); the
// resume brings the paper back with the paused time given back; the answer is on the server.

const p = zh.proctor.pause;

/** Seconds on the exam page's clock (1:05:09 or 05:09). */
const seconds = (text: string) =>
  text
    .trim()
    .split(':')
    .reduce((sum, part) => sum * 60 + Number(part), 0);

describe('Pausing an attempt from the proctor’s view', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `PZ${tag}`, { students: 1 });
  });

  it('hides the paper and stops the clock at once, gives the time back on resume, loses no answer', async () => {
    const { page, errors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examPublishManage/proctor?examId=${fixture.examId}`,
      { locale: LOCALES.zh, viewport: DESKTOP },
    );
    await page.locator('.proctor-link-live').waitFor();
    const student = fixture.student;
    const row = page.locator(`.proctor-row-${student.ticketNumber}`);

    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    const candidate = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    const candidateErrors = collectConsoleErrors(candidate);
    await api.addSessionTo(candidate.context());
    await candidate.goto(`${baseURL}/socketA?attemptId=${view.attemptId}`);
    await candidate.locator('.exam-header').waitFor();
    await expect.poll(() => row.innerText()).toContain(zh.proctor.online);

    // An answer, and at once the pause: whichever reaches the server first, the answer survives.
    await candidate.locator('[data-item="s1q1"] .exam-option', { hasText: '36 V' }).click();
    await row.getByRole('button', { name: p.pause }).click();
    const dialog = page.locator('.proctor-pause-dialog');
    await dialog.waitFor();
    await dialog.getByPlaceholder(p.reasonPlaceholder).fill('考场停电');
    await dialog.getByRole('button', { name: buttonName(zh.proctor.dialog.confirm) }).click();

    const overlay = candidate.locator('.exam-paused');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain('考场停电');
    expect(await overlay.innerText()).toContain(zh.attemptPage.paused.title);
    expect(await candidate.locator('.exam-paper').isVisible()).toBe(false);
    const clock = candidate.locator('.exam-clock.paused .exam-clock-time');
    const frozen = seconds(await clock.innerText());
    // Still the same a moment later: the clock stands.
    await candidate.waitForTimeout(1500);
    expect(seconds(await clock.innerText())).toBe(frozen);
    expect(await candidate.locator('.exam-submit').isDisabled()).toBe(true);
    await screenshot(candidate, 'pause-exam-page-zh', { fullPage: false });
    await candidate.setViewportSize(PHONE);
    await screenshot(candidate, 'pause-exam-page-zh-phone', { fullPage: false });

    // The proctor's row says since when; the drawer has the pause with its reason.
    await expect.poll(() => row.locator('.proctor-paused').count()).toBe(1);
    await screenshot(page, 'pause-proctor-zh', { fullPage: false });

    // A reload while paused (in English now) shows the pause too.
    await candidate.evaluate(() => localStorage.setItem('language', 'en'));
    await candidate.reload();
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain(en.attemptPage.paused.title);
    expect(await overlay.innerText()).toContain('考场停电');
    expect(seconds(await clock.innerText())).toBe(frozen);
    await screenshot(candidate, 'pause-exam-page-en-phone', { fullPage: false });
    await candidate.setViewportSize(DESKTOP);
    await screenshot(candidate, 'pause-exam-page-en', { fullPage: false });

    // Resume: the paper is back, the clock runs from the new deadline (the paused time given back).
    await row.getByRole('button', { name: p.resume }).click();
    await dialog.waitFor();
    await dialog.getByPlaceholder(p.reasonPlaceholder).fill('来电了');
    await dialog.getByRole('button', { name: buttonName(zh.proctor.dialog.confirm) }).click();
    await overlay.waitFor({ state: 'hidden' });
    await candidate.locator('.exam-paper').waitFor();
    await candidate.locator('.exam-resumed').waitFor();
    const running = candidate.locator('.exam-clock:not(.paused) .exam-clock-time');
    // Within seconds of what was left when the pause began (not less the minutes it lasted).
    expect(seconds(await running.innerText())).toBeGreaterThan(frozen - 5);
    await screenshot(candidate, 'pause-resumed-en', { fullPage: false });

    // The answer given just before the pause is on the server.
    await expect
      .poll(async () => {
        const after = await api.call<AttemptView>(
          'GET',
          `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`,
        );
        return after.answers.length;
      })
      .toBe(1);
    await expect.poll(() => row.locator('.proctor-paused').count()).toBe(0);
    expect(await row.locator('.proctor-paused-minutes').count()).toBe(1);

    expect(errors).toEqual([]);
    expect(candidateErrors).toEqual([]);
    await candidate.context().close();
    await page.context().close();
  });
});

import { ATTEMPT_BASE, type AttemptView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import { examPageScreens } from './attempt-kit';
import { PHONE, answerConfirm, buttonName, screenshot } from './browser';
import { MESSAGES, fill } from './languages';
import { adminSession } from './session';

// Rest breaks (docs/features/accommodations.md "Rest breaks") as the candidate takes one: a
// student given one break of 5 minutes takes it, the paper is hidden behind the break's
// countdown, ends it, answers and submits; zh on desktop, en on a phone (390 px).

const ACCOMMODATION = '/api/kaoshi-accommodation/accommodation';

describe('a rest break on the exam page', () => {
  const session = adminSession();
  const tag = `B${Date.now().toString(36).toUpperCase()}`;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, session.baseURL, tag, { students: 2 });
    for (const student of fixture.students) {
      await session.admin.call('PUT', `${ACCOMMODATION}/setStudentAccommodation`, {
        studentId: student.id,
        breakCount: 1,
        breakMinutes: 5,
      });
    }
  });
  const { openExam } = examPageScreens(session, () => fixture);

  const start = async (index: number) => {
    const api = await fixture.signIn(fixture.students[index]);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    return { api, view };
  };

  /** Takes the break, sees the paper hidden, ends it: the moved deadline counts down again. */
  async function takeAndEnd(page: Page, language: 'zh' | 'en', shot: string) {
    const r = MESSAGES[language].attemptPage.restBreak;
    // The words as they stand (a string matches them as a part of the name).
    const take = page.getByRole('button', { name: fill(r.take, { left: 1, minutes: 5 }) });
    await take.click();
    await answerConfirm(page, r.confirmOk);
    const overlay = page.locator('.exam-on-break');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain(r.title);
    expect(await overlay.getByRole('timer').innerText()).toMatch(/[45]:\d\d/);
    // The paper is hidden, the clock stands and says so.
    expect(await page.locator('.exam-body').isVisible()).toBe(false);
    // (On a phone the label is hidden to save room: its text is still there.)
    expect(await page.locator('.exam-clock.paused').textContent()).toContain(r.clockLabel);
    await screenshot(page, shot);
    await overlay.getByRole('button', { name: buttonName(r.end) }).click();
    await overlay.waitFor({ state: 'hidden' });
    await page.locator('.exam-body').waitFor();
    // No break left: the button says so and takes none.
    const none = page.getByRole('button', { name: fill(r.take, { left: 0, minutes: 5 }) });
    expect(await none.isDisabled()).toBe(true);
  }

  it('takes the break, the paper hidden, ends it, answers and submits (zh desktop)', async () => {
    const { api, view } = await start(0);
    expect(view.breaks).toEqual({ allowed: 1, taken: 0, minutes: 5 });
    const { page, consoleErrors } = await openExam(api, view.attemptId);
    await takeAndEnd(page, 'zh', 'rest-break-zh-desktop');

    // After the break the page takes answers again, and the deadline moved by its length.
    await page.locator('.exam-body .ant-radio-wrapper').first().click();
    await expect
      .poll(
        async () =>
          (await api.call<AttemptView>('GET', `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`))
            .answers.length,
      )
      .toBe(1);
    const after = await api.call<AttemptView>(
      'GET',
      `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`,
    );
    expect(after.breaks.taken).toBe(1);
    expect(Date.parse(after.deadline)).toBeGreaterThan(Date.parse(view.deadline));
    expect(Date.parse(after.deadline) - Date.parse(view.deadline)).toBeLessThanOrEqual(5 * 60_000);
    await screenshot(page, 'rest-break-zh-after');

    const z = MESSAGES.zh.attemptPage;
    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(page, z.submit.ok);
    await page.locator('.exam-receipt').waitFor();
    const done = await api.call<AttemptView>('GET', `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`);
    expect(done.finished?.finishReason).toBe('submitted');
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('takes and ends the break on a phone (en, 390 px)', async () => {
    const { api, view } = await start(1);
    const { page } = await openExam(api, view.attemptId, { language: 'en', viewport: PHONE });
    await takeAndEnd(page, 'en', 'rest-break-en-phone');
    await screenshot(page, 'rest-break-en-phone-after');
    await page.context().close();
  });
});

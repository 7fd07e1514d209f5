import { ATTEMPT_BASE, PROCTOR_BASE, type LiveExamView, type AttemptView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAttemptExam,
  PAPER_ITEMS,
  type AttemptFixture,
  type ExamStudent,
} from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  answerConfirm,
  buttonName,
  newPage,
  openedPopup,
  screenshot,
  widthBeyondWindow,
} from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { adminSession } from './session';

import { z, ID, examPageScreens } from './attempt-kit';

// The exam page's leave counting, extra time, HTTP fallback, session end, languages and
// takeover as a candidate meets them in Chromium; what the server holds read back through the API.

describe('Taking an exam: leaves, extra time, fallbacks, languages', () => {
  const session = adminSession();
  const { baseURL } = session;
  // Not the other exam-page file's tag: both may start in the same millisecond.
  const tag = `L${Date.now().toString(36).toUpperCase()}`;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, tag, { students: 5 });
  });

  const { examUrl, saveState, question, navButton, startAttempt, openExam, serverAnswers } =
    examPageScreens(session, () => fixture);

  /**
   * Headless Chromium never hides a page, even behind another one brought to the front: the test
   * tells the page what a browser tells it then (visibilityState hidden, later visible again).
   */
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((hide) => {
      if (hide) {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      } else delete (document as { visibilityState?: unknown }).visibilityState;
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  /** Another page of the candidate's browser comes to the front; theirs is hidden behind it. */
  async function leaveFor(page: Page) {
    const other = await page.context().newPage();
    await other.bringToFront();
    await setHidden(page, true);
    return other;
  }

  /** The leaves the server counted for the student (the proctor's row, as staff see it). */
  async function countedLeaves(examId: number, student: ExamStudent) {
    const live = await session.admin.call<LiveExamView>(
      'GET',
      `${PROCTOR_BASE}/liveExam/${examId}`,
    );
    return live.rows.find((row) => row.studentId === student.id)?.eventCounts.left_page ?? 0;
  }

  it('tells of extra time, counts a page really left past the grace, and hands in past the limit', async () => {
    const examId = await fixture.publish(`离开次数受限的考试${tag}`, { leaveLimit: 1 });
    const student = fixture.students[1]!;
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, { examId });
    const { page, consoleErrors } = await openExam(api, view.attemptId);
    const clock = page.locator('.exam-clock-time');
    expect(await clock.innerText()).toMatch(/^(59:\d\d|1:00:00)$/);
    // Thirty minutes more, given while the page is open: its clock moves without a reload, and
    // the candidate is told by how much.
    await session.admin.call('POST', '/api/kaoshi-exam/exam/setExtraTime', {
      examId,
      studentId: student.id,
      minutes: 30,
    });
    await expect.poll(() => clock.innerText()).toMatch(/^1:(29:\d\d|30:00)$/);
    const told = page.locator('.exam-time-change');
    await told.waitFor();
    expect(await told.innerText()).toBe(fill(z.integrity.timeAdded_other, { count: 30 }));
    await screenshot(page, 'attempt-zh-time-added', { fullPage: false });

    // Another page in front for longer than the grace: the server counts one leave by itself.
    let other = await leaveFor(page);
    await expect.poll(() => countedLeaves(examId, student), { timeout: 30_000 }).toBe(1);
    await page.bringToFront();
    await other.close();
    await setHidden(page, false);
    const warning = page.locator('.exam-leaves');
    await warning.waitFor();
    expect(await warning.innerText()).toBe(fill(z.integrity.leaves, { count: 1, limit: 1 }));
    await screenshot(page, 'attempt-zh-leaves', { fullPage: false });
    // Once more is past the limit: the server hands the attempt in, and the page (hidden, still
    // connected) shows the receipt.
    other = await leaveFor(page);
    const receipt = page.locator('.exam-receipt');
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.innerText()).toContain(z.receipt.leaveLimit);
    await other.close();
    const finished = await api.call<AttemptView>(
      'GET',
      `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`,
    );
    expect(finished.finished?.finishReason).toBe('leave_limit');
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('counts no leave for five reloads or the link task’s own tab, and one for a page left', async () => {
    const examId = await fixture.publish(`刷新不算离开${tag}`, { leaveLimit: 3 });
    const [reloader, leaver] = [fixture.students[3]!, fixture.students[4]!];
    const start = async (student: ExamStudent) => {
      const api = await fixture.signIn(student);
      const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
        examId,
      });
      return openExam(api, view.attemptId);
    };
    const first = await start(reloader);
    const { page } = first;
    // Stuck, the candidate presses F5, five times; each time the page hides as it unloads.
    for (let i = 0; i < 5; i++) {
      await page.reload();
      await page.locator('.exam-header').waitFor();
      await expect.poll(() => saveState(page)).toBe('saved');
    }
    // The link task opens in a tab of its own, in front of the exam page, and stays there.
    await navButton(page, 6).click();
    const [task] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: buttonName(z.question.openTask) }).click(),
    ]);
    await setHidden(page, true);

    // Another candidate really leaves, later than all of that. Once the server has counted their
    // leave, any absence of the first that counted would have been counted too (it began earlier).
    const second = await start(leaver);
    const other = await leaveFor(second.page);
    await expect.poll(() => countedLeaves(examId, leaver), { timeout: 30_000 }).toBe(1);
    expect(await countedLeaves(examId, reloader)).toBe(0);

    // Back from the task: still no leave on the page.
    await task.close();
    await setHidden(page, false);
    await expect.poll(() => countedLeaves(examId, reloader)).toBe(0);
    expect(await page.locator('.exam-leaves').count()).toBe(0);
    await screenshot(page, 'attempt-zh-reloads-no-leave', { fullPage: false });
    // The one who left sees it counted once back.
    await second.page.bringToFront();
    await other.close();
    await setHidden(second.page, false);
    const warning = second.page.locator('.exam-leaves');
    await warning.waitFor();
    expect(await warning.innerText()).toBe(fill(z.integrity.leaves, { count: 1, limit: 3 }));
    expect(first.consoleErrors).toEqual([]);
    expect(second.consoleErrors).toEqual([]);
    await page.close();
    await second.page.close();
  });

  it('saves and submits over HTTP when the socket cannot connect', async () => {
    const examId = await fixture.publish(`无实时连接的考试${tag}`);
    const student = fixture.students[2]!;
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, { examId });
    const page = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    // A proxy that lets no WebSocket through, nor socket.io's polling: only the API calls pass.
    await page.routeWebSocket(/\/api\/socket\.io\//, (socket) => socket.close());
    await page.route(/\/api\/socket\.io\//, (route) => route.abort());
    await api.addSessionTo(page.context());
    await page.goto(examUrl(view.attemptId));
    await page.locator('.exam-header').waitFor();
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    await page.keyboard.press('ArrowRight');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('b');
    await page.keyboard.press('c');
    await expect
      .poll(() => serverAnswers(api, view.attemptId))
      .toEqual({ [ID.single]: 'A', [ID.multiple]: 'BC' });
    await expect.poll(() => saveState(page)).toBe('saved');

    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(page, z.submit.ok);
    await page.locator('.exam-receipt').waitFor();
    expect(await page.locator('.exam-receipt').innerText()).toContain(
      fill(z.receipt.answeredCount, { answered: 2, total: 6 }),
    );
    // The single choice right, the multiple choice wrong (all or nothing).
    const finished = await api.call<AttemptView>(
      'GET',
      `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`,
    );
    expect(finished.finished?.result?.objectiveScore).toBe(PAPER_ITEMS.single.score);
    await page.close();
  });

  it('tells the candidate at once when their session ends, and stops saving', async () => {
    const examId = await fixture.publish(`会话结束的考试${tag}`);
    const student = fixture.students[1]!;
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, { examId });
    const { page } = await openExam(api, view.attemptId);
    // Signed out elsewhere (the same session): the server cuts the page's socket at once.
    await api.call('GET', '/api/kaoshi-user/user/logout');
    const ended = page.locator('.exam-session-ended');
    await ended.waitFor();
    expect(await ended.innerText()).toContain(z.stopped.sessionEnded);
    expect(await ended.getByRole('button', { name: z.stopped.signInAgain }).count()).toBe(1);
    await screenshot(page, 'attempt-zh-session-ended');
    await page.close();
  });

  it('reads well in four languages at phone width, and a second device takes over', async () => {
    const student = fixture.students[2]!;
    const { api, attemptId } = await startAttempt(student);
    let previous: { page: Page; language: Language } | null = null;
    for (const language of Object.keys(LOCALES) as Language[]) {
      const m = MESSAGES[language].attemptPage;
      const { page, consoleErrors } = await openExam(api, attemptId, {
        language,
        viewport: PHONE,
      });
      if (previous) {
        // The page opened before is told another has the attempt now, and stops saving.
        const told = MESSAGES[previous.language].attemptPage.stopped.takenOver;
        await previous.page.getByText(told).waitFor();
        if (previous.language === 'zh') await screenshot(previous.page, 'attempt-zh-taken-over');
        await previous.page.close();
      }
      expect(await page.getByRole('button', { name: buttonName(m.submit.button) }).count()).toBe(1);
      expect(await page.locator('.exam-save').innerText()).toContain(m.save.saved);
      // Nothing wider than the phone.
      expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
      await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
      await expect.poll(() => saveState(page)).toBe('saved');
      await screenshot(page, `attempt-${language}-phone`);
      if (language === 'zh') {
        await page.getByRole('button', { name: new RegExp(m.question.next) }).click();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await question(page, ID.short).waitFor();
        await page.getByRole('textbox', { name: m.question.answer }).fill(PAPER_ITEMS.short.answer);
        await screenshot(page, 'attempt-zh-phone-short');
      }
      // The navigator is a drawer on a phone.
      await page.getByRole('button', { name: new RegExp(m.toolbar.questions) }).click();
      const drawer = await openedPopup(page, page.locator('.ant-drawer-content-wrapper:visible'));
      await screenshot(page, `attempt-${language}-phone-navigator`, { fullPage: false });
      await navButton(page, 3, language).click();
      await drawer.waitFor({ state: 'hidden' });
      await question(page, ID.judgement).waitFor();
      expect(consoleErrors).toEqual([]);
      previous = { page, language };
    }
    await previous?.page.close();
  });
});

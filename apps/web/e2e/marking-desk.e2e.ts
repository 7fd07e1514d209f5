import { MARKING_BASE, SERVER_MESSAGES, type ListResult, type ScoreLogEntry } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import { DESKTOP, PHONE, buttonName, screenshot, openPage, widthBeyondViewport } from './browser';
import { axeFindings } from './axe-findings';
import { createMarkingExam, type MarkingFixture, type MarkingUser } from './marking-fixture';
import { adminSession } from './session';

// The marking desk (/examinationRead): a marker scores a question's answers with the keyboard
// alone (digits, then Enter saves and takes the next), an off-step score is refused in place in
// the server's words, one score is revised, and the desk says when nothing is left. Blind: no
// candidate's name, ticket number or batch shows. A practical task at phone width in English.

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)[^}]*}}|{(\w+)}/g, (_, a?: string, b?: string) =>
    String(values[(a ?? b)!] ?? ''),
  );

/** The browser logs the refusals this test provokes (HTTP 400) as console errors: any other counts. */
const notARefusal = (error: string) => !error.includes('status of 400');

describe('The marking desk', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `D${Date.now().toString(36).toUpperCase()}`;
  let fx: MarkingFixture;

  beforeAll(async () => {
    fx = await createMarkingExam(session.admin, baseURL, tag, {
      sitting: 3,
      absent: 0,
      markers: 2,
    });
    // Step 0.5 on questions worth 10; single marking.
    await fx.setPlan();
  });

  const deskUrl = (itemId: string) =>
    `${baseURL}/examinationRead?examId=${fx.examId}&itemId=${itemId}`;

  async function openDesk(marker: MarkingUser, itemId: string, locale: string, viewport = DESKTOP) {
    return openPage(session.browser, marker.api, deskUrl(itemId), { locale, viewport });
  }

  /** The anonymous code of the answer on the desk, once one is there and not `previous`. */
  async function codeShown(page: Page, previous?: string) {
    const code = page.locator('.desk-anon');
    if (previous !== undefined) {
      await expect.poll(() => code.innerText()).not.toBe(previous);
    }
    await code.waitFor();
    return (await code.innerText()).trim();
  }

  /** Nothing on the page names who wrote the answers. */
  async function expectBlind(page: Page) {
    const text = await page.locator('body').innerText();
    for (const { student } of fx.attempts) {
      expect(text).not.toContain(student.name);
      expect(text).not.toContain(student.ticketNumber);
      expect(text).not.toContain(student.idNumber);
    }
    expect(text).not.toContain(fx.attempt.className);
  }

  it('scores by keyboard, refuses an off-step score in place, revises one and says when none is left', async () => {
    const marker = fx.markers[0]!;
    const d = zh.marking.desk;
    const { page, errors } = await openDesk(marker, fx.itemIds.short, 'zh-CN');
    const first = await codeShown(page);
    await expect.poll(() => page.locator('.desk-answer-text').innerText()).toContain('考生答案');
    await expect.poll(() => page.locator('.desk-left').innerText()).toBe('3');
    await expect.poll(() => page.locator('.desk-mine').innerText()).toBe('0');
    await expectBlind(page);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'marking-desk-zh');

    // The score field has the focus: 7.3 is off the 0.5 step, refused in place in Chinese.
    await page.keyboard.type('7.3');
    await page.keyboard.press('Enter');
    const offStep = fill(SERVER_MESSAGES.scoreOffStep.zh, { step: 0.5 });
    await expect.poll(() => page.locator('.desk-score-error').innerText()).toContain(offStep);
    expect(await codeShown(page)).toBe(first);
    await screenshot(page, 'marking-desk-refused-zh');

    // Mend it by keyboard: select the field's text and type over it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('7.5');
    await page.keyboard.press('Enter');
    const second = await codeShown(page, first);
    await expect.poll(() => page.locator('.desk-mine').innerText()).toBe('1');
    await expect.poll(() => page.locator('.desk-saved').innerText()).toContain(first);
    await expect.poll(() => page.locator('#desk-score').inputValue()).toBe('');

    await page.keyboard.type('6');
    await page.keyboard.press('Enter');
    const third = await codeShown(page, second);
    expect(new Set([first, second, third]).size).toBe(3);

    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    const done = page.locator('.desk-done');
    await done.waitFor();
    await expect.poll(() => done.innerText()).toContain(d.doneTitle);
    await expect.poll(() => page.locator('.desk-mine').innerText()).toBe('3');
    expect(await page.locator('.desk-left').innerText()).toBe('0');
    await screenshot(page, 'marking-desk-done-zh');

    // Revise the second answer's 6 to 4, by keyboard from its entry in the session's list.
    const revise = page.getByRole('button', { name: fill(d.reviseCode, { code: second }) });
    await revise.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.desk-revising').innerText()).toContain(second);
    await expect.poll(() => page.locator('#desk-score').inputValue()).toBe('6');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await page.locator('.desk-revising').waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('.desk-session-list li', { hasText: second }).innerText())
      .toContain(fill(d.points, { score: 4 }));
    // Back to "none left" once the revision is saved.
    await done.waitFor();
    await screenshot(page, 'marking-desk-revised-zh');

    // The server's record: three marks and the one revision, by this marker.
    const log = await fx.chief.api.call<ListResult<ScoreLogEntry>>(
      'GET',
      `${MARKING_BASE}/listScoreLog?examId=${fx.examId}&page=1&limit=100`,
    );
    const mine = log.list.filter((entry) => entry.userId === marker.id);
    const marks = mine.filter((entry) => entry.kind === 'mark').map((entry) => entry.newScore);
    expect(marks.sort((a, b) => a! - b!)).toEqual([6, 7.5, 10]);
    const revisions = mine.filter((entry) => entry.kind === 'revise');
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ anonCode: second, oldScore: 6, newScore: 4 });
    expect(errors.filter(notARefusal)).toEqual([]);
    await page.context().close();
  });

  it('shows a practical task with the link and what the candidate returned, at phone width', async () => {
    const marker = fx.markers[1]!;
    const d = en.marking.desk;
    const { page, errors } = await openDesk(marker, fx.itemIds.link, 'en-US', PHONE);
    const first = await codeShown(page);
    await expect
      .poll(() => page.locator('.desk-task a').getAttribute('href'))
      .toBe('https://lab.example.com/task/42');
    await expect.poll(() => page.locator('.desk-answer').innerText()).toContain(d.returned);
    await expect.poll(() => page.locator('.desk-answer-text').innerText()).toContain('实验编号 42');
    await expectBlind(page);
    // Nothing runs off the side of a phone.
    expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'marking-desk-task-phone-en');

    // Above the full score: refused in English, in place.
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    const outOfRange = fill(SERVER_MESSAGES.scoreOutOfRange.en, { max: 10 });
    await expect.poll(() => page.locator('.desk-score-error').innerText()).toContain(outOfRange);
    // A quick button sets the score; Enter saves it.
    await page.locator('.desk-quick').getByRole('button', { name: '10', exact: true }).click();
    await page.keyboard.press('Enter');
    await codeShown(page, first);
    await expect.poll(() => page.locator('.desk-mine').innerText()).toBe('1');
    await screenshot(page, 'marking-desk-task-phone-en-next', { fullPage: false });
    expect(errors.filter(notARefusal)).toEqual([]);
    await page.context().close();
  });

  it('says when the hold on an answer has run out; the score is still taken while no one else has it', async () => {
    const marker = fx.markers[1]!;
    const { page, errors } = await openPage(session.browser, marker.api, deskUrl(fx.itemIds.link), {
      locale: 'ja-JP',
      // The browser's clock under the test's hand: five minutes pass in an instant.
      beforeOpening: (page) => page.clock.install(),
    });
    // The answer this marker took last and still holds.
    const held = await codeShown(page);
    await expect.poll(() => page.locator('.desk-lease-time').innerText()).toMatch(/^0[45]:\d\d$/);
    await page.clock.fastForward('05:01');
    const expired = page.locator('.desk-lease.expired');
    await expect.poll(() => expired.innerText()).toContain(ja.marking.desk.leaseExpired);
    await screenshot(page, 'marking-desk-lease-expired-ja');
    // The server's hold has not run out (its clock is the real one): the score is taken.
    await page.locator('#desk-score').focus();
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await codeShown(page, held);
    await expect.poll(() => page.locator('.desk-mine').innerText()).toBe('2');
    expect(errors.filter(notARefusal)).toEqual([]);
    await page.context().close();
  });
  it("goes back to its own exam's marking overview, not the list of exams", async () => {
    // An address naming no question of the exam: the desk holds no answer, the way back is the same.
    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${baseURL}/examinationRead?examId=${fx.examId}&itemId=not-a-question`,
      { locale: 'zh-CN' },
    );
    await page.getByRole('button', { name: buttonName(zh.marking.desk.backToOverview) }).click();
    await page.waitForURL(/examinationSituation/);
    expect(new URL(page.url()).searchParams.get('examId')).toBe(String(fx.examId));
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});

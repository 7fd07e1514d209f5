import {
  ATTEMPT_BASE,
  CandidateStatus,
  PROCTOR_BASE,
  type LiveExamView,
  type AttemptView,
  type CandidateView,
  type ListResult,
} from '@kaoshi/shared';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import type { ApiClient } from './api';
import {
  createAttemptExam,
  OBJECTIVE_TOTAL,
  PAPER_ITEMS,
  type AttemptFixture,
  type ExamStudent,
} from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  newPage,
  openedPopup,
  screenshot,
} from './browser';
import { adminSession } from './session';

// The exam page (/socketA) as a candidate sits it in Chromium: every question type answered by
// mouse and by keyboard, a flag, a reload in the middle, submitting through the confirmation
// and the receipt; the network cut mid-exam, answers given offline, a reload that cannot reach
// the server, the network back and every answer on the server; four languages at phone width
// and a takeover. What the server holds is read back through the API.

const LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' } as const;
const MESSAGES = { zh, en, es, ja } as const;
type Language = keyof typeof LOCALES;
const z = zh.attemptPage;

/** `text` with i18next's {{name}} replaced. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)[^}]*}}/g, (_, name: string) => String(values[name] ?? ''));

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/**
 * axe-core's serious and critical findings (WCAG 2.x A and AA, as a11y.e2e.ts checks every
 * page) within the exam page itself, one line per element.
 */
async function examPageViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
      '.exam-page',
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
        },
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      },
    ),
  );
  return results.violations
    .filter((rule) => rule.impact === 'serious' || rule.impact === 'critical')
    .flatMap((rule) =>
      rule.nodes.map((node) => `${rule.id}: ${node.target.join(' ')} — ${node.failureSummary}`),
    );
}

/** The item ids of the fixture's paper, in order: one question per section. */
const ID = {
  single: 's1q1',
  multiple: 's2q1',
  judgement: 's3q1',
  fill: 's4q1',
  short: 's5q1',
  link: 's6q1',
} as const;

describe('Taking an exam', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = Date.now().toString(36).toUpperCase();
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, tag, { students: 5 });
  });

  const examUrl = (attemptId: number) => `${baseURL}/socketA?attemptId=${attemptId}`;
  const saveState = (page: Page) => page.locator('.exam-save').getAttribute('data-state');
  const question = (page: Page, itemId: string) => page.locator(`[data-item="${itemId}"]`);
  const navButton = (page: Page, n: number, language: Language = 'zh') =>
    page.locator('.exam-nav').getByRole('button', {
      name: new RegExp(
        `^${fill(MESSAGES[language].attemptPage.nav.itemUnanswered, { n }).split(/[,，、]/)[0]}`,
      ),
    });

  /** The student's attempt, started through the API as the list's Start does: its id. */
  async function startAttempt(student: ExamStudent) {
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    return { api, attemptId: view.attemptId };
  }

  /** The exam page signed in as `api`'s student, joined over the socket (the header says so). */
  async function openExam(
    api: ApiClient,
    attemptId: number,
    {
      language = 'zh',
      viewport = DESKTOP,
    }: { language?: Language; viewport?: typeof DESKTOP } = {},
  ) {
    const page = await newPage(session.browser, { locale: LOCALES[language], viewport });
    const consoleErrors = collectConsoleErrors(page);
    await api.addSessionTo(page.context());
    await page.goto(examUrl(attemptId));
    await page.locator('.exam-header').waitFor();
    await expect.poll(() => saveState(page)).toBe('saved');
    return { page, consoleErrors };
  }

  /** The answers the server holds, by item id. */
  async function serverAnswers(api: ApiClient, attemptId: number) {
    const view = await api.call<AttemptView>('GET', `${ATTEMPT_BASE}/getAttempt/${attemptId}`);
    return Object.fromEntries(view.answers.map((answer) => [answer.itemId, answer.value]));
  }

  async function candidateRow(student: ExamStudent) {
    const { list } = await session.admin.call<ListResult<CandidateView>>(
      'GET',
      `/api/kaoshi-exam/exam/listCandidate?examId=${fixture.examId}&keyword=${student.ticketNumber}`,
    );
    return list.find((row) => row.studentId === student.id);
  }

  /** What the page's IndexedDB outbox holds for the attempt: answers not yet acknowledged. */
  const outbox = (page: Page, attemptId: number) =>
    page.evaluate(
      (id) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const open = indexedDB.open('kaoshi-attempt');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const read = db
              .transaction('outbox')
              .objectStore('outbox')
              .index('attemptId')
              .getAll(id);
            read.onerror = () => reject(read.error);
            read.onsuccess = () => {
              db.close();
              const rows = read.result as { itemId: string; value: unknown }[];
              resolve(Object.fromEntries(rows.map((row) => [row.itemId, row.value])));
            };
          };
        }),
      attemptId,
    );

  /** Answers the single, multiple, judgement and fill-in questions: mouse, keys, keys, typing. */
  async function answerObjective(page: Page, judgement: 'T' | 'F') {
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    // The focus stays on the radio just clicked: → moves to the next question, not the radio.
    await page.keyboard.press('ArrowRight');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('a');
    await page.keyboard.press('B');
    await page.keyboard.press('ArrowRight');
    await question(page, ID.judgement).waitFor();
    await page.keyboard.press(judgement === 'T' ? '1' : '2');
    await page.getByRole('button', { name: new RegExp(z.question.next) }).click();
    await question(page, ID.fill).waitFor();
    const [first, second] = PAPER_ITEMS.fill.answer;
    await page.getByRole('textbox', { name: fill(z.question.blank, { n: 1 }) }).fill(first);
    await page
      .getByRole('textbox', { name: fill(z.question.blank, { n: 2 }) })
      .pressSequentially(second);
  }

  it('is taken with every question type, survives a reload, and is submitted with a receipt', async () => {
    const student = fixture.students[0]!;
    const { api, attemptId } = await startAttempt(student);
    const { page, consoleErrors } = await openExam(api, attemptId);
    const header = page.locator('.exam-header');
    expect(await header.locator('.exam-title').innerText()).toBe(fixture.examName);
    expect(await header.innerText()).toContain(student.name);
    expect(await header.innerText()).toContain(student.ticketNumber);
    expect(
      await header.getByRole('img', { name: fill(z.header.photo, { name: student.name }) }).count(),
    ).toBe(1);
    // The server's clock: about an hour left, counting down.
    const clock = await header.getByRole('timer').innerText();
    expect(clock).toMatch(/(59:\d\d|1:00:00)$/);

    await answerObjective(page, 'T');
    // Out of the text field (keys typed there are text), then back two questions; F flags the
    // question shown and the navigator says so.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('f');
    await expect
      .poll(() => navButton(page, 2).getAttribute('aria-label'))
      .toContain(z.nav.itemFlagged);
    expect(await page.getByRole('checkbox', { name: /铜/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /铝/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /橡胶/ }).isChecked()).toBe(false);
    await screenshot(page, 'attempt-zh-desktop');
    expect(await examPageViolations(page)).toEqual([]);
    // Larger text, kept on this device.
    await page.getByRole('button', { name: z.toolbar.larger }).click();
    const fontSize = () =>
      page
        .locator('.exam-stem')
        .first()
        .evaluate((stem) => getComputedStyle(stem).fontSize);
    await expect.poll(fontSize).toBe('18px');
    await expect.poll(() => saveState(page)).toBe('saved');

    // A reload in the middle: every answer and the flag come back, and the clock goes on.
    await page.reload();
    await page.locator('.exam-header').waitFor();
    await expect.poll(() => saveState(page)).toBe('saved');
    expect(await page.locator('.exam-nav-progress').innerText()).toContain(
      fill(z.nav.progress, { answered: 4, total: 6 }),
    );
    expect(await fontSize()).toBe('18px');
    await navButton(page, 1).click();
    expect(await page.getByRole('radio', { name: /36 V/ }).isChecked()).toBe(true);
    await navButton(page, 2).click();
    expect(await page.getByRole('checkbox', { name: /铝/ }).isChecked()).toBe(true);
    expect(await navButton(page, 2).getAttribute('aria-label')).toContain(z.nav.itemFlagged);
    await navButton(page, 3).click();
    expect(await page.getByRole('radio', { name: z.question.true }).isChecked()).toBe(true);
    await navButton(page, 4).click();
    expect(
      await page.getByRole('textbox', { name: fill(z.question.blank, { n: 2 }) }).inputValue(),
    ).toBe(PAPER_ITEMS.fill.answer[1]);

    // The short answer: typed keys stay in the text area (← moves the caret, not the question).
    await navButton(page, 5).click();
    const text = page.getByRole('textbox', { name: z.question.answer });
    await text.fill(PAPER_ITEMS.short.answer);
    await text.press('ArrowLeft');
    await text.press('F');
    await text.press('Backspace');
    await question(page, ID.short).waitFor();
    expect(await text.inputValue()).toBe(PAPER_ITEMS.short.answer);
    expect(await question(page, ID.short).locator('.exam-count').innerText()).toBe(
      fill(z.question.characters, { count: PAPER_ITEMS.short.answer.length, max: 20000 }),
    );
    // The link task opens in a new tab; its answer goes in the field below.
    await page.getByRole('button', { name: new RegExp(z.question.next) }).click();
    const task = page.getByRole('link', { name: new RegExp(z.question.openTask) });
    expect(await task.getAttribute('href')).toBe('https://lab.example.com/task/42');
    expect(await task.getAttribute('target')).toBe('_blank');
    await page.getByRole('textbox', { name: z.question.answer }).fill(PAPER_ITEMS.link.answer);

    // Submit: the confirmation lists the flagged question; the receipt follows.
    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    const confirm = await openedPopup(page, page.locator('.ant-modal-confirm:visible'));
    const summary = await confirm.innerText();
    expect(summary).toContain(z.submit.allAnswered);
    expect(summary).toContain(fill(z.submit.flagged_other, { count: 1 }));
    await screenshot(page, 'attempt-zh-confirm');
    await answerConfirm(page, z.submit.ok);
    const receipt = page.locator('.exam-receipt');
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    expect(receiptText).toContain(z.receipt.submitted);
    expect(receiptText).toContain(fill(z.receipt.answeredCount, { answered: 6, total: 6 }));
    expect(receiptText).toContain(fill(z.receipt.objective, { score: OBJECTIVE_TOTAL }));
    expect(receiptText).toContain(fill(z.receipt.pending_other, { count: 2 }));
    expect(await receipt.locator('.exam-receipt-code').innerText()).toMatch(
      /^([2-9A-HJKMNP-TV-Z]{4}-){3}[2-9A-HJKMNP-TV-Z]{4}/,
    );
    await screenshot(page, 'attempt-zh-receipt');

    // What the server holds: the answers as given, submitted, the short answer and the link task
    // waiting for marking (so the candidate list has no score yet).
    const view = await api.call<AttemptView>('GET', `${ATTEMPT_BASE}/getAttempt/${attemptId}`);
    expect(Object.fromEntries(view.answers.map((a) => [a.itemId, a.value]))).toEqual({
      [ID.single]: 'A',
      [ID.multiple]: 'AB',
      [ID.judgement]: 'T',
      [ID.fill]: [...PAPER_ITEMS.fill.answer],
      [ID.short]: PAPER_ITEMS.short.answer,
      [ID.link]: PAPER_ITEMS.link.answer,
    });
    expect(view.finished?.finishReason).toBe('submitted');
    expect(view.finished?.result?.objectiveScore).toBe(OBJECTIVE_TOTAL);
    expect(view.finished?.result?.pendingMarking).toBe(2);
    const row = await candidateRow(student);
    expect(row?.status).toBe(CandidateStatus.SUBMITTED);
    expect(row?.score).toBeNull();
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('keeps answers given offline across a reload and sends them when the network returns', async () => {
    const student = fixture.students[1]!;
    const { api, attemptId } = await startAttempt(student);
    const { page } = await openExam(api, attemptId);
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    await expect.poll(() => saveState(page)).toBe('saved');

    await page.context().setOffline(true);
    await expect.poll(() => saveState(page)).toBe('offline');
    // Going on offline; the judgement answered wrong, so the score is not simply everything.
    await page.keyboard.press('ArrowRight');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('a');
    await page.keyboard.press('b');
    await page.keyboard.press('ArrowRight');
    await question(page, ID.judgement).waitFor();
    await page.keyboard.press('2');
    await page.getByRole('button', { name: new RegExp(z.question.next) }).click();
    const [first, second] = PAPER_ITEMS.fill.answer;
    await page.getByRole('textbox', { name: fill(z.question.blank, { n: 1 }) }).fill(first);
    await page
      .getByRole('textbox', { name: fill(z.question.blank, { n: 2 }) })
      .pressSequentially(second);
    await expect
      .poll(() => page.locator('.exam-save').innerText())
      .toBe(fill(z.save.offlinePending_other, { count: 3 }));
    await screenshot(page, 'attempt-zh-offline');
    // The three answers wait in the outbox; the server has only the first.
    const given = { [ID.multiple]: 'AB', [ID.judgement]: 'F', [ID.fill]: [first, second] };
    await expect.poll(() => outbox(page, attemptId)).toEqual(given);
    expect(await serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A' });
    // Submitting offline is refused here, saying why and that nothing is lost.
    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(page, z.submit.ok);
    const refusal = page.locator('.exam-submit-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(z.submit.offline);

    // A reload while offline cannot load the page from the server (the app is not cached for
    // offline use): the browser shows its own error page, and the exam page is gone.
    const reloaded = await page.reload().then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    expect(reloaded).toMatch(/ERR_INTERNET_DISCONNECTED/);
    expect(await serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A' });

    // The network returns and the page is opened again: the answers given offline come back
    // from IndexedDB (no page held them any more) and reach the server.
    await page.context().setOffline(false);
    await page.goto(examUrl(attemptId));
    await page.locator('.exam-header').waitFor();
    await expect
      .poll(() => page.locator('.exam-nav-progress').innerText())
      .toContain(fill(z.nav.progress, { answered: 4, total: 6 }));
    await expect.poll(() => serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A', ...given });
    await expect.poll(() => saveState(page)).toBe('saved');
    await expect.poll(() => outbox(page, attemptId)).toEqual({});
    await navButton(page, 4).click();
    expect(
      await page.getByRole('textbox', { name: fill(z.question.blank, { n: 2 }) }).inputValue(),
    ).toBe(second);

    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    const confirm = await openedPopup(page, page.locator('.ant-modal-confirm:visible'));
    expect(await confirm.innerText()).toContain(fill(z.submit.unanswered_other, { count: 2 }));
    await answerConfirm(page, z.submit.ok);
    await page.locator('.exam-receipt').waitFor();
    // Single, multiple and fill-in right, the judgement wrong; nothing waits for marking.
    const row = await candidateRow(student);
    expect(row?.status).toBe(CandidateStatus.SUBMITTED);
    expect(row?.score).toBe(30);
    expect(row?.passed).toBe(true);
    await page.close();
  });

  it('refuses to submit before the minimum time in the server’s words, and ends with the clock', async () => {
    // A window closing in 45 s (room for a busy machine to open the page first): the deadline
    // is the close; submitting needs a minute.
    const examId = await fixture.publish(`即将结束的考试${tag}`, {
      endAt: new Date(Date.now() + 45_000).toISOString(),
      durationMinutes: 2,
      minSubmitMinutes: 1,
    });
    const student = fixture.students[0]!;
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, { examId });
    const { page, consoleErrors } = await openExam(api, view.attemptId);
    await question(page, ID.single).locator('.exam-option', { hasText: '220 V' }).click();
    await expect.poll(() => saveState(page)).toBe('saved');

    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(page, z.submit.ok);
    const refusal = page.locator('.exam-submit-error');
    await refusal.waitFor();
    // The server's own sentence, in the page's language: "N 分钟后才能交卷".
    expect(await refusal.innerText()).toMatch(/\d+ 分钟后才能交卷/);
    await screenshot(page, 'attempt-zh-too-early', { fullPage: false });

    // The clock runs out: the page says so, then shows the receipt of what was saved.
    await page.locator('.exam-receipt').waitFor({ timeout: 60_000 });
    const receipt = await page.locator('.exam-receipt').innerText();
    expect(receipt).toContain(z.receipt.deadline);
    expect(receipt).toContain(fill(z.receipt.answeredCount, { answered: 1, total: 6 }));
    await screenshot(page, 'attempt-zh-time-up');
    const finished = await api.call<AttemptView>(
      'GET',
      `${ATTEMPT_BASE}/getAttempt/${view.attemptId}`,
    );
    expect(finished.finished?.finishReason).toBe('deadline');
    expect(finished.answers).toEqual([{ itemId: ID.single, seq: 1, value: 'B' }]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

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
      expect(await page.locator('.exam-save').innerText()).toBe(m.save.saved);
      // Nothing wider than the phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
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

import {
  ATTEMPT_BASE,
  CandidateStatus,
  PROCTOR_BASE,
  type AttemptView,
  type LiveExamView,
} from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAttemptExam,
  OBJECTIVE_TOTAL,
  PAPER_ITEMS,
  type AttemptFixture,
} from './attempt-fixture';
import { DESKTOP, PHONE, answerConfirm, buttonName, openedPopup, screenshot } from './browser';
import { MESSAGES, fill } from './languages';
import type { Page } from 'playwright-core';
import { adminSession } from './session';

import { z, examPageViolations, ID, examPageScreens } from './attempt-kit';

// The exam page (/socketA) as a candidate sits it in Chromium: every question type answered by
// mouse and by keyboard, a flag, a reload in the middle, submitting through the confirmation
// and the receipt; the network cut mid-exam, answers given offline, a reload offline that opens
// the page from the kept shell and paper (zh and en at phone width), the network back and every
// answer on the server; four languages at phone width and a takeover. What the server holds is read back through the API.

describe('Taking an exam', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, tag, { students: 5 });
  });

  const {
    saveState,
    question,
    navButton,
    startAttempt,
    openExam,
    serverAnswers,
    candidateRow,
    outbox,
    answerObjective,
  } = examPageScreens(session, () => fixture);

  /**
   * The exam page registered the app shell's worker: once it keeps every file the page loaded,
   * a reload needs no network.
   */
  const shellKept = (page: Page) =>
    expect
      .poll(() =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/'));
          const name = (await caches.keys()).find((key) => key.startsWith('kaoshi-shell-'));
          const cache = name ? await caches.open(name) : undefined;
          const missing = [];
          for (const path of ['/index.html', ...loaded]) {
            if (!(await cache?.match(path))) missing.push(path);
          }
          return missing;
        }),
      )
      .toEqual([]);

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
    // Saved, and when the server last said so (docs/spec.md §9's relative time).
    expect(await page.locator('.exam-save').innerText()).toMatch(
      new RegExp(
        `^${fill(z.save.savedWhen, { when: `(${MESSAGES.zh.common.justNow}|\\d+分钟前)` })}$`,
      ),
    );

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

  it('opens again after a reload offline with every answer, and sends them when the network returns', async () => {
    const student = fixture.students[1]!;
    const { api, attemptId } = await startAttempt(student);
    const { page } = await openExam(api, attemptId);
    await shellKept(page);
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
    await expect
      .poll(() => outbox(page, attemptId))
      .toEqual({ [ID.multiple]: 'AB', [ID.judgement]: 'F' });
    // Submitting offline is refused here, saying why and that nothing is lost.
    await page.getByRole('button', { name: buttonName(z.submit.button) }).click();
    await answerConfirm(page, z.submit.ok);
    const refusal = page.locator('.exam-submit-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(z.submit.offline);

    // A reload without network: the kept app shell and paper, every answer given, the offline
    // state, and the clock counted on from the server's last time (not restarted).
    await page.reload();
    await page.locator('.exam-header').waitFor();
    const offline = page.locator('.exam-offline .ant-alert-title');
    await expect.poll(() => offline.innerText()).toBe(fill(z.offline.title_other, { count: 2 }));
    expect(await page.locator('.exam-nav-progress').innerText()).toContain(
      fill(z.nav.progress, { answered: 3, total: 6 }),
    );
    expect(await page.locator('.exam-clock-time').innerText()).toMatch(/^5\d:\d\d$/);
    // More answers offline, and a paste: an integrity event, kept with its time.
    await navButton(page, 4).click();
    const [first, second] = PAPER_ITEMS.fill.answer;
    const blank = (n: number) => page.getByRole('textbox', { name: fill(z.question.blank, { n }) });
    await blank(1).fill(first);
    await blank(2).dispatchEvent('paste');
    await blank(2).pressSequentially(second);
    await expect.poll(() => offline.innerText()).toBe(fill(z.offline.title_other, { count: 3 }));
    await page.setViewportSize(PHONE);
    await screenshot(page, 'attempt-zh-offline-reload', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    const given = { [ID.multiple]: 'AB', [ID.judgement]: 'F', [ID.fill]: [first, second] };
    expect(await serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A' });
    const offlineUntil = new Date().toISOString();

    // The network returns: the page reconnects, every answer reaches the server, the offline
    // state goes, and the paste is logged at its own time.
    await page.context().setOffline(false);
    await expect.poll(() => serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A', ...given });
    await expect.poll(() => saveState(page)).toBe('saved');
    expect(await page.locator('.exam-offline').count()).toBe(0);
    await expect.poll(() => outbox(page, attemptId)).toEqual({});
    const paste = async () => {
      const live = await session.admin.call<LiveExamView>(
        'GET',
        `${PROCTOR_BASE}/liveExam/${fixture.examId}`,
      );
      const row = live.rows.find((candidate) => candidate.studentId === student.id);
      return row?.latestEvents.find((event) => event.type === 'paste');
    };
    await expect.poll(paste).toMatchObject({ detail: { offline: true } });
    expect((await paste())!.at < offlineUntil).toBe(true);

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

  it('says so in English on a phone when opened offline: one answer waiting', async () => {
    const student = fixture.students[2]!;
    const { api, attemptId } = await startAttempt(student);
    const { page } = await openExam(api, attemptId, { language: 'en', viewport: PHONE });
    await shellKept(page);
    await page.context().setOffline(true);
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    await expect.poll(() => outbox(page, attemptId)).toEqual({ [ID.single]: 'A' });
    await page.reload();
    const offline = page.locator('.exam-offline');
    const en = MESSAGES.en.attemptPage.offline;
    await expect
      .poll(() => offline.locator('.ant-alert-title').innerText())
      .toBe(fill(en.title_one, { count: 1 }));
    expect(await offline.innerText()).toContain(en.counting);
    await screenshot(page, 'attempt-en-offline-reload', { fullPage: false });
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
});

import { ATTEMPT_BASE, CandidateStatus, type AttemptView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAttemptExam,
  OBJECTIVE_TOTAL,
  PAPER_ITEMS,
  type AttemptFixture,
} from './attempt-fixture';
import { answerConfirm, buttonName, openedPopup, screenshot } from './browser';
import { MESSAGES, fill } from './languages';
import { adminSession } from './session';

import { z, examPageViolations, ID, examPageScreens } from './attempt-kit';

// The exam page (/socketA) as a candidate sits it in Chromium: every question type answered by
// mouse and by keyboard, a flag, a reload in the middle, submitting through the confirmation
// and the receipt; the network cut mid-exam, answers given offline, a reload that cannot reach
// the server, the network back and every answer on the server; four languages at phone width
// and a takeover. What the server holds is read back through the API.

describe('Taking an exam', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, tag, { students: 5 });
  });

  const {
    examUrl,
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
});

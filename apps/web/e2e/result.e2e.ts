import {
  ATTEMPT_BASE,
  MARKING_BASE,
  clientPasswordHash,
  type AttemptResultView,
  type AttemptView,
  type NextAnswerResult,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { ApiClient } from './api';
import { axeFindings } from './axe-findings';
import { PAPER_ITEMS, createAttemptExam, type AttemptFixture } from './attempt-fixture';
import { DESKTOP, PHONE, screenshot, widthBeyondViewport, openPage } from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { adminSession } from './session';

// A student's result (/exam-student/examResult): before release it says the scores are not
// released (reached from the finished exam's card); after release (through the API) the total,
// pass, sections and, as the exam allows review, every question with the answer, the key (the
// corrected judgement with its reason), the points and the marker's comment. Four languages and
// phone width, with screenshots.

const NEW_PASSWORD = 'Result#2026!';
const SHORT_SCORE = 7.5;
const LINK_SCORE = 10;
const COMMENT = '要点基本正确，未说明动作条件。';
const REASON = '原题表述有歧义，答案更正为“错”。';

describe("A student's result", () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `R${Date.now().toString(36).toUpperCase()}`;
  let fx: AttemptFixture;
  let student: ApiClient;
  let examId = 0;
  let attemptId = 0;
  const examName = `成绩查看考试${tag}`;

  beforeAll(async () => {
    // The fixture's own exam opens in two days: only ours is ever listed as finished.
    fx = await createAttemptExam(session.admin, baseURL, tag, {
      exam: {
        startAt: dayjs().add(2, 'day').toISOString(),
        endAt: dayjs().add(2, 'day').add(2, 'hour').toISOString(),
      },
    });
    // A student still on the initial password is asked to change it: done, as they would.
    const first = await fx.signIn();
    await first.call('POST', '/api/kaoshi-user/user/updatePass', {
      oldPass: clientPasswordHash(fx.student.password),
      newPass: clientPasswordHash(NEW_PASSWORD),
    });
    student = await ApiClient.signIn(baseURL, fx.student.ticketNumber, NEW_PASSWORD, 3);

    // Open for a short while, with review: the key corrections and release need it closed.
    const endAt = dayjs().add(25, 'second').toISOString();
    examId = await fx.publish(examName, {
      startAt: dayjs().subtract(5, 'minute').toISOString(),
      endAt,
      durationMinutes: 5,
      showResult: 'released',
      allowReview: true,
    });
    const view = await student.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId,
    });
    attemptId = view.attemptId;
    const itemOf = (type: keyof typeof PAPER_ITEMS) =>
      view.paper.sections[PAPER_ITEMS[type].section]!.items[0]!.itemId;
    const answers = {
      single: PAPER_ITEMS.single.answer,
      // One of the two right options: not the key.
      multiple: 'A',
      judgement: 'T',
      // The second blank wrong.
      fill: ['欧姆', '伏特'],
      short: PAPER_ITEMS.short.answer,
      link: PAPER_ITEMS.link.answer,
    };
    await student.call('POST', `${ATTEMPT_BASE}/saveAnswers`, {
      attemptId,
      answers: (Object.keys(answers) as (keyof typeof answers)[]).map((type) => ({
        itemId: itemOf(type),
        seq: 1,
        value: answers[type],
      })),
    });
    await student.call('POST', `${ATTEMPT_BASE}/submitAttempt/${attemptId}`);

    // The closing is an instant nothing reports: wait for it (one machine's clock).
    const closing = Date.parse(endAt) + 500 - Date.now();
    if (closing > 0) await new Promise((resolve) => setTimeout(resolve, closing));

    // The administrator (every key) plans, marks both questions and corrects the judgement.
    const admin = session.admin;
    const adminId = (await admin.userId('admin'))!;
    const short = itemOf('short');
    const link = itemOf('link');
    await admin.call('POST', `${MARKING_BASE}/setMarkingPlan`, {
      examId,
      mode: 'question',
      double: false,
      tolerance: 1,
      step: 0.5,
      auditShare: 0,
      assignments: [short, link].map((itemId) => ({ itemId, markerIds: [adminId] })),
    });
    for (const [itemId, score, comment] of [
      [short, SHORT_SCORE, COMMENT],
      [link, LINK_SCORE, ''],
    ] as const) {
      const { answer } = await admin.call<NextAnswerResult>('POST', `${MARKING_BASE}/nextAnswer`, {
        examId,
        itemId,
      });
      await admin.call('POST', `${MARKING_BASE}/scoreAnswer`, {
        answerId: answer!.answerId,
        score,
        comment,
      });
    }
    await admin.call('POST', `${MARKING_BASE}/correctKey`, {
      examId,
      itemId: itemOf('judgement'),
      answer: 'F',
      reason: REASON,
    });
  });

  const resultUrl = () => `${baseURL}/exam-student/examResult?attemptId=${attemptId}`;

  /** The student's page at `url`, signed in, in `language`. */
  const open = (url: string, language: Language, viewport = DESKTOP) =>
    openPage(session.browser, student, url, { locale: LOCALES[language], viewport });

  it('before release: the finished card leads to the result, which says scores are not released', async () => {
    const { page, errors } = await open(`${baseURL}/exam-student/examStudentTest`, 'zh');
    const card = page.locator(`.my-exam-card[data-exam-id="${examId}"]`);
    await card.waitFor();
    await screenshot(page, 'result-finished-card-zh', { fullPage: false });
    const view = card.getByRole('button', { name: zh.attemptPage.result.view });
    await view.click();
    await page.waitForURL(/\/exam-student\/examResult\?attemptId=/);
    const state = page.locator('.exam-result-state');
    await expect.poll(() => state.innerText()).toContain(zh.attemptPage.result.notReleased);
    await expect.poll(() => page.locator('.exam-result-title').innerText()).toBe(examName);
    // Nothing of the review before release.
    expect(await page.locator('.exam-result-review, .exam-result-sections').count()).toBe(0);
    await screenshot(page, 'result-before-release-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('before release: the receipt also leads to the result', async () => {
    const { page, errors } = await open(`${baseURL}/socketA?attemptId=${attemptId}`, 'zh');
    const receipt = page.locator('.exam-receipt');
    await receipt.waitFor();
    // The exam is submitted: its tab no longer says it is in progress.
    const tab = page.locator('.tags-view-item.active');
    expect(await tab.innerText()).not.toMatch(/进行中/);
    await screenshot(page, 'result-receipt-zh');
    await receipt.getByRole('button', { name: zh.attemptPage.result.view }).click();
    await page.waitForURL(/\/exam-student\/examResult\?attemptId=/);
    await expect
      .poll(() => page.locator('.exam-result-state').innerText())
      .toContain(zh.attemptPage.result.notReleased);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  /** What the released result must show in `language`, as getResult gives it. */
  async function checkReleased(page: Page, language: Language) {
    const result = await student.call<AttemptResultView>(
      'GET',
      `${ATTEMPT_BASE}/getResult/${attemptId}`,
    );
    expect(result.released).toBe(true);
    const total = result.result!;
    expect(total.score).not.toBeNull();
    const r = MESSAGES[language].attemptPage.result;
    await page.locator('.exam-result-review').waitFor();
    await expect
      .poll(() => page.locator('.exam-result-summary .exam-result-score').innerText())
      .toBe(fill(r.points, { score: total.score!, total: total.total }));
    expect(await page.locator('.exam-result-passed').innerText()).toBe(
      total.passed ? r.passed : r.failed,
    );
    expect(await page.locator('.exam-result-state').count()).toBe(0);
    // One row per section; six questions reviewed.
    expect(await page.locator('.exam-result-sections tbody tr').count()).toBe(6);
    const items = page.locator('.exam-result-item');
    expect(await items.count()).toBe(6);
    // The judgement: answered T, the key corrected to F with its reason, no points.
    const judgement = items.nth(PAPER_ITEMS.judgement.section);
    const judgementText = await judgement.innerText();
    expect(judgementText).toContain(REASON);
    expect(judgementText).toContain(fill(r.points, { score: 0, total: 10 }));
    expect(await judgement.locator('.exam-result-correction').count()).toBe(1);
    // The short answer: the marker's points and comment, beside the model answer.
    const short = items.nth(PAPER_ITEMS.short.section);
    const shortText = await short.innerText();
    expect(shortText).toContain(COMMENT);
    expect(shortText).toContain(fill(r.points, { score: SHORT_SCORE, total: 10 }));
    expect(shortText).toContain(r.model);
    // The link task's address.
    expect(await items.nth(PAPER_ITEMS.link.section).locator('a').getAttribute('href')).toBe(
      'https://lab.example.com/task/42',
    );
  }

  it('after release (through the API) the total, sections and review show', async () => {
    await session.admin.call('POST', `${MARKING_BASE}/releaseScores/${examId}`);
    const { page, errors } = await open(resultUrl(), 'zh');
    await checkReleased(page, 'zh');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'result-released-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Each its own test: one page load each, so a busy machine's slow load does not add up.
  it.each(['en', 'es', 'ja'] as const)('released, in %s', async (language) => {
    const { page, errors } = await open(resultUrl(), language);
    await checkReleased(page, language);
    await screenshot(page, `result-released-${language}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(['zh', 'es'] as const)('released, at phone width in %s', async (language) => {
    const { page, errors } = await open(resultUrl(), language, PHONE);
    await checkReleased(page, language);
    expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `result-released-phone-${language}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

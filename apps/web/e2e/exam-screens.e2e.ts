import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  PHONE,
  animationsDone,
  buttonName,
  newPage,
  openSignedIn,
  screenshot,
  showPath,
} from './browser';
import { LOCALES, MESSAGES, fill } from './languages';
import { DETAIL, EDIT, LIST, createExamGround, examScreens, publishExam, x } from './exam-kit';
import { adminSession } from './session';

// The exam screens in the other languages and at phone width, the date-time fields in each
// language, and the actions a running exam no longer offers, over exams published through the API
// (exam.e2e.ts publishes through the steps, in Chinese).

describe('Exam screens', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  /** Batch 1's upcoming exam: it may still be unpublished or deleted. */
  const otherName = `先行考试${tag}`;
  /** Batch 2's exam, open now for two hours. */
  const openName = `进行中考试${tag}`;
  /** Both batches' exam tomorrow, with a notice and policies: the one the screens show. */
  let examId: number;
  const screens = examScreens(session);
  const { main, rows, step, coveredHeaders, settled, open } = screens;

  const TICKETS = '/examPublishManage/admissionTicket';

  beforeAll(async () => {
    const { paperId, paperName, noticeId, batches } = await createExamGround(session, tag);
    const [first, second] = batches.map((batch) => batch.id);
    const tomorrow = dayjs().add(1, 'day').startOf('day');
    examId = await publishExam(session, {
      paperId,
      name: paperName,
      classIds: [first!, second!],
      startAt: tomorrow.hour(9),
      endAt: tomorrow.hour(11),
      instructionId: noticeId,
      durationMinutes: 90,
      lateEntryMinutes: 15,
      minSubmitMinutes: 30,
      shuffleQuestions: true,
      multipleScoring: 'partial',
      partialShare: 0.4,
      showResult: 'objective',
    });
    await publishExam(session, {
      paperId,
      name: otherName,
      classIds: [first!],
      startAt: tomorrow.hour(14),
      endAt: tomorrow.hour(16),
    });
    await publishExam(session, {
      paperId,
      name: openName,
      durationMinutes: 1,
      classIds: [second!],
      startAt: dayjs().subtract(5, 'minute'),
      endAt: dayjs().add(2, 'hour'),
    });
  });

  // The language walks open each screen in a fresh context: moved between inside the app
  // (showPath) they took 4-6 s longer each in paired runs; the phone walk below gains 8 s so.
  for (const language of ['en', 'es', 'ja'] as const) {
    it(`reads in ${language}: the list, the form, the details and the tickets`, async () => {
      const texts = MESSAGES[language].exam;
      const list = await open(LIST, language);
      await main(list.page).locator('.exam-table .ant-table-row').first().waitFor();
      await main(list.page)
        .getByRole('button', { name: buttonName(texts.add) })
        .waitFor();
      await settled(list.page);
      expect(await coveredHeaders(list.page)).toEqual([]);
      await screenshot(list.page, `exam-list-${language}`, { fullPage: false });

      const form = await open(`${EDIT}?id=${examId}`, language);
      await main(form.page).getByText(texts.edit.publishedNote).waitFor();
      await main(form.page).locator('.exam-steps').getByText(texts.steps.policies).click();
      await step(form.page, 4).waitFor();
      await animationsDone(form.page);
      await screenshot(form.page, `exam-edit-policies-${language}`);
      await main(form.page).locator('.exam-steps').getByText(texts.steps.review).click();
      await step(form.page, 5).locator('.exam-check-total').waitFor();
      await animationsDone(form.page);
      await screenshot(form.page, `exam-edit-review-${language}`);

      const detail = await open(`${DETAIL}?id=${examId}`, language);
      await main(detail.page).locator('.exam-candidate-table .ant-table-row').first().waitFor();
      expect(await main(detail.page).locator('.exam-detail-tabs').innerText()).toContain(
        fill(texts.detail.candidatesTab_other, { count: 5 }),
      );
      await settled(detail.page);
      await screenshot(detail.page, `exam-detail-${language}`);

      const tickets = await open(`/examPublishManage/admissionTicket?examId=${examId}`, language);
      await expect.poll(() => tickets.page.locator('.ticket').count()).toBe(5);
      expect(await tickets.page.locator('.ticket-title').first().innerText()).toBe(
        texts.ticket.title,
      );
      await settled(tickets.page);
      await screenshot(tickets.page, `exam-tickets-${language}`, { fullPage: false });
      for (const opened of [list, form, detail, tickets]) {
        expect(opened.unexpectedErrors()).toEqual([]);
        await opened.page.context().close();
      }
    });
  }

  it('fits a phone: the list, the calendar, the form, the details and the tickets (zh)', async () => {
    // One page, the screens opened inside the app (showPath): no fresh context per screen.
    const { page, unexpectedErrors } = await open(LIST, 'zh', PHONE);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await main(page).locator('.exam-table .ant-table-row').first().waitFor();
    expect(await fits()).toBe(true);
    await settled(page);
    await screenshot(page, 'exam-list-phone-zh', { fullPage: false });
    await main(page).getByText(x.list.asCalendar, { exact: true }).click();
    await main(page).locator('.exam-calendar-list').waitFor();
    expect(await fits()).toBe(true);
    await settled(page);
    await screenshot(page, 'exam-calendar-phone-zh');

    await showPath(page, `${EDIT}?id=${examId}`);
    await step(page, 1).getByLabel(x.fields.name).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'exam-edit-phone-zh');
    await main(page).locator('.exam-steps').getByText(x.steps.review).click();
    await step(page, 5).locator('.exam-check-total').waitFor();
    expect(await fits()).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'exam-edit-review-phone-zh');

    await showPath(page, `${DETAIL}?id=${examId}`);
    await main(page).locator('.exam-candidate-table .ant-table-row').first().waitFor();
    expect(await fits()).toBe(true);
    await settled(page);
    await screenshot(page, 'exam-detail-phone-zh');

    await showPath(page, `${TICKETS}?examId=${examId}`);
    await expect.poll(() => main(page).locator('.ticket').count()).toBe(5);
    expect(await fits()).toBe(true);
    await settled(page);
    await screenshot(page, 'exam-tickets-phone-zh', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('asks for a date and a time in the start and end fields, in each language', async () => {
    // One page, in Chinese by the browser's language, then each other language chosen as a user
    // would (remembered in storage) and the new form loaded again: a reload reuses the compiled
    // scripts, a fresh context does not.
    const page = await newPage(session.browser, { locale: LOCALES.zh });
    await openSignedIn(page, session.admin, `${baseURL}${EDIT}`);
    for (const language of ['zh', 'en', 'es', 'ja'] as const) {
      if (language !== 'zh') {
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.reload();
      }
      const pickers = main(page).locator('.exam-step[data-step="3"] .ant-picker input');
      await expect.poll(() => pickers.count()).toBe(2);
      const placeholders = await pickers.evaluateAll((inputs) =>
        inputs.map((input) => input.getAttribute('placeholder')),
      );
      const wanted = MESSAGES[language].common.pickDateTime;
      expect(placeholders, language).toEqual([wanted, wanted]);
    }
    await page.context().close();
  });

  it('offers neither unpublishing nor deleting a running exam, as the server refuses both (zh)', async () => {
    const { page, unexpectedErrors } = await open(LIST);
    const search = main(page).locator('form#examSearch');
    await search.getByLabel(x.list.keyword).fill(tag);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    const table = main(page).locator('.exam-table');
    const actionsOf = async (name: string) => {
      const row = rows(table).filter({ hasText: name }).first();
      await row.waitFor();
      return row
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    };
    // An upcoming exam still has both; the running one neither.
    expect(await actionsOf(otherName)).toEqual(
      expect.arrayContaining([x.actions.unpublish, zh.common.delete]),
    );
    const running = await actionsOf(openName);
    expect(running).not.toContain(x.actions.unpublish);
    expect(running).not.toContain(zh.common.delete);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});

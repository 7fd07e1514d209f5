import { MARKING_BASE, type ListResult, type ScoreLogEntry } from '@kaoshi/shared';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  newPage,
  openSignedIn,
  openedPopup,
  screenshot,
  openPage,
  isHttpRefusal,
  widthBeyondWindow,
} from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { createMarkingExam, type MarkingFixture } from './marking-fixture';
import { adminSession } from './session';

// The marking overview (examinationSituation) in Chromium: the administrator sets a double-
// marking plan in its dialog; two markers score through the API, one answer far apart; the chief
// finds the exam in the list, arbitrates that answer beside both marks, passes both questions'
// group audits, reads the score log, releases the scores and withdraws the release with a reason.
// Then the overview in four languages and at phone width. What the server holds is read back
// through the API.

const m = zh.marking;
const PATH = '/examPublishManage/examinationSituation';

const tag = `${Date.now() % 1_000_000}`;

describe('marking overview', () => {
  const session = adminSession();
  let fx: MarkingFixture;
  /** The chief's page, shared by the steps in order. */
  let chief: Page;
  let chiefErrors: string[];

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const item = (page: Page, itemId: string) =>
    main(page).locator(`.marking-item[data-item="${itemId}"]`);
  const overviewLoaded = (page: Page) => main(page).locator('.marking-items').waitFor();
  const unexpected = (errors: string[]) => errors.filter((text) => !isHttpRefusal(text));

  async function open(language: Language, viewport = DESKTOP, api = fx.chief.api) {
    const { page, errors } = await openPage(
      session.browser,
      api,
      `${session.baseURL}${PATH}?examId=${fx.examId}`,
      { locale: LOCALES[language], viewport },
    );
    await overviewLoaded(page);
    return { page, errors };
  }

  beforeAll(async () => {
    fx = await createMarkingExam(session.admin, session.baseURL, `K${tag}`, {
      sitting: 3,
      absent: 1,
      markers: 2,
    });
  });

  it('the chief sets a double-marking plan in its dialog (markers from listMarkers)', async () => {
    // The chief holds no user-management rights: the markers come from listMarkers.
    const { page, errors } = await open('zh', DESKTOP, fx.chief.api);
    const overview = main(page);
    await overview.getByText(m.overview.planNone).waitFor();
    // The marked questions are named by their sections' titles, as the paper and its export do.
    const items = await overview.locator('.marking-items').innerText();
    expect(items).toContain('五、简答题 · 第1题');
    expect(items).toContain('六、操作题 · 第1题');
    expect(await overview.locator('.marking-figures').innerText()).toMatch(
      new RegExp(
        `${m.overview.candidates}\\s+4[\\s\\S]*${m.overview.submitted}\\s+3[\\s\\S]*${m.overview.absent}\\s+1`,
      ),
    );
    await overview.getByRole('button', { name: buttonName(m.plan.edit) }).click();
    const dialog = await openedPopup(page, page.locator('.ant-modal.marking-plan-dialog'));
    await dialog.getByRole('radio', { name: m.plan.doubleOptions.double }).check();
    await dialog.getByLabel(m.plan.tolerance).fill('2');
    await dialog.getByLabel(m.plan.step).fill('0.5');
    await dialog.getByLabel(m.plan.auditShare).fill('50');
    for (const itemId of fx.markedItemIds) {
      const select = dialog.locator(`.marking-plan-markers[data-item="${itemId}"]`);
      for (const marker of fx.markers) {
        await select.click();
        await page.keyboard.type(marker.nickName);
        const option = page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: marker.nickName });
        await option.click();
      }
      await page.keyboard.press('Escape');
      // The next question's select offers the same markers: only once this dropdown has closed
      // (while it fades out, both are visible and the option would be found twice).
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    }
    await screenshot(page, 'marking-plan-dialog-zh');
    await dialog.getByRole('button', { name: buttonName(zh.common.save) }).click();
    await page.getByText(m.plan.saved).waitFor();
    await overview
      .getByText(
        fill(m.overview.planSummary, {
          mode: m.plan.modes.question,
          double: m.overview.doubleMarking,
          tolerance: 2,
          step: 0.5,
          share: 50,
        }),
      )
      .waitFor();
    // Every assigned marker shows with 0 marks before marking starts.
    for (const marker of fx.markers) {
      await item(page, fx.markedItemIds[0])
        .locator('.marking-marker-name', { hasText: marker.nickName })
        .waitFor();
    }
    const { plan } = await fx.progress();
    expect(plan).toMatchObject({
      mode: 'question',
      double: true,
      tolerance: 2,
      step: 0.5,
      auditShare: 50,
    });
    expect(plan!.assignments).toEqual(
      fx.markedItemIds.map((itemId) => ({
        itemId,
        markerIds: expect.arrayContaining(fx.markers.map((marker) => marker.id)) as number[],
      })),
    );
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('two markers score; the chief arbitrates the answer they disagree on', async () => {
    const [a, b] = fx.markers as [MarkingFixture['markers'][0], MarkingFixture['markers'][0]];
    const [short, link] = fx.markedItemIds;
    // Marker A gives every short answer 8; marker B agrees except on the first he takes (1):
    // beyond the tolerance of 2, that one waits for arbitration. Link tasks all agree.
    let far: string | undefined;
    for (let n = 0; n < fx.attempts.length; n++) {
      await fx.mark(a, short, 8);
      const marked = await fx.mark(b, short, n === 0 ? 1 : 8.5, n === 0 ? '要点不全' : '');
      if (n === 0) far = marked!.answer.anonCode;
      await fx.mark(a, link, 9);
      await fx.mark(b, link, 9);
    }
    const before = await fx.progress();
    expect(before.items.map((i) => [i.marked, i.arbitration])).toEqual([
      [2, 1],
      [3, 0],
    ]);

    // The chief finds the exam in the list of exams to mark.
    chief = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    chiefErrors = collectConsoleErrors(chief);
    await openSignedIn(chief, fx.chief.api, `${session.baseURL}${PATH}`);
    // docs/spec.md §2: entering the overview sets the local flag.
    await main(chief).getByRole('link', { name: fx.examName }).waitFor();
    expect(await chief.evaluate(() => localStorage.getItem('showBySituation'))).toBe('true');
    await screenshot(chief, 'marking-exams-zh', { fullPage: false });
    await main(chief).getByRole('link', { name: fx.examName }).click();
    await overviewLoaded(chief);
    expect(await item(chief, short).innerText()).toContain(fx.markers[0]!.nickName);
    await screenshot(chief, 'marking-overview-zh-arbitration');

    await main(chief)
      .getByRole('button', { name: buttonName(fill(m.arbitration.open, { count: 1 })) })
      .click();
    const drawer = await openedPopup(chief, chief.locator('.ant-drawer-content-wrapper:visible'));
    const card = drawer.locator('.marking-arbitration-item');
    await card.getByText(fill(m.arbitration.candidate, { code: far! })).waitFor();
    // Both marks side by side, their gap, and the candidate's answer (no name anywhere).
    const marks = await card.locator('.marking-mark-score').allInnerTexts();
    expect(marks.sort()).toEqual(['1', '8']);
    await card.getByText(fill(m.arbitration.gap, { gap: 7 })).waitFor();
    await card.getByText('要点不全').waitFor();
    expect(await card.innerText()).not.toContain(fx.attempts[0]!.student.name.slice(0, 3));
    await screenshot(chief, 'marking-arbitration-zh');

    // Off the step: the form says so and nothing is sent.
    const score = card.getByLabel(m.arbitration.final);
    await score.fill('6.3');
    await card.getByRole('button', { name: buttonName(m.arbitration.save) }).click();
    await card.getByText(fill(m.arbitration.offStep, { step: 0.5 })).waitFor();
    expect((await fx.progress()).items[0]!.arbitration).toBe(1);

    await score.fill('6.5');
    await card.getByLabel(m.arbitration.comment).fill('以参考答案的两个要点为准');
    await card.getByRole('button', { name: buttonName(m.arbitration.save) }).click();
    await chief.getByText(fill(m.arbitration.saved, { score: 6.5 })).waitFor();
    await drawer.getByText(m.arbitration.empty).waitFor();
    await chief.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const after = await fx.progress();
    expect(after.items.map((i) => [i.marked, i.arbitration])).toEqual([
      [3, 0],
      [3, 0],
    ]);
    const log = await fx.chief.api.call<ListResult<ScoreLogEntry>>(
      'GET',
      `${MARKING_BASE}/listScoreLog?examId=${fx.examId}&page=1&limit=100`,
    );
    expect(log.list.find((entry) => entry.kind === 'arbitration')).toMatchObject({
      anonCode: far,
      newScore: 6.5,
      reason: '以参考答案的两个要点为准',
      userId: fx.chief.id,
    });
  });

  it('the chief passes both group audits and reads the score log', async () => {
    await main(chief).getByRole('button', { name: m.overview.reload }).click();
    for (const itemId of fx.markedItemIds) {
      const card = item(chief, itemId);
      await card.getByText(zh.codes.groupAudit.underReview).waitFor();
      await card.getByRole('button', { name: buttonName(m.audit.open) }).click();
      const dialog = await openedPopup(chief, chief.locator('.ant-modal.marking-audit-dialog'));
      await dialog.locator('.marking-audit-sample').waitFor();
      // Failing needs a reason: refused on the page first.
      await dialog.locator('.marking-audit-fail').click();
      await dialog.getByText(m.audit.reasonRequired).waitFor();
      if (itemId === fx.markedItemIds[0]) await screenshot(chief, 'marking-audit-zh');
      await dialog.locator('.marking-audit-pass').click();
      await chief.getByText(m.audit.passed).first().waitFor();
      await card.getByText(zh.codes.groupAudit.passed).waitFor();
    }
    expect((await fx.progress()).items.map((i) => i.audit)).toEqual([1, 1]);

    await main(chief)
      .getByRole('button', { name: buttonName(m.overview.scoreLog) })
      .click();
    const drawer = await openedPopup(chief, chief.locator('.ant-drawer-content-wrapper:visible'));
    await drawer.getByText(m.log.kinds.arbitration).waitFor();
    expect(await drawer.locator('.ant-table-row').count()).toBeGreaterThan(10);
    // The export is the server's .xlsx of the whole record, saved as a download.
    const [download] = await Promise.all([
      chief.waitForEvent('download'),
      drawer.getByRole('button', { name: buttonName(m.log.export) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a zip: "PK" first, not a JSON refusal saved as a file.
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await screenshot(chief, 'marking-log-zh');
    await chief.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('the chief corrects a wrong key: every attempt is re-scored and logged', async () => {
    const overview = main(chief);
    await overview.getByRole('button', { name: buttonName(m.key.open) }).click();
    const dialog = await openedPopup(chief, chief.locator('.ant-modal.marking-key-dialog'));
    // The question is picked from the exam's objective questions (listKeyItems).
    await dialog.locator('.marking-key-item').click();
    await chief
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: zh.codes.questionType.judgement })
      .click();
    await dialog.locator('.marking-key-current').getByText(m.key.true).waitFor();
    await dialog.getByLabel(m.key.reason).fill('原题表述有误，正确答案应为“错”');
    // The key in force again: refused on the page, nothing sent.
    await dialog.getByRole('button', { name: buttonName(m.key.save) }).click();
    await dialog.getByText(m.key.unchanged).waitFor();
    // Every candidate answered the judgement T: with the key corrected to F each loses 10.
    await dialog.getByRole('radio', { name: m.key.false }).check();
    await dialog.getByRole('button', { name: buttonName(m.key.save) }).click();
    await chief.getByText(fill(m.key.done_other, { count: 3 })).waitFor();
    await dialog.locator('.marking-key-current').getByText(m.key.false).waitFor();
    const history = dialog.locator('.marking-key-history');
    await history.getByText('原题表述有误，正确答案应为“错”').waitFor();
    await history.getByText(fill(m.key.rescored_other, { count: 3 })).waitFor();
    await screenshot(chief, 'marking-key-zh');
    // A fill-in's accepted answers per blank: the key in force filled in, one more added by Enter.
    await dialog.locator('.marking-key-item').click();
    await chief
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: zh.codes.questionType.fillBlank })
      .click();
    const blanks = dialog.locator('.marking-key-blank');
    expect(await blanks.count()).toBe(2);
    await blanks.nth(0).getByText('欧姆', { exact: true }).waitFor();
    await dialog.getByLabel(fill(m.key.blank, { n: 2 })).fill('安');
    await chief.keyboard.press('Enter');
    await blanks.nth(1).getByText('安', { exact: true }).waitFor();
    await screenshot(chief, 'marking-key-fill-zh');
    await dialog.getByRole('button', { name: buttonName(zh.common.cancel) }).click();
    await dialog.waitFor({ state: 'hidden' });
    const log = await fx.chief.api.call<ListResult<ScoreLogEntry>>(
      'GET',
      `${MARKING_BASE}/listScoreLog?examId=${fx.examId}&page=1&limit=100`,
    );
    const keyed = log.list.filter((entry) => entry.kind === 'key');
    expect(keyed.map((entry) => [entry.itemId, entry.oldScore, entry.newScore])).toEqual(
      fx.attempts.map(() => [fx.itemIds.judgement, 10, 0]),
    );
  });

  it('the chief releases the scores, then withdraws the release with a reason', async () => {
    const overview = main(chief);
    await overview.getByRole('button', { name: buttonName(m.release.release) }).click();
    await answerConfirm(chief, m.release.release);
    await chief.getByText(m.release.released).first().waitFor();
    await overview.getByText(m.overview.released).waitFor();
    await overview
      .locator('.marking-release-history')
      .getByText(m.release.actions.release, { exact: true })
      .waitFor();
    expect((await fx.progress()).released).toBe(true);
    // Released: no more marking from here, and no key correction.
    expect(await overview.locator('.marking-mark').count()).toBe(0);
    await screenshot(chief, 'marking-overview-zh-released');

    await overview.getByRole('button', { name: buttonName(m.release.withdraw) }).click();
    const dialog = await openedPopup(chief, chief.locator('.ant-modal.marking-withdraw-dialog'));
    await dialog.getByRole('button', { name: buttonName(m.release.withdraw) }).click();
    await dialog.getByText(m.release.reasonRequired).waitFor();
    await dialog.getByLabel(m.release.reason).fill('第二题分数需复核');
    await screenshot(chief, 'marking-withdraw-zh', { fullPage: false });
    await dialog.getByRole('button', { name: buttonName(m.release.withdraw) }).click();
    await chief.getByText(m.release.withdrawn).first().waitFor();
    const history = overview.locator('.marking-release-history');
    await history.getByText('第二题分数需复核').waitFor();
    expect(await history.locator('.ant-list-item').count()).toBe(2);
    expect((await fx.progress()).released).toBe(false);
    expect(unexpected(chiefErrors)).toEqual([]);
    await chief.context().close();
  });

  it("a marker sees their questions with the Mark action, none of the chief's", async () => {
    const { page, errors } = await open('zh', DESKTOP, fx.markers[0]!.api);
    const overview = main(page);
    expect(await overview.locator('.marking-mark').count()).toBe(2);
    expect(await overview.getByRole('button', { name: buttonName(m.plan.edit) }).count()).toBe(0);
    expect(await overview.locator('.marking-arbitration-open, .marking-audit-open').count()).toBe(
      0,
    );
    await item(page, fx.markedItemIds[1]).locator('.marking-mark').click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/examinationRead?examId=${fx.examId}&itemId=${fx.markedItemIds[1]}`);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('reads in four languages and fits a phone', async () => {
    for (const language of ['en', 'es', 'ja', 'zh'] as const) {
      const texts = MESSAGES[language].marking;
      for (const viewport of language === 'zh' || language === 'en'
        ? [DESKTOP, PHONE]
        : [DESKTOP]) {
        const { page, errors } = await open(language, viewport);
        await main(page).getByText(texts.overview.items, { exact: true }).waitFor();
        await main(page).getByText(texts.overview.candidates, { exact: true }).waitFor();
        // The release history is read on load (getRelease): the release and its withdrawal.
        const history = main(page).locator('.marking-release-history');
        await history.getByText(texts.release.actions.withdraw, { exact: true }).waitFor();
        expect(await history.locator('.ant-list-item').count()).toBe(2);
        await animationsDone(page);
        // Nothing wider than the window: the page never scrolls sideways.
        expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
        const phone = viewport === PHONE;
        await screenshot(page, `marking-overview-${language}${phone ? '-phone' : ''}`);
        if (!phone && language === 'en') {
          // The three dialogs in English: the plan, the key correction, the release.
          await main(page)
            .getByRole('button', { name: buttonName(texts.plan.edit) })
            .click();
          const plan = await openedPopup(page, page.locator('.ant-modal.marking-plan-dialog'));
          await plan.locator('.marking-plan-markers').first().click();
          await page
            .locator('.ant-select-dropdown:visible .ant-select-item-option')
            .first()
            .waitFor();
          await screenshot(page, 'marking-plan-dialog-en', { fullPage: false });
          await page.keyboard.press('Escape');
          await plan.getByRole('button', { name: buttonName(en.common.cancel) }).click();
          await plan.waitFor({ state: 'hidden' });
          await main(page)
            .getByRole('button', { name: buttonName(texts.key.open) })
            .click();
          const key = await openedPopup(page, page.locator('.ant-modal.marking-key-dialog'));
          await key.locator('.marking-key-item').click();
          await page
            .locator('.ant-select-dropdown:visible .ant-select-item-option')
            .filter({ hasText: en.codes.questionType.judgement })
            .click();
          await key.locator('.marking-key-history').waitFor();
          await screenshot(page, 'marking-key-en', { fullPage: false });
          await key.getByRole('button', { name: buttonName(en.common.cancel) }).click();
          await key.waitFor({ state: 'hidden' });
          await main(page)
            .getByRole('button', { name: buttonName(texts.release.release) })
            .click();
          await page.locator('.marking-release-confirm').waitFor();
          await screenshot(page, 'marking-release-confirm-en', { fullPage: false });
          await answerConfirm(page, en.common.cancel);
        }
        if (phone && language === 'zh') {
          await main(page)
            .getByRole('button', { name: buttonName(texts.plan.edit) })
            .click();
          await openedPopup(page, page.locator('.ant-modal.marking-plan-dialog'));
          // Marks exist: the dialog says what can no longer change.
          await page.getByText(texts.plan.frozen).waitFor();
          expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
          await screenshot(page, 'marking-plan-dialog-zh-phone', { fullPage: false });
          // Going back to single marking now is refused by the server, said in the dialog.
          const dialog = page.locator('.ant-modal.marking-plan-dialog');
          await dialog.getByRole('radio', { name: texts.plan.doubleOptions.single }).check();
          await dialog.getByRole('button', { name: buttonName(zh.common.save) }).click();
          const refusal = dialog.locator('.marking-plan-refusal');
          await refusal.getByText(texts.plan.refused).waitFor();
          expect((await refusal.innerText()).length).toBeGreaterThan(texts.plan.refused.length);
          expect((await fx.progress()).plan!.double).toBe(true);
          await refusal.scrollIntoViewIfNeeded();
          await screenshot(page, 'marking-plan-refused-zh-phone', { fullPage: false });
        }
        expect(unexpected(errors)).toEqual([]);
        await page.context().close();
      }
    }
  });
});

import { MARKING_BASE, type ReleaseView } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  DESKTOP,
  answerConfirm,
  buttonName,
  newPage,
  openSignedIn,
  pushPath,
  screenshot,
} from './browser';
import { createMarkingExam, type MarkingFixture } from './marking-fixture';
import { adminSession } from './session';

// Releasing scores in Chromium: the button of an exam still open says when it closes instead of
// calling the server; a release made in the marking overview shows on the ranking screen when
// the app navigates back to it, without a reload (the analysis queries are refreshed).

const m = zh.marking;
const OVERVIEW = '/examPublishManage/examinationSituation';
const tag = `${Date.now() % 1_000_000}`;

describe('releasing scores', () => {
  const session = adminSession();
  let fx: MarkingFixture;

  beforeAll(async () => {
    fx = await createMarkingExam(session.admin, session.baseURL, `RL${tag}`, {
      sitting: 2,
      absent: 0,
      markers: 1,
    });
    await fx.setPlan();
    const [marker] = fx.markers;
    for (const itemId of fx.markedItemIds) {
      while (await fx.mark(marker!, itemId, 5));
    }
  });

  const main = (page: Awaited<ReturnType<typeof newPage>>) =>
    page.locator('.app-main-page:not([hidden])');

  it('warns, naming the exam and its closing, when the exam has not closed; nothing is released', async () => {
    const name = `未结束考试${tag}`;
    const endAt = dayjs().add(2, 'hour');
    const openExam = await fx.attempt.publish(name, {
      startAt: dayjs().subtract(5, 'minute').toISOString(),
      endAt: endAt.toISOString(),
      durationMinutes: 5,
    });
    const page = await newPage(session.browser, { viewport: DESKTOP });
    await openSignedIn(page, session.admin, `${session.baseURL}${OVERVIEW}?examId=${openExam}`);
    await main(page)
      .getByRole('button', { name: buttonName(m.release.release) })
      .click();
    const warning = page.locator('.marking-release-early');
    await warning.waitFor();
    const text = await warning.innerText();
    expect(text).toContain(name);
    expect(text).toContain(endAt.format('YYYY-MM-DD HH:mm'));
    await screenshot(page, 'release-early-zh', { fullPage: false });
    await warning.getByRole('button').last().click();
    await warning.waitFor({ state: 'hidden' });
    const release = await session.admin.call<ReleaseView>(
      'GET',
      `${MARKING_BASE}/getRelease/${openExam}`,
    );
    expect(release.releasedAt).toBeNull();
    await page.context().close();
  });

  it('the ranking screen shows the scores once released, without a reload', async () => {
    const page = await newPage(session.browser, { viewport: DESKTOP });
    await openSignedIn(
      page,
      session.admin,
      `${session.baseURL}/examClassRanking?examId=${fx.examId}`,
    );
    await page.getByText(zh.analysis.notReleased).waitFor();

    // To the marking overview and back inside the app: no page load in between.
    await page.evaluate(() => {
      (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    await pushPath(page, `${OVERVIEW}?examId=${fx.examId}`);
    await main(page).locator('.marking-items').waitFor();
    await main(page)
      .getByRole('button', { name: buttonName(m.release.release) })
      .click();
    await answerConfirm(page, m.release.release);
    await main(page).getByText(m.overview.released).waitFor();

    await pushPath(page, `/examClassRanking?examId=${fx.examId}`);
    const rows = main(page).locator('.analysis-ranking-table tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(fx.attempts.length);
    expect(await main(page).getByText(zh.analysis.notReleased).count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce),
    ).toBe(true);
    await screenshot(page, 'release-ranking-after-zh');
    await page.context().close();
  });
});

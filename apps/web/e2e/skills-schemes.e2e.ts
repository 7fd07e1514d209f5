import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  newPage,
  openSignedIn,
  pickIn,
  screenshot,
} from './browser';
import { createExamGround, publishExam } from './exam-kit';
import { adminSession } from './session';

// Certification schemes (认定方案, issue 26 §1) through the screen at /skills/schemeManage: add with
// the form's own rules and the server's, a delete refused while an exam counts for the scheme
// (naming it), a delete that goes through; screenshots in zh and en at desktop and phone width.
const SCHEME_API = '/api/kaoshi-certification/scheme';
const PATH = '/skills/schemeManage';

describe('Certification schemes screen', () => {
  const session = adminSession();
  const { baseURL } = session;

  async function openAs(locale = 'zh-CN', viewport = DESKTOP) {
    const page = await newPage(session.browser, { locale, viewport });
    await openSignedIn(page, session.admin, `${baseURL}${PATH}`);
    await shownPage(page).locator('.ant-table').waitFor();
    return page;
  }

  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const row = (page: Page, text: string) =>
    shownPage(page).locator('.ant-table-row').filter({ hasText: text });
  const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
  const errors = (page: Page) => dialog(page).locator('.ant-form-item-explain-error');

  /** A job type (level 5) with a reviewed paper and batches; its name. */
  const ground = async (tag: string) => {
    const made = await createExamGround(session, tag);
    return { ...made, jobType: made.bank.jobTypeName };
  };

  it('adds a scheme, refuses a second and a delete while an exam uses it, then deletes', async () => {
    const g = await ground('SC1');
    const page = await openAs();
    await page.getByRole('button', { name: buttonName('新增认定方案') }).click();
    const modal = dialog(page);
    await modal.locator('form#schemeForm').waitFor();
    await pickIn(page, modal.getByLabel('申报工种'), g.jobType);
    await pickIn(page, modal.getByLabel('等级', { exact: true }), '初级');
    // The form's own rule: the theory exam must be required.
    await modal.getByRole('checkbox', { name: '必考' }).first().uncheck();
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => errors(page).allInnerTexts())
      .toContain('认定方案须有且只有一个必考的理论知识考试');
    await modal.getByRole('checkbox', { name: '必考' }).first().check();
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.locator('.ant-message-notice').filter({ hasText: '认定方案已新增' }).waitFor();
    await expect.poll(() => row(page, g.jobType).innerText()).toContain('理论知识考试 60/100');

    // The server's rule: one scheme per job type and level, said under the level.
    await page.getByRole('button', { name: buttonName('新增认定方案') }).click();
    await dialog(page).locator('form#schemeForm').waitFor();
    await pickIn(page, dialog(page).getByLabel('申报工种'), g.jobType);
    await pickIn(page, dialog(page).getByLabel('等级', { exact: true }), '初级');
    await dialog(page)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await expect
      .poll(() => errors(page).allInnerTexts())
      .toEqual([expect.stringContaining('已有认定方案')]);
    await dialog(page)
      .getByRole('button', { name: buttonName('取消') })
      .click();
    await dialog(page).waitFor({ state: 'hidden' });

    // An exam counting for it: deleting is refused, naming the exam.
    const schemes = await session.admin.call<{ list: { id: number; subjectName: string }[] }>(
      'GET',
      `${SCHEME_API}/listScheme?subjectId=${g.bank.subjectId}`,
    );
    const schemeId = schemes.list[0]!.id;
    const examName = '认定用理论考试SC1';
    await publishExam(session, {
      paperId: g.paperId,
      name: examName,
      classIds: [g.batches[0]!.id],
      startAt: dayjs().add(1, 'day'),
      endAt: dayjs().add(1, 'day').add(2, 'hour'),
      schemeId,
    });
    await page.reload();
    await shownPage(page).locator('.ant-table').waitFor();
    await expect.poll(() => row(page, g.jobType).innerText()).toContain(examName);
    await row(page, g.jobType).getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', `考试（“${examName}”）`);
    await screenshot(page, 'skills-scheme-in-use-desktop-zh', { fullPage: false });
    expect(await row(page, g.jobType).count()).toBe(1);
    await page.context().close();
  });

  it('deletes a scheme nothing uses', async () => {
    const g = await ground('SC2');
    await session.admin.call('POST', `${SCHEME_API}/addScheme`, {
      subjectId: g.bank.subjectId,
      level: g.bank.level,
      components: [{ kind: 'theory' }, { kind: 'skills' }],
    });
    const page = await openAs();
    await expect.poll(() => row(page, g.jobType).count()).toBe(1);
    await row(page, g.jobType).getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', '已删除');
    await expect.poll(() => row(page, g.jobType).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['zh', 'zh-CN', '新增认定方案'],
    ['en', 'en-US', 'Add scheme'],
  ] as const)(
    'screenshots of the list and the dialog at desktop and phone width (%s)',
    async (language, locale, add) => {
      for (const [viewport, size] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const page = await openAs(locale, viewport);
        await shownPage(page).locator('.ant-table-row').first().waitFor();
        await animationsDone(page);
        await screenshot(page, `skills-schemes-${size}-${language}`);
        await page.getByRole('button', { name: buttonName(add) }).click();
        await dialog(page).locator('form#schemeForm').waitFor();
        await animationsDone(page);
        await screenshot(page, `skills-scheme-dialog-${size}-${language}`, { fullPage: false });
        await page.context().close();
      }
    },
    120_000,
  );
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createKnowledge } from './api';
import {
  DESKTOP,
  PHONE,
  buttonName,
  newPage,
  openSignedIn,
  pickIn,
  screenshot,
  widthBeyondViewport,
} from './browser';
import { adminSession } from './session';

// The scoring sheet editor (评分记录表): a sheet built through the screen in Chinese, its running
// full score, the veto item apart and red; then the saved sheet in English, at desktop and phone
// width. The API confirms what was saved.

interface SheetView {
  id: number;
  name: string;
  fullScore: number;
  vetoCount: number;
  tasks: { title: string; knowId: number | null; items: { points: number; veto: boolean }[] }[];
}

describe('Scoring sheets', () => {
  const session = adminSession();
  const { baseURL } = session;

  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const fullScore = (page: Page) =>
    shownPage(page).locator('.sheet-total .ant-statistic-content').innerText();

  async function open(path: string, locale: string, viewport = DESKTOP) {
    const page = await newPage(session.browser, { locale, viewport });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    return page;
  }

  it('builds a sheet: full score as it grows, the veto item apart and red', async () => {
    const know = await createKnowledge(session.admin, `SK${session.tag}`);
    const page = await open('/skills/sheetEdit', 'zh-CN');
    const scope = shownPage(page);
    await scope.locator('form#sheetForm').waitFor();
    await scope.getByLabel('评分记录表名称').fill('照明电路安装评分表');
    await pickIn(page, scope.getByRole('combobox', { name: '申报工种' }), know.jobTypeName);
    await scope.getByLabel('考核时限（分钟）').fill('90');

    await scope.getByRole('button', { name: buttonName('添加考核内容') }).click();
    const task = scope.locator('.sheet-task').first();
    await task.getByLabel('考核内容', { exact: true }).fill('照明电路安装');
    await pickIn(page, task.getByRole('combobox', { name: '鉴定点' }), know.points[0]!.name);
    const items = task.locator('.sheet-item');
    await items.nth(0).getByLabel('考核要点').fill('元件布置合理');
    await items.nth(0).getByLabel('评分标准').fill('每处不合理扣 2 分');
    await items.nth(0).getByLabel('配分').fill('20');
    await expect.poll(() => fullScore(page)).toBe('20');
    await task.getByRole('button', { name: buttonName('添加评分项') }).click();
    await items.nth(1).getByLabel('考核要点').fill('接线正确');
    await items.nth(1).getByLabel('配分').fill('30.5');
    await expect.poll(() => fullScore(page)).toBe('50.5');

    await task.getByRole('button', { name: buttonName('添加否定项') }).click();
    const veto = task.locator('.sheet-veto-block .sheet-item-veto');
    await veto.getByLabel('考核要点').fill('带电作业');
    await veto.getByLabel('评分标准').fill('出现即记 0 分');
    // A veto item adds nothing, and sits apart in red.
    await expect.poll(() => fullScore(page)).toBe('50.5');
    const color = await task
      .locator('.sheet-veto-block')
      .evaluate((block) => getComputedStyle(block).borderTopColor);
    expect(color).toMatch(/rgb\(2[0-9]{2}, [0-9]{1,3}, [0-9]{1,3}\)/);
    expect(await veto.locator('.ant-tag-red').innerText()).toContain('否定项');
    await screenshot(page, 'skills-sheet-edit-desktop-zh');

    await scope.getByRole('button', { name: buttonName('保存') }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '评分记录表已添加' }).waitFor();
    await page.waitForURL(/sheetEdit\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await session.admin.call<SheetView>(
      'GET',
      `/api/kaoshi-skills/sheet/getSheetById/${id}`,
    );
    expect(saved).toMatchObject({ name: '照明电路安装评分表', fullScore: 50.5, vetoCount: 1 });
    expect(saved.tasks[0]!.knowId).toBe(know.points[0]!.id);
    expect(saved.tasks[0]!.items.map((item) => [item.points, item.veto])).toEqual([
      [20, false],
      [30.5, false],
      [0, true],
    ]);

    // The phone: the editor fits its width.
    await page.setViewportSize(PHONE);
    await expect.poll(() => fullScore(page)).toBe('50.5');
    // The narrow layout comes with the render after the breakpoint's media query has fired.
    await expect.poll(() => widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'skills-sheet-edit-phone-zh');
    await page.close();

    // English: the list and the saved sheet, desktop and phone.
    const list = await open('/skills/sheetManage', 'en-US');
    await shownPage(list)
      .locator('.ant-table-row')
      .filter({ hasText: '照明电路安装评分表' })
      .waitFor();
    await screenshot(list, 'skills-sheet-list-desktop-en', { fullPage: false });
    await list.close();
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const en = await open(`/skills/sheetEdit?id=${id}`, 'en-US', viewport);
      await expect.poll(() => fullScore(en)).toBe('50.5');
      expect(await shownPage(en).locator('.sheet-veto-block').innerText()).toContain('Veto items');
      await screenshot(en, `skills-sheet-edit-${name}-en`);
      await en.close();
    }
  });
});

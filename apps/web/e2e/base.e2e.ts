import { type CourseNode } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  pickOption,
  screenshot,
  showPath,
} from './browser';
import { adminSession } from './session';

import {
  COURSES,
  KNOWLEDGE_API,
  POINTS,
  SCOPE_NAMES,
  baseScreens,
  type Structure,
} from './base-kit';

// The course and appraisal-point screens driven through the UI by the administrator, mostly in
// Chinese; the API confirms what the screens claim.

describe('Base-data screens: courses and appraisal points', () => {
  const session = adminSession();
  const { baseURL } = session;
  const { createStructure, openAs, main, rows, row, dialog, fieldErrors, toast, saveDialog } =
    baseScreens(session);
  let structure: Structure;
  beforeAll(async () => {
    structure = await createStructure();
  });

  /** Chooses the structure's project, category and job type (and level) on a knowledge screen. */
  async function chooseScope(page: Page, names = SCOPE_NAMES.zh, level = '初级') {
    const bar = main(page);
    await pickOption(page, bar, names.project, structure.projectName);
    await pickOption(page, bar, names.category, structure.categoryName);
    await pickOption(page, bar, names.jobType, structure.jobTypeName);
    await pickOption(page, bar, names.level, level);
  }

  const tree = () =>
    session.admin.call<CourseNode[]>(
      'GET',
      `${KNOWLEDGE_API}/listKnowledgeTree?subjectId=${structure.subjectId}&level=5`,
    );

  it('adds a course and appraisal points whose weights add up to 100 % at most', async () => {
    const { page, unexpectedErrors } = await openAs(COURSES);
    await main(page).getByText('请先选择考试项目、职业类别、申报工种和等级').waitFor();
    await chooseScope(page);
    await main(page).getByText('该工种和等级下还没有课程').waitFor();

    await main(page)
      .getByRole('button', { name: buttonName('新增课程') })
      .click();
    let modal = dialog(page);
    await modal.getByLabel('编码').fill('bad code!');
    await modal.getByLabel('课程名称').fill('电工基础');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual(['最多 32 个字符，只能包含字母、数字及 _ . -']);
    await modal.getByLabel('编码').fill('C-01');
    await saveDialog(page);
    await toast(page).filter({ hasText: '课程已新增' }).waitFor();
    const course = row(page, '电工基础');
    await expect.poll(() => course.innerText()).toContain('0 个鉴定点');
    await animationsDone(page);
    await screenshot(page, 'base-course-desktop-zh');

    // From the course to its points: the scope and the course are kept.
    await course.getByRole('button', { name: '鉴定点' }).click();
    await page.waitForURL(`${baseURL}${POINTS}`);
    await main(page).getByText('“C-01 电工基础”的鉴定点').waitFor();
    await main(page).getByText('本课程还没有鉴定点').waitFor();

    const addPoint = async (code: string, name: string, importance: string, weight: string) => {
      await main(page)
        .getByRole('button', { name: buttonName('新增鉴定点') })
        .click();
      modal = dialog(page);
      await modal.getByLabel('编码').fill(code);
      await modal.getByLabel('鉴定点名称').fill(name);
      await modal.getByText(importance, { exact: true }).click();
      await modal.getByLabel('权重（%）').fill(weight);
    };
    await addPoint('1.1', '安全用电常识', 'X 核心', '60');
    await saveDialog(page);
    await toast(page).filter({ hasText: '鉴定点已新增' }).waitFor();
    await addPoint('1.2', '电路识图', 'Y 一般', '30');
    await saveDialog(page);
    const summary = main(page).locator('.weight-summary');
    await expect.poll(() => summary.innerText()).toContain('权重合计：90% / 100%');
    expect(await summary.innerText()).toContain('还可分配 10%');
    expect(await row(page, '安全用电常识').innerText()).toContain('X 核心');

    // Client check: 20 more would make 110 %.
    await addPoint('1.3', '仪表使用', 'Z 辅助', '20');
    modal = dialog(page);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual(['本课程鉴定点权重合计将达 110%，超过 100%']);
    expect(await modal.innerText()).toContain('本课程其他鉴定点合计 90%；本鉴定点最多还可分配 10%');
    await animationsDone(page);
    await screenshot(page, 'base-point-over-client-zh', { fullPage: false });

    // Server check: someone else takes 5 % meanwhile; 10 % then passes the page's check, not the server's.
    const courseId = (await tree()).find((node) => node.code === 'C-01')!.id;
    await session.admin.call('POST', `${KNOWLEDGE_API}/addKnowledge`, {
      type: 'kn',
      subjectId: structure.subjectId,
      level: 5,
      parentId: courseId,
      code: '1.9',
      name: '他人新增',
      importance: 'Z',
      weight: 5,
    });
    await modal.getByLabel('权重（%）').fill('10');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    // The server's refusal, in Chinese, on the field it blames; no toast on top of it.
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual([expect.stringMatching(/^课程“.*”的鉴定点权重合计将为 105 %，超过 100 %$/)]);
    expect(await page.locator('.ant-message-notice .ant-message-error').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'base-point-over-server-zh', { fullPage: false });
    // The list has reloaded: the form now counts the other point too.
    await modal.getByLabel('权重（%）').fill('5');
    await saveDialog(page);
    await expect.poll(() => summary.innerText()).toContain('权重合计：100% / 100%');
    expect(await summary.innerText()).toContain('已分配完毕');
    expect((await tree())[0]!.weightSum).toBe(100);
    await animationsDone(page);
    await screenshot(page, 'base-points-desktop-zh');

    // The course tree shows the points under their course.
    await main(page).locator('.ant-tree-switcher').first().click();
    await main(page).locator('.ant-tree').getByText('仪表使用').waitFor();

    // Deleting a point frees its share.
    await row(page, '他人新增').getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', '已删除');
    await expect.poll(() => summary.innerText()).toContain('权重合计：95% / 100%');

    // Back on the course tab (still open): a course with points cannot be deleted; it can be renamed.
    await page.locator(`.tags-view-item[data-path="${COURSES}"]`).click();
    await page.waitForURL(`${baseURL}${COURSES}`);
    await expect.poll(() => course.innerText()).toContain('3 个鉴定点');
    expect(await course.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    await course.getByRole('button', { name: '编辑' }).click();
    modal = dialog(page);
    expect(await modal.getByLabel('编码').inputValue()).toBe('C-01');
    await modal.getByLabel('课程名称').fill('电工基础与安全');
    await saveDialog(page);
    await row(page, '电工基础与安全').waitFor();
    // Unfolded, the course shows its points with their importance and weight.
    await row(page, '电工基础与安全').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await row(page, '安全用电常识').innerText()).toContain('60 %');
    await animationsDone(page);
    await screenshot(page, 'base-course-tree-zh');
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  // One test per language and width: each opens its own page, and five of them in one test
  // took 120 s beside a full run on a busy machine.
  for (const [locale, language, width] of [
    ['zh-CN', 'zh', 'phone'],
    ['es-ES', 'es', 'phone'],
    ['es-ES', 'es', 'desktop'],
    ['ja-JP', 'ja', 'phone'],
    ['ja-JP', 'ja', 'desktop'],
  ] as const) {
    it(`shows courses and points in ${language} at ${width} width`, async () => {
      const names = SCOPE_NAMES[language];
      const viewport = width === 'phone' ? PHONE : DESKTOP;
      const { page, unexpectedErrors } = await openAs(POINTS, { locale, viewport });
      await chooseScope(page, names, names.junior);
      await main(page).locator('.weight-summary').waitFor();
      await rows(page).first().waitFor();
      await animationsDone(page);
      await screenshot(page, `base-points-${width}-${language}`);
      // Inside the app, no reload: the courses tab opens fresh, its scope chosen again.
      await showPath(page, COURSES);
      await chooseScope(page, names, names.junior);
      await rows(page).first().waitFor();
      await animationsDone(page);
      await screenshot(page, `base-course-${width}-${language}`);
      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Students
});

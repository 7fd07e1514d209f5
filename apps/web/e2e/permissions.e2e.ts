import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, pushPath, screenshot, submitSignIn, waitForLayout } from './browser';
import { adminSession } from './session';

// What each kind of user sees and may open (docs/spec.md §2 route guard, §6), signed in through the form,
// in Chinese. Users get their own password, so no "change your password" dialog gets in the way.
const TEACHER_TYPE = 2;
const STUDENT_TYPE = 3;
const PASSWORD = 'permissions-pass';

describe('menus and routes follow the permission keys', () => {
  const session = adminSession();
  const { baseURL } = session;

  beforeAll(async () => {
    const { admin } = session;
    await admin.createUser(
      'permissions-teacher',
      TEACHER_TYPE,
      ['QUESTION_WRITER', 'ANALYST'],
      '王老师',
      PASSWORD,
    );
    await admin.createUser(
      'permissions-super',
      TEACHER_TYPE,
      ['PAPER_MAKER', 'MARKER'],
      '李主任',
      PASSWORD,
    );
    await admin.createUser('permissions-marker', TEACHER_TYPE, ['MARKER'], '赵阅卷', PASSWORD);
    await admin.createUser('permissions-student', STUDENT_TYPE, ['STUDENT'], '张同学', PASSWORD);
  });

  async function signIn(username: string, typeLabel: string) {
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/login`);
    await submitSignIn(page, username, PASSWORD, typeLabel);
    await waitForLayout(page);
    await page.waitForURL(`${baseURL}/dashboard`);
    return page;
  }

  /** The titles of the sidebar's top-level entries (groups and single pages), in order. */
  const topMenu = (page: Page) =>
    page
      .locator('[data-testid=sidebar] .ant-menu-root > li')
      .evaluateAll((items) =>
        items.map(
          (item) =>
            (item.querySelector('.ant-menu-title-content') as HTMLElement | null)?.innerText ?? '',
        ),
      );

  it('gives a teacher no System and no exam publishing group, and the server agrees', async () => {
    const page = await signIn('permissions-teacher', '教师/阅卷员');
    const menu = await topMenu(page);
    expect(menu).toContain('基础数据');
    expect(menu).toContain('成绩分析');
    expect(menu).not.toContain('系统管理');
    // Neither role is of the publishing group, which also needs role SUPER (docs/spec.md §6).
    expect(menu).not.toContain('考试发布管理');
    expect(menu).not.toContain('考试结构');

    // docs/spec.md §8/DESIGN: the server refuses the call itself, whatever the menu shows.
    const answer = await page.evaluate(() =>
      fetch('/api/kaoshi-user/user/listUser').then((response) => response.json()),
    );
    expect(answer).toMatchObject({ status: 10001 });
    await page.context().close();
  });

  it('sends a teacher typing a page that is not theirs to /dashboard on a full load', async () => {
    const page = await signIn('permissions-teacher', '教师/阅卷员');
    await page.goto(`${baseURL}/system/userManage`);
    // The guard decides right after loading the user's keys: a few seconds at most.
    await page.waitForURL(`${baseURL}/dashboard`, { timeout: 10_000 });
    await page.locator('.dashboard').waitFor();
    await page.context().close();
  });

  it('shows 401 for a route that exists but is not theirs, and 404 for an unknown one, inside the app', async () => {
    const page = await signIn('permissions-teacher', '教师/阅卷员');
    await pushPath(page, '/system/userManage');
    await page.waitForURL(`${baseURL}/401`);
    await page.getByText('您没有访问此页面的权限', { exact: false }).waitFor();
    expect(await page.locator('.ant-result-title').innerText()).toBe('401');

    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${baseURL}/dashboard`);

    await pushPath(page, '/examPublishManage/publishManage');
    await page.waitForURL(`${baseURL}/401`);

    await pushPath(page, '/no/such/page');
    await page.waitForURL(`${baseURL}/404`);
    await page.getByText('您访问的页面不存在').waitFor();
    expect(await page.locator('.ant-result-title').innerText()).toBe('404');
    await page.context().close();
  });

  it('gives a paper maker who also marks the exam publishing group', async () => {
    const page = await signIn('permissions-super', '教师/阅卷员');
    const menu = await topMenu(page);
    expect(menu).toContain('考试发布管理');
    expect(menu).not.toContain('系统管理');

    const sidebar = page.locator('[data-testid=sidebar]');
    await sidebar.getByText('考试发布管理', { exact: true }).click();
    await sidebar.getByText('阅卷', { exact: true }).click();
    await page.waitForURL(`${baseURL}/examPublishManage/examinationSituation`);
    await page.context().close();
  });

  it('gives a marker (the seeded role MARKER alone) marking and nothing else of the group', async () => {
    const page = await signIn('permissions-marker', '教师/阅卷员');
    expect(await topMenu(page)).toEqual(['首页', '考试发布管理']);
    const sidebar = page.locator('[data-testid=sidebar]');
    await sidebar.getByText('考试发布管理', { exact: true }).click();
    const entries = sidebar.locator('.ant-menu-sub .ant-menu-title-content');
    await expect.poll(() => entries.allInnerTexts()).toEqual(['阅卷']);
    await sidebar.getByText('阅卷', { exact: true }).click();
    await page.waitForURL(`${baseURL}/examPublishManage/examinationSituation`);
    // The overview's list of exams to mark: none yet for this marker.
    await page
      .locator('.app-main-page:not([hidden]) .ant-table')
      .getByText('没有待阅卷的考试')
      .waitFor();
    await screenshot(page, 'permissions-marker-menu-zh');
    await page.context().close();
  });

  it('gives a student only the dashboard and the online exam', async () => {
    const page = await signIn('permissions-student', '考生');
    expect(await topMenu(page)).toEqual(['首页', '在线考试']);

    await page.locator('[data-testid=sidebar]').getByText('在线考试', { exact: true }).click();
    await page.waitForURL(`${baseURL}/exam-student/examStudentTest`);

    await pushPath(page, '/baseData/examStudent');
    await page.waitForURL(`${baseURL}/401`);
    await page.context().close();
  });
});

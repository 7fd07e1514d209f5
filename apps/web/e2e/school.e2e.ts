import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  dropdownOf,
  newPage,
  openSignedIn,
  openedPopup,
  optionsOf,
  pickIn,
  screenshot,
  showPath,
} from './browser';
import { adminSession } from './session';

// The exam structure screens (考试项目 → 职业类别 → 申报工种 → 报名批次) driven through the UI by the
// administrator, mostly in Chinese; the API confirms what the screens claim.
const TEACHER_TYPE = 2;
const TEACHER_PASSWORD = 'school-teacher-pass';

interface Option {
  id: number;
  name: string;
}

describe('School screens', () => {
  const session = adminSession();
  const { baseURL } = session;

  async function openAs(path: string, locale = 'zh-CN', viewport = DESKTOP) {
    const page = await newPage(session.browser, { locale, viewport });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    await shownPage(page).locator('.ant-table').waitFor();
    return page;
  }

  /** The page shown (cached pages stay in the document, hidden). */
  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const rows = (page: Page) => shownPage(page).locator('.ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
  const errors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');
  const filters = (page: Page, form: string) => page.locator(`form#${form}`);

  /** What the single selects in `scope` show as chosen. */
  const chosen = async (scope: Locator) =>
    (await scope.locator('.ant-select-content-has-value').allInnerTexts()).map((text) =>
      text.trim(),
    );

  async function saveDialog(page: Page) {
    const modal = dialog(page);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  async function typeDate(scope: Locator, field: string, value: string) {
    const input = scope.getByLabel(field, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }

  const schoolId = async (code: string) => {
    const options = await session.admin.call<(Option & { code: string })[]>(
      'GET',
      '/api/kaoshi-school/school/listAllSchoolsForSelect',
    );
    return options.find((option) => option.code === code)?.id;
  };

  /** A project → category → job type (levels 5, 4, 3) made through the API. */
  async function structure(prefix: string) {
    const { id: school } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/school/addSchool',
      { name: `${prefix} 项目`, code: `${prefix}-P` },
    );
    const { id: department } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/department/addDepartment',
      { schoolId: school, name: `${prefix} 类别`, code: `${prefix}-C` },
    );
    const { id: subject } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/subject/addSubject',
      { departmentId: department, name: `${prefix} 工种`, code: `${prefix}-S`, levels: [5, 4, 3] },
    );
    return { school, department, subject };
  }

  it('builds a project, a category, a job type and a batch through the dialogs', async () => {
    // A second project, to prove the dialogs' selects cascade.
    await structure('school-other');

    // Exam project: the shared rules, then the server's refusal of a taken code.
    const page = await openAs('/school/schoolManage');
    await page.getByRole('button', { name: buttonName('新增考试项目') }).click();
    let modal = dialog(page);
    await modal.getByText('新增考试项目').waitFor();
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => errors(modal).allInnerTexts())
      .toEqual(['请输入项目名称', '请输入编码']);
    await modal.getByLabel('项目名称').fill('电工职业技能等级认定');
    // A stray click beside the dialog keeps it open, and what was typed.
    await page.mouse.click(5, 5);
    await animationsDone(page);
    expect(await modal.count()).toBe(1);
    expect(await modal.getByLabel('项目名称').inputValue()).toBe('电工职业技能等级认定');
    await modal.getByLabel('编码', { exact: true }).fill('bad code!');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => errors(modal).allInnerTexts())
      .toEqual(['最多 32 个字符，只能包含字母、数字、- 和 _']);
    await modal.getByLabel('编码', { exact: true }).fill('school-other-P');
    await modal.getByLabel('主办单位').fill('市职业技能鉴定中心');
    await modal.getByLabel('联系方式').fill('0571-88888888');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect.poll(() => errors(modal).allInnerTexts()).toEqual(['编码 school-other-P 已存在']);
    await modal.getByLabel('编码', { exact: true }).fill('school-E1');
    await saveDialog(page);
    await toast(page).filter({ hasText: '考试项目已新增' }).waitFor();
    const project = row(page, 'school-E1');
    await expect.poll(() => project.innerText()).toContain('市职业技能鉴定中心');
    expect(await project.locator('.ant-tag').innerText()).toBe('启用');

    // Job-type category in that project.
    await page.goto(`${baseURL}/school/departmentManage`);
    await shownPage(page).locator('.ant-table').waitFor();
    await page.getByRole('button', { name: buttonName('新增职业类别') }).click();
    modal = dialog(page);
    await modal.getByText('新增职业类别').waitFor();
    await pickIn(page, modal.getByLabel('考试项目'), '电工职业技能等级认定');
    await modal.getByLabel('类别名称').fill('电力与能源类');
    await modal.getByLabel('编码', { exact: true }).fill('school-E1-C');
    await saveDialog(page);
    await toast(page).filter({ hasText: '职业类别已新增' }).waitFor();
    await expect.poll(() => row(page, 'school-E1-C').innerText()).toContain('电工职业技能等级认定');

    // Job type: the category waits for a project, and changing the project clears it.
    await page.goto(`${baseURL}/school/subjectManage`);
    await shownPage(page).locator('.ant-table').waitFor();
    await page.getByRole('button', { name: buttonName('新增申报工种') }).click();
    modal = dialog(page);
    await modal.getByText('新增申报工种').waitFor();
    const category = modal.getByLabel('职业类别');
    expect(await category.isDisabled()).toBe(true);
    expect(await modal.locator('.ant-select-placeholder').allInnerTexts()).toContain(
      '请先选择考试项目',
    );
    await pickIn(page, modal.getByLabel('考试项目'), 'school-other 项目');
    expect(await optionsOf(page, category)).toEqual([expect.stringContaining('school-other 类别')]);
    await pickIn(page, category, 'school-other 类别');
    await pickIn(page, modal.getByLabel('考试项目'), '电工职业技能等级认定');
    await expect
      .poll(() => modal.locator('.ant-form-item', { hasText: '职业类别' }).innerText())
      .not.toContain('school-other 类别');
    await pickIn(page, category, '电力与能源类');
    await modal.getByLabel('工种名称').fill('电工');
    await modal.getByLabel('编码', { exact: true }).fill('school-E1-S');
    // Every level is offered and checked at first: keep junior, intermediate and senior.
    await modal.getByLabel('技师', { exact: true }).uncheck();
    await modal.getByLabel('高级技师', { exact: true }).uncheck();
    await saveDialog(page);
    await toast(page).filter({ hasText: '申报工种已新增' }).waitFor();
    const jobType = row(page, 'school-E1-S');
    await expect
      .poll(() => jobType.locator('.ant-tag').allInnerTexts())
      .toEqual(['初级', '中级', '高级', '启用']);

    // Registration batch: the levels are the job type's, and the dates follow the shared rule.
    await page.goto(`${baseURL}/school/classesManage`);
    await shownPage(page).locator('.ant-table').waitFor();
    await page.getByRole('button', { name: buttonName('新增报名批次') }).click();
    modal = dialog(page);
    await modal.getByText('新增报名批次').waitFor();
    expect(await modal.getByLabel('等级', { exact: true }).isDisabled()).toBe(true);
    await pickIn(page, modal.getByLabel('考试项目'), '电工职业技能等级认定');
    await pickIn(page, modal.getByLabel('职业类别'), '电力与能源类');
    await pickIn(page, modal.getByLabel('申报工种'), '电工');
    expect(await optionsOf(page, modal.getByLabel('等级', { exact: true }))).toEqual([
      '初级',
      '中级',
      '高级',
    ]);
    await pickIn(page, modal.getByLabel('等级', { exact: true }), '中级');
    await modal.getByLabel('批次名称').fill('2025 年第一批');
    await modal.getByLabel('编码', { exact: true }).fill('school-E1-B1');
    await typeDate(modal, '报名开始', '2025-03-10');
    await typeDate(modal, '报名截止', '2025-03-01');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect.poll(() => errors(modal).allInnerTexts()).toEqual(['不能早于开始日期']);
    await typeDate(modal, '报名截止', '2025-03-31');
    await typeDate(modal, '考试开始', '2025-03-05');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect.poll(() => errors(modal).allInnerTexts()).toEqual(['考试时间不能早于报名开始']);
    await typeDate(modal, '考试开始', '2025-04-12');
    await typeDate(modal, '考试结束', '2025-04-13');
    await modal.getByLabel('名额').fill('50');
    await saveDialog(page);
    await toast(page).filter({ hasText: '报名批次已新增' }).waitFor();
    const batch = row(page, 'school-E1-B1');
    const text = await batch.innerText();
    for (const part of [
      '电工',
      '电工职业技能等级认定 / 电力与能源类',
      '中级',
      '2025-03-10\n~ 2025-03-31',
      '2025-04-12\n~ 2025-04-13',
      '0 / 50',
      // Set 报名中 by default, but its exam ended in 2025: the dates decide.
      '已结束',
    ]) {
      expect(text).toContain(part);
    }

    // The API holds what the screens showed.
    const { list } = await session.admin.call<{
      list: { code: string; level: number; registrationEnd: string; capacity: number }[];
    }>('GET', '/api/kaoshi-school/classes/listClasses?keyword=school-E1-B1');
    expect(list).toEqual([
      expect.objectContaining({
        code: 'school-E1-B1',
        level: 4,
        registrationEnd: '2025-03-31',
        capacity: 50,
      }),
    ]);
    await page.context().close();
  });

  it('cascades the filters and goes back to page 1 when a filter is searched (spec §5)', async () => {
    const { subject } = await structure('school-page');
    await session.admin.call('POST', '/api/kaoshi-school/school/addSchool', {
      name: 'school-alt 项目',
      code: 'school-alt-P',
    });
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      await session.admin.call('POST', '/api/kaoshi-school/classes/addClasses', {
        subjectId: subject,
        level: i % 2 === 0 ? 5 : 4,
        name: `分页批次 ${n}`,
        code: `school-page-B${n}`,
        registrationStart: '2025-09-01',
        registrationEnd: `2025-09-${n}`,
        examStart: '2025-10-18',
        examEnd: '2025-10-19',
        capacity: 40 + i,
        status: i % 4,
      });
    }
    const page = await openAs('/school/classesManage');
    const bar = filters(page, 'classSearch');
    const pagination = shownPage(page).locator('.ant-pagination');
    const current = () => pagination.locator('.ant-pagination-item-active').innerText();

    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');

    // Children wait for their parent, then list only its entries.
    expect(await bar.getByRole('combobox', { name: '职业类别' }).isDisabled()).toBe(true);
    expect(await bar.locator('.ant-select-placeholder').allInnerTexts()).toContain(
      '请先选择考试项目',
    );
    await pickIn(page, bar.getByRole('combobox', { name: '考试项目' }), 'school-page 项目');
    await pickIn(page, bar.getByRole('combobox', { name: '职业类别' }), 'school-page 类别');
    await pickIn(page, bar.getByRole('combobox', { name: '申报工种' }), 'school-page 工种');
    expect(await optionsOf(page, bar.getByRole('combobox', { name: '等级' }))).toEqual([
      '初级',
      '中级',
      '高级',
    ]);
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(current).toBe('1');
    await expect.poll(() => pagination.innerText()).toContain('共 25 条');

    await pickIn(page, bar.getByRole('combobox', { name: '等级' }), '初级');
    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(() => pagination.innerText()).toContain('共 25 条');
    await expect.poll(current).toBe('2');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(current).toBe('1');
    await expect.poll(() => pagination.innerText()).toContain('共 12 条');
    const levels = await rows(page).locator('td .ant-tag-blue').allInnerTexts();
    expect(new Set(levels)).toEqual(new Set(['初级']));

    // Changing the project clears the category, job type and level below it.
    await pickIn(page, bar.getByRole('combobox', { name: '考试项目' }), 'school-alt 项目');
    await expect.poll(() => chosen(bar)).toEqual(['school-alt 项目']);

    // With every filter empty, searching keeps the page.
    await bar.getByRole('button', { name: buttonName('重置') }).click();
    await expect.poll(() => pagination.innerText()).not.toContain('共 12 条');
    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(current).toBe('2');

    // Sorting by a column asks the server, from page 1 (newest first until then).
    await bar.getByRole('textbox', { name: '名称或编码' }).fill('school-page');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(current).toBe('1');
    const firstCode = () => rows(page).first().locator('code').innerText();
    await expect.poll(firstCode).toBe('school-page-B25');
    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');
    const codeHeader = shownPage(page).locator('th', { hasText: '编码' });
    await codeHeader.click();
    await expect.poll(current).toBe('1');
    await expect.poll(firstCode).toBe('school-page-B01');
    await codeHeader.click();
    await expect.poll(firstCode).toBe('school-page-B25');
    await page.context().close();
  });

  it('assigns a teacher to a batch, who then sees it', async () => {
    const { subject } = await structure('school-teach');
    const { id: batchId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/classes/addClasses',
      { subjectId: subject, level: 5, name: '教师批次', code: 'school-teach-B1' },
    );
    await session.admin.createUser(
      'school-teacher',
      TEACHER_TYPE,
      ['QUESTION_WRITER', 'ANALYST'],
      '王老师',
      TEACHER_PASSWORD,
    );
    const teacher = await ApiClient.signIn(
      baseURL,
      'school-teacher',
      TEACHER_PASSWORD,
      TEACHER_TYPE,
    );
    const visible = async () =>
      (
        await teacher.call<Option[]>(
          'GET',
          `/api/kaoshi-school/classes/listClassesForSelect?subjectId=${subject}`,
        )
      ).map((option) => option.id);
    expect(await visible()).toEqual([]);

    const page = await openAs('/school/classesManage');
    const batch = row(page, 'school-teach-B1');
    await batch.getByRole('button', { name: '负责教师' }).click();
    const modal = dialog(page);
    await modal.getByText('“教师批次”的负责教师').waitFor();
    const select = modal.getByRole('combobox', { name: '负责教师' });
    await select.fill('school-teach');
    const list = await openedPopup(page, await dropdownOf(page, select));
    await list.locator('.ant-select-item-option', { hasText: '王老师 (school-teacher)' }).click();
    // A multiple select stays open over the dialog's buttons.
    await select.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect
      .poll(() => modal.locator('.ant-select-selection-item').allInnerTexts())
      .toEqual(['王老师 (school-teacher)']);
    await animationsDone(page);
    await screenshot(page, 'school-batch-teachers-desktop-zh', { fullPage: false });
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '负责教师已保存' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(await visible()).toEqual([batchId]);

    // Opening it again shows the assignment.
    await batch.getByRole('button', { name: '负责教师' }).click();
    await expect
      .poll(() => dialog(page).locator('.ant-select-selection-item').allInnerTexts())
      .toEqual(['王老师 (school-teacher)']);
    await page.context().close();
  });

  it('refuses to delete what is still in use, saying what uses it, and deletes the rest', async () => {
    const { department, subject } = await structure('school-del');
    const page = await openAs('/school/schoolManage');

    const project = row(page, 'school-del-P');
    await project.getByRole('button', { name: '删除' }).click();
    await answerConfirm(
      page,
      '删除',
      '“school-del 项目”下还有 1 个职业类别，不能删除。请先删除或移走这些职业类别。',
    );
    await screenshot(page, 'school-project-in-use-desktop-zh', { fullPage: false });
    expect(await project.count()).toBe(1);

    // Bottom up: the job type, the category, then the project.
    await session.admin.call('DELETE', `/api/kaoshi-school/subject/deleteSubject/${subject}`);
    await session.admin.call(
      'DELETE',
      `/api/kaoshi-school/department/deleteDepartment/${department}`,
    );
    await project.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', '已删除');
    await expect.poll(() => project.count()).toBe(0);
    expect(await schoolId('school-del-P')).toBeUndefined();
    await page.context().close();
  });

  it('refuses to delete a job type that has batches', async () => {
    const { subject } = await structure('school-used');
    await session.admin.call('POST', '/api/kaoshi-school/classes/addClasses', {
      subjectId: subject,
      level: 3,
      name: '占用批次',
      code: 'school-used-B1',
    });
    const page = await openAs('/school/subjectManage');
    await row(page, 'school-used-S').getByRole('button', { name: '删除' }).click();
    await answerConfirm(
      page,
      '删除',
      '“school-used 工种”下还有 1 个报名批次，不能删除。请先删除这些批次。',
    );
    await page.context().close();
  });

  it('shows the state a batch is in by its dates, and filters by it', async () => {
    const { subject } = await structure('school-state');
    /** A calendar day `offset` days from today (the server counts days in its time zone). */
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
        .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
        .join('-');
    };
    // Both set to 报名中 by hand, as in the report; only one is still registering.
    for (const [name, code, registrationEnd] of [
      ['school-state 已截止', 'school-state-closed', day(-1)],
      ['school-state 报名中', 'school-state-open', day(7)],
    ] as const) {
      await session.admin.call('POST', '/api/kaoshi-school/classes/addClasses', {
        subjectId: subject,
        level: 5,
        name,
        code,
        registrationStart: day(-30),
        registrationEnd,
        examStart: day(14),
        examEnd: day(14),
        status: 1,
      });
    }
    const page = await openAs('/school/classesManage');
    const bar = filters(page, 'classSearch');
    await bar.getByRole('textbox').fill('school-state');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    const tag = (name: string) => row(page, name).locator('.class-status-tag');
    expect(await tag('school-state 已截止').innerText()).toBe('报名已截止');
    expect(await tag('school-state 报名中').innerText()).toBe('报名中');
    // Why: the dates decide.
    await tag('school-state 已截止').hover();
    await page.locator('.ant-tooltip:visible', { hasText: '按日期' }).waitFor();
    await animationsDone(page);
    await screenshot(page, 'school-batch-states-zh', { fullPage: false });

    // The filter finds what the list shows.
    await pickIn(page, bar.getByRole('combobox', { name: '状态' }), '报名中');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([expect.stringContaining('school-state 报名中')]);
    await pickIn(page, bar.getByRole('combobox', { name: '状态' }), '报名已截止');
    await bar.getByRole('button', { name: buttonName('搜索') }).click();
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([expect.stringContaining('school-state 已截止')]);
    await page.context().close();
  });

  const SCREENS = [
    ['schoolManage', 'school-projects'],
    ['departmentManage', 'school-categories'],
    ['subjectManage', 'school-job-types'],
    ['classesManage', 'school-batches'],
  ] as const;

  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
    ['ja', 'ja-JP'],
    ['es', 'es-ES'],
  ] as const)(
    'screenshots of every screen at desktop and phone width (%s)',
    async (language, locale) => {
      for (const [viewport, size] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const page = await openAs('/school/schoolManage', locale, viewport);
        for (const [path, name] of SCREENS) {
          await showPath(page, `/school/${path}`);
          await rows(page).first().waitFor();
          await animationsDone(page);
          await screenshot(page, `${name}-${size}-${language}`);
        }
        // The batch dialog, the fullest of the four.
        await rows(page).first().getByRole('button').first().click();
        await dialog(page).locator('form#classForm').waitFor();
        await animationsDone(page);
        await screenshot(page, `school-batch-dialog-${size}-${language}`, { fullPage: false });
        await page.context().close();
      }
    },
    120_000,
  );
});

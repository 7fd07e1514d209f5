import {
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_COLUMNS,
  residentIdCheckChar,
  type CourseNode,
  type ListResult,
  type StudentView,
} from '@kaoshi/shared';
// exceljs is a dependency of apps/server (imports, exports); the test writes and reads with it.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
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
  pickOption,
  screenshot,
  waitForLayout,
} from './browser';
import { adminSession } from './session';

// The base-data screens (courses, appraisal points, students with import and export) driven
// through the UI by the administrator, mostly in Chinese; the API confirms what the screens claim.

const COURSES = '/baseData/examCourse';
const POINTS = '/baseData/examKnow';
const STUDENTS = '/baseData/examStudent';
const KNOWLEDGE_API = '/api/kaoshi-base/knowledge';
const STUDENT_API = '/api/kaoshi-base/student';

/** An 18-digit resident ID number with a correct check character. */
const residentId = (first17: string) => `${first17}${residentIdCheckChar(first17)}`;
/** The same number with a wrong check character. */
const wrongCheck = (first17: string) =>
  `${first17}${residentIdCheckChar(first17) === '1' ? '2' : '1'}`;

interface Structure {
  projectName: string;
  categoryName: string;
  jobTypeName: string;
  subjectId: number;
  batches: { id: number; name: string; code: string }[];
}

describe('Base-data screens', () => {
  const session = adminSession();
  const { baseURL } = session;
  let structure: Structure;

  /** Project → category → job type (levels 5 and 4) → two batches of level 5, through the API. */
  async function createStructure(): Promise<Structure> {
    const tag = Date.now().toString(36).toUpperCase();
    const projectName = `基础数据项目${tag}`;
    const categoryName = `制造类${tag}`;
    const jobTypeName = `电工${tag}`;
    const { id: schoolId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/school/addSchool',
      { name: projectName, code: `BP-${tag}` },
    );
    const { id: departmentId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/department/addDepartment',
      { schoolId, name: categoryName, code: `BD-${tag}` },
    );
    const { id: subjectId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/subject/addSubject',
      { departmentId, name: jobTypeName, code: `BS-${tag}`, levels: [5, 4] },
    );
    const batches = [];
    for (const n of [1, 2]) {
      const batch = { name: `第${n}批${tag}`, code: `BB${n}-${tag}` };
      const { id } = await session.admin.call<{ id: number }>(
        'POST',
        '/api/kaoshi-school/classes/addClasses',
        { subjectId, level: 5, ...batch },
      );
      batches.push({ id, ...batch });
    }
    return { projectName, categoryName, jobTypeName, subjectId, batches };
  }

  beforeAll(async () => {
    structure = await createStructure();
  });

  /** A signed-in page at `path` whose console errors are collected (HTTP refusals aside). */
  async function openAs(path: string, options: Parameters<typeof newPage>[1] = {}) {
    const page = await newPage(session.browser, { locale: 'zh-CN', ...options });
    const consoleErrors = collectConsoleErrors(page);
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    const unexpectedErrors = () =>
      consoleErrors.filter((text) => !/the server responded with a status of 4\d\d/.test(text));
    return { page, unexpectedErrors };
  }

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const rows = (page: Page) => main(page).locator('.ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
  const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');

  /** Chooses the structure's project, category and job type (and level) on a knowledge screen. */
  async function chooseScope(page: Page, names = SCOPE_NAMES.zh, level = '初级') {
    const bar = main(page);
    await pickOption(page, bar, names.project, structure.projectName);
    await pickOption(page, bar, names.category, structure.categoryName);
    await pickOption(page, bar, names.jobType, structure.jobTypeName);
    await pickOption(page, bar, names.level, level);
  }

  async function saveDialog(page: Page) {
    const modal = dialog(page);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
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
    await answerConfirm(page, '删除');
    await toast(page).filter({ hasText: '已删除' }).waitFor();
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
      await page.goto(`${baseURL}${COURSES}`);
      await waitForLayout(page);
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

  /** One student as a template row (Chinese words for the coded columns). */
  interface SheetStudent {
    name: string;
    gender: string;
    idNumber: string;
    phone: string;
    batchCode: string;
  }

  /** An .xlsx with the Chinese template header and one row per student, written with exceljs. */
  async function sheet(students: SheetStudent[]) {
    const workbook = new ExcelJS.Workbook();
    const worksheet = workbook.addWorksheet('考生');
    worksheet.addRow(STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS.zh[column]));
    for (const student of students) {
      const cells: Record<string, string> = {
        ...student,
        idType: '居民身份证',
        email: '',
        status: '启用',
      };
      worksheet.addRow(STUDENT_IMPORT_COLUMNS.map((column) => cells[column] ?? ''));
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /** The first sheet of a saved .xlsx as rows of cell texts. */
  async function readWorkbook(path: string) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((line) => {
      rows.push(
        Array.from(line.values as unknown[])
          .slice(1)
          .map((value) => String(value ?? '')),
      );
    });
    return rows;
  }

  /** Five students of batch 1; `broken` gives the 2nd a wrong check character and the 4th an unknown batch. */
  const importRows = (broken: boolean): SheetStudent[] =>
    [1, 2, 3, 4, 5].map((n) => {
      // Area 330106, born 1990-0n-01, sequence 00n.
      const first17 = `33010619900${n}0100${n}`;
      return {
        name: ['张三', '李四', '王五', '赵六', '钱七'][n - 1]!,
        gender: n % 2 ? '男' : '女',
        idNumber: broken && n === 2 ? wrongCheck(first17) : residentId(first17),
        phone: `1380013800${n}`,
        batchCode: broken && n === 4 ? 'NO-SUCH-BATCH' : structure.batches[0]!.code,
      };
    });

  /** The listed students as the edit dialog reads them: the list masks ID numbers. */
  const inFull = (list: StudentView[]) =>
    Promise.all(
      list.map((student) =>
        session.admin.call<StudentView>('GET', `${STUDENT_API}/getStudentById/${student.id}`),
      ),
    );
  const studentsOf = (classId: number) =>
    session.admin
      .call<ListResult<StudentView>>(
        'GET',
        `${STUDENT_API}/listStudent?classId=${classId}&limit=500`,
      )
      .then((result) => inFull(result.list));
  const studentByIdNumber = async (idNumber: string) => {
    const { list } = await session.admin.call<ListResult<StudentView>>(
      'GET',
      `${STUDENT_API}/listStudent?keyword=${idNumber}&limit=500`,
    );
    return (await inFull(list)).filter((student) => student.idNumber === idNumber);
  };
  /** An 18-character ID number as lists show it. */
  const masked = (idNumber: string) => `${idNumber.slice(0, 6)}${'*'.repeat(idNumber.length - 6)}`;

  /** Filters the student list by the structure's batch `n` (1-based) through the search form. */
  async function filterByBatch(
    page: Page,
    n: number,
    names = SCOPE_NAMES.zh,
    batchName = BATCH_NAMES.zh,
  ) {
    const form = page.locator('form#studentSearch');
    await pickOption(page, form, names.project, structure.projectName);
    await pickOption(page, form, names.category, structure.categoryName);
    await pickOption(page, form, names.jobType, structure.jobTypeName);
    await pickOption(page, form, batchName, structure.batches[n - 1]!.name);
    await form.locator('button[type=submit]').click();
  }

  const importDialog = (page: Page) =>
    page.locator('.ant-modal-wrap:visible .ant-modal').filter({ has: page.locator('.ant-steps') });
  const count = (dialogBox: Locator, key: string) =>
    dialogBox.locator(`.import-count-${key} .ant-statistic-content-value`).innerText();

  /** Opens the import dialog and has `file` checked; the preview is then shown. */
  async function previewImport(
    page: Page,
    file: Buffer,
    importLabel = '导入',
    checkLabel = '检查文件',
  ) {
    await main(page)
      .getByRole('button', { name: buttonName(importLabel) })
      .click();
    const box = importDialog(page);
    await box.waitFor();
    await box.locator('input[type=file]').setInputFiles({
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await box.locator('.import-chosen-file').waitFor();
    // A small workbook's size in KB, not "0 MB".
    expect(await box.locator('.import-chosen-file').innerText()).toMatch(/\d KB$/);
    await box
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName(checkLabel) })
      .click();
    await box.locator('.import-step-preview').waitFor();
    return box;
  }

  // One import's life in steps that share the page, each with its own time: as one test it took
  // 117 s of its 120 s in a full run on a machine at load 12.
  describe('imports students with two bad rows, re-imports them fixed, exports, moves and disables', () => {
    let page: Page;
    let unexpectedErrors: () => string[];
    let broken: SheetStudent[];
    let ticketOf: Map<string, string>;
    let secondImport: StudentView[];
    const batches = () => structure.batches;

    it('previews a file with two bad rows and imports the good ones', async () => {
      ({ page, unexpectedErrors } = await openAs(STUDENTS));
      await filterByBatch(page, 1);
      await main(page).getByText('暂无数据').waitFor();

      // 1. A file with two bad rows: the preview marks them and says why, in Chinese.
      broken = importRows(true);
      await main(page)
        .getByRole('button', { name: buttonName('导入') })
        .click();
      let box = await openedPopup(page, importDialog(page));
      const template = page.waitForEvent('download');
      await box.getByRole('button', { name: buttonName('下载模板') }).click();
      const templateRows = await readWorkbook(await (await template).path());
      expect(templateRows[0]).toEqual(
        STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS.zh[column]),
      );
      await animationsDone(page);
      await screenshot(page, 'base-import-file-zh', { fullPage: false });
      await box.locator('.ant-modal-close').click();
      await box.waitFor({ state: 'hidden' });
      box = await previewImport(page, await sheet(broken));
      expect(await count(box, 'total')).toBe('5');
      expect(await count(box, 'valid')).toBe('3');
      expect(await count(box, 'invalid')).toBe('2');
      expect(await count(box, 'creates')).toBe('3');
      expect(await count(box, 'updates')).toBe('0');
      // Only the bad rows are shown first.
      const badRows = box.locator('.import-row-invalid');
      await expect.poll(() => badRows.count()).toBe(2);
      expect(await box.locator('.ant-table-row').count()).toBe(2);
      expect(await badRows.nth(0).innerText()).toContain('证件号码: 校验码（最后一位）不正确');
      expect(await badRows.nth(1).innerText()).toContain('报名批次编码: 没有使用该编码的报名批次');
      await animationsDone(page);
      await screenshot(page, 'base-import-preview-bad-zh', { fullPage: false });
      await box.getByRole('switch').click();
      await expect.poll(() => box.locator('.ant-table-row').count()).toBe(5);
      expect(await badRows.count()).toBe(2);
      await screenshot(page, 'base-import-preview-all-zh', { fullPage: false });

      // 2. Import the good rows, skipping the bad ones.
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('下一步') })
        .click();
      await box.locator('.import-step-mode').waitFor();
      expect(
        await box.getByRole('radio', { name: '导入有效的行（3 行），跳过有错误的行' }).isChecked(),
      ).toBe(true);
      await screenshot(page, 'base-import-mode-zh', { fullPage: false });
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('开始导入') })
        .click();
      await box.locator('.import-step-result').waitFor();
      expect(await box.innerText()).toContain('共 5 行：新增 3 名，更新 0 名，跳过 2 行。');
      expect(await box.locator('.ant-steps-item-finish').count()).toBe(4);
      await animationsDone(page);
      await screenshot(page, 'base-import-result-zh', { fullPage: false });
      // The two skipped rows, their cells and why, as a workbook.
      const skippedDownload = page.waitForEvent('download');
      await box.getByRole('button', { name: '下载未导入的 2 行及原因' }).click();
      const skipped = await readWorkbook(await (await skippedDownload).path());
      expect(skipped[0]).toEqual([
        ...STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS.zh[column]),
        '行号',
        '问题',
      ]);
      expect(skipped.slice(1).map((line) => [line[0], line.at(-1)])).toEqual([
        [broken[1]!.name, expect.stringContaining('证件号码: 校验码（最后一位）不正确')],
        [broken[3]!.name, expect.stringContaining('报名批次编码: 没有使用该编码的报名批次')],
      ]);
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('关闭') })
        .click();
      await box.waitFor({ state: 'hidden' });
      await expect.poll(() => rows(page).count()).toBe(3);
      const firstImport = await studentsOf(batches()[0]!.id);
      expect(firstImport.map((student) => student.name).sort()).toEqual(
        ['张三', '王五', '钱七'].sort(),
      );
      ticketOf = new Map(firstImport.map((student) => [student.idNumber, student.ticketNumber]));
      for (const ticket of ticketOf.values()) expect(ticket).toMatch(/^KS\d{10}$/);
      expect(await row(page, '张三').innerText()).toContain(ticketOf.get(broken[0]!.idNumber)!);
      // The list shows ID numbers masked.
      expect(await row(page, '张三').innerText()).toContain(masked(broken[0]!.idNumber));
      expect(await main(page).innerText()).not.toContain(broken[0]!.idNumber);
    });

    it('re-imports the two rows fixed, updating the other three, and sorts by ticket', async () => {
      // 3. The two rows fixed: they are created, the other three updated; nobody twice.
      const fixed = importRows(false).map((student) => ({
        ...student,
        phone: student.phone.replace(/^138/, '139'),
      }));
      const box = await previewImport(page, await sheet(fixed));
      expect(await count(box, 'invalid')).toBe('0');
      expect(await count(box, 'creates')).toBe('2');
      expect(await count(box, 'updates')).toBe('3');
      await box.getByText('所有行均有效。').waitFor();
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('下一步') })
        .click();
      await box.getByRole('radio', { name: '只有全部行都有效时才导入，否则不导入任何行' }).check();
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('开始导入') })
        .click();
      await box.locator('.import-step-result').waitFor();
      expect(await box.innerText()).toContain('共 5 行：新增 2 名，更新 3 名，跳过 0 行。');
      await box
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName('关闭') })
        .click();
      await expect.poll(() => rows(page).count()).toBe(5);
      secondImport = await studentsOf(batches()[0]!.id);
      expect(secondImport).toHaveLength(5);
      for (const student of fixed) {
        const matches = await studentByIdNumber(student.idNumber);
        expect(matches, student.idNumber).toHaveLength(1);
        expect(matches[0]!.phone).toBe(student.phone);
        // The ticket number of an updated student stays.
        if (ticketOf.has(student.idNumber)) {
          expect(matches[0]!.ticketNumber).toBe(ticketOf.get(student.idNumber));
        }
      }
      await animationsDone(page);
      await screenshot(page, 'base-students-desktop-zh');

      // 4. Sorted by ticket number, newest first.
      await main(page).locator('th', { hasText: '准考证号' }).click();
      await main(page).locator('th', { hasText: '准考证号' }).click();
      const newest = [...secondImport].sort((a, b) =>
        b.ticketNumber.localeCompare(a.ticketNumber),
      )[0]!;
      await expect.poll(() => rows(page).first().innerText()).toContain(newest.ticketNumber);
    });

    it('moves two students, disables one and exports the batch', async () => {
      const [batch1, batch2] = batches();
      // 5. Move two students to batch 2: their ticket numbers stay.
      const moving = ['张三', '李四'];
      for (const name of moving) await row(page, name).getByRole('checkbox').check();
      const actions = main(page).locator('.student-batch-actions');
      await actions.getByText('已选 2 名考生').waitFor();
      await actions.getByRole('button', { name: buttonName('调整批次') }).click();
      const move = dialog(page);
      await move.getByText('将 2 名考生调整到其他批次').waitFor();
      await pickOption(page, move, '考试项目', structure.projectName);
      await pickOption(page, move, '职业类别', structure.categoryName);
      await pickOption(page, move, '申报工种', structure.jobTypeName);
      await pickOption(page, move, '报名批次', batch2!.name);
      await animationsDone(page);
      await screenshot(page, 'base-students-move-zh', { fullPage: false });
      await move.getByRole('button', { name: buttonName('调整批次') }).click();
      await toast(page).filter({ hasText: '已调整 2 名考生的批次' }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(3);
      const inBatch2 = await studentsOf(batch2!.id);
      expect(inBatch2.map((student) => student.name).sort()).toEqual([...moving].sort());
      for (const student of inBatch2) {
        expect(student.ticketNumber).toBe(
          secondImport.find((s) => s.id === student.id)!.ticketNumber,
        );
      }

      // 6. Disable one: it is marked, and the API agrees.
      await row(page, '王五').getByRole('checkbox').check();
      await main(page)
        .locator('.student-batch-actions')
        .getByRole('button', { name: buttonName('禁用') })
        .click();
      await answerConfirm(page, '禁用');
      await toast(page).filter({ hasText: '已禁用 1 名考生' }).waitFor();
      await expect.poll(() => row(page, '王五').innerText()).toContain('禁用');
      const wang = (await studentsOf(batch1!.id)).find((student) => student.name === '王五')!;
      expect(wang.status).toBe(0);
      await animationsDone(page);
      await screenshot(page, 'base-students-disabled-zh');

      // 7. Export the current filter (batch 1, after the move) and read the file back.
      const inBatch1 = await studentsOf(batch1!.id);
      const download = page.waitForEvent('download');
      await main(page)
        .getByRole('button', { name: buttonName('导出') })
        .click();
      const exported = await readWorkbook(await (await download).path());
      const header = exported[0]!;
      expect(header).toEqual(
        expect.arrayContaining(['姓名', '证件号码', '报名批次编码', '状态', '准考证号']),
      );
      const cell = (line: string[], name: string) => line[header.indexOf(name)];
      const lines = exported.slice(1);
      expect(lines.map((line) => cell(line, '证件号码')).sort()).toEqual(
        inBatch1.map((student) => student.idNumber).sort(),
      );
      for (const line of lines) {
        const student = inBatch1.find((s) => s.idNumber === cell(line, '证件号码'))!;
        expect(cell(line, '准考证号')).toBe(student.ticketNumber);
        expect(cell(line, '状态')).toBe(student.status === 1 ? '启用' : '禁用');
      }
      await toast(page).filter({ hasText: '导出文件已保存' }).waitFor();
      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  });

  it('adds a student through the form, explaining a wrong check character', async () => {
    const { page, unexpectedErrors } = await openAs(STUDENTS);
    await main(page)
      .getByRole('button', { name: buttonName('新增考生') })
      .click();
    const modal = dialog(page);
    await modal.getByLabel('姓名').fill('孙八');
    const first17 = '11010519850315002';
    await modal.getByLabel('证件号码').fill(wrongCheck(first17));
    await pickOption(page, modal, '考试项目', structure.projectName);
    await pickOption(page, modal, '职业类别', structure.categoryName);
    await pickOption(page, modal, '申报工种', structure.jobTypeName);
    await pickOption(page, modal, '报名批次', structure.batches[0]!.name);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual([`校验码（最后一位）不正确：按前 17 位计算应为 ${residentIdCheckChar(first17)}`]);
    // The level comes with the batch.
    expect(await modal.innerText()).toContain('初级');
    await animationsDone(page);
    await screenshot(page, 'base-student-form-zh', { fullPage: false });
    await modal.getByLabel('证件号码').fill(residentId(first17));
    // Not saveDialog: the form gives way to the dialog with the initial password.
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '考生已新增，准考证号 KS' }).waitFor();
    const [added] = await studentByIdNumber(residentId(first17));
    expect(added?.name).toBe('孙八');
    // The initial password is shown this once: by default eight random characters, nothing of
    // the ID number.
    const passwords = page.getByRole('dialog').filter({ hasText: '此处只显示这一次' });
    await passwords.waitFor();
    expect(await passwords.innerText()).toContain(added!.ticketNumber);
    expect(await passwords.innerText()).toMatch(/\b[2-9a-hjkmnp-z]{8}\b/);
    expect(await passwords.innerText()).not.toContain(residentId(first17).slice(-6));
    await animationsDone(page);
    await screenshot(page, 'base-student-initial-password-zh', { fullPage: false });
    await passwords.getByRole('button', { name: buttonName('知道了') }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Edit: the form shows the ticket number, the batch and its level; a new phone is saved.
    await main(page)
      .getByRole('textbox', { name: '姓名、准考证号、证件号码或手机号' })
      .fill('孙八');
    await page.locator('form#studentSearch button[type=submit]').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, '孙八').getByRole('button', { name: '编辑' }).click();
    await modal.getByText('编辑考生').waitFor();
    expect(await modal.innerText()).toContain(added!.ticketNumber);
    // The list masks the ID number; the one who edits the student sees it whole.
    expect(await row(page, '孙八').innerText()).toContain(masked(residentId(first17)));
    expect(await modal.getByLabel('证件号码').inputValue()).toBe(residentId(first17));
    await expect.poll(() => modal.innerText()).toContain(structure.batches[0]!.name);
    expect(await modal.innerText()).toContain('初级');
    await modal.getByLabel('手机号').fill('1234');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => fieldErrors(modal).allInnerTexts())
      .toEqual(['请输入以 13 至 19 开头的 11 位手机号']);
    await modal.getByLabel('手机号').fill('13712345678');
    await saveDialog(page);
    await expect.poll(() => row(page, '孙八').innerText()).toContain('13712345678');
    const [edited] = await studentByIdNumber(residentId(first17));
    expect(edited?.phone).toBe('13712345678');
    expect(edited?.ticketNumber).toBe(added!.ticketNumber);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('keeps the Save button of the student form on screen at 1440 × 900, the fields scrolling', async () => {
    const { page } = await openAs(STUDENTS, { viewport: { width: 1440, height: 900 } });
    await main(page)
      .getByRole('button', { name: buttonName('新增考生') })
      .click();
    const modal = dialog(page);
    await animationsDone(page);
    const save = modal.getByRole('button', { name: buttonName('保存') });
    const box = await save.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    // The fields scroll inside the dialog instead.
    const body = modal.locator('.ant-modal-body');
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
      true,
    );
    await screenshot(page, 'base-student-form-1440x900-zh', { fullPage: false });
    await page.context().close();
  });

  it('shows students and the import preview on a phone and in Spanish', async () => {
    const file = await sheet(importRows(true));
    for (const [locale, language, viewport, width] of [
      ['zh-CN', 'zh', PHONE, 'phone'],
      ['es-ES', 'es', DESKTOP, 'desktop'],
      ['es-ES', 'es', PHONE, 'phone'],
    ] as const) {
      const messages = MESSAGES[language];
      const { page, unexpectedErrors } = await openAs(STUDENTS, { locale, viewport });
      await filterByBatch(page, 1, SCOPE_NAMES[language], BATCH_NAMES[language]);
      // Rows when the import scenario ran before; the list's answer either way.
      await main(page).locator('.ant-table-row, .ant-empty').first().waitFor();
      await expect.poll(() => main(page).locator('.ant-spin-spinning').count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, `base-students-${width}-${language}`);
      const box = await previewImport(
        page,
        file,
        messages.base.student.import,
        messages.base.import.check,
      );
      await expect.poll(() => box.locator('.import-row-invalid').count()).toBe(2);
      expect(await box.locator('.import-row-invalid').first().innerText()).toContain(
        messages.base.import.errors.idNumberChecksum,
      );
      await animationsDone(page);
      await screenshot(page, `base-import-preview-${width}-${language}`, { fullPage: false });
      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    }
  });

  it('fills the progress bar while a larger file uploads and is written', async () => {
    const batch2 = structure.batches[1]!;
    const many: SheetStudent[] = Array.from({ length: 300 }, (_, i) => ({
      name: `考生${i + 1}`,
      gender: '未知',
      // Area 440305, born 1985-01-01, sequence 000 to 299.
      idNumber: residentId(`44030519850101${String(i).padStart(3, '0')}`),
      phone: '',
      batchCode: batch2.code,
    }));
    const file = await sheet(many);
    const before = (await studentsOf(batch2.id)).length;
    const { page, unexpectedErrors } = await openAs(STUDENTS);
    const box = await previewImport(page, file);
    expect(await count(box, 'creates')).toBe('300');
    await box
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('下一步') })
      .click();

    // A slow upload (about four seconds) so that the bar is seen on its way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(file.length / 4),
    });
    await box
      .locator('.ant-modal-footer')
      .getByRole('button', { name: buttonName('开始导入') })
      .click();
    const progress = box.locator('.import-step-progress');
    await progress.waitFor();
    // Some progress, not yet all of it: the bar moves while the file is on its way.
    const percent = async () => Number(await progress.getAttribute('data-percent'));
    await expect.poll(percent, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await percent()).toBeLessThan(100);
    expect(await progress.innerText()).toContain('正在上传文件…');
    await screenshot(page, 'base-import-progress-zh', { fullPage: false });
    await box.locator('.import-step-result').waitFor({ timeout: 30_000 });
    expect(await box.innerText()).toContain('共 300 行：新增 300 名，更新 0 名，跳过 0 行。');
    expect((await studentsOf(batch2.id)).length).toBe(before + 300);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});

/** The accessible names of the scope selects and the junior level, per language. */
const scopeNames = (messages: typeof zh) => ({
  project: messages.school.select.project,
  category: messages.school.select.category,
  jobType: messages.school.select.jobType,
  level: messages.school.select.level,
  junior: messages.school.levels.junior,
});
const SCOPE_NAMES = { zh: scopeNames(zh), es: scopeNames(es), ja: scopeNames(ja) };
const BATCH_NAMES = {
  zh: zh.school.select.batch,
  es: es.school.select.batch,
  ja: ja.school.select.batch,
};
const MESSAGES = { zh, es, ja };

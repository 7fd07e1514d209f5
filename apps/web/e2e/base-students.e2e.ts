import {
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_COLUMNS,
  residentIdCheckChar,
  type ListResult,
  type StudentView,
} from '@kaoshi/shared';
// exceljs is a dependency of apps/server (imports, exports); the test writes an import with it.
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  openedPopup,
  pickOption,
  screenshot,
  closeDialog,
  clickFooterButton,
} from './browser';
import { adminSession } from './session';
import { readWorkbook } from './workbook';

import {
  BATCH_NAMES,
  MESSAGES,
  SCOPE_NAMES,
  STUDENTS,
  STUDENT_API,
  baseScreens,
  residentId,
  wrongCheck,
  type Structure,
} from './base-kit';

// The student screens (form, import and export, moves) driven through the UI by the
// administrator, mostly in Chinese; the API confirms what the screens claim.

describe('Base-data screens: students', () => {
  const session = adminSession();
  const { createStructure, openAs, main, rows, row, dialog, fieldErrors, toast, saveDialog } =
    baseScreens(session);
  let structure: Structure;
  beforeAll(async () => {
    structure = await createStructure();
  });

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
    await clickFooterButton(box, checkLabel);
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
      const templateRows = (await readWorkbook(await (await template).path())).rows;
      expect(templateRows[0]).toEqual(
        STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS.zh[column]),
      );
      await animationsDone(page);
      await screenshot(page, 'base-import-file-zh', { fullPage: false });
      await closeDialog(box);
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
      await clickFooterButton(box, '下一步');
      await box.locator('.import-step-mode').waitFor();
      expect(
        await box.getByRole('radio', { name: '导入有效的行（3 行），跳过有错误的行' }).isChecked(),
      ).toBe(true);
      await screenshot(page, 'base-import-mode-zh', { fullPage: false });
      await clickFooterButton(box, '开始导入');
      await box.locator('.import-step-result').waitFor();
      expect(await box.innerText()).toContain('共 5 行：新增 3 名，更新 0 名，跳过 2 行。');
      expect(await box.locator('.ant-steps-item-finish').count()).toBe(4);
      await animationsDone(page);
      await screenshot(page, 'base-import-result-zh', { fullPage: false });
      // The two skipped rows, their cells and why, as a workbook.
      const skippedDownload = page.waitForEvent('download');
      await box.getByRole('button', { name: '下载未导入的 2 行及原因' }).click();
      const skipped = (await readWorkbook(await (await skippedDownload).path())).rows;
      expect(skipped[0]).toEqual([
        ...STUDENT_IMPORT_COLUMNS.map((column) => STUDENT_IMPORT_HEADERS.zh[column]),
        '行号',
        '问题',
      ]);
      expect(skipped.slice(1).map((line) => [line[0], line.at(-1)])).toEqual([
        [broken[1]!.name, expect.stringContaining('证件号码: 校验码（最后一位）不正确')],
        [broken[3]!.name, expect.stringContaining('报名批次编码: 没有使用该编码的报名批次')],
      ]);
      await clickFooterButton(box, '关闭');
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
      await clickFooterButton(box, '下一步');
      await box.getByRole('radio', { name: '只有全部行都有效时才导入，否则不导入任何行' }).check();
      await clickFooterButton(box, '开始导入');
      await box.locator('.import-step-result').waitFor();
      expect(await box.innerText()).toContain('共 5 行：新增 2 名，更新 3 名，跳过 0 行。');
      await clickFooterButton(box, '关闭');
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
      await answerConfirm(page, '禁用', '已禁用 1 名考生');
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
      const exported = (await readWorkbook(await (await download).path())).rows;
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

  it('fills the progress bar while a larger file uploads, is checked and written', async () => {
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
    await clickFooterButton(box, '下一步');

    // A slow upload (about four seconds) so that the bar is seen on its way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(file.length / 4),
    });
    await clickFooterButton(box, '开始导入');
    const progress = box.locator('.import-step-progress');
    await progress.waitFor();
    // Some progress, not yet all of it: the bar moves while the file is on its way.
    const percent = async () => Number(await progress.getAttribute('data-percent'));
    await expect.poll(percent, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await percent()).toBeLessThan(100);
    expect(await progress.innerText()).toContain('正在上传文件…');
    await screenshot(page, 'base-import-progress-zh', { fullPage: false });
    // Uploaded, the server checks the file in the import's job, which the page reads every second.
    await expect
      .poll(async () => progress.innerText(), { timeout: 10_000 })
      .toContain('正在检查文件…');
    await box.locator('.import-step-result').waitFor({ timeout: 30_000 });
    expect(await box.innerText()).toContain('共 300 行：新增 300 名，更新 0 名，跳过 0 行。');
    expect((await studentsOf(batch2.id)).length).toBe(before + 300);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});

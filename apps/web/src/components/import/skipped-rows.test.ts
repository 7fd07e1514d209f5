import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { skippedRowsWorkbook } from './skipped-rows';

describe('skippedRowsWorkbook', () => {
  it('writes an .xlsx that Excel readers open, every cell as text', async () => {
    const blob = skippedRowsWorkbook(
      {
        header: ['行号', '问题', '姓名'],
        rows: [
          ['3', '身份证号: 校验码不正确\n批次代码: 不存在', '张三'],
          ['5', 'x', '=HYPERLINK("http://evil")'],
          ['6', '<b>&"', 'Ünïcödé'],
        ],
      },
      '未导入的行',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('未导入的行');
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values.map((row) => row.slice(1))).toEqual([
      ['行号', '问题', '姓名'],
      ['3', '身份证号: 校验码不正确\n批次代码: 不存在', '张三'],
      // A formula-looking cell stays text.
      ['5', 'x', '=HYPERLINK("http://evil")'],
      ['6', '<b>&"', 'Ünïcödé'],
    ]);
  });
});

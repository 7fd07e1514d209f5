import fs from 'node:fs';
// exceljs is a dependency of apps/server (imports, exports); the tests read downloads with it.
import ExcelJS from 'exceljs';

/** A downloaded .xlsx: every row of its first sheet as cell texts, and how many sheets it has. */
export async function readWorkbook(path: string) {
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
  return { rows, sheets: workbook.worksheets.length };
}

import { PassThrough } from 'node:stream';
import {
  STUDENT_EXPORT_EXTRA_COLUMNS,
  STUDENT_IMPORT_VALUE_LABELS,
  type IdTypeCode,
  type StudentExportQuery,
} from '@kaoshi/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import type { AuthContext } from '../auth/auth.service.js';
import { addStudentSheet } from './student-import.service.js';
import { TEMPLATE_TEXTS } from './student-import.texts.js';
import { StudentRepository } from './student.repository.js';

/** An export holds at most this many students: more is a filter to narrow, not a file to open. */
export const STUDENT_EXPORT_MAX_ROWS = 100_000;
/** Students read from the database per query while writing. */
const EXPORT_PAGE = 2000;

const stamp = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Every student matching listStudent's filters (the actor's row-level rule included), in its
 * order, as .xlsx: the template's columns with words in `lang`, so the file can be edited and
 * imported again, then the read-only ticket number, batch, job type and level. exceljs's
 * streaming writer commits each row as it goes; the zipped result is collected and sent whole,
 * so that a failure is still answered with the envelope.
 */
export async function exportStudents(db: Db, query: StudentExportQuery, actor: AuthContext) {
  const students = new StudentRepository(db);
  const total = await students.count(query, actor);
  if (total > STUDENT_EXPORT_MAX_ROWS) {
    throw invalid(
      'filter',
      `${total} students match; at most ${STUDENT_EXPORT_MAX_ROWS} per export: narrow the filter`,
    );
  }
  const labels = STUDENT_IMPORT_VALUE_LABELS[query.lang];
  const output = new PassThrough();
  const parts: Buffer[] = [];
  output.on('data', (chunk: Buffer) => parts.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Kaoshi';
  const sheet = addStudentSheet(workbook, query.lang, STUDENT_EXPORT_EXTRA_COLUMNS);
  sheet.getRow(1).commit();
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
    const rows = await students.exportPage(query, actor, offset, EXPORT_PAGE);
    for (const row of rows) {
      sheet
        .addRow({
          name: row.name,
          gender: labels.gender[row.gender as 0 | 1 | 2] ?? String(row.gender),
          idType: labels.idType[row.id_type as IdTypeCode] ?? String(row.id_type),
          idNumber: row.id_number,
          phone: row.phone,
          email: row.email,
          batchCode: row.class_code,
          status: labels.status[row.status as 0 | 1] ?? String(row.status),
          ticketNumber: row.ticket_number,
          batchName: row.class_name,
          subjectName: row.subject_name,
          level: row.level,
        })
        .commit();
    }
    if (rows.length < EXPORT_PAGE) break;
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  const day = stamp(new Date());
  return {
    buffer: Buffer.concat(parts),
    fileName: `${TEMPLATE_TEXTS[query.lang].fileNames.export}-${day}.xlsx`,
    asciiName: `${TEMPLATE_TEXTS.en.fileNames.export}-${day}.xlsx`,
  };
}

import {
  STUDENT_EXPORT_EXTRA_COLUMNS,
  STUDENT_IMPORT_VALUE_LABELS,
  type IdTypeCode,
  type StudentExportQuery,
  TEMPLATE_TEXTS,
  levelWord,
  wordsIn,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { classAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { writeExport } from '../../lib/spreadsheet.js';
import { addStudentSheet } from './student-import-template.js';
import { StudentRepository } from './student.repository.js';

/** An export holds at most this many students: more is a filter to narrow, not a file to open. */
export const STUDENT_EXPORT_MAX_ROWS = 100_000;
/** Students read from the database per query while writing. */
const EXPORT_PAGE = 2000;

/**
 * Every student matching listStudent's filters (the actor's row-level rule included), in its
 * order, as .xlsx: the template's columns with words in `lang`, so the file can be edited and
 * imported again, then the read-only ticket number, batch, job type, level and initial password.
 */
async function exportStudents(db: Db, query: StudentExportQuery, actor: AuthContext) {
  const students = new StudentRepository(db);
  const total = await students.count(query, actor);
  if (total > STUDENT_EXPORT_MAX_ROWS) {
    throw invalid('filter', 'exportTooMany', { total, max: STUDENT_EXPORT_MAX_ROWS });
  }
  const labels = STUDENT_IMPORT_VALUE_LABELS[query.lang];
  const names = {
    local: wordsIn(TEMPLATE_TEXTS, query.lang).fileNames.export,
    english: wordsIn(TEMPLATE_TEXTS, 'en').fileNames.export,
  };
  return writeExport(names, async (workbook) => {
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
            level: levelWord(query.lang, row.level),
            // What the admission ticket will print too (see InitialPasswords).
            initialPassword: row.password_is_default === 1 ? (row.initial_password ?? '') : '',
          })
          .commit();
      }
      if (rows.length < EXPORT_PAGE) break;
    }
    sheet.commit();
  });
}

/** The student export; its routes reach the database only through it. */
export class StudentExportService {
  constructor(private readonly db: Db) {}

  async export(query: StudentExportQuery, actor: AuthContext) {
    if (query.classId !== undefined) await classAccess(this.db, actor, query.classId);
    return exportStudents(this.db, query, actor);
  }
}

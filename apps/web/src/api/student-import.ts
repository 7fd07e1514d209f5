import type {
  ListStudentQuery,
  StudentImportLanguage,
  StudentImportMode,
  StudentImportPreview,
  StudentImportResult,
} from '@kaoshi/shared';
import { downloadFile, runImportJob, type ImportProgress } from './transfer';

const STUDENT = '/api/kaoshi-base/student';

/** The student list's filters and order, without paging: an export holds every match. */
export type StudentExportFilter = Partial<Omit<ListStudentQuery, 'page' | 'limit'>>;

export type StudentImportProgress = ImportProgress;

/** Saves the empty import template (header row and instructions in `language`). */
export const downloadStudentTemplate = (language: StudentImportLanguage): Promise<void> =>
  downloadFile(`${STUDENT}/importTemplate`, { lang: language }, 'students-template.xlsx');

/** Checks a file without writing anything: every row with its action or its errors. */
export function previewStudentImport(file: File): Promise<StudentImportPreview> {
  const form = new FormData();
  form.append('file', file);
  return runImportJob<StudentImportPreview>(`${STUDENT}/importPreview`, form);
}

/** Imports the file, reporting the upload, the check and then the rows written as they come. */
export function applyStudentImport(
  file: File,
  mode: StudentImportMode,
  onProgress: (progress: StudentImportProgress) => void,
): Promise<StudentImportResult> {
  const form = new FormData();
  // The mode first: the server reads the fields in order and the file is the big part.
  form.append('mode', mode);
  form.append('file', file);
  return runImportJob<StudentImportResult>(`${STUDENT}/importApply`, form, onProgress);
}

/** Saves every student matching the list's current filter (not one page) as .xlsx. */
export const exportStudents = (
  filter: StudentExportFilter,
  language: StudentImportLanguage,
): Promise<void> =>
  downloadFile(`${STUDENT}/export`, { ...filter, lang: language }, 'students.xlsx');

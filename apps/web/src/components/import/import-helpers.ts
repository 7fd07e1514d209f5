import type { StudentImportPreviewRow } from '@kaoshi/shared';
import type { ImportProgress } from '../../api/transfer';

/** The share of the bar the upload takes; writing the rows fills the rest. */
export const UPLOAD_SHARE = 20;

/**
 * One bar for the whole import, 0 to 100: the upload's bytes fill the first UPLOAD_SHARE percent,
 * the rows the server has written the rest (while it checks the file the bar waits at the
 * upload's end). Never goes back (progress events may arrive late).
 */
export function importPercent(progress: ImportProgress | undefined, before = 0): number {
  if (!progress) return before;
  const part = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 1;
  let percent = UPLOAD_SHARE;
  if (progress.phase === 'upload') percent = part * UPLOAD_SHARE;
  if (progress.phase === 'write') percent = UPLOAD_SHARE + part * (100 - UPLOAD_SHARE);
  return Math.max(before, Math.floor(percent));
}

/** Whether a chosen file may be sent: an .xlsx of at most `maxBytes`. */
export function fileProblem(
  file: { name: string; size: number },
  maxBytes: number,
): 'wrongType' | 'tooLarge' | undefined {
  if (!/\.xlsx$/i.test(file.name)) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  return undefined;
}

/** The preview's rows, or only those with errors. */
export const previewRows = (rows: readonly StudentImportPreviewRow[], onlyBad: boolean) =>
  onlyBad ? rows.filter((row) => row.errors.length > 0) : rows;

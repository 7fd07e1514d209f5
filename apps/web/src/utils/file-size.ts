const KB = 1024;
const MB = 1024 * KB;

/**
 * A chosen file's size for people: bytes under 1 KB, then KB, then MB, with at most one decimal
 * (a small workbook is "8.5 KB", never "0 MB").
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Number((bytes / KB).toFixed(1))} KB`;
  return `${Number((bytes / MB).toFixed(1))} MB`;
}

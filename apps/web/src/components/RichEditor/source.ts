import { EDITOR_MAX_CHARS } from './constants';
import type { LimitRefusal } from './extensions/limits';
import { tableLimitRefusal } from './table-limits';

const BLOCK_END =
  /(<\/(?:p|h[1-6]|table|thead|tbody|tr|ul|ol|li|blockquote|div|pre)>|<hr>|<br>)(?!\n)/g;

/** Source mode shows one block per line, so the HTML is readable and editable by hand. */
export function formatSource(html: string): string {
  return html.replace(BLOCK_END, '$1\n').trimEnd();
}

/** Whether HTML typed in source mode breaks a limit the editor keeps (checked before it is loaded). */
export function htmlLimitRefusal(html: string): LimitRefusal | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if ((doc.body.textContent ?? '').length > EDITOR_MAX_CHARS) return 'chars';
  for (const table of doc.querySelectorAll('table')) {
    const columns = Math.max(
      0,
      ...[...table.rows].map((row) =>
        [...row.cells].reduce((sum, cell) => sum + Math.max(1, cell.colSpan), 0),
      ),
    );
    const refusal = tableLimitRefusal(table.rows.length, columns);
    if (refusal) return refusal;
  }
  return null;
}

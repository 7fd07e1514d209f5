import type { JSONContent } from '@tiptap/core';
import { TABLE_MAX, TABLE_PICKER_DEFAULT, TABLE_PICKER_MAX } from './constants';

export type TableLimitRefusal = 'rows' | 'columns';

/** docs/spec.md §5: a table holds at most 100 rows and 20 columns. */
export function tableLimitRefusal(rows: number, columns: number): TableLimitRefusal | null {
  if (rows > TABLE_MAX.rows) return 'rows';
  if (columns > TABLE_MAX.cols) return 'columns';
  return null;
}

/**
 * How big the picker grid shows: 10 × 10 at first, one more row or column than the hovered cell
 * (so it grows as the pointer nears its edge), never beyond 20 × 20.
 */
export function pickerGridSize(
  hoverRows: number,
  hoverCols: number,
): { rows: number; cols: number } {
  return {
    rows: Math.min(TABLE_PICKER_MAX.rows, Math.max(TABLE_PICKER_DEFAULT.rows, hoverRows + 1)),
    cols: Math.min(TABLE_PICKER_MAX.cols, Math.max(TABLE_PICKER_DEFAULT.cols, hoverCols + 1)),
  };
}

/** A table whose cells are aligned to the top (what the editor inserts), as TipTap JSON. */
export function tableContent(rows: number, columns: number): JSONContent {
  const cell: JSONContent = {
    type: 'tableCell',
    attrs: { verticalAlign: 'top' },
    content: [{ type: 'paragraph' }],
  };
  return {
    type: 'table',
    content: Array.from({ length: rows }, () => ({
      type: 'tableRow',
      content: Array.from({ length: columns }, () => cell),
    })),
  };
}

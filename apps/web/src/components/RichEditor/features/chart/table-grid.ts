import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { TableGrid } from './chart-data';

const spans = (colspan: unknown, rowspan: unknown) =>
  Number(colspan ?? 1) > 1 || Number(rowspan ?? 1) > 1;

/** A table node of the editor read as text. */
export function gridFromTableNode(table: ProseMirrorNode): TableGrid {
  let merged = false;
  const cells: string[][] = [];
  table.forEach((row) => {
    const texts: string[] = [];
    row.forEach((cell) => {
      merged ||= spans(cell.attrs.colspan, cell.attrs.rowspan);
      texts.push(cell.textContent);
    });
    cells.push(texts);
  });
  return { cells, merged };
}

/** A rendered table read as text (its own rows only, not those of a nested table). */
export function gridFromTableElement(table: HTMLTableElement): TableGrid {
  let merged = false;
  const cells = Array.from(table.rows, (row) =>
    Array.from(row.cells, (cell) => {
      merged ||= spans(cell.colSpan, cell.rowSpan);
      return cell.textContent ?? '';
    }),
  );
  return { cells, merged };
}

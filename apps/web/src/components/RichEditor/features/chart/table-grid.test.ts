import { Schema } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { gridFromTableNode } from './table-grid';

const cellSpec = {
  content: 'paragraph+',
  attrs: { colspan: { default: 1 }, rowspan: { default: 1 } },
};
const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'text*' },
    text: {},
    table: { group: 'block', content: 'tableRow+' },
    tableRow: { content: '(tableCell | tableHeader)+' },
    tableCell: cellSpec,
    tableHeader: cellSpec,
  },
});

const cell = (text: string, type = 'tableCell', attrs = {}) =>
  schema.nodes[type]!.create(
    attrs,
    schema.nodes.paragraph!.create(null, text ? schema.text(text) : null),
  );
const table = (...rows: ReturnType<typeof cell>[][]) =>
  schema.nodes.table!.create(
    null,
    rows.map((row) => schema.nodes.tableRow!.create(null, row)),
  );

describe('gridFromTableNode', () => {
  it('reads the text of header and body cells row by row', () => {
    const node = table(
      [cell('', 'tableHeader'), cell('Q1', 'tableHeader')],
      [cell('North', 'tableHeader'), cell('12')],
    );
    expect(gridFromTableNode(node)).toEqual({
      cells: [
        ['', 'Q1'],
        ['North', '12'],
      ],
      merged: false,
    });
  });

  it('notices a cell spanning rows or columns', () => {
    expect(gridFromTableNode(table([cell('a', 'tableCell', { colspan: 2 })])).merged).toBe(true);
    expect(gridFromTableNode(table([cell('a', 'tableCell', { rowspan: 2 })])).merged).toBe(true);
  });
});

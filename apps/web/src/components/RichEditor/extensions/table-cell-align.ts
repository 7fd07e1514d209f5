import { Extension } from '@tiptap/core';

/** Cells keep their vertical alignment; inserted tables align to the top. */
export const TableCellAlign = Extension.create({
  name: 'tableCellAlign',
  addGlobalAttributes() {
    return [
      {
        types: ['tableCell', 'tableHeader'],
        attributes: {
          verticalAlign: {
            default: null,
            parseHTML: (element) => element.style.verticalAlign || null,
            renderHTML: (attributes) =>
              attributes.verticalAlign
                ? { style: `vertical-align: ${attributes.verticalAlign}` }
                : {},
          },
        },
      },
    ];
  },
});

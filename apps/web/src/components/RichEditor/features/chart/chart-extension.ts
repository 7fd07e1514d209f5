import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { EChartsType } from 'echarts/core';
import type { EditorState } from '@tiptap/pm/state';
import { chartKey, isChartType, readChartData } from './chart-data';
import { chartBox, drawChart } from './draw-chart';
import { gridFromTableNode } from './table-grid';

const charts = new WeakMap<HTMLElement, Promise<EChartsType | undefined>>();

/**
 * A chart under a charted table while editing: a widget after the table that draws itself. Its key
 * holds the type and every cell's text, so the chart is redrawn only when the data changes. A table
 * that stopped being chartable shows no chart; the chart dialog explains why.
 */
function chartDecorations(state: EditorState): DecorationSet {
  const decorations: Decoration[] = [];
  state.doc.descendants((node, pos) => {
    // Tables sit between blocks: no need to walk the text inside paragraphs.
    if (node.type.name !== 'table') return !node.isTextblock;
    const type: unknown = node.attrs.chart;
    if (isChartType(type)) {
      const grid = gridFromTableNode(node);
      const read = readChartData(grid);
      if (read.ok) {
        decorations.push(
          Decoration.widget(
            pos + node.nodeSize,
            () => {
              const box = chartBox();
              box.contentEditable = 'false';
              charts.set(
                box,
                drawChart(box, type, read.data).catch(() => undefined),
              );
              return box;
            },
            {
              key: `chart-${chartKey(type, grid)}`,
              side: -1,
              ignoreSelection: true,
              destroy: (box: Node) => {
                void charts.get(box as HTMLElement)?.then((chart) => chart?.dispose());
              },
            },
          ),
        );
      }
    }
    return false;
  });
  return DecorationSet.create(state.doc, decorations);
}

const chartKeyPlugin = new PluginKey<DecorationSet>('kaoshiTableChart');

/** `data-chart` on tables (bar, line or pie; kept by the allow-list) and the chart drawn under them. */
export const TableChart = Extension.create({
  name: 'tableChart',

  addGlobalAttributes() {
    return [
      {
        types: ['table'],
        attributes: {
          chart: {
            default: null,
            parseHTML: (element) => {
              const value = element.getAttribute('data-chart');
              return isChartType(value) ? value : null;
            },
            renderHTML: (attributes) =>
              isChartType(attributes.chart) ? { 'data-chart': attributes.chart } : {},
          },
        },
      },
    ];
  },

  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: chartKeyPlugin,
        state: {
          init: (_, state) => chartDecorations(state),
          apply: (tr, value, _old, state) => (tr.docChanged ? chartDecorations(state) : value),
        },
        props: {
          decorations: (state) => chartKeyPlugin.getState(state),
        },
      }),
    ];
  },
});

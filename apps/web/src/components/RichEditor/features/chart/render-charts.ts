import type { EChartsType } from 'echarts/core';
import { isChartType, readChartData } from './chart-data';
import { chartBox, drawChart } from './draw-chart';
import { gridFromTableElement } from './table-grid';

/** Marks the boxes this module adds, so a second call replaces them instead of adding more. */
const DRAWN = 'data-ke-chart-drawn';

/**
 * Draws a chart after every `<table data-chart="bar|line|pie">` inside root. A table that is not
 * chartable (docs/spec.md §5) stays a plain table. Resolves to a function that removes the charts again.
 */
export async function renderCharts(root: HTMLElement): Promise<() => void> {
  const charts: EChartsType[] = [];
  const boxes: HTMLElement[] = [];
  const dispose = () => {
    for (const chart of charts.splice(0)) chart.dispose();
    for (const box of boxes.splice(0)) box.remove();
  };
  const tables = Array.from(root.querySelectorAll<HTMLTableElement>('table[data-chart]'));
  for (const table of tables) {
    const type = table.getAttribute('data-chart');
    const read = readChartData(gridFromTableElement(table));
    const previous = table.nextElementSibling;
    if (previous?.hasAttribute(DRAWN)) previous.remove();
    if (!isChartType(type) || !read.ok) continue;
    const box = chartBox();
    box.setAttribute(DRAWN, '');
    table.after(box);
    boxes.push(box);
    try {
      charts.push(await drawChart(box, type, read.data));
    } catch {
      box.remove();
    }
  }
  return dispose;
}

/**
 * docs/spec.md §5: a chart from a table needs at least 2 rows and 2 columns, header cells in the first row
 * and column, and numeric body cells. The table stays the data; this module reads it.
 */

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const isChartType = (value: unknown): value is ChartType =>
  typeof value === 'string' && (CHART_TYPES as readonly string[]).includes(value);

/** A table read as text, row by row. `merged` when any cell spans rows or columns. */
export interface TableGrid {
  cells: string[][];
  merged: boolean;
}

/** Why a table cannot be charted; rows and columns count from 1 as the user sees them. */
export type ChartProblem =
  | { code: 'merged' }
  | { code: 'tooFewRows'; rows: number }
  | { code: 'tooFewColumns'; columns: number }
  | { code: 'uneven'; row: number }
  | { code: 'emptyHeader'; row: number; column: number }
  | { code: 'notNumber'; row: number; column: number; text: string };

export interface ChartSeries {
  name: string;
  values: number[];
}

/** Categories are the first row's headers; each body row is one series named by its first cell. */
export interface ChartData {
  categories: string[];
  series: ChartSeries[];
}

export type ChartRead = { ok: true; data: ChartData } | { ok: false; problem: ChartProblem };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The number a body cell holds, or null; spaces (also non-breaking) around or inside are ignored. */
export function parseCellNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]+/g, '');
  return NUMBER.test(compact) ? Number(compact) : null;
}

const clean = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

export function readChartData(grid: TableGrid): ChartRead {
  const fail = (problem: ChartProblem): ChartRead => ({ ok: false, problem });
  if (grid.merged) return fail({ code: 'merged' });
  const { cells } = grid;
  if (cells.length < 2) return fail({ code: 'tooFewRows', rows: cells.length });
  const columns = cells[0]!.length;
  if (columns < 2) return fail({ code: 'tooFewColumns', columns });
  const uneven = cells.findIndex((row) => row.length !== columns);
  if (uneven >= 0) return fail({ code: 'uneven', row: uneven + 1 });

  const categories: string[] = [];
  for (let column = 1; column < columns; column++) {
    const header = clean(cells[0]![column]!);
    if (!header) return fail({ code: 'emptyHeader', row: 1, column: column + 1 });
    categories.push(header);
  }
  const series: ChartSeries[] = [];
  for (let row = 1; row < cells.length; row++) {
    const name = clean(cells[row]![0]!);
    if (!name) return fail({ code: 'emptyHeader', row: row + 1, column: 1 });
    const values: number[] = [];
    for (let column = 1; column < columns; column++) {
      const text = cells[row]![column]!;
      const value = parseCellNumber(text);
      if (value === null) {
        return fail({ code: 'notNumber', row: row + 1, column: column + 1, text: clean(text) });
      }
      values.push(value);
    }
    series.push({ name, values });
  }
  return { ok: true, data: { categories, series } };
}

/**
 * The ECharts option for a chart type. A pie shows one row: the first body row, its slices the
 * column headers (the dialog says so).
 */
export function chartOption(type: ChartType, data: ChartData): Record<string, unknown> {
  const legend = { type: 'scroll', bottom: 0 };
  if (type === 'pie') {
    const first = data.series[0]!;
    return {
      animation: false,
      tooltip: { trigger: 'item' },
      legend,
      title: { text: first.name, left: 'center', textStyle: { fontSize: 14 } },
      series: [
        {
          type: 'pie',
          name: first.name,
          radius: '60%',
          center: ['50%', '50%'],
          data: data.categories.map((name, index) => ({ name, value: first.values[index] })),
        },
      ],
    };
  }
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend,
    grid: { left: 48, right: 24, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: data.categories },
    yAxis: { type: 'value' },
    series: data.series.map((item) => ({ type, name: item.name, data: item.values })),
  };
}

/** A key that changes whenever what the chart shows changes (used to redraw only when needed). */
export const chartKey = (type: ChartType, grid: TableGrid) =>
  `${type}|${grid.merged ? 1 : 0}|${JSON.stringify(grid.cells)}`;

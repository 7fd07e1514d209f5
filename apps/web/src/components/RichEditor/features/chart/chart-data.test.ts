import { describe, expect, it } from 'vitest';
import { chartOption, parseCellNumber, readChartData, type TableGrid } from './chart-data';

const grid = (cells: string[][], merged = false): TableGrid => ({ cells, merged });

const sales = grid([
  ['', 'Q1', 'Q2', 'Q3'],
  ['North', '12', '15.5', '-3'],
  ['South', ' 1 000 ', '+7', '.5'],
]);

describe('readChartData (spec §5)', () => {
  it('reads headers from the first row and column and numbers from the body', () => {
    expect(readChartData(sales)).toEqual({
      ok: true,
      data: {
        categories: ['Q1', 'Q2', 'Q3'],
        series: [
          { name: 'North', values: [12, 15.5, -3] },
          { name: 'South', values: [1000, 7, 0.5] },
        ],
      },
    });
  });

  it('accepts the smallest table, 2 by 2', () => {
    expect(
      readChartData(
        grid([
          ['', 'A'],
          ['x', '1'],
        ]),
      ).ok,
    ).toBe(true);
  });

  it('refuses fewer than 2 rows', () => {
    expect(readChartData(grid([['', 'A', 'B']]))).toEqual({
      ok: false,
      problem: { code: 'tooFewRows', rows: 1 },
    });
    expect(readChartData(grid([]))).toEqual({
      ok: false,
      problem: { code: 'tooFewRows', rows: 0 },
    });
  });

  it('refuses fewer than 2 columns', () => {
    expect(readChartData(grid([['A'], ['1'], ['2']]))).toEqual({
      ok: false,
      problem: { code: 'tooFewColumns', columns: 1 },
    });
  });

  it('names the first cell that is not a number, counting from 1', () => {
    const bad = grid([
      ['', 'Q1', 'Q2'],
      ['North', '1', '2'],
      ['South', '3', 'n/a'],
    ]);
    expect(readChartData(bad)).toEqual({
      ok: false,
      problem: { code: 'notNumber', row: 3, column: 3, text: 'n/a' },
    });
  });

  it('treats an empty body cell as not a number', () => {
    expect(
      readChartData(
        grid([
          ['', 'A'],
          ['x', ' '],
        ]),
      ),
    ).toEqual({
      ok: false,
      problem: { code: 'notNumber', row: 2, column: 2, text: '' },
    });
  });

  it('needs a header in every cell of the first row and column except the corner', () => {
    expect(
      readChartData(
        grid([
          ['', 'A', ''],
          ['x', '1', '2'],
        ]),
      ),
    ).toEqual({
      ok: false,
      problem: { code: 'emptyHeader', row: 1, column: 3 },
    });
    expect(
      readChartData(
        grid([
          ['', 'A'],
          ['x', '1'],
          ['\u00a0', '2'],
        ]),
      ),
    ).toEqual({
      ok: false,
      problem: { code: 'emptyHeader', row: 3, column: 1 },
    });
  });

  it('refuses merged cells and rows of different lengths', () => {
    expect(readChartData(grid(sales.cells, true))).toEqual({
      ok: false,
      problem: { code: 'merged' },
    });
    expect(
      readChartData(
        grid([
          ['', 'A', 'B'],
          ['x', '1'],
        ]),
      ),
    ).toEqual({
      ok: false,
      problem: { code: 'uneven', row: 2 },
    });
  });
});

describe('parseCellNumber', () => {
  it.each([
    ['3', 3],
    ['-2.5', -2.5],
    ['1e3', 1000],
    ['\u00a042 ', 42],
    ['7.', 7],
  ])('%j is %d', (text, value) => {
    expect(parseCellNumber(text)).toBe(value);
  });

  it.each(['', 'abc', '1,5', '12%', '0x10', '--1', 'Infinity'])('%j is not a number', (text) => {
    expect(parseCellNumber(text)).toBeNull();
  });
});

describe('chartOption', () => {
  const read = readChartData(sales);
  if (!read.ok) throw new Error('fixture');

  it('gives bar and line charts one series per body row over the column headers', () => {
    for (const type of ['bar', 'line'] as const) {
      const option = chartOption(type, read.data);
      expect(option.xAxis).toEqual({ type: 'category', data: ['Q1', 'Q2', 'Q3'] });
      expect(option.series).toEqual([
        { type, name: 'North', data: [12, 15.5, -3] },
        { type, name: 'South', data: [1000, 7, 0.5] },
      ]);
    }
  });

  it('gives a pie of the first body row, one slice per column header', () => {
    const option = chartOption('pie', read.data);
    const [pie] = option.series as { type: string; data: unknown }[];
    expect(pie!.type).toBe('pie');
    expect(pie!.data).toEqual([
      { name: 'Q1', value: 12 },
      { name: 'Q2', value: 15.5 },
      { name: 'Q3', value: -3 },
    ]);
  });
});

import type { BoxPlotView, HistogramView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  binLabel,
  boxPlotOption,
  histogramOption,
  percentOf,
  trendOption,
} from './statistics-charts';

/** Ten bins of 6 points over a total of 60, pass score 30. */
const histogram = (passScore = 30): HistogramView => ({
  binWidth: 6,
  passScore,
  bins: Array.from({ length: 10 }, (_, i) => ({ from: i * 6, to: (i + 1) * 6, count: i % 3 })),
});

interface Series {
  data: unknown[];
  markLine: { data: Record<string, number>[]; label: { formatter: string } };
}
const seriesOf = (option: object) => (option as { series: Series[] }).series[0]!;

describe('statistics charts', () => {
  it('labels bins by their range and colours the failing ones', () => {
    expect(binLabel({ from: 24, to: 30 })).toBe('24–30');
    expect(binLabel({ from: 2.5, to: 5 })).toBe('2.5–5');
    const option = histogramOption(histogram(), { score: 'S', count: 'N', passLine: 'Pass' });
    const series = seriesOf(option);
    const colours = (series.data as { itemStyle: { color: string } }[]).map(
      (bar) => bar.itemStyle.color,
    );
    // Bars wholly under 30 fail (the first five), the rest pass.
    expect(new Set(colours.slice(0, 5)).size).toBe(1);
    expect(colours[0]).not.toBe(colours[5]);
    // The pass line, on the hidden value axis spanning the bins (0–60), at the pass score.
    const { xAxis } = option as { xAxis: { type: string; min?: number; max?: number }[] };
    expect(xAxis[1]).toMatchObject({ type: 'value', min: 0, max: 60 });
    const line = (option as { series: (Series & { xAxisIndex?: number })[] }).series[1]!;
    expect(line.xAxisIndex).toBe(1);
    expect(line.markLine.data).toEqual([{ xAxis: 30 }]);
    expect(line.markLine.label.formatter).toBe('Pass 30');
  });

  it('draws no box for a batch where nobody sat', () => {
    const boxes: BoxPlotView[] = [
      { classId: 1, className: 'A', count: 3, min: 30, q1: 37.5, median: 45, q3: 52.5, max: 60 },
      {
        classId: 2,
        className: 'B',
        count: 1,
        min: null,
        q1: null,
        median: null,
        q3: null,
        max: null,
      },
      { classId: null, className: '', count: 4, min: 30, q1: 30, median: 45, q3: 60, max: 60 },
    ];
    const texts = {
      all: 'All',
      score: 'S',
      min: 'min',
      q1: 'q1',
      median: 'med',
      q3: 'q3',
      max: 'max',
      count: 'n',
    };
    const option = boxPlotOption(boxes, 60, 30, texts) as {
      xAxis: { data: string[] };
      yAxis: { max: number };
    };
    expect(option.xAxis.data).toEqual(['A', 'B', 'All']);
    expect(option.yAxis.max).toBe(60);
    const series = seriesOf(option);
    expect(series.data).toEqual([[30, 37.5, 45, 52.5, 60], '-', [30, 30, 45, 60, 60]]);
    expect(series.markLine.data).toEqual([{ yAxis: 30 }]);
  });

  it('plots the pass rate in percent, a gap where nobody sat', () => {
    expect(percentOf(2 / 3)).toBe(66.7);
    const point = (examId: number, passRate: number | null) => ({
      examId,
      examName: `E${examId}`,
      startAt: '2026-01-01T00:00:00.000Z',
      sat: 3,
      passed: 2,
      passRate,
      released: true,
    });
    const option = trendOption([point(1, 0.5), point(2, null), point(3, 0.6667)], {
      passRate: 'Rate',
      sat: 'Sat',
    }) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['E1', 'E2', 'E3']);
    expect(seriesOf(option).data).toEqual([50, null, 66.7]);
  });
});

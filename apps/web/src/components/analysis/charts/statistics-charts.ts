import type { BoxPlotView, HistogramView, PassTrendPoint } from '@kaoshi/shared';
import type { EChartsCoreOption } from 'echarts/core';
import type { EchartsParts } from '../../chart/EChart';

/** Fetched with the first figure of a statistics screen, never with the rest of the app. */
export const loadStatisticsCharts = (): Promise<EchartsParts> => import('./statistics-echarts');

const THEME = '#00bfad';
const FAIL = '#f5222d';

/** Points as the tables show them: at most two decimals, no trailing zeros. */
export const points = (value: number) => String(Math.round(value * 100) / 100);

/** A bin's label: "24–30" ([from, to)). */
export const binLabel = (bin: { from: number; to: number }) =>
  `${points(bin.from)}–${points(bin.to)}`;

export interface HistogramTexts {
  score: string;
  count: string;
  passLine: string;
}

/**
 * The score distribution: bars of 10 % of the total, failing bins red, the pass line marked. The
 * bars sit on a category axis (one label per bin); the pass line on a hidden value axis over the
 * same width, since a category axis can only point at a bar's middle.
 */
export function histogramOption(
  histogram: HistogramView,
  texts: HistogramTexts,
): EChartsCoreOption {
  const { bins, passScore } = histogram;
  const from = bins[0]?.from ?? 0;
  const to = bins.at(-1)?.to ?? passScore;
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8 },
    tooltip: { trigger: 'item' },
    xAxis: [
      {
        type: 'category',
        name: texts.score,
        nameLocation: 'middle',
        nameGap: 40,
        data: bins.map(binLabel),
        axisLabel: { interval: 0, rotate: bins.length > 6 ? 40 : 0, fontSize: 11 },
      },
      { type: 'value', min: from, max: to, show: false },
    ],
    yAxis: { type: 'value', name: texts.count, minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: texts.count,
        barCategoryGap: '8%',
        data: bins.map((bin) => ({
          value: bin.count,
          itemStyle: { color: bin.to <= passScore ? FAIL : THEME },
        })),
        label: {
          show: true,
          position: 'top',
          formatter: ({ value }: { value: number }) => (value ? String(value) : ''),
        },
      },
      {
        // Draws nothing itself: it carries the pass line on the value axis.
        type: 'line',
        xAxisIndex: 1,
        data: [[passScore, 0]],
        symbol: 'none',
        silent: true,
        tooltip: { show: false },
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { color: FAIL, type: 'dashed', width: 2 },
          label: {
            formatter: `${texts.passLine} ${points(passScore)}`,
            position: 'end',
            color: FAIL,
          },
          data: [{ xAxis: passScore }],
        },
      },
    ],
  };
}

export interface BoxPlotTexts {
  all: string;
  score: string;
  min: string;
  q1: string;
  median: string;
  q3: string;
  max: string;
  count: string;
}

/** One box per batch, then all of them together; batches where nobody sat draw no box. */
export function boxPlotOption(
  boxes: readonly BoxPlotView[],
  total: number,
  passScore: number,
  texts: BoxPlotTexts,
): EChartsCoreOption {
  const names = boxes.map((box) => (box.classId === null ? texts.all : box.className));
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 24, bottom: 8 },
    tooltip: {
      trigger: 'item',
      formatter: ({ dataIndex }: { dataIndex: number }) => {
        const box = boxes[dataIndex];
        if (!box || box.min === null) return '';
        const rows: [string, number | null][] = [
          [texts.max, box.max],
          [texts.q3, box.q3],
          [texts.median, box.median],
          [texts.q1, box.q1],
          [texts.min, box.min],
        ];
        const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
        return [
          `<b>${escape(names[dataIndex] ?? '')}</b> (${texts.count} ${box.count})`,
          ...rows.map(
            ([label, value]) => `${escape(label)}: ${value === null ? '–' : points(value)}`,
          ),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: { interval: 0, overflow: 'truncate', width: 96, fontSize: 11 },
    },
    yAxis: { type: 'value', name: texts.score, min: 0, max: total },
    series: [
      {
        type: 'boxplot',
        itemStyle: { color: '#e6fffb', borderColor: THEME, borderWidth: 2 },
        data: boxes.map((box) =>
          box.min === null ? '-' : [box.min, box.q1, box.median, box.q3, box.max],
        ),
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { color: FAIL, type: 'dashed' },
          label: { show: false },
          data: [{ yAxis: passScore }],
        },
      },
    ],
  };
}

export interface TrendTexts {
  passRate: string;
  sat: string;
}

/** The pass rate (%) over the exams of one job type and level, oldest first. */
export function trendOption(
  trend: readonly PassTrendPoint[],
  texts: TrendTexts,
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 32, bottom: 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? `${value} %` : '–'),
    },
    xAxis: {
      type: 'category',
      data: trend.map((point) => point.examName),
      axisLabel: {
        interval: 0,
        overflow: 'truncate',
        width: 90,
        rotate: trend.length > 3 ? 30 : 0,
        fontSize: 11,
      },
    },
    yAxis: { type: 'value', name: `${texts.passRate} (%)`, min: 0, max: 100 },
    series: [
      {
        type: 'line',
        name: texts.passRate,
        connectNulls: true,
        symbolSize: 8,
        itemStyle: { color: THEME },
        label: {
          show: true,
          formatter: ({ value }: { value: number | null }) => (value === null ? '' : `${value} %`),
        },
        data: trend.map((point) => (point.passRate === null ? null : percentOf(point.passRate))),
      },
    ],
  };
}

/** A 0–1 rate as a percentage with at most one decimal (0.6667 → 66.7). */
export const percentOf = (rate: number) => Math.round(rate * 1000) / 10;

import type { EChartsType } from 'echarts/core';
import { chartOption, type ChartData, type ChartType } from './chart-data';
import type * as EchartsSetup from './echarts-setup';

type EchartsModule = typeof EchartsSetup;

let loading: Promise<EchartsModule> | undefined;

/** ECharts (the parts a table chart needs), fetched once, only by pages that show a chart. */
export function loadEcharts(): Promise<EchartsModule> {
  loading ??= import('./echarts-setup').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export const CHART_HEIGHT = 300;
export const CHART_MAX_WIDTH = 640;

/** A box for a chart: as wide as its container allows, up to CHART_MAX_WIDTH. */
export function chartBox(): HTMLDivElement {
  const box = document.createElement('div');
  box.className = 'ke-chart';
  box.style.width = '100%';
  box.style.maxWidth = `${CHART_MAX_WIDTH}px`;
  box.style.height = `${CHART_HEIGHT}px`;
  box.style.margin = '8px 0';
  return box;
}

/** Draws a chart into a box (SVG, so it prints sharply) and returns the ECharts instance. */
export async function drawChart(
  box: HTMLElement,
  type: ChartType,
  data: ChartData,
): Promise<EChartsType> {
  const { init } = await loadEcharts();
  const width = Math.min(CHART_MAX_WIDTH, box.clientWidth || CHART_MAX_WIDTH);
  const chart = init(box, null, { renderer: 'svg', width, height: CHART_HEIGHT });
  chart.setOption(chartOption(type, data));
  return chart;
}

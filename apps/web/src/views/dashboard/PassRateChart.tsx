import type { DashboardView } from '@kaoshi/shared';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/chart/EChart';
import { passRateSeries } from './dashboard-format';

type PassRateOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

const loadCharts = () => import('./dashboard-echarts');

/** The pass rate per day (a line, gaps where nobody sat) over the candidates who sat (bars). */
export function PassRateChart({ days }: { days: NonNullable<DashboardView['admin']>['passRate'] }) {
  const { t } = useTranslation();
  const option = useMemo((): PassRateOption => {
    const series = passRateSeries(days);
    return {
      animation: false,
      grid: { left: 44, right: 44, top: 32, bottom: 56 },
      legend: { bottom: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: series.labels, axisTick: { alignWithLabel: true } },
      yAxis: [
        {
          type: 'value',
          name: t('dashboard.admin.rate'),
          min: 0,
          max: 100,
          axisLabel: { formatter: '{value}%' },
        },
        {
          type: 'value',
          name: t('dashboard.admin.sat'),
          minInterval: 1,
          splitLine: { show: false },
        },
      ],
      series: [
        {
          type: 'bar',
          name: t('dashboard.admin.sat'),
          yAxisIndex: 1,
          data: series.sat,
          itemStyle: { color: '#bae7ff' },
          barMaxWidth: 14,
        },
        {
          type: 'line',
          name: t('dashboard.admin.rate'),
          yAxisIndex: 0,
          data: series.rates,
          connectNulls: false,
          symbolSize: 6,
          itemStyle: { color: '#00a896' },
          tooltip: { valueFormatter: (value) => (value === null ? '—' : `${String(value)}%`) },
        },
      ],
    };
  }, [days, t]);
  return (
    <EChart
      load={loadCharts}
      option={option}
      height={260}
      label={t('dashboard.admin.passRateLabel')}
      className="dashboard-pass-chart"
    />
  );
}

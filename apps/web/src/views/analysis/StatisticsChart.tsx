import { Card } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../components/chart/EChart';
import { loadStatisticsCharts } from '../../components/analysis/charts/statistics-charts';

interface StatisticsChartProps {
  title: string;
  option: EChartsCoreOption;
  height?: number;
  /** What the figure shows, read out instead of the drawing. */
  label: string;
  className?: string;
}

/** A figure of a statistics screen in its card (SVG, following the card's width). */
export function StatisticsChart({
  title,
  option,
  height = 300,
  label,
  className,
}: StatisticsChartProps) {
  return (
    <Card size="small" title={title} className={className ?? 'analysis-chart'}>
      <EChart load={loadStatisticsCharts} option={option} height={height} label={label} />
    </Card>
  );
}

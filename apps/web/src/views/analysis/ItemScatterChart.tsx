import type { ItemAnalysisView, ItemFlag } from '@kaoshi/shared';
import { Card, Empty, Typography } from 'antd';
import type { ScatterSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/chart/EChart';
import {
  discriminationFloor,
  index2,
  itemHeading,
  scatterGroups,
} from '../../components/analysis/item-analysis-format';

type ScatterOption = ComposeOption<
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

const loadCharts = () => import('./item-echarts');

/** The points' colours: the flags' tag colours (antd's palette), the product's teal for none. */
const COLORS: Record<ItemFlag | 'ok', string> = {
  negativeDiscrimination: '#f5222d',
  lowDiscrimination: '#fa8c16',
  tooHard: '#fa541c',
  tooEasy: '#d4b106',
  ok: '#00a896',
};

/** Every question as a point: facility across, discrimination up, the flags' thresholds dashed. */
export function ItemScatterChart({ view }: { view: ItemAnalysisView }) {
  const { t } = useTranslation();
  const option = useMemo((): ScatterOption => {
    const groups = scatterGroups(view.items);
    const { easy, hard, lowDiscrimination } = view.thresholds;
    const facility = t('itemAnalysis.items.facility');
    const discrimination = t('itemAnalysis.items.discrimination');
    return {
      animation: false,
      grid: { left: 48, right: 24, top: 40, bottom: 72 },
      legend: { bottom: 0, type: 'plain' },
      tooltip: {
        trigger: 'item',
        formatter: (params) => {
          const point = Array.isArray(params) ? params[0] : params;
          const [x, y] = (point?.value ?? []) as [number, number];
          return `${point?.name ?? ''}<br/>${facility}: ${index2(x)}<br/>${discrimination}: ${index2(y)}`;
        },
      },
      xAxis: {
        type: 'value',
        name: facility,
        nameLocation: 'middle',
        nameGap: 28,
        min: 0,
        max: 1,
      },
      yAxis: {
        type: 'value',
        name: discrimination,
        min: discriminationFloor(view.items),
        max: 1,
      },
      series: groups.map(({ group, points }, index) => ({
        type: 'scatter',
        name: group === 'ok' ? t('itemAnalysis.chart.ok') : t(`itemAnalysis.flags.${group}`),
        symbolSize: 12,
        itemStyle: { color: COLORS[group], opacity: 0.85 },
        data: points.map(({ value, item }) => ({
          value,
          name: itemHeading(t, item),
        })),
        // The thresholds once, on the first series: they belong to the axes, not to a group.
        markLine:
          index === 0
            ? {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed', color: '#8c8c8c' },
                label: { formatter: '{c}', color: '#595959' },
                data: [{ xAxis: hard }, { xAxis: easy }, { yAxis: lowDiscrimination }],
              }
            : undefined,
      })),
    };
  }, [view, t]);
  const plotted = view.items.some((item) => item.facility !== null && item.discrimination !== null);

  return (
    <Card size="small" title={t('itemAnalysis.chart.title')} className="item-scatter">
      {plotted ? (
        <>
          <EChart
            load={loadCharts}
            option={option}
            height={340}
            label={t('itemAnalysis.chart.label')}
            className="item-scatter-chart"
          />
          <Typography.Text type="secondary" className="item-scatter-help">
            {t('itemAnalysis.chart.help')}
          </Typography.Text>
        </>
      ) : (
        <Empty description={t('itemAnalysis.chart.empty')} />
      )}
    </Card>
  );
}

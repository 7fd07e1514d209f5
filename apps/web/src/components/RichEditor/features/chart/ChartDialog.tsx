import { Alert, Button, Flex, Modal, Radio, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHART_TYPES,
  readChartData,
  type ChartData,
  type ChartProblem,
  type ChartType,
  type TableGrid,
} from './chart-data';
import { CHART_HEIGHT, drawChart } from './draw-chart';

interface ChartDialogProps {
  open: boolean;
  grid: TableGrid;
  type: ChartType;
  /** The table already has a chart (it can be removed). */
  charted: boolean;
  onTypeChange: (type: ChartType) => void;
  onCancel: () => void;
  onApply: () => void;
  onRemove: () => void;
}

export function ChartDialog(props: ChartDialogProps) {
  const { open, grid, type, charted, onTypeChange, onCancel, onApply, onRemove } = props;
  const { t } = useTranslation();
  const read = useMemo(() => readChartData(grid), [grid]);
  const problemText = (problem: ChartProblem) => {
    const { code, ...values } = problem;
    // Every problem's message takes exactly the problem's other fields (messages.test checks them).
    return t(`editorTools.chart.problems.${code}` as 'editorTools.chart.problems.merged', {
      ...(values as Record<string, string | number>),
    });
  };

  return (
    <Modal
      className="ke-chart-modal"
      open={open}
      title={t('editorTools.chart.title')}
      width={720}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <span>
            {charted && (
              <Button danger onClick={onRemove}>
                {t('editorTools.chart.remove')}
              </Button>
            )}
          </span>
          <Flex gap={8}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!read.ok} onClick={onApply}>
              {t('editorTools.chart.apply')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('editorTools.chart.rules')}</Typography.Text>
        <Flex align="center" gap={8} wrap>
          <span>{t('editorTools.chart.type')}</span>
          <Radio.Group
            optionType="button"
            value={type}
            onChange={(event) => onTypeChange(event.target.value as ChartType)}
            options={CHART_TYPES.map((value) => ({
              value,
              label: t(`editorTools.chart.${value}`),
            }))}
          />
        </Flex>
        {read.ok ? (
          <>
            {type === 'pie' && read.data.series.length > 1 && (
              <Typography.Text type="secondary">{t('editorTools.chart.pieNote')}</Typography.Text>
            )}
            <ChartPreview type={type} data={read.data} />
          </>
        ) : (
          <Alert
            type="error"
            showIcon
            title={problemText(read.problem)}
            className="ke-chart-problem"
          />
        )}
      </Flex>
    </Modal>
  );
}

/** The live preview; its own component so its box exists when the effect draws into it. */
function ChartPreview({ type, data }: { type: ChartType; data: ChartData }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let chart: EChartsType | undefined;
    let current = true;
    void drawChart(target, type, data).then(
      (drawn) => {
        if (current) chart = drawn;
        else drawn.dispose();
      },
      () => undefined,
    );
    return () => {
      current = false;
      chart?.dispose();
    };
  }, [type, data]);

  return (
    <div
      ref={box}
      className="ke-chart-preview"
      role="img"
      aria-label={t('editorTools.chart.chartOf', { type: t(`editorTools.chart.${type}`) })}
      style={{ width: '100%', height: CHART_HEIGHT }}
    />
  );
}

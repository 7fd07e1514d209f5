import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_COURSE_PERCENT, formatPercent, weightState } from './weights';

interface WeightSummaryProps {
  /** The sum of a course's appraisal-point weights, in percent. */
  sum: number;
  /** A small bar only (a table cell); the full line says what is left. */
  compact?: boolean;
}

/** How much of a course's 100 % its appraisal points take: a bar and a line, red when over. */
export function WeightSummary({ sum, compact }: WeightSummaryProps) {
  const { t } = useTranslation();
  const state = weightState(sum);
  const percent = Math.min(sum, MAX_COURSE_PERCENT);
  const status = state === 'over' ? 'exception' : state === 'full' ? 'success' : 'normal';
  const left = formatPercent(MAX_COURSE_PERCENT - sum);
  const note =
    state === 'over'
      ? t('base.weights.over', { over: formatPercent(sum - MAX_COURSE_PERCENT) })
      : state === 'full'
        ? t('base.weights.full')
        : state === 'empty'
          ? t('base.weights.empty')
          : t('base.weights.left', { left });

  if (compact) {
    return (
      <Progress
        percent={percent}
        status={status}
        size="small"
        style={{ minWidth: 120, marginBottom: 0 }}
        format={() => `${formatPercent(sum)} %`}
        aria-label={t('base.weights.sum', { sum: formatPercent(sum) })}
      />
    );
  }
  return (
    <Flex vertical gap={2} className="weight-summary" data-state={state}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong type={state === 'over' ? 'danger' : undefined}>
          {t('base.weights.sum', { sum: formatPercent(sum) })}
        </Typography.Text>
        <Typography.Text
          type={state === 'over' ? 'danger' : state === 'full' ? 'success' : 'secondary'}
        >
          {note}
        </Typography.Text>
      </Flex>
      <Progress percent={percent} status={status} showInfo={false} style={{ marginBottom: 0 }} />
    </Flex>
  );
}

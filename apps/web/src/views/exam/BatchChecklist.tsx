import type { ExamPublishOptions } from '@kaoshi/shared';
import { Checkbox, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describePeriod } from '../../components/structure/period';

type Batch = ExamPublishOptions['classes'][number];

interface BatchChecklistProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The batches of the paper's job type and level that the user may publish to. */
  batches: Batch[];
  /** Batches that stay chosen (an open exam keeps its batches: more may be added). */
  kept?: ReadonlySet<number>;
  disabled?: boolean;
  /** What to say when there is nothing to choose. */
  emptyText: string;
}

/** The registration batches an exam is for, each with its enabled students and exam dates. */
export function BatchChecklist({
  value = [],
  onChange,
  id,
  batches,
  kept,
  disabled,
  emptyText,
}: BatchChecklistProps) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const students = batches
    .filter((batch) => chosen.has(batch.id))
    .reduce((sum, batch) => sum + batch.studentCount, 0);

  if (batches.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }

  const toggle = (batchId: number, on: boolean) =>
    onChange?.(on ? [...value, batchId] : value.filter((other) => other !== batchId));

  const period = (batch: Batch) => {
    const dates = describePeriod(batch.examStart, batch.examEnd);
    switch (dates.kind) {
      case 'range':
        return t('exam.batches.examDates', { start: dates.start, end: dates.end });
      case 'from':
        return t('exam.batches.examFrom', { start: dates.start });
      case 'until':
        return t('exam.batches.examUntil', { end: dates.end });
      default:
        return undefined;
    }
  };

  return (
    <Flex vertical gap={8} id={id} className="exam-batch-list">
      <Flex vertical gap={6} role="group" aria-label={t('exam.fields.classIds')}>
        {batches.map((batch) => {
          const dates = period(batch);
          return (
            <Checkbox
              key={batch.id}
              className="exam-batch-item"
              data-batch-id={batch.id}
              checked={chosen.has(batch.id)}
              disabled={disabled || kept?.has(batch.id)}
              onChange={(event) => toggle(batch.id, event.target.checked)}
            >
              <span className="exam-batch-name">
                <Typography.Text strong>{batch.name}</Typography.Text>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {batch.code}
                </Typography.Text>
              </span>
              <Typography.Text type="secondary" className="exam-batch-facts">
                {t('exam.batches.students', { count: batch.studentCount })}
                {dates && ` · ${dates}`}
              </Typography.Text>
            </Checkbox>
          );
        })}
      </Flex>
      <Typography.Text className="exam-batch-total">
        {t('exam.batches.chosen', { batches: chosen.size, count: students })}
      </Typography.Text>
    </Flex>
  );
}

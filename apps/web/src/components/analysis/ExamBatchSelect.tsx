import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface ExamBatchSelectProps {
  value: number | undefined;
  /** The batches that sat the exam. */
  batches: readonly { id: number; name: string }[];
  /** Disabled until an exam is chosen. */
  disabled: boolean;
  onChange: (classId: number | undefined) => void;
}

/** One batch of the chosen exam, or all of them: the statistics screens' batch filter. */
export function ExamBatchSelect({ value, batches, disabled, onChange }: ExamBatchSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<number>
      value={value}
      allowClear
      disabled={disabled}
      placeholder={t('analysis.ranking.allBatches')}
      aria-label={t('analysis.fields.batch')}
      style={{ width: '100%' }}
      options={batches.map((batch) => ({ value: batch.id, label: batch.name }))}
      onChange={(id) => onChange(id ?? undefined)}
    />
  );
}

import type { ClassView } from '@kaoshi/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeStatusOf, classStatusOf } from './labels';

/** Active or disabled, for projects, categories and job types. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const entry = activeStatusOf(status);
  if (!entry) return <Tag>{t('codes.unknown', { code: String(status) })}</Tag>;
  return <Tag color={entry.color}>{t(`school.status.${entry.key}`)}</Tag>;
}

/**
 * Where a registration batch is in its life: preparing, open, closed, finished; on hover, why
 * (its dates, or the state set by hand while no date decides).
 */
export function ClassStatusTag({ batch }: { batch: Pick<ClassView, 'status' | 'statusByDates'> }) {
  const { t } = useTranslation();
  const entry = classStatusOf(batch.status);
  if (!entry) return <Tag>{t('codes.unknown', { code: String(batch.status) })}</Tag>;
  return (
    <Tooltip
      title={t(batch.statusByDates ? 'school.batch.statusByDates' : 'school.batch.statusByHand')}
    >
      <Tag color={entry.color} className="class-status-tag">
        {t(`school.classStatus.${entry.key}`)}
      </Tag>
    </Tooltip>
  );
}

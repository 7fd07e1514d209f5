import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeStatusOf, classStatusOf } from './labels';

/** Active or disabled, for projects, categories and job types. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const entry = activeStatusOf(status);
  if (!entry) return <Tag>{t('codes.unknown', { code: String(status) })}</Tag>;
  return <Tag color={entry.color}>{t(`school.status.${entry.key}`)}</Tag>;
}

/** Where a registration batch is in its life: preparing, open, closed, finished. */
export function ClassStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const entry = classStatusOf(status);
  if (!entry) return <Tag>{t('codes.unknown', { code: String(status) })}</Tag>;
  return <Tag color={entry.color}>{t(`school.classStatus.${entry.key}`)}</Tag>;
}

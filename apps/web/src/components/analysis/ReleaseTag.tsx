import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether figures rest on released scores; unreleased ones may still change. */
export function ReleaseTag({ released }: { released: boolean }) {
  const { t } = useTranslation();
  return released ? (
    <Tag color="green">{t('analysis.released')}</Tag>
  ) : (
    <Tag color="orange">{t('analysis.unreleased')}</Tag>
  );
}

import type { Importance } from '@kaoshi/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Importance, string> = { X: 'volcano', Y: 'blue', Z: 'default' };

/** An appraisal point's importance: X core, Y general, Z auxiliary. */
export function ImportanceTag({ importance }: { importance: Importance }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[importance]} style={{ marginInlineEnd: 0 }}>
      {t('base.importance.tag', { code: importance, label: t(`base.importance.${importance}`) })}
    </Tag>
  );
}

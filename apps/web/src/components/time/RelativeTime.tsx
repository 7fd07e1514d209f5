import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { exactTime, relativeTimeText } from './relative-time';

/** "3 minutes ago", with the exact time in a tooltip (docs/spec.md §9). */
export function RelativeTime({ at, now }: { at: string | number; now: string | number }) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip title={exactTime(at)}>
      <time dateTime={new Date(at).toISOString()}>
        {relativeTimeText(at, now, i18n.language, t('common.justNow'))}
      </time>
    </Tooltip>
  );
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A notice's minimum reading time in words: "不限", "45 秒", "2 分钟", "1 分 30 秒". */
export function useReadingTime() {
  const { t } = useTranslation();
  return useCallback(
    (total: number) => {
      if (total <= 0) return t('instruction.duration.none');
      const minutes = Math.floor(total / 60);
      const seconds = total % 60;
      if (minutes === 0) return t('instruction.duration.seconds', { seconds });
      if (seconds === 0) return t('instruction.duration.minutes', { minutes });
      return t('instruction.duration.minutesSeconds', { minutes, seconds });
    },
    [t],
  );
}

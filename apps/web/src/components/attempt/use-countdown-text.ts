import { useTranslation } from 'react-i18next';
import { clockText, countdown } from './my-exams-time';

/** A countdown as the user reads it: "2 days 03:14:05", or "03:14:05" under a day. */
export function useCountdownText() {
  const { t } = useTranslation();
  return (ms: number) => {
    const parts = countdown(ms);
    const clock = clockText(parts);
    return parts.days > 0
      ? `${t('myExams.countdown.days', { count: parts.days })} ${clock}`
      : clock;
  };
}

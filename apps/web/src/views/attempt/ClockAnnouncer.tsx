import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementAt, minutesLeft } from './clock-announcement';

/**
 * A polite live region that says the minutes left every five minutes and at one minute (the
 * screen-reader layout). It counts on the monotonic clock towards `endsAt`, as the countdown.
 */
export function ClockAnnouncer({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  /** The minute last said; null until the first tick (the minute the page opened at is not said). */
  const last = useRef<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => {
      const remaining = endsAt - performance.now();
      if (last.current === null) {
        last.current = minutesLeft(remaining);
        return;
      }
      const minute = announcementAt(remaining, last.current);
      if (minute === null) return;
      last.current = minute;
      setText(t('accommodation.page.clock', { count: minute }));
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, t]);
  return (
    <div className="exam-sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}

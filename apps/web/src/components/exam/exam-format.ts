import dayjs from 'dayjs';

/** An instant in the user's local time, to the minute. */
export const localTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * A window in local time: the closing time without its date when it is on the opening day
 * ("2026-05-10 09:00 – 11:00").
 */
export function localWindow(startAt: string, endAt: string) {
  const start = dayjs(startAt);
  const end = dayjs(endAt);
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('YYYY-MM-DD HH:mm');
  return `${start.format('YYYY-MM-DD HH:mm')} – ${endText}`;
}

import { relativeTime } from '@kaoshi/shared';
import dayjs from 'dayjs';

/**
 * docs/spec.md §9's relative time in the UI's language: 'just now' under 30 s (the caller's translation),
 * then "3 minutes ago", "2 hours ago", "1 day ago" in the browser's own words (numeric always:
 * the spec says '1 day ago', not 'yesterday'). `now` is passed so the text does not depend on the
 * clock of whoever reads it (a proctor's view uses the server's time).
 */
export function relativeTimeText(
  at: string | number | Date,
  now: string | number | Date,
  language: string,
  justNow: string,
): string {
  const { unit, count } = relativeTime(at, now);
  if (unit === 'justNow') return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return format.format(-count, unit.slice(0, -1) as Intl.RelativeTimeFormatUnit);
}

/** The exact time, for the tooltip beside a relative one. */
export const exactTime = (at: string | number | Date) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

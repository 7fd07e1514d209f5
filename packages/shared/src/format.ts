/**
 * docs/spec.md §9 number and time formatting, free of any language: the web app (or a server export)
 * supplies the words.
 */

/** docs/spec.md §9: k, M, G, T, P, E at powers of 1000. */
const UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** toFixed without the trailing zeros it pads with: 1.50 → '1.5', 2.00 → '2'. */
function trimFixed(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * A number with an SI-style unit, e.g. formatNumber(1500) → '1.5k', formatNumber(999) → '999',
 * formatNumber(2_345_678, 2) → '2.35M'. At most `digits` decimals (0–20), trailing zeros dropped.
 * A value that rounds up to 1000 of one unit moves to the next one (999_960 → '1M', not '1000k').
 * Negative values keep their sign; NaN and ±Infinity come back as String(value).
 */
export function formatNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const places = Math.min(20, Math.max(0, Math.trunc(digits)));
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  let unit = 0;
  while (unit < UNITS.length - 1 && abs >= 1000 ** (unit + 1)) unit += 1;
  if (unit < UNITS.length - 1 && Number((abs / 1000 ** unit).toFixed(places)) >= 1000) unit += 1;
  const text = trimFixed(abs / 1000 ** unit, places);
  // -0.01 rounded to one place is '0', which must not read '-0'.
  return `${text === '0' ? '' : sign}${text}${UNITS[unit]}`;
}

/**
 * How long ago something happened, as data rather than text, because the UI speaks four
 * languages and each says "3 minutes ago" its own way (and pluralises differently).
 *
 * The web app turns it into words, for example with the browser's own translations:
 *   const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
 *   unit === 'justNow' ? t('…justNow') : rtf.format(-count, unit.slice(0, -1))   // 'minute' …
 * or with i18next plurals: t(`…${unit}`, { count }).
 */
export type RelativeTimeUnit = 'justNow' | 'minutes' | 'hours' | 'days';

export interface RelativeTime {
  unit: RelativeTimeUnit;
  /** Whole units elapsed, at least 1; 0 for 'justNow'. */
  count: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toMillis = (time: Date | number | string): number =>
  time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);

/**
 * docs/spec.md §9: under 30 s 'just now', then minutes under an hour, hours under a day, then days
 * (so anything under 2 days is "1 day ago"). Counts round down (59 min 59 s is 59 minutes),
 * but never below 1: 30–59 s is "1 minute ago". A time in the future (a client clock behind the
 * server's) counts as just now.
 *
 * @param then a Date, epoch milliseconds or an ISO-8601 string
 * @param now the reference time, by default the current time
 * @throws RangeError when either time is not a valid date
 */
export function relativeTime(
  then: Date | number | string,
  now: Date | number | string = Date.now(),
): RelativeTime {
  const from = toMillis(then);
  const to = toMillis(now);
  if (Number.isNaN(from) || Number.isNaN(to)) {
    throw new RangeError(`relativeTime: invalid date ${String(Number.isNaN(from) ? then : now)}`);
  }
  const elapsed = to - from;
  if (elapsed < 30 * SECOND) return { unit: 'justNow', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.max(1, Math.floor(elapsed / MINUTE)) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  return { unit: 'days', count: Math.floor(elapsed / DAY) };
}

const KB = 1024;
const MB = 1024 * KB;

/**
 * A file's size for people: bytes under 1 KB, then KB, then MB, with at most one decimal (a small
 * workbook is "8.5 KB", never "0 MB"). The web and the server's upload refusals both use it.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Number((bytes / KB).toFixed(1))} KB`;
  return `${Number((bytes / MB).toFixed(1))} MB`;
}

const CHINESE_DIGITS = '一二三四五六七八九';

/**
 * 一 … 十, 十一 … 十九, 二十 … 九十九: how a Chinese paper numbers its parts (the printed paper and
 * the Word export both use it). Past 99, Arabic digits: no paper has that many parts.
 */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) return String(n);
  const tens = Math.floor(n / 10);
  const units = n % 10;
  if (tens === 0) return CHINESE_DIGITS[units - 1]!;
  return `${tens > 1 ? CHINESE_DIGITS[tens - 1] : ''}十${units ? CHINESE_DIGITS[units - 1] : ''}`;
}

const NUMERAL = '[一二三四五六七八九十百]+|\\d+';
/**
 * A section title that carries its own number: "一、客观题", "（二）判断题", "第三部分 …",
 * "2. Multiple choice", "Part 1 …", "大問1 …".
 */
const NUMBERED_TITLE = new RegExp(
  [
    `^(?:${NUMERAL})\\s*[、.．:：)）](?!\\d)`,
    `^[（(]\\s*(?:${NUMERAL})\\s*[)）]`,
    `^第\\s*(?:${NUMERAL})\\s*(?:部分|大题|題|题|部|章|节|節)`,
    `^大問\\s*(?:${NUMERAL})`,
    `^(?:part|parte|section|sección)\\s+(?:\\d+|[ivxlc]+)\\b`,
    `^[IVXLC]+[.)]\\s`,
  ].join('|'),
  'i',
);

/**
 * Whether a paper's section title already says its number: printed papers and exports then show
 * the title alone instead of adding their own ("一、一、客观题").
 */
export function titleHasNumber(title: string): boolean {
  return NUMBERED_TITLE.test(title.trim());
}

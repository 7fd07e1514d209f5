import type { RankingSort } from '@kaoshi/shared';

/** Seconds as the tables show a time used: 42:05, or 1:02:05 past an hour. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '–';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A 0–1 rate as "66.7 %"; '–' when there is none (nobody sat). */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '–';
  return `${Math.round(rate * 1000) / 10} %`;
}

/** Points with at most two decimals ('–' when unknown). */
export function formatPoints(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return String(Math.round(value * 100) / 100);
}

/** The server's sort direction from antd's column sorter (undefined: the column's default). */
export function sortDirection(order: 'ascend' | 'descend' | null | undefined) {
  return order === 'ascend'
    ? ('asc' as const)
    : order === 'descend'
      ? ('desc' as const)
      : undefined;
}

/** How the server orders each ranking column when the query names no direction. */
export const RANKING_DEFAULT_ORDER: Record<RankingSort, 'asc' | 'desc'> = {
  rank: 'asc',
  score: 'desc',
  ticketNumber: 'asc',
  name: 'asc',
  className: 'asc',
  timeUsed: 'asc',
  submittedAt: 'asc',
};

/** The arrow a ranking column shows for the query's sort (its default direction when none). */
export function columnOrder(
  sort: RankingSort,
  order: 'asc' | 'desc' | undefined,
  column: RankingSort,
): 'ascend' | 'descend' | null {
  if (sort !== column) return null;
  return (order ?? RANKING_DEFAULT_ORDER[column]) === 'desc' ? 'descend' : 'ascend';
}

/** A ranking column's heading: the section's own title (as the paper and its export name it), else "Part N". */
export function sectionHeading(
  section: { title: string },
  index: number,
  partLabel: (n: number) => string,
): string {
  return section.title.trim() || partLabel(index + 1);
}

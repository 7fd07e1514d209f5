import type { DashboardView } from '@kaoshi/shared';

type PassRateDay = NonNullable<DashboardView['admin']>['passRate'][number];

/** The 30 days together: who sat, who passed, and the rate (null when nobody sat). */
export function passRateTotals(days: readonly PassRateDay[]) {
  const sat = days.reduce((sum, day) => sum + day.sat, 0);
  const passed = days.reduce((sum, day) => sum + day.passed, 0);
  return { sat, passed, rate: sat > 0 ? passed / sat : null };
}

/** A share 0–1 as a percent with at most one decimal; null stays null (a gap in the line). */
export const asPercent = (share: number | null) =>
  share === null ? null : Math.round(share * 1000) / 10;

/** The chart's series: day labels ("11-27"), the rate in percent per day, and who sat. */
export function passRateSeries(days: readonly PassRateDay[]) {
  return {
    labels: days.map((day) => day.day.slice(5)),
    rates: days.map((day) => asPercent(day.rate)),
    sat: days.map((day) => day.sat),
  };
}

/** Milliseconds until `startAt` by the server's clock `now` (0 once it has come). */
export const msUntil = (startAt: string, now: number) => Math.max(0, Date.parse(startAt) - now);

/**
 * The screen-reader layout's spoken clock (docs/features/accommodations.md): the minutes left,
 * said when they reach a multiple of five and at one minute, once each.
 */

/** Whole minutes left, rounded up (what the countdown shows as its minute). */
export const minutesLeft = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 60_000));

/**
 * The minute to announce now, or null: `last` is the minute last announced (or the one the page
 * opened at, which is not said).
 */
export function announcementAt(remainingMs: number, last: number): number | null {
  const minutes = minutesLeft(remainingMs);
  if (minutes === last || minutes <= 0) return null;
  return minutes % 5 === 0 || minutes === 1 ? minutes : null;
}

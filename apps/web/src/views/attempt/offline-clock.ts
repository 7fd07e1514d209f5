/**
 * The attempt's clock as the page last heard it from the server, for a page opened without
 * network (a reload, a browser restart): the time left and the server's time at one instant of
 * the device's clock (Date.now(), the one clock that survives a restart). Offline the page counts
 * from there with the device's clock; the server decides at the end as always.
 */
export interface ServerClock {
  /** The server's time (ms since the epoch) at `localMs`, as the page estimated it. */
  serverMs: number;
  /** The device's Date.now() when the server last spoke. */
  localMs: number;
  /** The time left the server said then. */
  remainingMs: number;
}

/** A correction this close to what the kept clock already counts is not written again. */
export const CLOCK_WRITE_SLACK_MS = 1000;

/** Time since the server last spoke, never negative (a device clock set back counts as none). */
export const elapsedSince = (clock: ServerClock, localNow: number) =>
  Math.max(0, localNow - clock.localMs);

/** The time left now, counted from the server's last word (may be below 0: the time is up). */
export const remainingAt = (clock: ServerClock, localNow: number) =>
  clock.remainingMs - elapsedSince(clock, localNow);

/** The server's time now, counted from the server's last word. */
export const serverTimeAt = (clock: ServerClock, localNow: number) =>
  clock.serverMs + elapsedSince(clock, localNow);

/** The clock of a view the server just answered (its serverNow and remainingMs). */
export const clockOfView = (
  view: { serverNow: string; remainingMs: number },
  localNow: number,
): ServerClock => ({
  serverMs: Date.parse(view.serverNow),
  localMs: localNow,
  remainingMs: view.remainingMs,
});

/**
 * The clock after the server said `remainingMs` again (an acknowledgement, a join, extra time):
 * its time estimate moves on by what the device counted. Answers null when the kept clock
 * already counts within CLOCK_WRITE_SLACK_MS of it (nothing worth writing).
 */
export function correctedClock(
  clock: ServerClock,
  remainingMs: number,
  localNow: number,
): ServerClock | null {
  if (Math.abs(remainingAt(clock, localNow) - remainingMs) < CLOCK_WRITE_SLACK_MS) return null;
  return { serverMs: serverTimeAt(clock, localNow), localMs: localNow, remainingMs };
}

import type { AttemptPause, BreakAllowance } from '@kaoshi/shared';
import { endBreak, takeBreak } from '../../api/attempt';
import type { PausedState } from './session-state';

/** An attempt given no rest breaks (and a kept view from before breaks existed). */
export const NO_BREAKS: BreakAllowance = { allowed: 0, taken: 0, minutes: 0 };

/** The page's calls (attempt-session.ts restBreak). */
export const breakCalls = { take: takeBreak, end: endBreak };

/** Rest breaks still to take. */
export const breaksLeft = (breaks: BreakAllowance) => Math.max(0, breaks.allowed - breaks.taken);

/**
 * The page's pause from the server's word (docs/features/accommodations.md "Rest breaks"): on a
 * break, when it runs out on the monotonic clock (`perfNow`), from the server's own times —
 * `serverNow` when the server said it (a load, a join), else the break's start (it was just taken).
 */
export function pausedStateOf(
  pause: AttemptPause,
  remainingMs: number,
  serverNow?: string,
  perfNow = performance.now(),
): PausedState {
  const state: PausedState = { since: pause.since, reason: pause.reason, remainingMs };
  if (pause.breakUntil === undefined) return state;
  const breakLeftMs = Date.parse(pause.breakUntil) - Date.parse(serverNow ?? pause.since);
  return { ...state, breakEndsAt: perfNow + Math.max(0, breakLeftMs) };
}

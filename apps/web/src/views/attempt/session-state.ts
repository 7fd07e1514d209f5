import type { AnswerValue, BreakAllowance, ProctorMessage, Receipt } from '@kaoshi/shared';

// The exam page's state as AttemptSession shows it to the screen (attempt-session.ts).

/** online: the socket (or, failing it, the HTTP call) reaches the server. */
export type LinkState = 'connecting' | 'online' | 'offline';
/**
 * Why the page no longer takes answers: the time is up or the attempt ended elsewhere (a receipt
 * follows), or another tab or device has taken it over (this page stops saving), or the session
 * ended (signed out, password reset, account disabled: the server cut the connection).
 */
export type Stopped = 'time' | 'ended' | 'takenOver' | 'sessionEnded' | null;

export interface SessionSnapshot {
  values: Record<string, AnswerValue>;
  /** Questions whose latest answer the server has not acknowledged. */
  pendingCount: number;
  /** The performance.now() instant of the server's latest acknowledgement on this page, if any. */
  savedAt: number | null;
  /**
   * The outbox has been read: until then a change could get a seq below one the outbox holds
   * for the same question, and lose to it.
   */
  loaded: boolean;
  link: LinkState;
  /** The performance.now() instant the time runs out, from the server's last word. */
  endsAt: number;
  stopped: Stopped;
  finished: Receipt | null;
  leaveCount: number;
  leaveLimit: number;
  /** The server's last refusal that the page has no state for. */
  notice: string | null;
  /** The proctors' messages since the page opened, oldest first. */
  messages: ProctorMessage[];
  /** The latest move of the deadline while the page was open (extra time): minutes, and a serial. */
  timeChange: { minutes: number; serial: number } | null;
  /**
   * A proctor paused the attempt: since when (the server's time; '' when only a refused save
   * said so) and why; the clock stands at `remainingMs`. Answers wait in the outbox meanwhile.
   */
  paused: PausedState | null;
  /** The latest resume while the page was open: the time given back, and a serial. */
  resumed: { givenBackMs: number; serial: number } | null;
  /** How often the proctor reopened the attempt while the page showed its receipt. */
  reopened: number;
  /** The attempt's rest breaks: given, taken, minutes each (rest-break.ts). */
  breaks: BreakAllowance;
}

export interface PausedState {
  since: string;
  reason: string;
  remainingMs: number;
  /** On a rest break the candidate took: the performance.now() instant it runs out. */
  breakEndsAt?: number;
}

/** The page is in view: visible and, where the exam asks for it, in full screen. */
export const pageInView = (fullscreen: boolean) =>
  document.visibilityState === 'visible' && (!fullscreen || document.fullscreenElement !== null);

/** A refusal of the server, in the user's language: what submit and the saves throw. */
export class AttemptRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

import type { BreakAllowance, Receipt } from '@kaoshi/shared';
import { News } from '../../lib/news.js';
import type { AttemptRow } from './attempt.repository.js';

/** An attempt a proctor paused (attempt-pausing.ts), or its candidate took a break. */
export interface Paused {
  attemptId: number;
  examId: number;
  studentId: number;
  since: string;
  reason: string;
  deadline: string;
  /** A rest break the candidate took (attempt-breaks.ts), not a proctor's pause: when it runs out. */
  breakUntil?: string;
  /** With a rest break: the attempt's breaks, this one counted (the proctor's row shows them). */
  breaks?: BreakAllowance;
}

export interface Resumed {
  attemptId: number;
  examId: number;
  studentId: number;
  since: string;
  at: string;
  /** Why it was resumed. */
  reason: string;
  /** The deadline before and after: it moved by `givenBackMs`. */
  previous: string;
  deadline: string;
  pausedMs: number;
  givenBackMs: number;
  /** Every pause of the attempt so far, and what they got back in all. */
  totalPausedMs: number;
  totalGivenBackMs: number;
  /** The end of a rest break (not a proctor's resume): the attempt's breaks. */
  breaks?: BreakAllowance;
}

/**
 * What the attempt services tell the socket channel (and through it the proctor's view), after the
 * write it concerns: published synchronously where the service used to call its callback, so the
 * order of acks and events on the channel is unchanged.
 */
export type AttemptNewsItem =
  /**
   * A stored save, over the socket or HTTP alike, with how many of the attempt's items hold an
   * answer after it; the channel runs it after the answer went.
   */
  | { kind: 'saved'; row: AttemptRow; itemId: string; answeredCount: number }
  /** A logged page or server event. */
  | { kind: 'logged'; row: AttemptRow; type: string; ip: string; detail?: object }
  /** A candidate's start was locked after too many wrong access codes. */
  | { kind: 'accessLocked'; examId: number; studentId: number; until: string }
  /** An attempt was finalized (the channel tells its page). */
  | { kind: 'finalized'; attemptId: number; receipt: Receipt; examId: number }
  /** A proctor paused the attempt (its page hides the paper, its clock stops). */
  | ({ kind: 'paused' } & Paused)
  /** A proctor resumed it: the deadline moved by the time given back. */
  | ({ kind: 'resumed' } & Resumed);

export class AttemptNews extends News<AttemptNewsItem> {}

import type { Receipt } from '@kaoshi/shared';
import { News } from '../../lib/news.js';
import type { AttemptRow } from './attempt.repository.js';

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
  | { kind: 'finalized'; attemptId: number; receipt: Receipt; examId: number };

export class AttemptNews extends News<AttemptNewsItem> {}

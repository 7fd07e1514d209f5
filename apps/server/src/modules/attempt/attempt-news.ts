import type { Receipt } from '@kaoshi/shared';
import { News } from '../../lib/news.js';
import type { AttemptRow } from './attempt.repository.js';
import type { Paused, Resumed } from './attempt-pausing.js';

/**
 * What the attempt services tell the socket channel (and through it the proctor's view), after the
 * write it concerns: published synchronously where the service used to call its callback, so the
 * order of acks and events on the channel is unchanged.
 */
export type AttemptNewsItem =
  /** A stored save, over the socket or HTTP alike; the channel runs it after the answer went. */
  | { kind: 'saved'; row: AttemptRow; itemId: string; answered: boolean }
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

import type { DeskAnswer, NextAnswerResult, ScoreAnswerResult } from '@kaoshi/shared';
import { leaseClockOffset } from './desk-score';

/** An answer this marker scored at this desk: kept so that they can go back and revise it. */
export interface Scored {
  answer: DeskAnswer;
  score: number;
  comment: string;
  outcome: ScoreAnswerResult;
}

/** Where the desk stands: an answer to score, nothing for this marker, or a refusal. */
export type Pool =
  | { kind: 'loading' }
  | { kind: 'answer'; answer: DeskAnswer }
  | { kind: 'empty' }
  | { kind: 'refused'; message: string };

/** A refusal shown in place: under the score when the server blames it, else above the form. */
export interface Refusal {
  message: string;
  onScore: boolean;
  /** The answer is no longer this marker's (lease lost): the way on is the next answer. */
  offerNext: boolean;
}

/** Everything the desk remembers between renders. */
export interface DeskState {
  pool: Pool;
  counts: { left: number; mine: number } | null;
  scored: Scored[];
  /** The index in `scored` being revised; null: scoring the current answer. */
  revising: number | null;
  scoreText: string;
  comment: string;
  /** What the form held for the current answer while the marker revises an earlier one. */
  stash: { scoreText: string; comment: string } | null;
  refusal: Refusal | null;
  saving: boolean;
  lastSaved: Scored | null;
  /** Server minus browser clock (ms), from the leases seen. */
  offset: number | null;
}

export type DeskAction =
  /** The server handed out the next answer (or none); receivedAt is the browser's clock then. */
  | { type: 'claimed'; next: NextAnswerResult; receivedAt: number }
  | { type: 'poolRefused'; message: string }
  /** Taking the next answer: the pool shows loading until it is claimed. */
  | { type: 'nextRequested' }
  | { type: 'revisionStarted'; index: number }
  | { type: 'revisionStopped' }
  /** The marker edited the score field: a refusal of the score no longer applies. */
  | { type: 'scoreTyped'; text: string }
  /** A digit typed elsewhere on the desk. */
  | { type: 'scoreKeyed'; key: string }
  /** A quick-score button. */
  | { type: 'scorePicked'; score: number }
  | { type: 'commentTyped'; text: string }
  | { type: 'refused'; refusal: Refusal }
  | { type: 'saveStarted' }
  | { type: 'saveEnded' }
  /** The server took the score; `revising` is what the marker was revising when they saved. */
  | { type: 'saved'; entry: Scored; revising: number | null };

export const initialDeskState: DeskState = {
  pool: { kind: 'loading' },
  counts: null,
  scored: [],
  revising: null,
  scoreText: '',
  comment: '',
  stash: null,
  refusal: null,
  saving: false,
  lastSaved: null,
  offset: null,
};

/** Back to the current answer's form as it was before revising began. */
const withoutRevision = (state: DeskState): DeskState => ({
  ...state,
  revising: null,
  scoreText: state.stash?.scoreText ?? '',
  comment: state.stash?.comment ?? '',
  stash: null,
  refusal: null,
});

export function deskReducer(state: DeskState, action: DeskAction): DeskState {
  switch (action.type) {
    case 'claimed': {
      const { answer, left, mine } = action.next;
      return {
        ...state,
        offset: answer?.leaseUntil
          ? leaseClockOffset(state.offset, answer.leaseUntil, action.receivedAt)
          : state.offset,
        counts: { left, mine },
        scoreText: answer && answer.myScore !== null ? String(answer.myScore) : '',
        comment: answer?.myComment ?? '',
        pool: answer ? { kind: 'answer', answer } : { kind: 'empty' },
      };
    }
    case 'poolRefused':
      return { ...state, pool: { kind: 'refused', message: action.message } };
    case 'nextRequested':
      return { ...state, pool: { kind: 'loading' }, refusal: null };
    case 'revisionStarted': {
      const entry = state.scored[action.index];
      if (!entry) return state;
      return {
        ...state,
        stash:
          state.revising === null
            ? { scoreText: state.scoreText, comment: state.comment }
            : state.stash,
        revising: action.index,
        scoreText: String(entry.score),
        comment: entry.comment,
        refusal: null,
      };
    }
    case 'revisionStopped':
      return withoutRevision(state);
    case 'scoreTyped':
      return {
        ...state,
        scoreText: action.text,
        refusal: state.refusal?.onScore ? null : state.refusal,
      };
    case 'scoreKeyed':
      return { ...state, scoreText: state.scoreText + action.key };
    case 'scorePicked':
      return { ...state, scoreText: String(action.score), refusal: null };
    case 'commentTyped':
      return { ...state, comment: action.text };
    case 'refused':
      return { ...state, refusal: action.refusal };
    case 'saveStarted':
      return { ...state, saving: true, refusal: null };
    case 'saveEnded':
      return { ...state, saving: false };
    case 'saved': {
      const { entry, revising } = action;
      if (revising !== null) {
        const scored = state.scored.map((old, i) => (i === revising ? entry : old));
        return withoutRevision({ ...state, lastSaved: entry, scored });
      }
      const scored = [
        ...state.scored.filter((old) => old.answer.answerId !== entry.answer.answerId),
        entry,
      ];
      return { ...state, lastSaved: entry, scored };
    }
  }
}

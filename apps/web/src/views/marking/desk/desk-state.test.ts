import { MARKING_LEASE_MS, type DeskAnswer } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { deskReducer, initialDeskState, type DeskAction, type DeskState } from './desk-state';

const answer = (answerId: number, more: Partial<DeskAnswer> = {}): DeskAnswer => ({
  answerId,
  anonCode: `A${answerId}`,
  itemId: 's1q1',
  type: 4,
  fullScore: 10,
  step: 0.5,
  content: '<p>Why?</p>',
  modelAnswer: '',
  analysis: '',
  linkUrl: '',
  value: 'Because.',
  myScore: null,
  myComment: '',
  leaseUntil: null,
  ...more,
});

const outcome = (answerId: number) => ({
  answerId,
  final: null,
  arbitration: false,
  blind: true,
});

const run = (actions: DeskAction[], from: DeskState = initialDeskState) =>
  actions.reduce(deskReducer, from);

/** The desk after claiming answer 1, typing 7 and a comment, then scoring it. */
const afterOneScored = () =>
  run([
    { type: 'claimed', next: { answer: answer(1), left: 3, mine: 0 }, receivedAt: 0 },
    { type: 'scoreTyped', text: '7' },
    { type: 'commentTyped', text: 'ok' },
    { type: 'saveStarted' },
    {
      type: 'saved',
      entry: { answer: answer(1), score: 7, comment: 'ok', outcome: outcome(1) },
      revising: null,
    },
    { type: 'nextRequested' },
    { type: 'claimed', next: { answer: answer(2), left: 2, mine: 1 }, receivedAt: 0 },
    { type: 'saveEnded' },
  ]);

describe('deskReducer', () => {
  it('shows a claimed answer with the marker’s earlier score, or that none is left', () => {
    const shown = run([
      {
        type: 'claimed',
        next: { answer: answer(1, { myScore: 4.5, myComment: 'so-so' }), left: 5, mine: 2 },
        receivedAt: 0,
      },
    ]);
    expect(shown.pool).toEqual({
      kind: 'answer',
      answer: answer(1, { myScore: 4.5, myComment: 'so-so' }),
    });
    expect(shown).toMatchObject({
      counts: { left: 5, mine: 2 },
      scoreText: '4.5',
      comment: 'so-so',
    });

    const empty = run(
      [{ type: 'claimed', next: { answer: null, left: 0, mine: 2 }, receivedAt: 0 }],
      shown,
    );
    expect(empty).toMatchObject({ pool: { kind: 'empty' }, scoreText: '', comment: '' });
  });

  it('learns the clock offset from a lease and keeps it when an answer has none', () => {
    const until = '2026-01-01T00:10:00.000Z';
    const receivedAt = Date.parse(until) - MARKING_LEASE_MS - 3000; // the browser runs 3 s behind
    const leased = run([
      {
        type: 'claimed',
        next: { answer: answer(1, { leaseUntil: until }), left: 1, mine: 0 },
        receivedAt,
      },
    ]);
    expect(leased.offset).toBe(3000);
    const next = run(
      [{ type: 'claimed', next: { answer: answer(2), left: 0, mine: 1 }, receivedAt: 0 }],
      leased,
    );
    expect(next.offset).toBe(3000);
  });

  it('shows a refusal of the pool, and loading again when the marker takes the next', () => {
    const refused = run([{ type: 'poolRefused', message: 'closed' }]);
    expect(refused.pool).toEqual({ kind: 'refused', message: 'closed' });
    const wrong = { message: 'x', onScore: true, offerNext: false };
    const again = run([{ type: 'refused', refusal: wrong }, { type: 'nextRequested' }], refused);
    expect(again).toMatchObject({ pool: { kind: 'loading' }, refusal: null });
  });

  it('keeps a scored answer once in the session list and notes the last saved', () => {
    const state = afterOneScored();
    expect(state.scored.map((entry) => entry.answer.answerId)).toEqual([1]);
    expect(state.lastSaved?.score).toBe(7);
    expect(state).toMatchObject({ saving: false, scoreText: '', comment: '', revising: null });

    // The same answer scored again (handed back after a lost lease) replaces its entry.
    const again = run(
      [
        {
          type: 'saved',
          entry: { answer: answer(1), score: 8, comment: '', outcome: outcome(1) },
          revising: null,
        },
      ],
      state,
    );
    expect(again.scored.map((entry) => entry.score)).toEqual([8]);
  });

  it('revises an earlier answer and gives back what the form held for the current one', () => {
    const typed = run(
      [
        { type: 'scoreTyped', text: '3' },
        { type: 'commentTyped', text: 'half' },
      ],
      afterOneScored(),
    );
    const revising = run([{ type: 'revisionStarted', index: 0 }], typed);
    expect(revising).toMatchObject({ revising: 0, scoreText: '7', comment: 'ok' });

    const saved = run(
      [
        { type: 'scoreTyped', text: '9' },
        {
          type: 'saved',
          entry: { answer: answer(1), score: 9, comment: 'ok', outcome: outcome(1) },
          revising: 0,
        },
      ],
      revising,
    );
    expect(saved).toMatchObject({ revising: null, scoreText: '3', comment: 'half', stash: null });
    expect(saved.scored.map((entry) => entry.score)).toEqual([9]);
    expect(saved.pool).toEqual(typed.pool);

    const cancelled = run(
      [{ type: 'scoreKeyed', key: '5' }, { type: 'revisionStopped' }],
      revising,
    );
    expect(cancelled).toMatchObject({ revising: null, scoreText: '3', comment: 'half' });
    expect(cancelled.scored).toEqual(typed.scored);
  });

  it('clears a refusal of the score when the score changes, not when the comment does', () => {
    const onScore = { message: 'too high', onScore: true, offerNext: false };
    const refused = run([{ type: 'refused', refusal: onScore }]);
    expect(run([{ type: 'commentTyped', text: 'x' }], refused).refusal).toEqual(onScore);
    expect(run([{ type: 'scoreTyped', text: '1' }], refused).refusal).toBeNull();
    expect(run([{ type: 'scorePicked', score: 2 }], refused)).toMatchObject({
      refusal: null,
      scoreText: '2',
    });

    const lease = { message: 'lease lost', onScore: false, offerNext: true };
    expect(
      run([
        { type: 'refused', refusal: lease },
        { type: 'scoreTyped', text: '1' },
      ]).refusal,
    ).toEqual(lease);
  });

  it('appends digits typed elsewhere on the desk to the score', () => {
    const state = run([
      { type: 'scoreTyped', text: '7' },
      { type: 'scoreKeyed', key: ',' },
      { type: 'scoreKeyed', key: '5' },
    ]);
    expect(state.scoreText).toBe('7,5');
  });
});

import type { InputRef } from 'antd';
import { useCallback, useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nextAnswer, scoreAnswer } from '../../../api/marking';
import { ApiError } from '../../../api/request';
import { withoutFieldLabel } from '../../../utils/server-error';
import { parseScore } from './desk-score';
import { deskReducer, initialDeskState, type Scored } from './desk-state';

/** The desk shows every refusal in place, so the request layer's toast would only repeat it. */
const QUIET = { quiet: true } as const;

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The marking desk's state and what the marker does with it: claim answers, score, revise the
 * ones scored here. The transitions are `deskReducer`'s (desk-state.ts); this hook talks to the
 * server and keeps the score field focused.
 */
export function useMarkingDesk(examId: number, itemId: string) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(deskReducer, initialDeskState);
  const scoreInput = useRef<InputRef>(null);

  /** Claims the next answer (or finds none) and shows it; a refusal is shown where it would be. */
  const claim = useCallback(
    () =>
      nextAnswer({ examId, itemId }, QUIET).then(
        (next) => dispatch({ type: 'claimed', next, receivedAt: Date.now() }),
        (error: unknown) =>
          dispatch({
            type: 'poolRefused',
            message: error instanceof ApiError ? error.message : t('marking.desk.offline'),
          }),
      ),
    [examId, itemId, t],
  );

  const takeNext = useCallback(() => {
    dispatch({ type: 'nextRequested' });
    return claim();
  }, [claim]);

  // The desk opens on an answer: the one this marker still holds, else the next of the pool.
  useEffect(() => {
    void claim();
  }, [claim]);

  const { pool, scored, revising, scoreText, comment, saving } = state;
  const revised = revising === null ? null : scored[revising]!;
  const shown = revised?.answer ?? (pool.kind === 'answer' ? pool.answer : null);

  // The score field takes the focus whenever another answer shows, so digits then Enter work.
  useEffect(() => {
    if (shown) scoreInput.current?.focus({ cursor: 'end' });
  }, [shown]);

  const startRevising = (index: number) => dispatch({ type: 'revisionStarted', index });
  const stopRevising = () => dispatch({ type: 'revisionStopped' });

  const save = async () => {
    if (!shown || saving) return;
    const parsed = parseScore(scoreText);
    if ('problem' in parsed) {
      dispatch({
        type: 'refused',
        refusal: { message: t(`marking.desk.${parsed.problem}`), onScore: true, offerNext: false },
      });
      scoreInput.current?.focus();
      return;
    }
    dispatch({ type: 'saveStarted' });
    try {
      const outcome = await scoreAnswer(
        { answerId: shown.answerId, score: parsed.score, comment: comment.trim() },
        QUIET,
      );
      const entry: Scored = {
        answer: shown,
        score: parsed.score,
        comment: comment.trim(),
        outcome,
      };
      dispatch({ type: 'saved', entry, revising });
      if (revising === null) await takeNext();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        dispatch({
          type: 'refused',
          refusal: { message: t('marking.desk.offline'), onScore: false, offerNext: false },
        });
        return;
      }
      const onScore = error.field === 'score';
      dispatch({
        type: 'refused',
        refusal: {
          message: onScore ? withoutFieldLabel(error.message) : error.message,
          onScore,
          // A lost lease or an answer decided meanwhile: nothing more to do with this one.
          offerNext: !onScore && revising === null,
        },
      });
      if (onScore) scoreInput.current?.focus();
    } finally {
      dispatch({ type: 'saveEnded' });
    }
  };

  // Digits typed anywhere on the desk go to the score, as the marker's hands expect.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || !/^[0-9.,]$/.test(event.key)) return;
      if (!scoreInput.current?.input) return;
      event.preventDefault();
      dispatch({ type: 'scoreKeyed', key: event.key });
      scoreInput.current.focus({ cursor: 'end' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  /** Escape leaves a revision from either field. */
  const stopOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && revising !== null) {
      event.preventDefault();
      stopRevising();
    }
  };

  const onScoreKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else stopOnEscape(event);
  };

  const onCommentKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else stopOnEscape(event);
  };

  const pickScore = (score: number) => {
    dispatch({ type: 'scorePicked', score });
    scoreInput.current?.focus({ cursor: 'end' });
  };

  return {
    ...state,
    revised,
    shown,
    scoreInput,
    takeNext,
    save,
    startRevising,
    stopRevising,
    onScoreKey,
    onCommentKey,
    pickScore,
    typeScore: (text: string) => dispatch({ type: 'scoreTyped', text }),
    typeComment: (text: string) => dispatch({ type: 'commentTyped', text }),
  };
}

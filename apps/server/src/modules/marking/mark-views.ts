import { scoreFromHundredths } from '@kaoshi/shared';
import type { MarkingScoresRepository } from './marking-scores.repository.js';

type MarkRow = Awaited<ReturnType<MarkingScoresRepository['marksOfAnswers']>>[number];

/** The marks given on one answer, as the arbitration list and the audit sample show them. */
export const marksOn = (marks: readonly MarkRow[], answerId: number) =>
  marks
    .filter((mark) => mark.answer_id === answerId)
    .map((mark) => ({
      markerId: mark.marker_id,
      score: scoreFromHundredths(mark.score),
      comment: mark.comment,
    }));

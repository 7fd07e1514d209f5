import {
  ITEM_EASY,
  ITEM_HARD,
  ITEM_LOW_DISCRIMINATION,
  type QuestionFigures,
} from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQuestionFigures } from '../../api/item-analysis';

/**
 * The bank's figures of the questions on the page being shown, in one call for the page (never one
 * per row), by question id. Kept while the next page loads so the column does not flicker.
 */
export function useQuestionFigures(questionIds: readonly number[]) {
  const ids = [...questionIds].sort((a, b) => a - b);
  const query = useQuery({
    queryKey: ['question', 'figures', ids],
    queryFn: () => getQuestionFigures(ids, { quiet: true }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  return new Map((query.data ?? []).map((figures) => [figures.questionId, figures]));
}

/** Whether a figure lies where item analysis flags it (too easy or hard, barely discriminating). */
export const facilityFlagged = (figures: QuestionFigures) =>
  figures.facility !== null && (figures.facility > ITEM_EASY || figures.facility < ITEM_HARD);
export const discriminationFlagged = (figures: QuestionFigures) =>
  figures.discrimination !== null && figures.discrimination < ITEM_LOW_DISCRIMINATION;

import { ANALYSIS_BASE, type ItemAnalysisView, type QuestionFigures } from '@kaoshi/shared';
import { request, type CallOptions } from './request';

/**
 * One exam's item analysis (EXAM-ANALYSIS). Released scores only unless `includeUnreleased`
 * (staff who handle scores before release); the answer says which it holds.
 */
export const getItemAnalysis = (examId: number, includeUnreleased = false, options?: CallOptions) =>
  request.get<ItemAnalysisView>(
    `${ANALYSIS_BASE}/itemAnalysis/${examId}`,
    includeUnreleased ? { includeUnreleased: true } : undefined,
    options,
  );

/** The bank's figures of a page of questions, in one call: times used, facility, discrimination. */
export const getQuestionFigures = (questionIds: readonly number[], options?: CallOptions) =>
  request.get<QuestionFigures[]>(
    `${ANALYSIS_BASE}/questionFigures`,
    { questionIds: questionIds.join(',') },
    options,
  );

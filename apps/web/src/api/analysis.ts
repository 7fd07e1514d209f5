import {
  ANALYSIS_BASE,
  type AnalysisExamOptionView,
  type ListAnalysisExamQuery,
  type ListResult,
  type ClassRankingQuery,
  type ClassRankingView,
  type ExportClassRankingQuery,
  type ExportPassStatisticsQuery,
  type ExportSupplementaryStatisticsQuery,
  type PassStatisticsQuery,
  type PassStatisticsView,
  type SupplementaryStatisticsQuery,
  type SupplementaryStatisticsView,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';
import { downloadFile } from './transfer';

/**
 * Ranking, failed-score and make-up statistics (docs/features/analysis.md) and their Excel exports. Each
 * reads released scores unless `includeUnreleased` (staff); rows and figures then say
 * `released: false`.
 */
export type RankingCall = ListCall<ClassRankingQuery> & Pick<ClassRankingQuery, 'examId'>;
export type RankingFilter = Partial<ExportClassRankingQuery> &
  Pick<ExportClassRankingQuery, 'examId'>;
export type PassCall = ListCall<PassStatisticsQuery>;
export type PassFilter = Partial<ExportPassStatisticsQuery>;
export type SupplementaryCall = ListCall<SupplementaryStatisticsQuery> &
  Pick<SupplementaryStatisticsQuery, 'examId'>;
export type SupplementaryFilter = Partial<ExportSupplementaryStatisticsQuery> &
  Pick<ExportSupplementaryStatisticsQuery, 'examId'>;

/** The exams the user may analyse (closed or released, of their batches), newest first. */
export const listAnalysisExam = (query: ListCall<ListAnalysisExamQuery>) =>
  request.get<ListResult<AnalysisExamOptionView>>(`${ANALYSIS_BASE}/listAnalysisExam`, query);

export const getClassRanking = (query: RankingCall, options?: CallOptions) =>
  request.get<ClassRankingView>(`${ANALYSIS_BASE}/classRanking`, query, options);
export const exportClassRanking = (filter: RankingFilter, fallbackName: string) =>
  downloadFile(`${ANALYSIS_BASE}/exportClassRanking`, filter, fallbackName);

export const getPassStatistics = (query: PassCall, options?: CallOptions) =>
  request.get<PassStatisticsView>(`${ANALYSIS_BASE}/passStatistics`, query, options);
export const exportPassStatistics = (filter: PassFilter, fallbackName: string) =>
  downloadFile(`${ANALYSIS_BASE}/exportPassStatistics`, filter, fallbackName);

export const getSupplementaryStatistics = (query: SupplementaryCall, options?: CallOptions) =>
  request.get<SupplementaryStatisticsView>(
    `${ANALYSIS_BASE}/supplementaryStatistics`,
    query,
    options,
  );
export const exportSupplementaryStatistics = (filter: SupplementaryFilter, fallbackName: string) =>
  downloadFile(`${ANALYSIS_BASE}/exportSupplementaryStatistics`, filter, fallbackName);

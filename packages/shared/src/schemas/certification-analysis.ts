import { z } from 'zod';
import { dbId } from './common.js';
import { emptyToUndefined } from './question-base.js';
import type { CertLevel } from '../structure.js';
import type { HistogramBin } from './analysis.js';
import { listCertificationQuery, type SchemeComponentKind } from './scheme.js';
import type { SkillFailedStats } from './skill-analysis.js';

/**
 * The certification analysis (issue 26 §4): per scheme and component, the candidates with a valid
 * result, the pass rate and the failed-score statistics, with listCertification's filters and
 * rows (the same best valid result per component). Points as numbers (two decimals); shares as
 * fractions 0–1.
 */

export const certificationAnalysisQuery = listCertificationQuery.omit({ page: true, limit: true });
export type CertificationAnalysisQuery = z.output<typeof certificationAnalysisQuery>;

export interface CertificationFailedStats extends SkillFailedStats {
  /**
   * The failed best scores in bands of 10 % of the component's full score, [from, to), from 0
   * up to the band holding the pass score (and any band a failed score falls in).
   */
  bands: HistogramBin[];
}

export interface CertificationComponentAnalysis {
  componentId: number;
  kind: SchemeComponentKind;
  required: boolean;
  fullScore: number;
  passScore: number;
  /** Candidates whose best valid result (not withdrawn, within the window) exists. */
  candidates: number;
  passed: number;
  /** passed / candidates; null: none. */
  passRate: number | null;
  /** The best valid scores of those who failed the component. */
  failed: CertificationFailedStats;
}

export interface CertificationSchemeAnalysis {
  schemeId: number;
  subjectName: string;
  level: CertLevel;
  /** Candidates (listCertification's rows) of the scheme. */
  candidates: number;
  certified: number;
  failed: number;
  pending: number;
  components: CertificationComponentAnalysis[];
}

export interface CertificationAnalysisView {
  schemes: CertificationSchemeAnalysis[];
}

/** An exam's candidates in the certification analysis: the exam, and one of its batches or all. */
export const examCertificationQuery = z.object({
  examId: dbId,
  classId: z.preprocess(emptyToUndefined, dbId.optional()),
});
export type ExamCertificationQuery = z.output<typeof examCertificationQuery>;

/**
 * The scheme an exam counts for, its figures over the exam's candidates (the batches the viewer
 * reads): the exam's component and the others, each with its pass rate. `scheme` null: the exam
 * counts for no scheme, or none of its candidates has a result yet.
 */
export interface ExamCertificationView {
  /** The scheme the exam was published for; null without one. */
  schemeId: number | null;
  /** The scheme component the exam counts for (its theory component). */
  componentId: number | null;
  /** The scheme's job type and level. */
  subjectId: number | null;
  subjectName: string | null;
  level: CertLevel | null;
  scheme: CertificationSchemeAnalysis | null;
}

import { z } from 'zod';
import { dbId } from './common.js';

/**
 * The analysis of a skills assessment (issue 26 §4): the component's pass rate and failed-score
 * statistics, an item analysis per sheet item (facility, examiners' agreement) and, per examiner,
 * how far their totals sit from the other examiners' of the same candidates. Points travel as
 * numbers (two decimals); shares as fractions 0–1.
 */

export const SKILL_ANALYSIS_BASE = '/api/kaoshi-skills/analysis';

export const skillAnalysisQuery = z.object({ assessmentId: dbId });
export type SkillAnalysisQuery = z.output<typeof skillAnalysisQuery>;

/** An examiner is out of line when their mean signed deviation reaches this share of the tolerance. */
export const EXAMINER_OUT_OF_LINE_SHARE = 0.5;

export interface SkillItemAnalysis {
  itemId: number;
  taskTitle: string;
  what: string;
  mode: 'award' | 'deduct';
  veto: boolean;
  /** The item's points (0 for a veto item). */
  points: number;
  /** Candidates with a final score whose examiners scored the item. */
  candidates: number;
  /** Mean final points (the mean of the examiners' points) over the item's points; null: veto item or none. */
  facility: number | null;
  /** Candidates whose examiners gave the item different points (a veto item: hit by some, not all). */
  differing: number;
  /** differing / candidates scored by two examiners or more; null: none. */
  differRate: number | null;
  /** Mean absolute difference between two examiners of a candidate on the item; null: no pair. */
  meanAbsDiff: number | null;
  /** Sheets that hit the veto item. */
  vetoHits: number;
}

export interface SkillExaminerAnalysis {
  examinerId: number;
  name: string;
  /** Signed sheets of the assessment. */
  sheets: number;
  /** Signed sheets beside another examiner's signed sheet of the same candidate. */
  compared: number;
  /** Mean of (their total − the mean of the other examiners' totals); null: none compared. */
  meanDeviation: number | null;
  meanAbsDeviation: number | null;
  /** |meanDeviation| ≥ outOfLineAt. */
  outOfLine: boolean;
}

export interface SkillFailedStats {
  count: number;
  mean: number | null;
  min: number | null;
  max: number | null;
}

export interface SkillAssessmentAnalysis {
  assessmentId: number;
  name: string;
  /** The component's scale: the scheme component's, else the sheet's. */
  fullScore: number;
  passScore: number;
  tolerance: number;
  /** The signed mean deviation at which an examiner is out of line. */
  outOfLineAt: number;
  candidates: number;
  absent: number;
  /** Candidates with a final score (agreed, decided or checked). */
  scored: number;
  /** Of them, signed by the score checker. */
  checked: number;
  passed: number;
  /** passed / scored; null: none scored. */
  passRate: number | null;
  /** The failed totals on the component's scale. */
  failed: SkillFailedStats;
  items: SkillItemAnalysis[];
  examiners: SkillExaminerAnalysis[];
}

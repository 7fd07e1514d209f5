import { z } from 'zod';
import { FIELD_LABELS, schemaMessage } from '../messages/server-messages.js';
import { certLevelSchema } from './base.js';
import { dbId, optionalText, pageQuery } from './common.js';

/** Score analysis (docs/features/analysis.md): every call lives under this base. */
export const ANALYSIS_BASE = '/api/kaoshi-analysis/analysis';

/**
 * Ranking, failed-score and make-up statistics (docs/features/analysis.md). Scores travel in points (2.5)
 * and are stored in hundredths. Every call reads released scores; `includeUnreleased=true` (staff
 * only) also reads an exam whose scores are not released, and every row and figure then says
 * `released: false`.
 */

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(emptyToUndefined, dbId.optional());

/** "true"/"1" or "false"/"0" from a query; absent: false. */
const queryBoolean = z.preprocess(
  (value) =>
    value === '' || value === undefined || value === null
      ? false
      : value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : value,
  z.boolean(),
);

/** A day (2026-03-31) or an instant (ISO 8601); a day alone covers the whole day (UTC). */
const dayOrInstant = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/)
    .refine((value) => !Number.isNaN(Date.parse(value)))
    .optional(),
);

/** Columns the ranking may be sorted by; `rank` is the total, highest first. */
export const RANKING_SORTS = [
  'rank',
  'score',
  'ticketNumber',
  'name',
  'className',
  'timeUsed',
  'submittedAt',
] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];

const releaseFilter = { includeUnreleased: queryBoolean };

export const classRankingQuery = pageQuery.extend({
  examId: dbId,
  /** One batch of the exam; absent: every batch the user may see. */
  classId: optionalId,
  /** Part of the ticket number or the name. */
  search: optionalText(50),
  sort: z.preprocess(emptyToUndefined, z.enum(RANKING_SORTS).default('rank')),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
  ...releaseFilter,
});
export type ClassRankingQuery = z.infer<typeof classRankingQuery>;
export const exportClassRankingQuery = classRankingQuery.omit({ page: true, limit: true });
export type ExportClassRankingQuery = z.infer<typeof exportClassRankingQuery>;

const passStatisticsFields = z.object({
  /** One exam; or else a job type and level (with its exams in the time range). */
  examId: optionalId,
  subjectId: optionalId,
  level: z.preprocess(emptyToUndefined, certLevelSchema.optional()),
  classId: optionalId,
  /** Exams starting from this day or instant on, and up to `to` (a day: its end). */
  from: dayOrInstant,
  to: dayOrInstant,
  ...releaseFilter,
});

type PassFields = z.infer<typeof passStatisticsFields>;
const checkPassFilters = (value: PassFields, ctx: z.RefinementCtx) => {
  if (value.examId === undefined && value.subjectId === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['examId'],
      ...schemaMessage('required'),
    });
  }
  if (value.examId === undefined && value.subjectId !== undefined && value.level === undefined) {
    ctx.addIssue({ code: 'custom', path: ['level'], ...schemaMessage('required') });
  }
  if (value.from && value.to && Date.parse(value.from) > Date.parse(value.to)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      ...schemaMessage('notBefore', { other: FIELD_LABELS.from }),
    });
  }
};

export const passStatisticsQuery = passStatisticsFields
  .extend(pageQuery.shape)
  .superRefine(checkPassFilters);
export type PassStatisticsQuery = z.infer<typeof passStatisticsQuery>;
export const exportPassStatisticsQuery = passStatisticsFields.superRefine(checkPassFilters);
export type ExportPassStatisticsQuery = z.infer<typeof exportPassStatisticsQuery>;

export const supplementaryStatisticsQuery = pageQuery.extend({ examId: dbId, ...releaseFilter });
export type SupplementaryStatisticsQuery = z.infer<typeof supplementaryStatisticsQuery>;
export const exportSupplementaryStatisticsQuery = supplementaryStatisticsQuery.omit({
  page: true,
  limit: true,
});
export type ExportSupplementaryStatisticsQuery = z.infer<typeof exportSupplementaryStatisticsQuery>;

/** The exams whose scores the user may analyse (closed or released, of their batches). */
export const listAnalysisExamQuery = pageQuery.extend({
  /** Part of the exam's name. */
  keyword: optionalText(100),
});
export type ListAnalysisExamQuery = z.infer<typeof listAnalysisExamQuery>;

/** One exam of that list, newest first. */
export interface AnalysisExamOptionView {
  id: number;
  name: string;
  startAt: string;
  endAt: string;
  released: boolean;
  /** Its batches the user may read. */
  classes: { id: number; name: string }[];
}

/** The exam a table is about. */
export interface AnalysisExamView {
  id: number;
  name: string;
  subjectId: number;
  level: number;
  startAt: string;
  endAt: string;
  /** Points. */
  total: number;
  passScore: number;
  released: boolean;
  releasedAt: string | null;
}

/** One bar of the score histogram: [from, to) in points (the last bar includes `to`). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface HistogramView {
  /** Points: 10 % of the paper's total. */
  binWidth: number;
  bins: HistogramBin[];
  /** The pass line, in points. */
  passScore: number;
}

/**
 * A box plot's five numbers (points) over the scores of those who sat, by linear interpolation
 * between the order statistics (Hyndman–Fan type 7, Excel's QUARTILE.INC): null when none sat.
 */
export interface BoxPlotView {
  classId: number | null;
  className: string;
  count: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

export interface RankingRow {
  /** 1, 2, 2, 4 over the total in the ranked set (the batch asked for, else the whole exam). */
  rank: number | null;
  /** The same within the candidate's own batch. */
  classRank: number | null;
  candidateId: number;
  studentId: number;
  ticketNumber: string;
  name: string;
  classId: number;
  className: string;
  /** Points; null when absent or not yet known. */
  score: number | null;
  /** Points per section of the paper, in the paper's order. */
  sections: (number | null)[];
  passed: boolean | null;
  absent: boolean;
  /** Seconds from start to finish. */
  timeUsed: number | null;
  submittedAt: string | null;
  released: boolean;
}

export interface ClassRankingView {
  exam: AnalysisExamView;
  sections: { title: string; total: number }[];
  list: RankingRow[];
  total: number;
  figures: {
    released: boolean;
    /** Candidates in the ranked set, those who sat and those with a score. */
    candidates: number;
    scored: number;
    histogram: HistogramView;
    /** One per batch, then all of them together (classId null). */
    boxPlots: BoxPlotView[];
  };
}

export interface FailedCandidateRow {
  examId: number;
  examName: string;
  candidateId: number;
  ticketNumber: string;
  name: string;
  classId: number;
  className: string;
  score: number;
  passScore: number;
  /** Points still needed to pass. */
  lacking: number;
  released: boolean;
}

export interface PassTrendPoint {
  examId: number;
  examName: string;
  startAt: string;
  sat: number;
  passed: number;
  /** passed / sat, 0–1 with four decimals; null when none sat. */
  passRate: number | null;
  released: boolean;
}

export interface PassStatisticsView {
  /** The exams counted, oldest first. */
  exams: AnalysisExamView[];
  summary: {
    candidates: number;
    sat: number;
    absent: number;
    passed: number;
    failed: number;
    /** Sat, but their score is not final yet. */
    pending: number;
    passRate: number | null;
    mean: number | null;
    median: number | null;
    /** false when an unreleased exam is counted. */
    released: boolean;
  };
  failed: { list: FailedCandidateRow[]; total: number };
  /** Exams of the same job type and level, oldest first. */
  trend: PassTrendPoint[];
}

/** A make-up result of a candidate (their latest make-up, or the one they passed). */
export interface MakeUpResultView {
  examId: number;
  examName: string;
  absent: boolean;
  score: number | null;
  passed: boolean | null;
  released: boolean;
  /** The make-up has not closed yet and the candidate has not sat it: neither absent nor sat. */
  scheduled: boolean;
}

export interface SupplementaryRow {
  candidateId: number;
  studentId: number;
  ticketNumber: string;
  name: string;
  classId: number;
  className: string;
  original: { absent: boolean; score: number | null; passed: boolean | null };
  makeUp: MakeUpResultView | null;
  /**
   * passed: passed the original or a make-up; failed: sat and failed the last; scheduled: a
   * make-up still to come; else open.
   */
  final: 'passed' | 'failed' | 'absent' | 'pending' | 'scheduled';
}

export interface SupplementaryStatisticsView {
  exam: AnalysisExamView;
  /** closed: the make-up's window has ended (server clock); until then no further make-up. */
  makeUps: (AnalysisExamView & { who: string | null; closed: boolean })[];
  summary: {
    candidates: number;
    sat: number;
    passed: number;
    failed: number;
    absent: number;
    /** Failed or absent candidates a make-up was published for. */
    makeUpPublished: number;
    makeUpSat: number;
    makeUpPassed: number;
    makeUpStillFailed: number;
    /** Sat a make-up whose result is not known (not final, or not released). */
    makeUpPending: number;
    /** Published a make-up still to come, not sat yet. */
    makeUpScheduled: number;
    /** passed / sat of the original. */
    originalPassRate: number | null;
    /** (passed the original + passed a make-up) / candidates who sat at least once. */
    finalPassRate: number | null;
    released: boolean;
  };
  list: SupplementaryRow[];
  total: number;
}

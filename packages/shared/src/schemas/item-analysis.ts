import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId, idList } from './common.js';

/**
 * Item analysis and the dashboard's figures (docs/features/analysis.md, §5). All under ANALYSIS_BASE
 * (`./analysis.js`): `GET itemAnalysis/{examId}`, `GET questionFigures?questionIds=1,2,3`,
 * `GET dashboard`. Scores travel in points; shares and indices as fractions 0–1 (not percent).
 */

/** Query flags arrive as text: 'true'/'1' and 'false'/'0'; anything else is refused. */
const queryFlag = z.preprocess((value) => {
  if (value === '' || value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean().default(false));

export const itemAnalysisParams = z.object({ examId: dbId });
export const itemAnalysisQuery = z.object({
  /** Staff who handle scores before release (MARKINGPAPERS or PUBLISHMANAGE) may read them. */
  includeUnreleased: queryFlag,
});
export type ItemAnalysisQuery = z.output<typeof itemAnalysisQuery>;

/** At most one page of the question list (PAGE_LIMIT_MAX). */
export const QUESTION_FIGURES_MAX = 500;
export const questionFiguresQuery = z.object({
  questionIds: idList(QUESTION_FIGURES_MAX).refine(
    (ids) => ids.length > 0,
    schemaMessage('atLeastOne'),
  ),
});
export type QuestionFiguresQuery = z.output<typeof questionFiguresQuery>;

/** Facility above this: too easy; below ITEM_HARD: too hard. */
export const ITEM_EASY = 0.9;
export const ITEM_HARD = 0.2;
/** Discrimination (upper minus lower 27 %, as a share of the full score) below this: near zero. */
export const ITEM_LOW_DISCRIMINATION = 0.1;
/** Share of candidates in each of the upper and lower groups. */
export const ITEM_GROUP_SHARE = 0.27;

export type ItemFlag = 'tooEasy' | 'tooHard' | 'negativeDiscrimination' | 'lowDiscrimination';

export interface OptionShare {
  /** The option's key in the paper version (canonical order), not a candidate's shuffled letter. */
  key: string;
  correct: boolean;
  /** Candidates who picked it (several per candidate for multiple choice). */
  count: number;
  /** count / candidates who sat the question. */
  share: number;
}

export interface ItemFigures {
  itemId: string;
  questionId: number;
  /** Numbered as the version: section and place, 1-based. */
  section: number;
  /** The section's own title as the paper names it; empty when it has none. */
  sectionTitle: string;
  number: number;
  type: number;
  courseId: number;
  pointId: number | null;
  /** Points; for a question drawn per candidate, the score of its rule. */
  fullScore: number;
  /** Candidates who sat the question. */
  candidates: number;
  /** Candidates who gave any answer. */
  answered: number;
  /** Points. */
  mean: number;
  /** Points (population standard deviation). */
  sd: number;
  /** mean / full score. */
  facility: number | null;
  /** (mean of the upper 27 % − mean of the lower 27 %, by total score) / full score. */
  discrimination: number | null;
  /** Pearson correlation with the rest score (total minus this question): point-biserial for 0/1. */
  itemRest: number | null;
  /** Choice questions only; null for the others. */
  options: OptionShare[] | null;
  /** Choice questions: candidates who sat it and chose nothing. */
  omitted: number;
  flags: ItemFlag[];
}

export interface MasteryRow {
  id: number;
  code: string;
  name: string;
  /** Appraisal points: X, Y or Z (null for courses, or a point without one). */
  importance: string | null;
  questions: number;
  /** Σ scores / Σ full scores of its questions over the candidates who sat them, 0–1. */
  mastery: number | null;
}

export interface ItemAnalysisView {
  examId: number;
  examName: string;
  paperVersionId: number;
  /** Whether the exam's scores are released now. */
  released: boolean;
  /** True when the caller asked for unreleased scores and the exam's are not released. */
  includesUnreleased: boolean;
  drawnPerCandidate: boolean;
  candidates: {
    /** Every candidate of the exam. */
    total: number;
    /** No finished attempt: not in any figure. */
    absent: number;
    /** Finished, but a marked answer has no final score yet: not in the figures. */
    pending: number;
    /** In the figures. */
    analysed: number;
  };
  test: {
    /** Points. */
    fullScore: number;
    mean: number | null;
    median: number | null;
    sd: number | null;
    /** Cronbach's alpha on the scores as given; null for a paper drawn per candidate. */
    alpha: number | null;
    /** KR-20 on right/wrong counts, when every question is scored 0 or full; else null. */
    kr20: number | null;
    /** Points: sd × √(1 − alpha) (KR-20 when alpha is null: a paper drawn per candidate has neither). */
    sem: number | null;
    questions: number;
  };
  thresholds: { easy: number; hard: number; lowDiscrimination: number; groupShare: number };
  items: ItemFigures[];
  courses: MasteryRow[];
  points: MasteryRow[];
}

export interface QuestionFigures {
  questionId: number;
  /** Released exams whose paper version holds the question. */
  timesUsed: number;
  /** Candidates who sat it in those exams (the weights). */
  candidates: number;
  /** Weighted by candidates. */
  facility: number | null;
  discrimination: number | null;
}

export interface DashboardBatch {
  id: number;
  name: string;
  level: number;
  students: number;
}

export interface DashboardMarkingExam {
  examId: number;
  name: string;
  endAt: string;
  /** Answers of the questions assigned to this marker. */
  answers: number;
  /** Of those, with a final score. */
  finalized: number;
  /** This marker's own marks in the current cycle. */
  mine: number;
}

export interface DashboardUpcomingExam {
  examId: number;
  name: string;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  /** Milliseconds from the server's now to the start (0 once open). */
  startsInMs: number;
  /** Open now (and not finished by this candidate). */
  open: boolean;
}

export interface DashboardResult {
  examId: number;
  /** The attempt whose result page shows it (null: never sat, e.g. scored by hand). */
  attemptId: number | null;
  name: string;
  /** Points. */
  score: number;
  total: number;
  passScore: number;
  passed: boolean;
  releasedAt: string;
}

export interface DashboardView {
  /** Which block is filled: decided by the user type (SUPER_ADMIN counts as administrator). */
  role: 'admin' | 'teacher' | 'student';
  /** The server's clock, for countdowns. */
  serverTime: string;
  admin: {
    students: number;
    /** Questions not retired, by audit status (docs/spec.md §4 codes 0–4). */
    questionsByState: { state: number; count: number }[];
    exams: { today: number; running: number; upcoming: number };
    /** The last 30 UTC days, oldest first: candidates who sat released exams held that day. */
    passRate: { day: string; sat: number; passed: number; rate: number | null }[];
  } | null;
  teacher: {
    batches: DashboardBatch[];
    /** Exams with questions assigned to this marker whose scores are not released. */
    marking: DashboardMarkingExam[];
  } | null;
  student: {
    upcoming: DashboardUpcomingExam[];
    results: DashboardResult[];
  } | null;
}

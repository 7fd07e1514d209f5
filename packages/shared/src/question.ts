/**
 * Question bank constants (docs/features/question-bank.md). Types 0–3 are the spec's (§4); 4 fill-in-the-blank and
 * 5 short answer go beyond it. Scores travel as points with at most two decimals and are stored
 * as integer hundredths (SCORE_SCALE), so sums never drift.
 */
export const QuestionType = {
  SINGLE: 0,
  MULTIPLE: 1,
  JUDGEMENT: 2,
  EXTERNAL_LINK: 3,
  FILL_BLANK: 4,
  SHORT_ANSWER: 5,
} as const;
export type QuestionTypeCode = (typeof QuestionType)[keyof typeof QuestionType];
export const QUESTION_TYPES = [0, 1, 2, 3, 4, 5] as const satisfies readonly QuestionTypeCode[];

/** Types whose answer comes from the options marked correct. */
export const CHOICE_TYPES: readonly QuestionTypeCode[] = [
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
];
/** Types a marker scores by hand (the others are scored automatically). */
export const MARKED_TYPES: readonly QuestionTypeCode[] = [
  QuestionType.EXTERNAL_LINK,
  QuestionType.SHORT_ANSWER,
];

/** Audit status (docs/spec.md §4): 0 not started, 1 under review, 2 passed, 3 failed, 4 expired. */
export const AuditStatus = {
  NOT_STARTED: 0,
  UNDER_REVIEW: 1,
  PASSED: 2,
  FAILED: 3,
  EXPIRED: 4,
} as const;
export type AuditStatusCode = (typeof AuditStatus)[keyof typeof AuditStatus];
export const AUDIT_STATUSES = [0, 1, 2, 3, 4] as const satisfies readonly AuditStatusCode[];

export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_DEFAULT: Difficulty = 3;

export const QUESTION_OPTION_MIN = 2;
export const QUESTION_OPTION_MAX = 10;
/** Option keys in order: the n-th option is always OPTION_KEYS[n]. */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

export const QUESTION_TAG_MAX = 10;
export const QUESTION_TAG_LENGTH_MAX = 20;
/** Characters per HTML field: the editor's maximum (docs/spec.md §9). */
export const QUESTION_HTML_MAX = 1_000_000;
export const QUESTION_BLANK_MAX = 20;
/** Characters of one accepted answer of a blank. */
export const QUESTION_BLANK_ANSWER_MAX = 200;
/** Accepted answers of one blank. */
export const QUESTION_BLANK_ALTERNATIVES_MAX = 20;
export const QUESTION_LINK_URL_MAX = 2000;
export const QUESTION_AUDIT_REASON_MAX = 500;
/** Ids one batch action may name. */
export const QUESTION_BATCH_MAX = 500;

/** Scores: more than 0, at most this many points, two decimals. */
export const QUESTION_SCORE_MAX = 1000;
export const SCORE_SCALE = 100;
export const QUESTION_SCORE_DEFAULT = 1;
/** Points → stored hundredths (2.5 → 250). */
export const scoreToHundredths = (points: number) => Math.round(points * SCORE_SCALE);
/** Stored hundredths → points (250 → 2.5). */
export const scoreFromHundredths = (hundredths: number) => hundredths / SCORE_SCALE;

/** A blank in a fill-in stem: three or more underscores, counted over the stem's text. */
export const BLANK_MARKER = /_{3,}/g;

/** How many blank markers a text holds (pass text, not HTML: attributes must not count). */
export function countBlankMarkers(text: string): number {
  return text.match(BLANK_MARKER)?.length ?? 0;
}

/** Judgement answers: T true, F false. */
export const JUDGEMENT_ANSWERS = ['T', 'F'] as const;
export type JudgementAnswer = (typeof JUDGEMENT_ANSWERS)[number];

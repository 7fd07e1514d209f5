import { QUESTION_PACKAGE_FORMATS } from './question-import.js';
import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { QUESTION_TAG_MAX, SCORE_SCALE, type QuestionTypeCode } from '../question.js';
import type { CertLevel } from '../structure.js';
import { certLevelSchema } from './base.js';
import { dbId, optionalText, pageQuery } from './common.js';
import { difficultySchema, questionScore, questionTag, questionTypeSchema } from './question.js';

/**
 * Papers (docs/features/papers.md): how an author fills the sections, the group audit, and the limits. Scores
 * travel as points with at most two decimals and are stored as integer hundredths, as in the
 * question bank.
 */
export const PAPER_MODES = ['manual', 'rules', 'blueprint'] as const;
export type PaperMode = (typeof PAPER_MODES)[number];

/** Group audit (docs/spec.md §4). A paper not yet submitted is a draft (null). */
export const PaperAudit = { UNDER_REVIEW: 0, PASSED: 1, FAILED: 2 } as const;
export type PaperAuditCode = (typeof PaperAudit)[keyof typeof PaperAudit];

export const PAPER_NAME_MAX = 200;
export const PAPER_DESCRIPTION_MAX = 2000;
export const PAPER_SECTION_MAX = 20;
export const PAPER_SECTION_TITLE_MAX = 200;
export const PAPER_QUESTION_MAX = 500;
export const PAPER_RULE_MAX = 20;
export const PAPER_RULE_COUNT_MAX = 200;
export const PAPER_BLUEPRINT_TYPES_MAX = 6;
export const PAPER_DURATION_MAX = 24 * 60;
export const PAPER_AUDIT_REASON_MAX = 500;
/** A paper's total may not exceed this many points. */
export const PAPER_TOTAL_MAX = 10_000;

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

const nullableId = z.preprocess((value) => (value === '' ? null : value), dbId.nullish());

/** One difficulty (3) or an inclusive range ([2, 4]); null or missing: any. Read as a range. */
export const ruleDifficulty = z
  .union([difficultySchema, z.tuple([difficultySchema, difficultySchema])])
  .nullish()
  .transform((value): [number, number] | null =>
    value === null || value === undefined
      ? null
      : Array.isArray(value)
        ? [Math.min(value[0], value[1]), Math.max(value[0], value[1])]
        : [value, value],
  );

export const paperRule = z.object({
  type: questionTypeSchema,
  count: z.coerce.number().int().min(1).max(PAPER_RULE_COUNT_MAX),
  /** Points each drawn question is worth. */
  score: questionScore,
  difficulty: ruleDifficulty,
  courseId: nullableId.transform((v) => v ?? null),
  pointId: nullableId.transform((v) => v ?? null),
  tags: z.array(questionTag).max(QUESTION_TAG_MAX).default([]),
});
export type PaperRuleInput = z.output<typeof paperRule>;

export const paperSectionQuestion = z.object({
  questionId: dbId,
  /** Points in this paper; missing: the section's score, else the bank's. */
  score: questionScore.optional(),
});

export const paperSection = z.object({
  title: z.string().trim().min(1).max(PAPER_SECTION_TITLE_MAX),
  description: z.string().trim().max(PAPER_DESCRIPTION_MAX).default(''),
  /** One score for every question of the section; null: each question's own. */
  score: questionScore.nullish().transform((v) => v ?? null),
  questions: z.array(paperSectionQuestion).max(PAPER_QUESTION_MAX).default([]),
  rules: z.array(paperRule).max(PAPER_RULE_MAX).default([]),
});
export type PaperSectionInput = z.output<typeof paperSection>;

export const blueprintType = z.object({
  type: questionTypeSchema,
  count: z.coerce.number().int().min(1).max(PAPER_RULE_COUNT_MAX),
  score: questionScore,
});

export const paperFields = z.object({
  name: z.string().trim().min(1).max(PAPER_NAME_MAX),
  subjectId: dbId,
  level: certLevelSchema,
  description: z.string().trim().max(PAPER_DESCRIPTION_MAX).default(''),
  /** Points needed to pass (0 … the total). */
  passScore: z.coerce
    .number()
    .min(0)
    .max(PAPER_TOTAL_MAX)
    .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') }),
  /** Suggested minutes; an exam sets its own. */
  durationMinutes: z.coerce.number().int().min(1).max(PAPER_DURATION_MAX),
  mode: z.enum(PAPER_MODES),
  /** Rules mode only: no fixed questions; every candidate draws their own set at start. */
  drawPerCandidate: z.boolean().default(false),
  sections: z.array(paperSection).min(1).max(PAPER_SECTION_MAX),
  blueprint: z
    .object({ types: z.array(blueprintType).min(1).max(PAPER_BLUEPRINT_TYPES_MAX) })
    .nullish()
    .transform((v) => v ?? null),
  /** The draw's seed, as drawPaper answered it: the same seed draws the same questions. */
  seed: optionalText(64),
});
export type PaperInput = z.output<typeof paperFields>;
/** A paper as a client sends it (addPaper, updatePaper without the id, drawPaper). */
export type PaperBody = z.input<typeof paperFields>;

export const addPaperBody = paperFields;
export const updatePaperBody = paperFields.extend({ id: dbId });
export type UpdatePaperBody = z.output<typeof updatePaperBody>;

/** drawPaper: the paper being built, and which section to draw (all when missing). */
export const drawPaperBody = paperFields.extend({
  section: z.coerce
    .number()
    .int()
    .min(0)
    .max(PAPER_SECTION_MAX - 1)
    .optional(),
});
export type DrawPaperBody = z.output<typeof drawPaperBody>;

/** swapQuestion: another question for one a rule drew. */
export const swapPaperQuestionBody = paperFields.extend({
  section: z.coerce
    .number()
    .int()
    .min(0)
    .max(PAPER_SECTION_MAX - 1),
  questionId: dbId,
});
export type SwapPaperQuestionBody = z.output<typeof swapPaperQuestionBody>;

export const PAPER_AUDIT_FILTERS = ['draft', '0', '1', '2'] as const;

export const listPaperQuery = pageQuery.extend({
  keyword: optionalText(100),
  subjectId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  level: z.preprocess((v) => (v === '' ? undefined : v), certLevelSchema.optional()),
  /** draft (never submitted), 0 under review, 1 passed, 2 failed. */
  auditStatus: z.preprocess(
    (v) => (v === '' ? undefined : v === undefined ? undefined : String(v)),
    z.enum(PAPER_AUDIT_FILTERS).optional(),
  ),
});
export type ListPaperQuery = z.output<typeof listPaperQuery>;

export const auditPaperBody = z
  .object({
    id: dbId,
    result: z.union([z.literal(PaperAudit.PASSED), z.literal(PaperAudit.FAILED)]),
    reason: z.string().trim().max(PAPER_AUDIT_REASON_MAX).default(''),
  })
  .refine((body) => body.result === PaperAudit.PASSED || body.reason.length > 0, {
    ...schemaMessage('requiredWhenRejecting'),
    path: ['reason'],
  });

// ---------------------------------------------------------------------------------------------
// What the API answers

export interface PaperQuestionView {
  questionId: number;
  /** Points in this paper. */
  score: number;
  type: QuestionTypeCode;
  difficulty: number;
  courseId: number;
  courseName: string;
  pointId: number | null;
  pointName: string | null;
  /** The stem (HTML, sanitized when saved). */
  content: string;
}

export interface PaperSectionView {
  title: string;
  description: string;
  score: number | null;
  rules: PaperRuleInput[];
  questions: PaperQuestionView[];
  /** Points of the section. */
  total: number;
}

export interface PaperListItem {
  id: number;
  name: string;
  subjectId: number;
  subjectName: string;
  level: CertLevel;
  mode: PaperMode;
  drawPerCandidate: boolean;
  questionCount: number;
  total: number;
  passScore: number;
  durationMinutes: number;
  auditStatus: PaperAuditCode | null;
  auditReason: string;
  authorId: number;
  authorName: string;
  updatedAt: string;
}

export interface PaperStatistics {
  byType: { type: QuestionTypeCode; count: number; points: number }[];
  byDifficulty: { difficulty: number; count: number }[];
  byCourse: { courseId: number; name: string; count: number; points: number }[];
  byPoint: {
    pointId: number;
    name: string;
    courseId: number;
    importance: string | null;
    planned: number;
    drawn: number;
  }[];
  questionCount: number;
  total: number;
}

export interface PaperView extends Omit<PaperListItem, 'questionCount' | 'total'> {
  description: string;
  seed: string;
  blueprint: { types: { type: QuestionTypeCode; count: number; score: number }[] } | null;
  sections: PaperSectionView[];
  statistics: PaperStatistics;
}

/** What drawPaper answers: the sections filled, the seed that drew them, and the figures. */
export interface PaperDraw {
  seed: string;
  sections: PaperSectionView[];
  statistics: PaperStatistics;
}

export const exportPaperQuery = z.object({
  /** docx: Word; qti3 / qti22: a QTI 3.0 / 2.2 content package (items and a test); moodleXml. */
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['docx', ...QUESTION_PACKAGE_FORMATS]).default('docx'),
  ),
  /** 1: with each question's answer and explanation. */
  answers: z.preprocess(
    (v) => (v === '' || v === undefined ? 0 : v),
    z.coerce.number().int().min(0).max(1),
  ),
});
export type ExportPaperQuery = z.output<typeof exportPaperQuery>;

/** printPaper: the paper for staff to read or print, with (1) or without (0) its key. */
export const printPaperQuery = z.object({
  answers: z.preprocess(
    (v) => (v === '' || v === undefined ? 0 : v),
    z.coerce.number().int().min(0).max(1),
  ),
});

/** One question's key, for staff only: the answer-key view and printing with the key. */
export interface PaperItemKey {
  /** Choice questions: the keys of the correct options. */
  correctKeys: string[];
  /** Judgement: T or F; short answer and practical tasks: the model answer (HTML); else ''. */
  answer: string;
  /** Fill-in: the accepted answers of each blank. */
  blanks: string[][];
  /** The explanation (HTML). */
  analysis: string;
}

/** A question as printed: what the examinee sees, and its key when asked for. */
export interface PrintItem extends CandidateItem {
  key: PaperItemKey | null;
}

/** printPaper's answer: the header a printed paper needs, and its questions. */
export interface PrintPaper {
  id: number;
  name: string;
  description: string;
  subjectName: string;
  level: CertLevel;
  /** Points. */
  passScore: number;
  durationMinutes: number;
  /** Points. */
  total: number;
  questionCount: number;
  /** A paper drawn per candidate prints one candidate's draw. */
  drawPerCandidate: boolean;
  withKey: boolean;
  sections: { title: string; description: string; total: number; items: PrintItem[] }[];
}

// ---------------------------------------------------------------------------------------------
// Exam notices (考试须知)

export const INSTRUCTION_TITLE_MAX = 200;
/** Characters of the body's HTML: the editor's maximum (docs/spec.md §9). */
export const INSTRUCTION_BODY_MAX = 1_000_000;
export const INSTRUCTION_READ_SECONDS_MAX = 3600;
export const INSTRUCTION_SUBJECTS_MAX = 200;

const instructionFields = z.object({
  title: z.string().trim().min(1).max(INSTRUCTION_TITLE_MAX),
  /** Rich text: sanitized when saved. */
  body: z.string().max(INSTRUCTION_BODY_MAX),
  /** True: for every job type; false: for `subjectIds` only. */
  allSubjects: z.boolean().default(true),
  subjectIds: z.array(dbId).max(INSTRUCTION_SUBJECTS_MAX).default([]),
  /** Seconds an examinee reads it before Start is allowed; 0: none. */
  minReadSeconds: z.coerce.number().int().min(0).max(INSTRUCTION_READ_SECONDS_MAX).default(0),
  enabled: z.boolean().default(true),
});

const scopeNamed = <T extends { allSubjects: boolean; subjectIds: number[] }>(body: T) =>
  body.allSubjects || body.subjectIds.length > 0;

export const addInstructionBody = instructionFields.refine(scopeNamed, {
  ...schemaMessage('instructionNeedsSubjects'),
  path: ['subjectIds'],
});
export type InstructionInput = z.output<typeof addInstructionBody>;
export const updateInstructionBody = instructionFields
  .extend({ id: dbId })
  .refine(scopeNamed, { ...schemaMessage('instructionNeedsSubjects'), path: ['subjectIds'] });
export type UpdateInstructionBody = z.output<typeof updateInstructionBody>;

export const listInstructionQuery = pageQuery.extend({
  keyword: optionalText(100),
  /** Notices that apply to this job type (every-job-type notices included). */
  subjectId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  enabled: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === '1' || v === true),
    z.boolean().optional(),
  ),
});
export type ListInstructionQuery = z.output<typeof listInstructionQuery>;

export interface InstructionView {
  id: number;
  title: string;
  body: string;
  allSubjects: boolean;
  subjectIds: number[];
  subjectNames: string[];
  minReadSeconds: number;
  enabled: boolean;
  authorId: number;
  authorName: string;
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// What an examinee receives: never a key, an analysis, accepted blanks or which option is right.

export interface CandidateItem {
  itemId: string;
  type: QuestionTypeCode;
  /** The stem (sanitized HTML). */
  content: string;
  /** Choice questions: keys and contents only. */
  options: { key: string; content: string }[];
  /** Fill-in questions: how many blanks to answer. */
  blankCount: number;
  /** External-link tasks: the address the task opens. */
  linkUrl: string;
  /** Points. */
  score: number;
}

export interface CandidatePaper {
  name: string;
  durationMinutes: number;
  /** Points. */
  total: number;
  sections: { title: string; description: string; items: CandidateItem[] }[];
}

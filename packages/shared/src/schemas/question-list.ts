import { z } from 'zod';
import {
  QUESTION_AUDIT_REASON_MAX,
  QUESTION_BATCH_MAX,
  type AuditStatusCode,
  type QuestionTypeCode,
} from '../question.js';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId, flagInput, idList, optionalText, pageQuery } from './common.js';
import {
  auditStatusSchema,
  certLevel,
  difficultySchema,
  emptyToUndefined,
  questionTypeSchema,
} from './question-base.js';

// ---------------------------------------------------------------------------------------------
// List, batch actions

export const QUESTION_SORT_FIELDS = [
  'id',
  'difficulty',
  'score',
  'updatedAt',
  'auditStatus',
] as const;
export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];

const optionalId = z.preprocess(emptyToUndefined, dbId.optional());
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

/** The list's filters (no paging): also what export takes. */
export const questionFilters = z.object({
  type: optional(questionTypeSchema),
  subjectId: optionalId,
  level: optional(certLevel),
  courseId: optionalId,
  pointId: optionalId,
  difficulty: optional(difficultySchema),
  auditStatus: optional(auditStatusSchema),
  /** 0 questions in use (default), 1 retired ones. */
  retired: z.preprocess(emptyToUndefined, flagInput.default(0)),
  /** Part of the stem's text, a tag or the analysis' text. */
  keyword: optionalText(100),
  /** A whitelisted field, then the id in the same direction. */
  sortField: z.preprocess(emptyToUndefined, z.enum(QUESTION_SORT_FIELDS).default('id')),
  sortOrder: z.preprocess(emptyToUndefined, z.enum(['ascend', 'descend']).default('descend')),
});
export type QuestionFilters = z.infer<typeof questionFilters>;

export const listQuestionQuery = pageQuery.extend(questionFilters.shape);
export type ListQuestionQuery = z.infer<typeof listQuestionQuery>;

export const QUESTION_BATCH_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'retire',
  'restore',
  'delete',
] as const;
export type QuestionBatchAction = (typeof QUESTION_BATCH_ACTIONS)[number];

export const batchQuestionBody = z
  .object({
    ids: idList(QUESTION_BATCH_MAX).refine((ids) => ids.length > 0, {
      ...schemaMessage('atLeastOne'),
    }),
    action: z.enum(QUESTION_BATCH_ACTIONS, {
      message: `must be one of ${QUESTION_BATCH_ACTIONS.join(', ')}`,
    }),
    /** The reject reason (required for reject, ignored otherwise). */
    reason: z.string().trim().max(QUESTION_AUDIT_REASON_MAX).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'reject' && value.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], ...schemaMessage('requiredWhenRejecting') });
    }
  });
export type BatchQuestionBody = z.infer<typeof batchQuestionBody>;

export interface QuestionBatchResult {
  succeeded: number[];
  /** Each refused id with why (English), e.g. "you cannot review your own question". */
  failed: { id: number; message: string }[];
}

export interface QuestionOptionView {
  key: string;
  content: string;
  correct: boolean;
}

export interface QuestionView {
  id: number;
  type: QuestionTypeCode;
  content: string;
  /** Choice types only; [] otherwise. */
  options: QuestionOptionView[];
  /** 'B', 'ACD', 'T'/'F', marking guide or model answer HTML, '' for fill-in. */
  answer: string;
  /** Fill-in: the accepted answers of each blank; [] otherwise. */
  blanks: string[][];
  /** External link: the task's address; '' otherwise. */
  linkUrl: string;
  analysis: string;
  /** Points, two decimals at most. */
  score: number;
  difficulty: number;
  subjectId: number;
  subjectName: string;
  level: number;
  courseId: number;
  courseName: string;
  pointId: number | null;
  pointName: string;
  tags: string[];
  auditStatus: AuditStatusCode;
  /** The reject reason while the status is 3 failed; '' otherwise. */
  auditReason: string;
  retired: boolean;
  authorId: number;
  authorName: string;
  reviewerId: number | null;
  reviewerName: string;
  reviewedAt: string | null;
  /** Papers that hold the question. */
  usedInPapers: number;
  createdAt: string;
  updatedAt: string;
}

import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { SCORE_SCALE } from '../question.js';
import { itemIdSchema } from './attempt.js';
import { dbId, idList, optionalInt, pageQuery } from './common.js';

/**
 * Marking (docs/features/marking.md): the plan per exam, the blind desk (one leased answer at a time), double
 * marking with arbitration, and the score log. Scores travel in points (2.5) and are stored in
 * hundredths.
 */

export const MARKING_BASE = '/api/kaoshi-marking/marking';
/** How long "Next" holds an answer for its marker; an abandoned one then returns to the pool. */
export const MARKING_LEASE_MS = 5 * 60_000;
/** Characters of a marker's or an arbiter's comment. */
export const MARKING_COMMENT_MAX = 2000;
/** Markers one question may have. */
export const MARKERS_PER_ITEM_MAX = 200;

export const MARKING_MODES = ['question', 'candidate'] as const;
export type MarkingMode = (typeof MARKING_MODES)[number];

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

/** Points, 0 or more, with at most two decimals. */
const points = z.coerce
  .number()
  .min(0)
  .max(1000)
  .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') });

export const setMarkingPlanBody = z.object({
  examId: dbId,
  mode: z.enum(MARKING_MODES),
  /** Two different markers per answer. */
  double: z.boolean(),
  /** Points: the widest gap between the two marks that still agrees. */
  tolerance: points,
  /** Points: every mark is a multiple of it (0.5 allows 0, 0.5, 1, …). */
  step: z.coerce
    .number()
    .gt(0)
    .max(1000)
    .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') }),
  /** Percent of a question's answers the group audit samples. */
  auditShare: z.coerce.number().int().min(0).max(100),
  assignments: z
    .array(z.object({ itemId: itemIdSchema, markerIds: idList(MARKERS_PER_ITEM_MAX) }))
    .max(500),
});
export type SetMarkingPlanBody = z.infer<typeof setMarkingPlanBody>;

/**
 * "Next". Marking by question: `itemId` names the question (required). Marking by candidate: the
 * marker's questions are handed candidate by candidate (every one of theirs of a candidate
 * before the next); `itemId`, when given, is taken first within the candidate.
 */
export const nextAnswerBody = z.object({ examId: dbId, itemId: itemIdSchema.optional() });

/** A marker's score, or an arbiter's final one. */
export const scoreAnswerBody = z.object({
  answerId: dbId,
  score: points,
  comment: z.string().trim().max(MARKING_COMMENT_MAX).default(''),
});
export type ScoreAnswerBody = z.infer<typeof scoreAnswerBody>;

/** docs/spec.md §4 group audit. */
export const MarkingAudit = { UNDER_REVIEW: 0, PASSED: 1, FAILED: 2 } as const;
export type MarkingAuditState = (typeof MarkingAudit)[keyof typeof MarkingAudit];

/** A chief passes a question's marking (1) or fails it with a reason (2: back to marking). */
export const auditGroupBody = z
  .object({
    examId: dbId,
    itemId: itemIdSchema,
    result: z.union([z.literal(MarkingAudit.PASSED), z.literal(MarkingAudit.FAILED)]),
    reason: z.string().trim().max(MARKING_COMMENT_MAX).default(''),
  })
  .refine((body) => body.result === MarkingAudit.PASSED || body.reason.length > 0, {
    ...schemaMessage('requiredWhenRejecting'),
    path: ['reason'],
  });
export type AuditGroupBody = z.infer<typeof auditGroupBody>;

export const auditSampleQuery = z.object({ examId: dbId, itemId: itemIdSchema });

/** A question's group audit of the current cycle, with its sample for the chief to read. */
export interface AuditSampleView {
  examId: number;
  itemId: string;
  cycle: number;
  state: MarkingAuditState;
  reason: string;
  sample: {
    answerId: number;
    anonCode: string;
    value: string | string[];
    /** Points. */
    final: number | null;
    marks: { markerId: number; score: number; comment: string }[];
  }[];
}

/**
 * A corrected key for one question of an exam's paper version: option keys ('B', 'AC'), 'T' or
 * 'F', accepted answers per blank for fill-in, or the model answer of a marked question.
 */
export const correctKeyBody = z.object({
  examId: dbId,
  itemId: itemIdSchema,
  answer: z.union([
    z.string().trim().min(1).max(20_000),
    z
      .array(z.array(z.string().trim().min(1).max(200)).min(1).max(20))
      .min(1)
      .max(20),
  ]),
  reason: z.string().trim().min(1).max(MARKING_COMMENT_MAX),
});
export type CorrectKeyBody = z.infer<typeof correctKeyBody>;

export interface KeyCorrectionResult {
  examId: number;
  itemId: string;
  /** Attempts whose score changed. */
  rescored: number;
}

/** Withdrawing a release says why (kept in the release log). */
export const withdrawScoresBody = z.object({
  reason: z.string().trim().min(1).max(MARKING_COMMENT_MAX),
});

export interface ReleaseView {
  examId: number;
  releasedAt: string | null;
  /** Oldest first; `userName`: the nickname or sign-in name ('' when the user is gone). */
  history: {
    action: 'release' | 'withdraw';
    reason: string;
    userId: number;
    userName: string;
    at: string;
  }[];
}

export const listArbitrationQuery = pageQuery.extend({ examId: optionalInt(z.number().int()) });
export const listScoreLogQuery = pageQuery.extend({
  examId: dbId,
  answerId: optionalInt(z.number().int()),
});
/** exportScoreLog: the exam's whole score log as .xlsx (GET `${MARKING_BASE}/exportScoreLog?examId=N`). */
export const exportScoreLogQuery = z.object({ examId: dbId });

export interface MarkingPlanView {
  examId: number;
  mode: MarkingMode;
  double: boolean;
  tolerance: number;
  step: number;
  auditShare: number;
  assignments: { itemId: string; markerIds: number[] }[];
}

/** An exam a marker may work on: their questions, with what is left. */
export interface MarkingExamView {
  examId: number;
  name: string;
  endAt: string;
  released: boolean;
  plan: MarkingPlanView | null;
  /** The signed-in user's questions (all of them for whoever may set plans). */
  itemIds: string[];
}

export interface MarkingItemProgress {
  itemId: string;
  /** The title of the question's section, as the paper names it; empty when it has none. */
  sectionTitle: string;
  type: number;
  /** Points. */
  fullScore: number;
  answers: number;
  marked: number;
  inProgress: number;
  arbitration: number;
  markers: { markerId: number; name: string; marks: number }[];
  /** docs/spec.md §4 group audit of the current cycle; null: not yet audited. */
  audit: 0 | 1 | 2 | null;
}

export interface MarkingProgressView {
  examId: number;
  name: string;
  candidates: number;
  submitted: number;
  absent: number;
  objectiveScored: number;
  released: boolean;
  endAt: string;
  /** The window has ended (the server's clock): scores may be released once marking is done. */
  closed: boolean;
  plan: MarkingPlanView | null;
  items: MarkingItemProgress[];
}

/**
 * One answer on the marking desk. Blind: an anonymous code, never the candidate's name,
 * ticket, batch or any id that leads to them.
 */
export interface DeskAnswer {
  answerId: number;
  anonCode: string;
  itemId: string;
  type: number;
  /** Points. */
  fullScore: number;
  step: number;
  content: string;
  /** The model answer or key, and the analysis: markers may see them. */
  modelAnswer: string;
  analysis: string;
  linkUrl: string;
  /** What the candidate answered (text; blanks for fill-in). */
  value: string | string[];
  /** The marker's own earlier mark of this cycle, when revising. */
  myScore: number | null;
  myComment: string;
  leaseUntil: string | null;
}

export interface NextAnswerResult {
  /** In candidate mode it may be of any of the marker's questions: see its itemId. */
  answer: DeskAnswer | null;
  /**
   * Answers of the question still to be marked by someone (this marker's share included); in
   * candidate mode, of all the marker's questions.
   */
  left: number;
  /** Marks this marker has given on the question (candidate mode: their questions) this cycle. */
  mine: number;
}

export interface ScoreAnswerResult {
  answerId: number;
  /** Points, once the answer's score is final (null: waits for a second mark or arbitration). */
  final: number | null;
  arbitration: boolean;
  /**
   * Double marking: the outcome is withheld (final null, arbitration false) from the marker,
   * since it depends on the other marker's score.
   */
  blind: boolean;
}

export interface ArbitrationView {
  answerId: number;
  anonCode: string;
  examId: number;
  itemId: string;
  fullScore: number;
  content: string;
  modelAnswer: string;
  value: string | string[];
  marks: { markerId: number; score: number; comment: string }[];
}

export interface ScoreLogEntry {
  id: number;
  examId: number;
  answerId: number | null;
  itemId: string;
  anonCode: string | null;
  kind: string;
  oldScore: number | null;
  newScore: number | null;
  reason: string;
  userId: number;
  createdAt: string;
}

/** listMarkers: how many users one search answers (narrow with a keyword beyond that). */
export const MARKER_OPTIONS_MAX = 100;

/** listMarkers (MARKINGPAPERS-ARBITRATE): a keyword in the nickname or the sign-in name. */
export const listMarkersQuery = z.object({ keyword: z.string().trim().max(50).default('') });

/** A user who may mark: enabled, holding MARKINGPAPERS through a role (or SUPER_ADMIN). */
export interface MarkerOption {
  id: number;
  nickName: string;
  /** The sign-in name. */
  name: string;
}

/** A key as the key-correction dialog reads it (the shape of paper.ts's PaperItemKey). */
export interface KeyItemKey {
  /** Single and multiple choice: the keys of the correct options. */
  correctKeys: string[];
  /** Judgement: T or F; else ''. */
  answer: string;
  /** Fill-in: the accepted answers of each blank. */
  blanks: string[][];
}

/** One key correction of a question, oldest first. */
export interface KeyCorrectionEntry {
  key: KeyItemKey;
  reason: string;
  at: string;
  userId: number;
  /** The corrector's nickname or sign-in name ('' when the user is gone). */
  userName: string;
  rescored: number;
}

/**
 * listKeyItems (PUBLISHMANAGE): an objective question of the exam's paper version, numbered as
 * the version numbers it, with the key in force (the version's, or its latest correction).
 */
export interface KeyItemView {
  itemId: string;
  /** 1-based part of the paper. */
  section: number;
  sectionTitle: string;
  /** 1-based place in its part; null for a question of a pool drawn per candidate. */
  number: number | null;
  type: number;
  /** The stem (HTML, sanitized when the question was saved). */
  content: string;
  options: { key: string; content: string }[];
  blankCount: number;
  /** Points; null for a pool question (its rule's score, per candidate). */
  fullScore: number | null;
  key: KeyItemKey;
  corrections: KeyCorrectionEntry[];
}

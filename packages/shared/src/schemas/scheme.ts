import { z } from 'zod';
import { SCORE_SCALE } from '../question.js';
import { schemaMessage } from '../messages/server-messages.js';
import type { CertLevel } from '../structure.js';
import { certLevelSchema } from './base.js';
import { dbId, pageQuery } from './common.js';

// Certification schemes (认定方案): per job type and level, the components a certificate needs.

/** Theory knowledge exam (理论知识考试), skills operation (操作技能考核), comprehensive review (综合评审). */
export const SCHEME_COMPONENT_KINDS = ['theory', 'skills', 'review'] as const;
export type SchemeComponentKind = (typeof SCHEME_COMPONENT_KINDS)[number];

export const SCHEME_VALIDITY_MONTHS_MAX = 120;
export const SCHEME_SCORE_MAX = 1000;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

/** Points, more than 0, with at most two decimals. */
const points = (fallback: number) =>
  z.coerce
    .number()
    .gt(0)
    .max(SCHEME_SCORE_MAX)
    .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') })
    .default(fallback);

/** One component as a client sends it; scores are points (stored as hundredths). */
export const schemeComponentInput = z.object({
  kind: z.enum(SCHEME_COMPONENT_KINDS),
  fullScore: points(100),
  passScore: points(60),
  required: z.boolean().default(true),
});
export type SchemeComponentInput = z.output<typeof schemeComponentInput>;

const schemeFields = {
  subjectId: dbId,
  level: certLevelSchema,
  /** How long a passed component stays valid for a make-up of the others. */
  validityMonths: z.coerce.number().int().min(1).max(SCHEME_VALIDITY_MONTHS_MAX).default(12),
  /** In the order shown; the rules between them (one required theory, no kind twice) are the server's. */
  components: z.array(schemeComponentInput).min(1).max(SCHEME_COMPONENT_KINDS.length),
};

export const addSchemeBody = z.object(schemeFields);
export type AddSchemeBody = z.output<typeof addSchemeBody>;
export type SchemeBody = z.input<typeof addSchemeBody>;

/** Replaces the components: a kind kept keeps its id (exams and assessments name it). */
export const updateSchemeBody = z.object({ id: dbId, ...schemeFields });
export type UpdateSchemeBody = z.output<typeof updateSchemeBody>;

export const listSchemeQuery = pageQuery.extend({
  subjectId: z.preprocess(emptyToUndefined, dbId.optional()),
  level: z.preprocess(emptyToUndefined, certLevelSchema.optional()),
});
export type ListSchemeQuery = z.output<typeof listSchemeQuery>;

export interface SchemeComponentView {
  id: number;
  kind: SchemeComponentKind;
  /** Points. */
  fullScore: number;
  passScore: number;
  required: boolean;
  sort: number;
}

/** What counts for a scheme's component: an exam or a skills assessment. */
export interface SchemeUserView {
  id: number;
  name: string;
  kind: SchemeComponentKind;
}

export interface SchemeView {
  id: number;
  subjectId: number;
  subjectName: string;
  level: CertLevel;
  validityMonths: number;
  components: SchemeComponentView[];
  /** The exams and assessments counting for its components (deleting is refused while any). */
  exams: SchemeUserView[];
  assessments: SchemeUserView[];
  createdAt: string;
  updatedAt: string;
}

// Certification results (issue 26 §4): per candidate and scheme, each component's best valid result.

export const listCertificationQuery = pageQuery.extend({
  /** The job type (subjects.id). */
  subjectId: z.preprocess(emptyToUndefined, dbId.optional()),
  level: z.preprocess(emptyToUndefined, certLevelSchema.optional()),
  /** The registration batch (classes.id). */
  classId: z.preprocess(emptyToUndefined, dbId.optional()),
});
export type ListCertificationQuery = z.output<typeof listCertificationQuery>;

/** certified: every required part passed within the window; failed: a required part's best is a fail. */
export const CERTIFICATION_STATUSES = ['certified', 'failed', 'pending'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export interface CertificationComponentResult {
  componentId: number;
  kind: SchemeComponentKind;
  required: boolean;
  /** Points on the component's scale; null: no valid result. */
  score: number | null;
  fullScore: number;
  passScore: number;
  passed: boolean | null;
  finalAt: string | null;
  /** The exam or assessment the result comes from. */
  source: string | null;
}

export interface CertificationRowView {
  studentId: number;
  name: string;
  ticketNumber: string;
  className: string;
  schemeId: number;
  subjectName: string;
  level: CertLevel;
  components: CertificationComponentResult[];
  status: CertificationStatus;
  /** The required kinds whose best valid result is a fail (status 'failed'). */
  failed: SchemeComponentKind[];
}

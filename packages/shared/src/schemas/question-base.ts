import { z } from 'zod';
import {
  AUDIT_STATUSES,
  DIFFICULTIES,
  QUESTION_HTML_MAX,
  QUESTION_LINK_URL_MAX,
  QUESTION_SCORE_MAX,
  QUESTION_TAG_LENGTH_MAX,
  QUESTION_TYPES,
  SCORE_SCALE,
  type AuditStatusCode,
  type Difficulty,
  type QuestionTypeCode,
} from '../question.js';
import { schemaMessage } from '../messages/server-messages.js';
import { CERT_LEVELS, type CertLevel } from '../structure.js';

// The field schemas every question schema builds on (add, list filters, import).
export const emptyToUndefined = (value: unknown) =>
  value === '' || value === null ? undefined : value;

const oneOf = <T extends number>(values: readonly T[]) =>
  z.coerce
    .number()
    .int()
    .refine((value) => (values as readonly number[]).includes(value), {
      ...schemaMessage('oneOf', { values: values.join(', ') }),
    })
    .transform((value) => value as T);

export const questionTypeSchema = oneOf<QuestionTypeCode>(QUESTION_TYPES);
export const auditStatusSchema = oneOf<AuditStatusCode>(AUDIT_STATUSES);
export const difficultySchema = oneOf<Difficulty>(DIFFICULTIES);
export const certLevel = oneOf<CertLevel>(CERT_LEVELS);

/** Points, more than 0, at most QUESTION_SCORE_MAX, with at most two decimals (2, 2.5, 0.25). */
export const questionScore = z.coerce
  .number()
  .gt(0)
  .max(QUESTION_SCORE_MAX)
  .refine((value) => Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6, {
    ...schemaMessage('atMostTwoDecimals'),
  });

export const html = z.string().max(QUESTION_HTML_MAX);

export const questionTag = z.string().trim().min(1).max(QUESTION_TAG_LENGTH_MAX);

/** An http(s) URL without spaces, or ''. */
export const questionLinkUrl = z
  .string()
  .trim()
  .max(QUESTION_LINK_URL_MAX)
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), {
    ...schemaMessage('httpUrl'),
  });

import { z } from 'zod';
import {
  ID_TYPES,
  IdType,
  checkIdNumber,
  normaliseIdNumber,
  type IdNumberProblem,
  type IdTypeCode,
} from '../identity.js';
import {
  CERT_LEVELS,
  IMPORTANCE,
  KnowledgeType,
  WEIGHT_SCALE,
  type CertLevel,
  type Importance,
} from '../structure.js';
import { schemaMessage, type MessageKey } from '../messages/server-messages.js';
import { dbId, flagInput, idList, optionalInt, optionalText, pageQuery } from './common.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A certification level 5 (junior) … 1 (senior technician); a string from a query or form. */
export const certLevelSchema = z.coerce
  .number()
  .int()
  .refine(
    (value) => (CERT_LEVELS as readonly number[]).includes(value),
    schemaMessage('oneOf', { values: CERT_LEVELS.join(', ') }),
  )
  .transform((value) => value as CertLevel);

const sort = z.coerce.number().int().min(0).max(100000).default(0);

/** Codes of courses and appraisal points, e.g. "01", "1.2.3", "A-01". */
export const knowledgeCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .refine(
    (value) => /^[A-Za-z0-9._-]+$/.test(value),
    schemaMessage('onlyCharacters', { chars: '_ . -' }),
  );

/** Percent (0 to 100) with at most two decimals; stored in hundredths (see WEIGHT_SCALE). */
export const weightPercent = z.coerce
  .number()
  .min(0)
  .max(100)
  .refine(
    (value) => Math.abs(value * WEIGHT_SCALE - Math.round(value * WEIGHT_SCALE)) < 1e-6,
    schemaMessage('atMostTwoDecimals'),
  );

/** Percent → stored hundredths of a percent. */
export const weightFromPercent = (percent: number) => Math.round(percent * WEIGHT_SCALE);
/** Stored hundredths of a percent → percent with two decimals (3550 → 35.5). */
export const percentFromWeight = (weight: number) => weight / WEIGHT_SCALE;

// ---------------------------------------------------------------------------------------------
// Courses (knowledge type cn) and appraisal points (type kn)

export const listKnowledgeTreeQuery = z.object({ subjectId: dbId, level: certLevelSchema });
export type ListKnowledgeTreeQuery = z.infer<typeof listKnowledgeTreeQuery>;

const knowledgeText = {
  code: knowledgeCode,
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(1000).optional(),
  sort,
};

const courseFields = { type: z.literal(KnowledgeType.COURSE), ...knowledgeText };
const pointFields = {
  type: z.literal(KnowledgeType.POINT),
  /** The course this appraisal point belongs to: same job type and level. */
  parentId: dbId,
  importance: z.enum(IMPORTANCE),
  weight: weightPercent,
  ...knowledgeText,
};

/** A course (type cn) or an appraisal point (type kn) of one job type and level. */
export const addKnowledgeBody = z.discriminatedUnion('type', [
  z.object({ subjectId: dbId, level: certLevelSchema, ...courseFields }),
  z.object({ subjectId: dbId, level: certLevelSchema, ...pointFields }),
]);
export type AddKnowledgeBody = z.infer<typeof addKnowledgeBody>;

/** Job type and level never change (questions will hang off knowledge); the type must match. */
export const updateKnowledgeBody = z.discriminatedUnion('type', [
  z.object({ id: dbId, ...courseFields }),
  z.object({ id: dbId, ...pointFields }),
]);
export type UpdateKnowledgeBody = z.infer<typeof updateKnowledgeBody>;

export interface KnowledgeView {
  id: number;
  subjectId: number;
  level: number;
  /** 'cn' course, 'kn' appraisal point. */
  type: string;
  /** The course of an appraisal point; null for a course. */
  parentId: number | null;
  code: string;
  name: string;
  /** Appraisal points: X core, Y general, Z auxiliary; null for a course. */
  importance: Importance | null;
  /** Appraisal points: share of the course in percent, two decimals (35.5); 0 for a course. */
  weight: number;
  description: string;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

/** A course with its appraisal points and the sum of their weights (percent, at most 100). */
export interface CourseNode extends KnowledgeView {
  weightSum: number;
  children: KnowledgeView[];
}

// ---------------------------------------------------------------------------------------------
// Students (examinees)

const ID_FORMAT_MESSAGE: Record<IdTypeCode, MessageKey> = {
  [IdType.RESIDENT_ID]: 'idResidentFormat',
  [IdType.PASSPORT]: 'idPassportFormat',
  [IdType.HK_MACAO_TAIWAN_PERMIT]: 'idPermitFormat',
  [IdType.OTHER]: 'idOtherFormat',
};

/** The catalogue message of what is wrong with an identity number. */
export function idNumberProblemMessage(type: IdTypeCode, problem: IdNumberProblem): MessageKey {
  if (problem === 'birthDate') return 'idBirthDate';
  if (problem === 'checksum') return 'idChecksum';
  return ID_FORMAT_MESSAGE[type];
}

export const idTypeSchema = z.coerce
  .number()
  .int()
  .refine(
    (value) => (ID_TYPES as readonly number[]).includes(value),
    schemaMessage('oneOf', { values: ID_TYPES.join(', ') }),
  )
  .transform((value) => value as IdTypeCode);

/** Chinese mainland mobile number, or empty. */
export const mobilePhone = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || /^1[3-9]\d{9}$/.test(value), schemaMessage('mobilePhone'));

const photoUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(value),
    schemaMessage('httpUrlOrPath'),
  );

export const GENDERS = [0, 1, 2] as const;
const gender = z.coerce
  .number()
  .int()
  .refine((value) => (GENDERS as readonly number[]).includes(value), schemaMessage('gender'));

export const STUDENT_NAME_MAX = 50;

/** The fields of one student as a form or a spreadsheet row gives them (before checks). */
export const studentFields = z.object({
  name: z.string().trim().min(1).max(STUDENT_NAME_MAX),
  gender: gender.default(0),
  idType: idTypeSchema.default(IdType.RESIDENT_ID),
  idNumber: z.string().trim().min(1).max(32).transform(normaliseIdNumber),
  phone: mobilePhone.default(''),
  email: z.union([z.literal(''), z.email().max(100)]).default(''),
  /** The registration batch: it gives the student's job type and level. */
  classId: dbId,
  photo: photoUrl.default(''),
  status: flagInput.default(1),
});

/** The identity number checked by its document type's rule; the message names the problem. */
const checkedIdNumber = <T extends { idType: IdTypeCode; idNumber: string }>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  // Runs even when another field failed: only judge a number whose document type is known.
  if (!ID_TYPES.includes(value.idType) || typeof value.idNumber !== 'string') return;
  const problem = checkIdNumber(value.idType, value.idNumber);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: ['idNumber'],
      ...schemaMessage(idNumberProblemMessage(value.idType, problem)),
    });
  }
};

/** One student, checked: what add, update and a future import all validate with. */
export const studentInput = studentFields.superRefine(checkedIdNumber);
export type StudentInput = z.infer<typeof studentInput>;

export const addStudentBody = studentInput;
export type AddStudentBody = StudentInput;

export const updateStudentBody = studentFields.extend({ id: dbId }).superRefine(checkedIdNumber);
export type UpdateStudentBody = z.infer<typeof updateStudentBody>;

/** Columns the student list may be sorted by (a whitelist: never a column name from the client). */
export const STUDENT_ORDER_FIELDS = [
  'id',
  'name',
  'ticketNumber',
  'idNumber',
  'className',
  'status',
  'createdAt',
] as const;
export type StudentOrderField = (typeof STUDENT_ORDER_FIELDS)[number];

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(emptyToUndefined, dbId.optional());

export const listStudentQuery = pageQuery.extend({
  /** Part of the name, ticket number, identity number or phone. */
  keyword: optionalText(50),
  schoolId: optionalId,
  departmentId: optionalId,
  subjectId: optionalId,
  level: z.preprocess(emptyToUndefined, certLevelSchema.optional()),
  classId: optionalId,
  status: optionalInt(z.number().int().min(0).max(1)),
  /** A whitelisted field, then the id in the same direction. */
  orderBy: z.preprocess(emptyToUndefined, z.enum(STUDENT_ORDER_FIELDS).default('id')),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('asc')),
});
export type ListStudentQuery = z.infer<typeof listStudentQuery>;

/** Batch actions act on at most this many students at once. */
export const STUDENT_BATCH_MAX = 1000;
const studentIds = idList(STUDENT_BATCH_MAX).refine(
  (ids) => ids.length > 0,
  schemaMessage('atLeastOne'),
);

export const batchMoveStudentsBody = z.object({ ids: studentIds, classId: dbId });
export const batchResetStudentPasswordBody = z.object({ ids: studentIds });
export const batchSetStudentStatusBody = z.object({ ids: studentIds, status: flagInput });

export interface StudentView {
  id: number;
  userId: number;
  name: string;
  gender: number;
  idType: number;
  idNumber: string;
  phone: string;
  email: string;
  /** Exam ticket number: also the student's username; never changes. */
  ticketNumber: string;
  photo: string;
  status: number;
  classId: number;
  className: string;
  level: number;
  subjectId: number;
  subjectName: string;
  departmentId: number;
  departmentName: string;
  schoolId: number;
  schoolName: string;
  createdAt: string;
  updatedAt: string;
}

/** What a batch action did: how many students it changed. */
export interface BatchResult {
  count: number;
}

/** resetStudentPassword: each student's new initial password, shown this once. */
export interface ResetStudentPasswordsResult extends BatchResult {
  accounts: { id: number; ticketNumber: string; name: string; initialPassword: string }[];
}

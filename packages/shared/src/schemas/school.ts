import { z } from 'zod';
import { FIELD_LABELS, schemaMessage } from '../messages/server-messages.js';
import { CERT_LEVELS, ClassStatus, type CertLevel } from '../structure.js';
import { dbId, flagInput, idList, optionalText, pageQuery } from './common.js';

/** Codes of projects, categories, job types and batches, e.g. a national occupation code "4-01-02-01". */
export const structureCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .refine(
    (value) => /^[A-Za-z0-9_-]+$/.test(value),
    schemaMessage('onlyCharacters', { chars: '- _' }),
  );

const structureName = z.string().trim().min(1).max(100);
const description = z.string().trim().max(1000).optional();
const sort = z.coerce.number().int().min(0).max(100000).optional();
/** 1 active, 0 disabled. */
const status = flagInput.optional();

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(emptyToUndefined, dbId.optional());

export const isCertLevel = (value: number): value is CertLevel =>
  (CERT_LEVELS as readonly number[]).includes(value);

const certLevel = z.coerce
  .number()
  .int()
  .refine(isCertLevel, schemaMessage('oneOf', { values: CERT_LEVELS.join(', ') }))
  .transform((value) => value as CertLevel);

/** [5, 4, 3] or "5,4,3" → unique levels, highest number (junior) first; at least one. */
export const certLevels = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : value,
  z
    .array(certLevel)
    .min(1)
    .max(CERT_LEVELS.length)
    .transform((levels) => [...new Set(levels)].sort((a, b) => b - a)),
);

/** Ordering of a list: a whitelisted field, then the id in the same direction. */
const ordering = <const T extends readonly [string, ...string[]]>(fields: T) => ({
  orderBy: z.preprocess(emptyToUndefined, z.enum(fields).optional()),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
});

const keyword = optionalText(100);

// Exam projects (考试项目).

const schoolFields = {
  name: structureName,
  code: structureCode,
  organiser: z.string().trim().max(100).optional(),
  contact: z.string().trim().max(100).optional(),
  description,
  status,
  sort,
};

export const addSchoolBody = z.object(schoolFields);
export type AddSchoolBody = z.infer<typeof addSchoolBody>;

export const updateSchoolBody = z.object({ id: dbId, ...schoolFields });
export type UpdateSchoolBody = z.infer<typeof updateSchoolBody>;

export const SCHOOL_ORDER_FIELDS = ['sort', 'name', 'code', 'createdAt'] as const;
export const listSchoolQuery = pageQuery.extend({
  /** Matches name or code. */
  keyword,
  status: z.preprocess(emptyToUndefined, status),
  ...ordering(SCHOOL_ORDER_FIELDS),
});
export type ListSchoolQuery = z.infer<typeof listSchoolQuery>;

export const schoolSelectQuery = z.object({ status: z.preprocess(emptyToUndefined, status) });
export type SchoolSelectQuery = z.infer<typeof schoolSelectQuery>;

export interface SchoolView {
  id: number;
  name: string;
  code: string;
  organiser: string;
  contact: string;
  description: string;
  status: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

// Job-type categories (职业类别).

const departmentFields = {
  schoolId: dbId,
  name: structureName,
  code: structureCode,
  description,
  status,
  sort,
};

export const addDepartmentBody = z.object(departmentFields);
export type AddDepartmentBody = z.infer<typeof addDepartmentBody>;

export const updateDepartmentBody = z.object({ id: dbId, ...departmentFields });
export type UpdateDepartmentBody = z.infer<typeof updateDepartmentBody>;

export const DEPARTMENT_ORDER_FIELDS = ['sort', 'name', 'code', 'createdAt'] as const;
export const listDepartmentQuery = pageQuery.extend({
  schoolId: optionalId,
  keyword,
  status: z.preprocess(emptyToUndefined, status),
  ...ordering(DEPARTMENT_ORDER_FIELDS),
});
export type ListDepartmentQuery = z.infer<typeof listDepartmentQuery>;

export const departmentSelectQuery = z.object({
  schoolId: optionalId,
  status: z.preprocess(emptyToUndefined, status),
});
export type DepartmentSelectQuery = z.infer<typeof departmentSelectQuery>;

export interface DepartmentView {
  id: number;
  schoolId: number;
  schoolName: string;
  name: string;
  code: string;
  description: string;
  status: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

// Job types applied for (申报工种).

const subjectFields = {
  departmentId: dbId,
  name: structureName,
  code: structureCode,
  levels: certLevels,
  description,
  status,
  sort,
};

export const addSubjectBody = z.object(subjectFields);
export type AddSubjectBody = z.infer<typeof addSubjectBody>;

export const updateSubjectBody = z.object({ id: dbId, ...subjectFields });
export type UpdateSubjectBody = z.infer<typeof updateSubjectBody>;

export const SUBJECT_ORDER_FIELDS = ['sort', 'name', 'code', 'createdAt'] as const;
export const listSubjectQuery = pageQuery.extend({
  schoolId: optionalId,
  departmentId: optionalId,
  keyword,
  status: z.preprocess(emptyToUndefined, status),
  ...ordering(SUBJECT_ORDER_FIELDS),
});
export type ListSubjectQuery = z.infer<typeof listSubjectQuery>;

export const subjectSelectQuery = z.object({
  schoolId: optionalId,
  departmentId: optionalId,
  status: z.preprocess(emptyToUndefined, status),
});
export type SubjectSelectQuery = z.infer<typeof subjectSelectQuery>;

export interface SubjectView {
  id: number;
  departmentId: number;
  departmentName: string;
  schoolId: number;
  schoolName: string;
  name: string;
  code: string;
  /** Certification levels, highest number (junior) first. */
  levels: CertLevel[];
  description: string;
  status: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

// Registration batches (报名批次).

export const CLASS_STATUSES: readonly number[] = Object.values(ClassStatus);

const classStatus = z.coerce
  .number()
  .int()
  .refine(
    (value) => CLASS_STATUSES.includes(value),
    schemaMessage('oneOf', { values: CLASS_STATUSES.join(', ') }),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A calendar day (YYYY-MM-DD, kept as given) or an ISO-8601 instant with its offset (stored in
 * UTC); empty or null means none.
 */
export const scheduleDate = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .refine(
      (value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success,
      schemaMessage('dateOrDateTime'),
    )
    .transform((value) => (DATE_ONLY.test(value) ? value : new Date(value).toISOString()))
    .nullable()
    .optional(),
);

export interface ClassSchedule {
  registrationStart?: string | null;
  registrationEnd?: string | null;
  examStart?: string | null;
  examEnd?: string | null;
}

/** A day as the start of a period counts from its first moment, as the end up to its last. */
const instant = (value: string, edge: 'start' | 'end') =>
  Date.parse(
    DATE_ONLY.test(value)
      ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`
      : value,
  );

/**
 * The first rule a batch's dates break, naming the field to blame: each period ends no earlier
 * than it starts, and the exam does not begin before registration opens. Missing dates pass.
 */
export function classScheduleProblem(
  schedule: ClassSchedule,
): { field: keyof ClassSchedule; notBefore: keyof ClassSchedule } | undefined {
  const { registrationStart: rs, registrationEnd: re, examStart: es, examEnd: ee } = schedule;
  if (rs && re && instant(re, 'end') < instant(rs, 'start')) {
    return { field: 'registrationEnd', notBefore: 'registrationStart' };
  }
  if (es && ee && instant(ee, 'end') < instant(es, 'start')) {
    return { field: 'examEnd', notBefore: 'examStart' };
  }
  if (rs && es && instant(es, 'start') < instant(rs, 'start')) {
    return { field: 'examStart', notBefore: 'registrationStart' };
  }
  if (rs && !es && ee && instant(ee, 'end') < instant(rs, 'start')) {
    return { field: 'examEnd', notBefore: 'registrationStart' };
  }
  return undefined;
}

const classFields = {
  subjectId: dbId,
  level: certLevel,
  name: structureName,
  code: structureCode,
  registrationStart: scheduleDate,
  registrationEnd: scheduleDate,
  examStart: scheduleDate,
  examEnd: scheduleDate,
  /** 0: no limit. */
  capacity: z.coerce.number().int().min(0).max(1_000_000).optional(),
  status: classStatus.optional(),
  description,
};

const checkSchedule = (body: ClassSchedule, ctx: z.RefinementCtx) => {
  const problem = classScheduleProblem(body);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: [problem.field],
      ...schemaMessage('notBefore', { other: FIELD_LABELS[problem.notBefore] }),
    });
  }
};

export const addClassBody = z.object(classFields).superRefine(checkSchedule);
export type AddClassBody = z.infer<typeof addClassBody>;

/** Dates left out keep their value; null clears one. */
export const updateClassBody = z.object({ id: dbId, ...classFields }).superRefine(checkSchedule);
export type UpdateClassBody = z.infer<typeof updateClassBody>;

export const CLASS_ORDER_FIELDS = [
  'createdAt',
  'name',
  'code',
  'level',
  'status',
  'registrationStart',
  'examStart',
] as const;
export const listClassQuery = pageQuery.extend({
  schoolId: optionalId,
  departmentId: optionalId,
  subjectId: optionalId,
  level: z.preprocess(emptyToUndefined, certLevel.optional()),
  status: z.preprocess(emptyToUndefined, classStatus.optional()),
  keyword,
  ...ordering(CLASS_ORDER_FIELDS),
});
export type ListClassQuery = z.infer<typeof listClassQuery>;

export const classSelectQuery = z.object({
  subjectId: optionalId,
  level: z.preprocess(emptyToUndefined, certLevel.optional()),
  status: z.preprocess(emptyToUndefined, classStatus.optional()),
});
export type ClassSelectQuery = z.infer<typeof classSelectQuery>;

export const bindClassTeachersBody = z.object({
  classId: dbId,
  /** The teachers (userType 2) assigned to the batch; replaces the set. */
  userIds: idList(200),
});
export type BindClassTeachersBody = z.infer<typeof bindClassTeachersBody>;

export const teacherSelectQuery = z.object({ keyword: optionalText(64) });
export type TeacherSelectQuery = z.infer<typeof teacherSelectQuery>;

export interface ClassView {
  id: number;
  subjectId: number;
  subjectName: string;
  subjectCode: string;
  departmentId: number;
  departmentName: string;
  schoolId: number;
  schoolName: string;
  level: CertLevel;
  name: string;
  code: string;
  registrationStart: string | null;
  registrationEnd: string | null;
  examStart: string | null;
  examEnd: string | null;
  capacity: number;
  /**
   * Where the batch is in its life (ClassStatus): by its dates when they decide, else
   * manualStatus. What lists show, filter and sort by.
   */
  status: number;
  /** The state set by hand (the form's field), shown while no date decides. */
  manualStatus: number;
  /** Whether the dates decided `status`. */
  statusByDates: boolean;
  description: string;
  studentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ClassTeacherView {
  id: number;
  name: string;
  nickName: string;
}

// Cascading selects: project → category → job type → batch.

export interface SchoolOption {
  id: number;
  name: string;
  code: string;
  status: number;
}

export interface DepartmentOption extends SchoolOption {
  schoolId: number;
}

export interface SubjectOption extends SchoolOption {
  departmentId: number;
  levels: CertLevel[];
}

export interface ClassOption extends SchoolOption {
  subjectId: number;
  level: CertLevel;
}

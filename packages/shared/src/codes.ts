/** Envelope status codes (DESIGN.md "API conventions"). The HTTP status mirrors each one. */
export const ApiStatus = {
  OK: 200,
  NO_SESSION: 10000,
  FORBIDDEN: 10001,
  INVALID_INPUT: 10002,
  NOT_FOUND: 10003,
  CONFLICT: 10004,
  TOO_MANY_REQUESTS: 10005,
  /** An answer arrived after the attempt's deadline (and its grace): not stored. */
  TIME_UP: 10006,
  /** The attempt was submitted or finalized: nothing more is taken. */
  ATTEMPT_ENDED: 10007,
  /** Another tab or device has taken the attempt over: this one may no longer write. */
  TAKEN_OVER: 10008,
  /**
   * A proctor has paused the attempt (power cut, network fault): nothing is taken until they
   * resume it. The page keeps the answer and sends it after the resume.
   */
  ATTEMPT_PAUSED: 10009,
  PASS_THROUGH: 30001,
  INTERNAL: 500,
} as const;
export type ApiStatusCode = (typeof ApiStatus)[keyof typeof ApiStatus];

export const httpStatusOf: Record<ApiStatusCode, number> = {
  200: 200,
  10000: 401,
  10001: 403,
  10002: 400,
  10003: 404,
  10004: 409,
  10005: 429,
  10006: 409,
  10007: 409,
  10008: 409,
  10009: 409,
  30001: 200,
  500: 500,
};

/** The response envelope every API call answers with. */
export interface Envelope<T = unknown> {
  status: ApiStatusCode;
  message: string;
  data: T;
}

export interface ListResult<T> {
  list: T[];
  total: number;
}

/** userType codes: who a user is, chosen at login. */
export const UserType = {
  ADMIN: 1,
  TEACHER: 2,
  STUDENT: 3,
} as const;
export type UserTypeCode = (typeof UserType)[keyof typeof UserType];
export const USER_TYPES = [UserType.ADMIN, UserType.TEACHER, UserType.STUDENT] as const;

/** Permission type (docs/spec.md §4): 0 menu, 1 button. */
export const PermissionType = { MENU: 0, BUTTON: 1 } as const;
/** Link type (docs/spec.md §4): 0 normal, 1 external link. */
export const LinkType = { NORMAL: 0, EXTERNAL: 1 } as const;

/**
 * Teaching-material type (docs/spec.md §3), by the spec's names; the spec has no code 1. Labels:
 * TEACHING_MATERIAL_TYPE_LABELS in labels.ts.
 */
export const TeachingMaterialType = {
  CourseStander: 0,
  TeachDesign: 2,
  TeachPolicy: 3,
  TeachMaterials: 4,
  TeachOutline: 5,
  TeachAnalysis: 6,
  MoralModel: 7,
} as const;
export type TeachingMaterialTypeCode =
  (typeof TeachingMaterialType)[keyof typeof TeachingMaterialType];

/** Role keys the product itself relies on. */
export const RoleKey = {
  SUPER_ADMIN: 'SUPER_ADMIN',
  SUPER: 'SUPER',
  QUESTION_WRITER: 'QUESTION_WRITER',
  QUESTION_REVIEWER: 'QUESTION_REVIEWER',
  PAPER_MAKER: 'PAPER_MAKER',
  EXAM_MANAGER: 'EXAM_MANAGER',
  MARKER: 'MARKER',
  INVIGILATOR: 'INVIGILATOR',
  ANALYST: 'ANALYST',
  /** Skills assessments (docs/features/skills.md). */
  SKILL_EXAMINER: 'SKILL_EXAMINER',
  SKILL_CHIEF: 'SKILL_CHIEF',
  /** Built in before the job roles; a database that has it keeps it as an ordinary role. */
  TEACHER: 'TEACHER',
  STUDENT: 'STUDENT',
} as const;

export const TOKEN_COOKIE = 'KAOSHI_TOKEN';
/** Non-secret cookie readable by the web app's route guard: "a session may exist". */
export const SESSION_MARKER_COOKIE = 'KAOSHI_SESSION';
export const CAPTCHA_COOKIE = 'KAOSHI_CAPTCHA';

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 500;
export const REQUEST_TIMEOUT_MS = 60000;

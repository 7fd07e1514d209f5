import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import type { CertLevel } from '../structure.js';
import { certLevelSchema } from './base.js';
import { dbId, idList, optionalText, pageQuery } from './common.js';

/**
 * Exams (docs/features/exams.md): a passed paper frozen as a version, the batches it is for, a window, a
 * duration and policies; one candidate row per student. Times are ISO-8601 UTC.
 */

export const EXAM_NAME_MAX = 200;
/** An exam's duration: at most a day, as a paper's. */
export const EXAM_DURATION_MAX = 24 * 60;
/** How far ahead an exam may be planned, and how long its window may be: a year. */
export const EXAM_WINDOW_MAX_DAYS = 366;
export const EXAM_CLASSES_MAX = 200;
export const EXAM_IP_RULES_MAX = 50;
export const EXAM_ACCESS_CODE_MAX = 32;
export const EXAM_LEAVE_LIMIT_MAX = 100;
export const EXAM_EXTRA_MINUTES_MAX = 600;
/** Students added or removed in one call. */
export const EXAM_CANDIDATE_BATCH_MAX = 1000;

export const MULTIPLE_SCORINGS = ['all', 'partial'] as const;
export type MultipleScoring = (typeof MULTIPLE_SCORINGS)[number];
/** What a candidate sees after submitting. */
export const SHOW_RESULTS = ['none', 'objective', 'released'] as const;
export type ShowResult = (typeof SHOW_RESULTS)[number];
/** A second device opening a running attempt: takes it over, or is refused. */
export const TAKEOVERS = ['allow', 'refuse'] as const;
export type Takeover = (typeof TAKEOVERS)[number];
/** Whom a make-up exam is for. */
export const MAKE_UP_WHO = ['failed', 'absent', 'both'] as const;
export type MakeUpWho = (typeof MAKE_UP_WHO)[number];

/**
 * Where an exam is: a draft; published and waiting for its window (upcoming); open; closed by
 * the clock; its scores released (the marking issue). Only draft and published are stored: the
 * rest follow from the window and the release.
 */
export const EXAM_STATES = ['draft', 'upcoming', 'open', 'closed', 'released'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

/**
 * A candidate's exam status (docs/spec.md §4 codes) as this product uses them:
 * 3 not started (no attempt, the window not over); 2 in progress (started, not submitted, before
 * the deadline); 0 submitted (by the candidate); 1 saved (closed by the clock with the answers
 * saved until the deadline: submitted for them); 4 in progress again (reopened by a proctor after
 * a technical failure); 5 expired (never started and the window has closed: absent).
 */
export const CandidateStatus = {
  SUBMITTED: 0,
  SAVED: 1,
  IN_PROGRESS: 2,
  NOT_STARTED: 3,
  REOPENED: 4,
  EXPIRED: 5,
} as const;
export type CandidateStatusCode = (typeof CandidateStatus)[keyof typeof CandidateStatus];
export const CANDIDATE_STATUSES = Object.values(CandidateStatus) as CandidateStatusCode[];

export const isoInstant = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
    {
      ...schemaMessage('notAnInstant'),
    },
  )
  .transform((value) => new Date(value).toISOString());

const minutes = (max: number) => z.coerce.number().int().min(0).max(max);

/** One IPv4 or IPv6 address, or a CIDR range of either. */
export const cidrSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isCidr, { ...schemaMessage('notACidr') });

/** Whether `text` is an IPv4/IPv6 address or CIDR range (checked without node:net for the web). */
export function isCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  if (rest.length > 0 || !address) return false;
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(
    address,
  );
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

function isIpv6(address: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(address) || address.length > 45) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const all = [...head, ...tail];
  // An embedded IPv4 address takes the last two groups.
  const last = all[all.length - 1] ?? '';
  const v4Tail = last.includes('.');
  if (v4Tail && !/^(\d{1,3}\.){3}\d{1,3}$/.test(last)) return false;
  const hex = v4Tail ? all.slice(0, -1) : all;
  if (!hex.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  const count = hex.length + (v4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** An exam as a client sends it (addExam; updateExam adds the id). */
export const examFields = z.object({
  name: z.string().trim().min(1).max(EXAM_NAME_MAX),
  paperId: dbId,
  instructionId: z
    .preprocess((v) => (v === '' ? null : v), dbId.nullish())
    .transform((v) => v ?? null),
  classIds: idList(EXAM_CLASSES_MAX).refine((ids) => ids.length > 0, {
    ...schemaMessage('atLeastOne'),
  }),
  startAt: isoInstant,
  endAt: isoInstant,
  durationMinutes: z.coerce.number().int().min(1).max(EXAM_DURATION_MAX),
  /** Minutes after opening after which no one may start; 0: until closing. */
  lateEntryMinutes: minutes(EXAM_WINDOW_MAX_DAYS * 24 * 60).default(0),
  /** Minutes a candidate must sit before submitting is allowed; 0: any time. */
  minSubmitMinutes: minutes(EXAM_DURATION_MAX).default(0),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  multipleScoring: z.enum(MULTIPLE_SCORINGS).default('all'),
  /** Partial scoring: the share of a multiple-choice question's points a correct subset earns. */
  partialShare: z.coerce
    .number()
    .gt(0)
    .lt(1)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      ...schemaMessage('atMostTwoDecimals'),
    })
    .default(0.5),
  showResult: z.enum(SHOW_RESULTS).default('released'),
  /** After release: the candidate may read their answers with the keys and analyses. */
  allowReview: z.boolean().default(false),
  /** Times the candidate may leave the page before it is submitted for them; 0: not counted. */
  leaveLimit: z.coerce.number().int().min(0).max(EXAM_LEAVE_LIMIT_MAX).default(0),
  fullscreen: z.boolean().default(false),
  /** Candidates' accommodations add their extra time (docs/features/accommodations.md). */
  applyAccommodations: z.boolean().default(true),
  /** Start refused until an invigilator checked the candidate in (docs/features/invigilation.md). */
  requireCheckIn: z.boolean().default(false),
  /** Candidates wait until their room is started; their duration counts from the room's start. */
  holdUntilRoomStart: z.boolean().default(false),
  takeover: z.enum(TAKEOVERS).default('allow'),
  /** Addresses and CIDR ranges a candidate may sit from; empty: anywhere. */
  ipAllowList: z
    .array(cidrSchema)
    .max(EXAM_IP_RULES_MAX)
    .default([])
    .transform((rules) => [...new Set(rules)]),
  /** The exam password candidates type to start; empty: none. */
  accessCode: z.string().trim().max(EXAM_ACCESS_CODE_MAX).default(''),
  /** The certification scheme the exam counts for (its theory component); null: none, as before. */
  schemeId: z.preprocess((v) => (v === '' ? null : v), dbId.nullish()).transform((v) => v ?? null),
});
export type ExamInput = z.output<typeof examFields>;
export type ExamBody = z.input<typeof examFields>;

export const addExamBody = examFields;
export const updateExamBody = examFields.extend({ id: dbId });
export type UpdateExamBody = z.output<typeof updateExamBody>;

export const listExamQuery = pageQuery.extend({
  keyword: optionalText(100),
  subjectId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  level: z.preprocess((v) => (v === '' ? undefined : v), certLevelSchema.optional()),
  classId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EXAM_STATES).optional()),
  /** Exams whose window overlaps [from, to): the calendar's month. */
  from: z.preprocess((v) => (v === '' ? undefined : v), isoInstant.optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoInstant.optional()),
});
export type ListExamQuery = z.output<typeof listExamQuery>;

export const listCandidateQuery = pageQuery.extend({
  examId: dbId,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((value) => (CANDIDATE_STATUSES as number[]).includes(value), {
        ...schemaMessage('oneOf', { values: CANDIDATE_STATUSES.join(', ') }),
      })
      .optional(),
  ),
  /** Name, ticket number or ID number. */
  keyword: optionalText(100),
  classId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
});
export type ListCandidateQuery = z.output<typeof listCandidateQuery>;

export const exportCandidateQuery = listCandidateQuery.omit({ page: true, limit: true });
export type ExportCandidateQuery = z.output<typeof exportCandidateQuery>;

export const candidateStudentsBody = z.object({
  examId: dbId,
  studentIds: idList(EXAM_CANDIDATE_BATCH_MAX).refine((ids) => ids.length > 0, {
    ...schemaMessage('atLeastOne'),
  }),
});
export type CandidateStudentsBody = z.output<typeof candidateStudentsBody>;

export const setExtraTimeBody = z.object({
  examId: dbId,
  studentId: dbId,
  minutes: minutes(EXAM_EXTRA_MINUTES_MAX),
});
export type SetExtraTimeBody = z.output<typeof setExtraTimeBody>;

export const addMakeUpExamBody = z.object({
  examId: dbId,
  paperId: dbId,
  who: z.enum(MAKE_UP_WHO),
  startAt: isoInstant,
  endAt: isoInstant,
  durationMinutes: z.coerce.number().int().min(1).max(EXAM_DURATION_MAX),
  /** Missing: the original's name with "make-up" in the request's language. */
  name: optionalText(EXAM_NAME_MAX),
});
export type AddMakeUpExamBody = z.output<typeof addMakeUpExamBody>;

export const admissionTicketQuery = z.object({
  examId: dbId,
  /** One batch; missing: every batch of the exam. */
  classId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
});
export type AdmissionTicketQuery = z.output<typeof admissionTicketQuery>;

// ---------------------------------------------------------------------------------------------
// What the API answers

export interface ExamClassView {
  id: number;
  name: string;
  code: string;
}

export interface ExamListItem {
  id: number;
  name: string;
  state: ExamState;
  paperId: number;
  paperName: string;
  /** The version published; null for a draft. */
  paperVersionId: number | null;
  subjectId: number;
  subjectName: string;
  level: CertLevel;
  classes: ExamClassView[];
  startAt: string;
  endAt: string;
  durationMinutes: number;
  candidateCount: number;
  /** The exam this one is the make-up of. */
  makeUpOf: { id: number; name: string; who: MakeUpWho } | null;
  createdBy: number;
  createdByName: string;
  updatedAt: string;
}

export interface ExamView extends ExamListItem {
  instructionId: number | null;
  instructionTitle: string | null;
  lateEntryMinutes: number;
  minSubmitMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  multipleScoring: MultipleScoring;
  partialShare: number;
  showResult: ShowResult;
  allowReview: boolean;
  leaveLimit: number;
  fullscreen: boolean;
  applyAccommodations: boolean;
  requireCheckIn: boolean;
  holdUntilRoomStart: boolean;
  takeover: Takeover;
  ipAllowList: string[];
  accessCode: string;
  /** The certification scheme whose theory component the exam counts for. */
  schemeId: number | null;
  /** Points, from the version once published, else the paper's current figures. */
  total: number;
  passScore: number;
  questionCount: number;
  publishedAt: string | null;
  releasedAt: string | null;
  /** Make-up exams published for this one. */
  makeUps: { id: number; name: string; who: MakeUpWho; candidateCount: number }[];
  /** What may change now: everything (draft, upcoming) or only closing later, extra time and candidates (open). */
  editable: 'all' | 'open' | 'none';
}

/** A candidate who already sits another exam whose window overlaps this one's. */
export interface ExamOverlap {
  studentId: number;
  name: string;
  ticketNumber: string;
  examId: number;
  examName: string;
  startAt: string;
  endAt: string;
}

/** checkExam and publishExam: who the exam is for, and what to warn about. */
export interface ExamPublishCheck {
  candidateCount: number;
  /** Candidates per batch. */
  classes: { id: number; name: string; candidateCount: number }[];
  overlaps: ExamOverlap[];
  /** More overlaps than listed. */
  overlapTotal: number;
}

export interface CandidateView {
  studentId: number;
  name: string;
  ticketNumber: string;
  /** Masked as in every list. */
  idNumber: string;
  classId: number;
  className: string;
  /** The seat in the room when seated in one (roomName), else the exam's running number. */
  seatNumber: number;
  /** The venue and room of the seat plan; null when not seated in a room. */
  roomName: string | null;
  extraMinutes: number;
  status: CandidateStatusCode;
  /** Points once known (the marking issue); null before. */
  score: number | null;
  passed: boolean | null;
  /** Added one by one rather than with a batch. */
  addedSingly: boolean;
}

export interface ExamChangeView {
  id: number;
  at: string;
  userId: number;
  userName: string;
  action: string;
  /** What changed: field → [before, after], or the students concerned. */
  detail: Record<string, unknown>;
}

export interface AdmissionTicket {
  studentId: number;
  name: string;
  photo: string;
  ticketNumber: string;
  idNumber: string;
  className: string;
  /** The seat in the room when seated in one (docs/features/venues.md), else the exam's number. */
  seatNumber: number;
  /** The venue and room of the seat plan; null when not seated in a room. */
  venueName: string | null;
  roomName: string | null;
  /** The session (场次) sat in and its window; null: the exam's window. */
  session: { name: string; startAt: string; endAt: string } | null;
  /** Shown only while the student's first password is random and still unchanged. */
  initialPassword: string | null;
}

export interface AdmissionTickets {
  examName: string;
  subjectName: string;
  level: CertLevel;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  /** Where candidates sign in: the address the staff member reached the server at. */
  signInUrl: string;
  tickets: AdmissionTicket[];
}

/** What the publish form chooses from (publishOptions): only what the caller may use. */
export interface ExamPublishOptions {
  /** Passed papers. */
  papers: {
    id: number;
    name: string;
    subjectId: number;
    subjectName: string;
    level: CertLevel;
    /** Points. */
    passScore: number;
    durationMinutes: number;
  }[];
  /** Enabled notices, with the job types they are for. */
  instructions: { id: number; title: string; allSubjects: boolean; subjectIds: number[] }[];
  /** The caller's batches, with their enabled students. */
  classes: {
    id: number;
    name: string;
    code: string;
    subjectId: number;
    level: CertLevel;
    studentCount: number;
    examStart: string | null;
    examEnd: string | null;
  }[];
}

export interface EligibleStudent {
  id: number;
  name: string;
  ticketNumber: string;
  classId: number;
  className: string;
}

export const eligibleStudentQuery = z.object({
  examId: dbId,
  keyword: optionalText(100),
});

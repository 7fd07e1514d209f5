import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { SCORE_SCALE } from '../question.js';
import type { CertLevel } from '../structure.js';
import { certLevelSchema } from './base.js';
import { dbId, idList, optionalText, pageQuery } from './common.js';
import { isoInstant } from './exam.js';
import { Perm } from '../permissions.js';

/**
 * Skills operation assessments (docs/features/skills.md, issue 26 §2): a frozen scoring sheet
 * version, batches, sessions with stations and their examiners, a chief examiner and a score
 * checker. Publishing seats one candidate per enabled student in ticket order. The tolerance
 * travels in points (at most two decimals) and is stored in hundredths.
 */

export const SKILL_ASSESSMENT_BASE = '/api/kaoshi-skills/assessment';
export const SKILL_CANDIDATE_BASE = '/api/kaoshi-skills/candidate';

export const SKILL_ASSESSMENT_STATUSES = ['draft', 'published', 'closed'] as const;
export type SkillAssessmentStatus = (typeof SKILL_ASSESSMENT_STATUSES)[number];

export const SKILL_SESSIONS_MAX = 50;
export const SKILL_STATIONS_MAX = 200;
export const SKILL_CLASSES_MAX = 200;

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

export const skillSessionInput = z.object({
  startsAt: isoInstant,
  endsAt: isoInstant,
  place: z.string().trim().min(1).max(255),
  stations: z.coerce.number().int().min(1).max(SKILL_STATIONS_MAX),
  /** Per station, the examiners who score every candidate seated there. */
  examiners: z
    .array(
      z.object({
        station: z.coerce.number().int().min(1).max(SKILL_STATIONS_MAX),
        userIds: z.array(dbId).max(10),
      }),
    )
    .max(SKILL_STATIONS_MAX),
});
export type SkillSessionInput = z.output<typeof skillSessionInput>;

const assessmentFields = z.object({
  name: z.string().trim().min(1).max(255),
  sheetId: dbId,
  /** The certification scheme whose skills component the assessment counts for; none: no scheme. */
  schemeId: z.preprocess((value) => (value === '' ? null : value), dbId.nullish()),
  classIds: idList(SKILL_CLASSES_MAX).refine((ids) => ids.length > 0, {
    ...schemaMessage('required'),
  }),
  examinersPerCandidate: z.union([z.literal(2), z.literal(3)]).default(2),
  /** Points beyond which examiners' totals disagree. */
  tolerance: z
    .number()
    .min(0)
    .max(100)
    .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') })
    .default(10),
  chiefId: dbId,
  checkerId: dbId,
  sessions: z.array(skillSessionInput).min(1).max(SKILL_SESSIONS_MAX),
});

export const addSkillAssessmentBody = assessmentFields;
export type SkillAssessmentInput = z.output<typeof addSkillAssessmentBody>;
export const updateSkillAssessmentBody = assessmentFields.extend({ id: dbId });
export type UpdateSkillAssessmentBody = z.output<typeof updateSkillAssessmentBody>;

export const listSkillAssessmentQuery = pageQuery.extend({
  keyword: optionalText(100),
  subjectId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  level: z.preprocess((v) => (v === '' ? undefined : v), certLevelSchema.optional()),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SKILL_ASSESSMENT_STATUSES).optional(),
  ),
});
export type ListSkillAssessmentQuery = z.output<typeof listSkillAssessmentQuery>;

export interface SkillAssessmentListItem {
  id: number;
  name: string;
  status: SkillAssessmentStatus;
  sheetId: number;
  sheetName: string;
  sheetVersion: number;
  subjectId: number;
  subjectName: string;
  level: CertLevel;
  examinersPerCandidate: number;
  /** Points. */
  tolerance: number;
  sessionCount: number;
  /** The first session's start, null without sessions. */
  startsAt: string | null;
  candidateCount: number;
  publishedAt: string | null;
  createdAt: string;
}

export interface SkillPerson {
  id: number;
  name: string;
}

export interface SkillStationView {
  station: number;
  examiners: SkillPerson[];
  candidateCount: number;
}

export interface SkillSessionView {
  id: number;
  sort: number;
  startsAt: string;
  endsAt: string;
  place: string;
  stations: number;
  /** Candidates one station takes in turn: the session's minutes over the sheet's time limit. */
  turns: number;
  capacity: number;
  stationList: SkillStationView[];
}

export interface SkillAssessmentView extends SkillAssessmentListItem {
  sheetVersionId: number;
  timeLimitMinutes: number;
  /** Points of the frozen sheet version. */
  fullScore: number;
  schemeId: number | null;
  schemeComponentId: number | null;
  classes: { id: number; name: string; studentCount: number }[];
  chief: SkillPerson | null;
  checker: SkillPerson | null;
  sessions: SkillSessionView[];
  /** Enabled students of the batches (the candidates a draft would seat). */
  studentCount: number;
  capacity: number;
}

/** A student's admission notice for a published assessment ("My exams"). */
export interface MySkillAssessmentView {
  assessmentId: number;
  name: string;
  subjectName: string;
  level: CertLevel;
  sessionStartsAt: string;
  sessionEndsAt: string;
  turn: number;
  /** When the candidate's turn starts: the session's start plus the turns before it. */
  turnStartsAt: string;
  timeLimitMinutes: number;
  place: string;
  station: number;
  ticketNumber: string;
}

/** Staff to name in an assessment: holders of SKILLS-SCORE (examiners) or SKILLS-CHECK. */
export const staffSelectQuery = z.object({
  key: z.enum([Perm.SKILLS_SCORE, Perm.SKILLS_CHECK]),
  keyword: optionalText(50),
});
export type StaffSelectQuery = z.infer<typeof staffSelectQuery>;

/** A user an assessment may name, as a select shows them. */
export interface StaffOption {
  id: number;
  name: string;
  nickName: string;
}

import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId } from './common.js';

/**
 * Accommodations (考试便利, docs/features/accommodations.md): extra time, a larger font and a
 * screen-reader layout, set per batch and per student before the exam. A student's own value of
 * a field, when set, replaces the batch's; extra time is one field (minutes or a multiplier).
 */

/** The multipliers of the exam's duration one may choose (validated choices, not a range). */
export const TIME_MULTIPLIERS = [1.25, 1.5, 2] as const;
export const ACCOMMODATION_MINUTES_MAX = 600;
export const ACCOMMODATION_NOTE_MAX = 200;
/** Rest breaks: at most so many per attempt, each at most so long. */
export const BREAK_COUNT_MAX = 10;
export const BREAK_MINUTES_MAX = 60;

const emptyIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const accommodationObject = z.object({
  /** Extra minutes; null: none here (a student: as the batch). 0 on a student: none at all. */
  extraMinutes: z.preprocess(
    emptyIsNull,
    z.number().int().min(0).max(ACCOMMODATION_MINUTES_MAX).nullable(),
  ),
  /** The duration times this (1.25, 1.5, 2); null: none here. */
  timeMultiplier: z.preprocess(
    emptyIsNull,
    z
      .number()
      .refine(
        (value) => (TIME_MULTIPLIERS as readonly number[]).includes(value),
        schemaMessage('oneOf', { values: TIME_MULTIPLIERS.join(', ') }),
      )
      .nullable(),
  ),
  /** null: as the batch (a batch: no). */
  largeFont: z.preprocess(emptyIsNull, z.boolean().nullable()),
  screenReader: z.preprocess(emptyIsNull, z.boolean().nullable()),
  /** Rest breaks: how many (0 on a student: none at all) and of how many minutes; both or neither. */
  breakCount: z.preprocess(
    emptyIsNull,
    z.number().int().min(0).max(BREAK_COUNT_MAX).nullable().default(null),
  ),
  breakMinutes: z.preprocess(
    emptyIsNull,
    z.number().int().min(1).max(BREAK_MINUTES_MAX).nullable().default(null),
  ),
  note: z.string().trim().max(ACCOMMODATION_NOTE_MAX).default(''),
});
export type AccommodationInput = z.output<typeof accommodationObject>;

/**
 * Extra time is minutes or a multiplier, not both (the multiplier is blamed); breaks have a
 * length when they have a number (0 breaks need none).
 */
const oneExtraTime = (value: AccommodationInput, ctx: z.RefinementCtx) => {
  if (value.extraMinutes !== null && value.timeMultiplier !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeMultiplier'],
      ...schemaMessage('accommodationOneExtraTime'),
    });
  }
  const counted = value.breakCount !== null && value.breakCount > 0;
  if (counted !== (value.breakMinutes !== null)) {
    ctx.addIssue({
      code: 'custom',
      path: [counted ? 'breakMinutes' : 'breakCount'],
      ...schemaMessage('accommodationBreaksBoth'),
    });
  }
};

export const setStudentAccommodationBody = accommodationObject
  .extend({ studentId: dbId })
  .superRefine(oneExtraTime);
export type SetStudentAccommodationBody = z.output<typeof setStudentAccommodationBody>;
export const setClassAccommodationBody = accommodationObject
  .extend({ classId: dbId })
  .superRefine(oneExtraTime);
export type SetClassAccommodationBody = z.output<typeof setClassAccommodationBody>;
export const examAccommodationQuery = z.object({ examId: dbId });

/** As stored and answered: a batch's or a student's own settings (null fields: not set). */
export interface AccommodationSettings {
  extraMinutes: number | null;
  timeMultiplier: number | null;
  largeFont: boolean | null;
  screenReader: boolean | null;
  breakCount: number | null;
  breakMinutes: number | null;
  note: string;
}

/** What applies to a student: their own fields over their batch's. */
export interface EffectiveAccommodation {
  extraMinutes: number | null;
  timeMultiplier: number | null;
  largeFont: boolean;
  screenReader: boolean;
  /** Rest breaks (0: none) and their length in minutes (0 when none). */
  breakCount: number;
  breakMinutes: number;
  note: string;
}

export interface StudentAccommodationView {
  studentId: number;
  classId: number;
  own: AccommodationSettings | null;
  batch: AccommodationSettings | null;
  effective: EffectiveAccommodation;
}

export interface ClassAccommodationView {
  classId: number;
  own: AccommodationSettings | null;
}

/** One candidate of an exam with an accommodation (the proctor's and the candidate list's tag). */
export interface ExamAccommodationRow {
  studentId: number;
  /** The extra minutes the candidate's attempt has (or would get at start) from accommodations. */
  extraMinutes: number;
  timeMultiplier: number | null;
  largeFont: boolean;
  screenReader: boolean;
  note: string;
}

export interface ExamAccommodationsView {
  /** The exam's switch: off, no extra time from accommodations (font and layout still apply). */
  applied: boolean;
  rows: ExamAccommodationRow[];
}

/** What the exam page needs (in startAttempt's, getAttempt's and join's answers). */
export interface PageAccommodation {
  largeFont: boolean;
  screenReader: boolean;
  /** Extra minutes the attempt got from accommodations (already in its deadline). */
  extraMinutes: number;
}

/** Breaks are one field (number and length together); none when not set. */
const breaksOf = (settings: AccommodationSettings | null) =>
  settings?.breakCount
    ? { breakCount: settings.breakCount, breakMinutes: settings.breakMinutes ?? 0 }
    : { breakCount: 0, breakMinutes: 0 };

/**
 * The student's own fields over the batch's, field by field; extra time is one field, breaks
 * are one field.
 */
export function effectiveAccommodation(
  own: AccommodationSettings | null,
  batch: AccommodationSettings | null,
): EffectiveAccommodation {
  const ownTime = own !== null && (own.extraMinutes !== null || own.timeMultiplier !== null);
  const time = ownTime ? own : batch;
  return {
    extraMinutes: time?.extraMinutes ?? null,
    timeMultiplier: time?.timeMultiplier ?? null,
    largeFont: own?.largeFont ?? batch?.largeFont ?? false,
    screenReader: own?.screenReader ?? batch?.screenReader ?? false,
    ...breaksOf(own?.breakCount !== null && own?.breakCount !== undefined ? own : batch),
    note: [batch?.note, own?.note].filter((note) => note).join(' · '),
  };
}

/**
 * The extra minutes an accommodation gives an exam of `durationMinutes`: its minutes, or
 * (multiplier − 1) × duration rounded up to the minute (integer hundredths: no float drift).
 */
export function accommodationMinutes(
  accommodation: Pick<EffectiveAccommodation, 'extraMinutes' | 'timeMultiplier'>,
  durationMinutes: number,
): number {
  if (accommodation.extraMinutes !== null) return accommodation.extraMinutes;
  if (accommodation.timeMultiplier === null) return 0;
  const hundredths = Math.round(accommodation.timeMultiplier * 100) - 100;
  return Math.max(0, Math.ceil((hundredths * durationMinutes) / 100));
}

/** Whether the student has anything to show (a tag). */
export const hasAccommodation = (a: EffectiveAccommodation) =>
  a.extraMinutes !== null || a.timeMultiplier !== null || a.largeFont || a.screenReader;

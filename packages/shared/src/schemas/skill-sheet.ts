import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { SCORE_SCALE } from '../question.js';
import type { CertLevel } from '../structure.js';
import { certLevelSchema } from './base.js';
import { dbId, optionalText, pageQuery } from './common.js';

/**
 * Scoring sheets (评分记录表, docs/features/skills.md): a job type and level's time limit and
 * overtime rule, tasks each on an appraisal point of the job type, and items per task. Points
 * travel as numbers with at most two decimals and are stored as hundredths. A veto item (否定项)
 * carries 0 points: when hit, the component scores 0.
 */
export const SHEET_ITEM_MODES = ['award', 'deduct'] as const;
export type SheetItemMode = (typeof SHEET_ITEM_MODES)[number];

export const SHEET_NAME_MAX = 200;
export const SHEET_TASK_TITLE_MAX = 200;
export const SHEET_TEXT_MAX = 2000;
export const SHEET_TASKS_MAX = 50;
export const SHEET_ITEMS_MAX = 200;
export const SHEET_TIME_LIMIT_MAX = 24 * 60;
export const SHEET_POINTS_MAX = 1000;
/** The rounding steps a final score may use. */
export const SHEET_STEPS = [0.01, 0.1, 0.5, 1] as const;
/** Rows an imported sheet may hold. */
export const SHEET_IMPORT_MAX_ROWS = 500;
export const SHEET_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const twoDecimals = (value: number) =>
  Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6;

/** Points, 0 or more, two decimals at most. */
const sheetPoints = z.coerce
  .number()
  .min(0)
  .max(SHEET_POINTS_MAX)
  .refine(twoDecimals, { ...schemaMessage('atMostTwoDecimals') });

export const sheetItemBody = z.object({
  what: z.string().trim().min(1).max(SHEET_TEXT_MAX),
  criteria: z.string().trim().max(SHEET_TEXT_MAX).default(''),
  /** Points; 0 for a veto item. */
  points: sheetPoints,
  veto: z.boolean().default(false),
  mode: z.enum(SHEET_ITEM_MODES).default('award'),
});
export type SheetItemBody = z.output<typeof sheetItemBody>;

export const sheetTaskBody = z.object({
  title: z.string().trim().min(1).max(SHEET_TASK_TITLE_MAX),
  /** The appraisal point (knowledge of type 'kn') of the sheet's job type and level. */
  knowId: dbId.nullish().transform((v) => v ?? null),
  items: z.array(sheetItemBody).max(SHEET_ITEMS_MAX),
});
export type SheetTaskBody = z.output<typeof sheetTaskBody>;

export const addSheetBody = z.object({
  subjectId: dbId,
  level: certLevelSchema,
  name: z.string().trim().min(1).max(SHEET_NAME_MAX),
  timeLimitMinutes: z.coerce.number().int().min(1).max(SHEET_TIME_LIMIT_MAX),
  /** Points taken per minute over the limit. */
  overtimePointsPerMinute: sheetPoints.default(0),
  /** Minutes over the limit after which the task stops; 0: never stopped. */
  overtimeStopMinutes: z.coerce.number().int().min(0).max(SHEET_TIME_LIMIT_MAX).default(0),
  /** The final score is rounded to this many points. */
  step: z.coerce
    .number()
    .refine((v) => (SHEET_STEPS as readonly number[]).includes(v), {
      ...schemaMessage('sheetStepInvalid', { steps: SHEET_STEPS.join(', ') }),
    })
    .default(1),
  tasks: z.array(sheetTaskBody).max(SHEET_TASKS_MAX),
});
export type AddSheetBody = z.output<typeof addSheetBody>;

export const updateSheetBody = addSheetBody.extend({ id: dbId });
export type UpdateSheetBody = z.output<typeof updateSheetBody>;

export const listSheetQuery = pageQuery.extend({
  keyword: optionalText(100),
  subjectId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
  level: z.preprocess((v) => (v === '' ? undefined : v), certLevelSchema.optional()),
});
export type ListSheetQuery = z.output<typeof listSheetQuery>;

/** One row of listSheet. */
export interface SheetListItem {
  id: number;
  subjectId: number;
  subjectName: string;
  level: CertLevel;
  name: string;
  timeLimitMinutes: number;
  /** Points: the sum of the items' points. */
  fullScore: number;
  taskCount: number;
  itemCount: number;
  vetoCount: number;
  /** The last frozen version's number; 0 before the first. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface SheetItemView {
  id: number;
  what: string;
  criteria: string;
  points: number;
  veto: boolean;
  mode: SheetItemMode;
}

export interface SheetTaskView {
  id: number;
  title: string;
  knowId: number | null;
  knowCode: string | null;
  knowName: string | null;
  items: SheetItemView[];
}

/** A sheet as getSheetById answers it. */
export interface SheetView extends SheetListItem {
  overtimePointsPerMinute: number;
  overtimeStopMinutes: number;
  step: number;
  tasks: SheetTaskView[];
}

/**
 * A sheet as frozen in a version (skill_sheet_versions.snapshot): what the examiner's sheet and
 * the sheet PDF read. Points are hundredths, as stored; item ids are the sheet's item ids at the
 * time of freezing, which item scores refer to.
 */
export interface SheetSnapshot {
  sheet: {
    id: number;
    subjectId: number;
    subjectName: string;
    level: number;
    name: string;
    timeLimitMinutes: number;
    overtimePointsPerMinute: number;
    overtimeStopMinutes: number;
    step: number;
  };
  /** As getSheetById's, but the items' points in hundredths. */
  tasks: SheetTaskView[];
  /** Hundredths: the sum of the items' points. */
  fullScore: number;
}

/** An appraisal point a task may sit on (listSheetPoints). */
export interface SheetPointOption {
  id: number;
  code: string;
  name: string;
}

/** A row of listSheetVersions. */
export interface SheetVersionView {
  id: number;
  version: number;
  /** Points. */
  fullScore: number;
  createdAt: string;
}

import {
  accommodationMinutes,
  effectiveAccommodation,
  type AccommodationSettings,
  type PageAccommodation,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';

/**
 * What the attempt module reads of accommodations (docs/features/accommodations.md): the
 * candidate's own and their batch's (the batch the candidate sits the exam with), at start and
 * for the exam page. The accommodation module writes them.
 */

/** A stored row's columns as settings (null when no row). */
export function settingsOf(
  row: {
    extra_minutes: number | null;
    time_multiplier: number | null;
    large_font: number | null;
    screen_reader: number | null;
    break_count: number | null;
    break_minutes: number | null;
    note: string | null;
  } | null,
): AccommodationSettings | null {
  if (!row || row.note === null) return null;
  return {
    extraMinutes: row.extra_minutes,
    timeMultiplier: row.time_multiplier === null ? null : row.time_multiplier / 100,
    largeFont: row.large_font === null ? null : row.large_font === 1,
    screenReader: row.screen_reader === null ? null : row.screen_reader === 1,
    breakCount: row.break_count,
    breakMinutes: row.break_minutes,
    note: row.note,
  };
}

/**
 * Candidate rows (`c`) with their student's (`sa`) and batch's (`ca`) accommodations: two
 * primary-key reads in one. The accommodation module extends it too.
 */
export function candidateAccommodationQuery(db: Db) {
  return db
    .selectFrom('exam_candidates as c')
    .leftJoin('student_accommodations as sa', 'sa.student_id', 'c.student_id')
    .leftJoin('class_accommodations as ca', 'ca.class_id', 'c.class_id')
    .select([
      'sa.extra_minutes as own_extra_minutes',
      'sa.time_multiplier as own_time_multiplier',
      'sa.large_font as own_large_font',
      'sa.screen_reader as own_screen_reader',
      'sa.break_count as own_break_count',
      'sa.break_minutes as own_break_minutes',
      'sa.note as own_note',
      'ca.extra_minutes as batch_extra_minutes',
      'ca.time_multiplier as batch_time_multiplier',
      'ca.large_font as batch_large_font',
      'ca.screen_reader as batch_screen_reader',
      'ca.break_count as batch_break_count',
      'ca.break_minutes as batch_break_minutes',
      'ca.note as batch_note',
    ]);
}

export type JoinedRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof candidateAccommodationQuery>['executeTakeFirst']>>
>;

/** A joined row's student's own settings over the batch's. */
export const effectiveOf = (row: JoinedRow | undefined) =>
  effectiveAccommodation(
    settingsOf(
      row
        ? {
            extra_minutes: row.own_extra_minutes,
            time_multiplier: row.own_time_multiplier,
            large_font: row.own_large_font,
            screen_reader: row.own_screen_reader,
            break_count: row.own_break_count,
            break_minutes: row.own_break_minutes,
            note: row.own_note,
          }
        : null,
    ),
    settingsOf(
      row
        ? {
            extra_minutes: row.batch_extra_minutes,
            time_multiplier: row.batch_time_multiplier,
            large_font: row.batch_large_font,
            screen_reader: row.batch_screen_reader,
            break_count: row.batch_break_count,
            break_minutes: row.batch_break_minutes,
            note: row.batch_note,
          }
        : null,
    ),
  );

/**
 * What a new attempt of the candidate gets from accommodations (at start, fixed on it): extra
 * minutes, and rest breaks (how many, of how many minutes).
 */
export async function startAccommodation(
  db: Db,
  candidateId: number,
  durationMinutes: number,
): Promise<{ minutes: number; breakCount: number; breakMinutes: number }> {
  const row = await candidateAccommodationQuery(db)
    .where('c.id', '=', candidateId)
    .executeTakeFirst();
  const effective = effectiveOf(row);
  return {
    minutes: accommodationMinutes(effective, durationMinutes),
    breakCount: effective.breakCount,
    breakMinutes: effective.breakMinutes,
  };
}

/** What the exam page of the attempt needs: the font, the layout and the minutes it got. */
export async function pageAccommodation(db: Db, attemptId: number): Promise<PageAccommodation> {
  const row = await candidateAccommodationQuery(db)
    .innerJoin('attempts as a', 'a.candidate_id', 'c.id')
    .select('a.accommodation_minutes')
    .where('a.id', '=', attemptId)
    .executeTakeFirst();
  const effective = effectiveOf(row);
  return {
    largeFont: effective.largeFont,
    screenReader: effective.screenReader,
    extraMinutes: row?.accommodation_minutes ?? 0,
  };
}

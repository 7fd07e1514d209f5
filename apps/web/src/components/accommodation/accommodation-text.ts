import type { EffectiveAccommodation, ExamAccommodationRow } from '@kaoshi/shared';
import type { TFunction } from 'i18next';

/** "duration ×1.5, large font" — what an accommodation gives, in words (the forms' summaries). */
export function accommodationSummary(
  t: TFunction,
  a: Pick<
    EffectiveAccommodation,
    'extraMinutes' | 'timeMultiplier' | 'largeFont' | 'screenReader'
  > & { breakCount?: number | null; breakMinutes?: number | null },
): string {
  const parts: string[] = [];
  if (a.timeMultiplier !== null) {
    parts.push(t('accommodation.summary.multiplier', { value: a.timeMultiplier }));
  } else if (a.extraMinutes) {
    parts.push(t('accommodation.summary.minutes', { count: a.extraMinutes }));
  }
  if (a.largeFont) parts.push(t('accommodation.summary.largeFont'));
  if (a.screenReader) parts.push(t('accommodation.summary.screenReader'));
  if (a.breakCount) {
    parts.push(
      t('accommodation.summary.breaks', { count: a.breakCount, minutes: a.breakMinutes ?? 0 }),
    );
  }
  return parts.length > 0 ? parts.join(t('accommodation.separator')) : t('accommodation.nothing');
}

/** The short tags of a candidate's row: extra time, large font, screen reader. */
export function accommodationTags(t: TFunction, row: ExamAccommodationRow): string[] {
  const tags: string[] = [];
  if (row.extraMinutes > 0) {
    tags.push(
      row.timeMultiplier !== null
        ? `${t('accommodation.tag.multiplier', { value: row.timeMultiplier })} ${t('accommodation.tag.minutes', { count: row.extraMinutes })}`
        : t('accommodation.tag.minutes', { count: row.extraMinutes }),
    );
  }
  if (row.largeFont) tags.push(t('accommodation.tag.largeFont'));
  if (row.screenReader) tags.push(t('accommodation.tag.screenReader'));
  return tags;
}

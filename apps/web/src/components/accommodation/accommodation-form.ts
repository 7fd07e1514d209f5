import type { AccommodationInput, AccommodationSettings } from '@kaoshi/shared';

/** Whose accommodation a form edits: a student's may leave a field to their batch. */
export type AccommodationOwner = 'student' | 'batch';

/** Extra time in the form: as the batch (a student only), none, minutes or a multiplier. */
export type ExtraKind = 'inherit' | 'none' | 'minutes' | 'multiplier';
/** A yes/no field in the form: as the batch (a student only), yes or no. */
export type Choice = 'inherit' | 'yes' | 'no';
/** Rest breaks in the form: as the batch (a student only), none, or a number of minutes each. */
export type BreakKind = 'inherit' | 'none' | 'breaks';

export interface AccommodationFormValues {
  extraKind: ExtraKind;
  extraMinutes?: number | null;
  timeMultiplier?: number | null;
  largeFont: Choice;
  screenReader: Choice;
  /** Absent in forms from before rest breaks: as 'inherit' for a student, 'none' for a batch. */
  breakKind?: BreakKind;
  breakCount?: number | null;
  breakMinutes?: number | null;
  note: string;
}

const choiceOf = (value: boolean | null | undefined, owner: AccommodationOwner): Choice =>
  value === true ? 'yes' : value === false || owner === 'batch' ? 'no' : 'inherit';

/** The form's values for what is stored (null: nothing stored yet). */
export function formValuesOf(
  settings: AccommodationSettings | null,
  owner: AccommodationOwner,
): AccommodationFormValues {
  const extraKind: ExtraKind =
    settings !== null && settings.timeMultiplier !== null
      ? 'multiplier'
      : settings !== null && settings.extraMinutes !== null
        ? settings.extraMinutes === 0
          ? 'none'
          : 'minutes'
        : owner === 'student'
          ? 'inherit'
          : 'none';
  const breakCount = settings?.breakCount ?? null;
  const breakKind: BreakKind =
    breakCount !== null && breakCount > 0
      ? 'breaks'
      : breakCount === 0 || owner === 'batch'
        ? 'none'
        : 'inherit';
  return {
    extraKind,
    extraMinutes: extraKind === 'minutes' ? settings!.extraMinutes : null,
    timeMultiplier: extraKind === 'multiplier' ? settings!.timeMultiplier : null,
    largeFont: choiceOf(settings?.largeFont, owner),
    screenReader: choiceOf(settings?.screenReader, owner),
    breakKind,
    breakCount: breakKind === 'breaks' ? breakCount : null,
    breakMinutes: breakKind === 'breaks' ? (settings?.breakMinutes ?? null) : null,
    note: settings?.note ?? '',
  };
}

const flagOf = (choice: Choice, owner: AccommodationOwner): boolean | null =>
  choice === 'yes' ? true : choice === 'no' && owner === 'student' ? false : null;

/**
 * What the form saves. A student's "none" is 0 minutes (it overrides the batch's extra time);
 * a batch's "no" is not set (nothing to override), so an empty batch form stores nothing.
 */
export function bodyOf(
  values: AccommodationFormValues,
  owner: AccommodationOwner,
): AccommodationInput {
  return {
    extraMinutes:
      values.extraKind === 'minutes'
        ? (values.extraMinutes ?? null)
        : values.extraKind === 'none' && owner === 'student'
          ? 0
          : null,
    timeMultiplier: values.extraKind === 'multiplier' ? (values.timeMultiplier ?? null) : null,
    largeFont: flagOf(values.largeFont, owner),
    screenReader: flagOf(values.screenReader, owner),
    ...breaksBodyOf(values, owner),
    note: values.note.trim(),
  };
}

/**
 * Rest breaks are one field, both numbers or neither: a student's "none" is 0 breaks (it
 * overrides the batch's), a batch's "none" and "as the batch" are not set.
 */
function breaksBodyOf(values: AccommodationFormValues, owner: AccommodationOwner) {
  if (values.breakKind === 'breaks') {
    return { breakCount: values.breakCount ?? null, breakMinutes: values.breakMinutes ?? null };
  }
  const none = values.breakKind === 'none' && owner === 'student';
  return { breakCount: none ? 0 : null, breakMinutes: null };
}

import type { AccommodationInput, AccommodationSettings } from '@kaoshi/shared';

/** Whose accommodation a form edits: a student's may leave a field to their batch. */
export type AccommodationOwner = 'student' | 'batch';

/** Extra time in the form: as the batch (a student only), none, minutes or a multiplier. */
export type ExtraKind = 'inherit' | 'none' | 'minutes' | 'multiplier';
/** A yes/no field in the form: as the batch (a student only), yes or no. */
export type Choice = 'inherit' | 'yes' | 'no';

export interface AccommodationFormValues {
  extraKind: ExtraKind;
  extraMinutes?: number | null;
  timeMultiplier?: number | null;
  largeFont: Choice;
  screenReader: Choice;
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
  return {
    extraKind,
    extraMinutes: extraKind === 'minutes' ? settings!.extraMinutes : null,
    timeMultiplier: extraKind === 'multiplier' ? settings!.timeMultiplier : null,
    largeFont: choiceOf(settings?.largeFont, owner),
    screenReader: choiceOf(settings?.screenReader, owner),
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
    // Rest breaks have no field on the form yet: not set here (the batch's apply).
    breakCount: null,
    breakMinutes: null,
    note: values.note.trim(),
  };
}

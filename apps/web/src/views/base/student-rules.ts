import {
  IdType,
  checkIdNumber,
  mobilePhone,
  normaliseIdNumber,
  residentIdCheckChar,
  type IdTypeCode,
} from '@kaoshi/shared';

/** Label keys of the document types (base.student.idTypes.*). */
export const ID_TYPE_KEYS = {
  [IdType.RESIDENT_ID]: 'resident',
  [IdType.PASSPORT]: 'passport',
  [IdType.HK_MACAO_TAIWAN_PERMIT]: 'permit',
  [IdType.OTHER]: 'other',
} as const satisfies Record<IdTypeCode, string>;
export type IdTypeKey = (typeof ID_TYPE_KEYS)[IdTypeCode];

/** Label keys of the genders (base.student.genders.*): 0 unknown, 1 male, 2 female. */
export const GENDER_KEYS = { 0: 'unknown', 1: 'male', 2: 'female' } as const;
export type GenderKey = (typeof GENDER_KEYS)[keyof typeof GENDER_KEYS];

export const isIdType = (value: unknown): value is IdTypeCode =>
  Object.prototype.hasOwnProperty.call(ID_TYPE_KEYS, String(value));

export const genderKey = (gender: number): GenderKey =>
  GENDER_KEYS[gender as keyof typeof GENDER_KEYS] ?? 'unknown';

/** What is wrong with an ID number, as the form says it (base.student.idRules.*). */
export type IdNumberError =
  { key: 'format'; type: IdTypeKey } | { key: 'birthDate' } | { key: 'checksum'; expected: string };

/**
 * The shared rule of each document type (packages/shared/src/identity.ts), with what the form
 * needs to say more: for a wrong check character, the one the first 17 digits call for.
 * Empty input is the required rule's business: undefined here.
 */
export function idNumberError(type: IdTypeCode, value: string, today = new Date()) {
  const id = normaliseIdNumber(value ?? '');
  if (id === '') return undefined;
  const problem = checkIdNumber(type, id, today);
  if (problem === null) return undefined;
  if (problem === 'birthDate') return { key: 'birthDate' } satisfies IdNumberError;
  if (problem === 'checksum') {
    return {
      key: 'checksum',
      expected: residentIdCheckChar(id.slice(0, 17)),
    } satisfies IdNumberError;
  }
  return { key: 'format', type: ID_TYPE_KEYS[type] } satisfies IdNumberError;
}

/** The shared rule: an 11-digit mainland mobile number, or empty. */
export const isMobilePhone = (value: string | undefined) =>
  mobilePhone.safeParse(value ?? '').success;

/** Document types of an examinee's identity (students.id_type). */
export const IdType = {
  RESIDENT_ID: 1,
  PASSPORT: 2,
  HK_MACAO_TAIWAN_PERMIT: 3,
  OTHER: 9,
} as const;
export type IdTypeCode = (typeof IdType)[keyof typeof IdType];
export const ID_TYPES: readonly IdTypeCode[] = Object.values(IdType);

const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK = '10X98765432';

export type IdNumberProblem = 'format' | 'birthDate' | 'checksum';

/**
 * The 18-digit resident identity number (GB 11643-1999): 6-digit area, birth date YYYYMMDD,
 * 3-digit sequence, check character (0-9 or X) from the ISO 7064 MOD 11-2 checksum.
 */
export function checkResidentId(value: string, today = new Date()): IdNumberProblem | null {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > today.getTime()
  ) {
    return 'birthDate';
  }
  const sum = RESIDENT_ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  return RESIDENT_ID_CHECK[sum % 11] === id[17] ? null : 'checksum';
}

/** Each other document type's own rule: letters and digits of a plausible length. */
const OTHER_PATTERNS: Record<Exclude<IdTypeCode, 1>, RegExp> = {
  [IdType.PASSPORT]: /^[A-Z0-9]{5,17}$/,
  [IdType.HK_MACAO_TAIWAN_PERMIT]: /^[A-Z0-9]{8,18}$/,
  [IdType.OTHER]: /^[A-Z0-9-]{4,32}$/,
};

/** Normalised form stored and compared: trimmed, upper case (a resident ID's x is X). */
export const normaliseIdNumber = (value: string) => value.trim().toUpperCase();

export function checkIdNumber(
  type: IdTypeCode,
  value: string,
  today = new Date(),
): IdNumberProblem | null {
  if (type === IdType.RESIDENT_ID) return checkResidentId(value, today);
  return OTHER_PATTERNS[type].test(normaliseIdNumber(value)) ? null : 'format';
}

/** The check character an 18-digit resident ID needs, given its first 17 digits (test data, tools). */
export function residentIdCheckChar(first17: string): string {
  const sum = RESIDENT_ID_WEIGHTS.reduce(
    (total, weight, i) => total + weight * Number(first17[i]),
    0,
  );
  return RESIDENT_ID_CHECK[sum % 11]!;
}

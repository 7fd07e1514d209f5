import { IdType, residentIdCheckChar } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { genderKey, idNumberError, isIdType, isMobilePhone } from './student-rules';

const today = new Date('2026-01-01T00:00:00Z');
const resident = (first17: string) => `${first17}${residentIdCheckChar(first17)}`;
const GOOD = resident('11010519491231002');

describe('idNumberError', () => {
  it('accepts a resident ID with its check character, in either case of x', () => {
    expect(idNumberError(IdType.RESIDENT_ID, GOOD, today)).toBeUndefined();
    expect(idNumberError(IdType.RESIDENT_ID, ` ${GOOD.toLowerCase()} `, today)).toBeUndefined();
  });

  it('names the check character the first 17 digits call for', () => {
    const expected = residentIdCheckChar('11010519491231002');
    const wrong = expected === '0' ? '1' : '0';
    expect(idNumberError(IdType.RESIDENT_ID, `11010519491231002${wrong}`, today)).toEqual({
      key: 'checksum',
      expected,
    });
  });

  it('refuses a birth date that does not exist or is in the future', () => {
    expect(idNumberError(IdType.RESIDENT_ID, resident('11010519490231002'), today)).toEqual({
      key: 'birthDate',
    });
    expect(idNumberError(IdType.RESIDENT_ID, resident('11010520300101002'), today)).toEqual({
      key: 'birthDate',
    });
  });

  it('names the format of the chosen document type', () => {
    expect(idNumberError(IdType.RESIDENT_ID, '12345', today)).toEqual({
      key: 'format',
      type: 'resident',
    });
    expect(idNumberError(IdType.PASSPORT, 'E1', today)).toEqual({
      key: 'format',
      type: 'passport',
    });
    expect(idNumberError(IdType.PASSPORT, 'e12345678', today)).toBeUndefined();
    expect(idNumberError(IdType.HK_MACAO_TAIWAN_PERMIT, 'H123', today)).toEqual({
      key: 'format',
      type: 'permit',
    });
    expect(idNumberError(IdType.OTHER, 'A-1', today)).toEqual({ key: 'format', type: 'other' });
    expect(idNumberError(IdType.OTHER, 'MIL-2024-01', today)).toBeUndefined();
  });

  it('leaves an empty number to the required rule', () => {
    expect(idNumberError(IdType.RESIDENT_ID, '  ', today)).toBeUndefined();
  });
});

describe('isMobilePhone', () => {
  it.each([
    ['13800138000', true],
    ['', true],
    [undefined, true],
    ['12800138000', false],
    ['1380013800', false],
    ['+8613800138000', false],
  ])('%s → %s', (phone, valid) => {
    expect(isMobilePhone(phone)).toBe(valid);
  });
});

describe('codes', () => {
  it('knows the document types and genders', () => {
    expect(isIdType(IdType.OTHER)).toBe(true);
    expect(isIdType(4)).toBe(false);
    expect(genderKey(2)).toBe('female');
    expect(genderKey(7)).toBe('unknown');
  });
});

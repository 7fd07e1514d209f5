import { describe, expect, it } from 'vitest';
import { IdType, checkIdNumber, checkResidentId, residentIdCheckChar } from './identity.js';

const valid = (first17: string) => first17 + residentIdCheckChar(first17);

describe('checkResidentId', () => {
  it('accepts a well-formed number with the right check character, x in any case', () => {
    expect(checkResidentId('11010519491231002X')).toBeNull();
    expect(checkResidentId('11010519491231002x')).toBeNull();
    expect(checkResidentId(valid('44030419900101123'))).toBeNull();
  });

  it('names the problem', () => {
    expect(checkResidentId('110105194912310021')).toBe('checksum');
    expect(checkResidentId('1101051949123100')).toBe('format');
    expect(checkResidentId('11010519491231002Y')).toBe('format');
    expect(checkResidentId(valid('11010519490231002'))).toBe('birthDate'); // 31 Feb
    expect(checkResidentId(valid('11010518991231002'))).toBe('birthDate');
    expect(checkResidentId(valid('11010520990101002'), new Date('2026-01-01'))).toBe('birthDate');
  });
});

describe('checkIdNumber', () => {
  it('applies each document type its own rule', () => {
    expect(checkIdNumber(IdType.PASSPORT, 'e12345678')).toBeNull();
    expect(checkIdNumber(IdType.PASSPORT, 'E1')).toBe('format');
    expect(checkIdNumber(IdType.HK_MACAO_TAIWAN_PERMIT, 'H12345678')).toBeNull();
    expect(checkIdNumber(IdType.OTHER, 'AB-1234')).toBeNull();
    expect(checkIdNumber(IdType.OTHER, '<script>')).toBe('format');
  });
});

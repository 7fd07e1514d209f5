import { describe, expect, it } from 'vitest';
import { idParam } from './use-exam-param';

describe('idParam', () => {
  it('reads a positive integer id from the address, nothing else', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam(null)).toBeUndefined();
    expect(idParam('')).toBeUndefined();
    expect(idParam('0')).toBeUndefined();
    expect(idParam('-3')).toBeUndefined();
    expect(idParam('1.5')).toBeUndefined();
    expect(idParam('abc')).toBeUndefined();
    expect(idParam('99999999999999999999')).toBeUndefined();
  });
});

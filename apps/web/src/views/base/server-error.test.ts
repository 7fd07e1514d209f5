import { ApiStatus } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/request';
import { refusedField } from './server-error';

describe('refusedField', () => {
  it('names the field a server refusal starts with', () => {
    const error = new ApiError(ApiStatus.INVALID_INPUT, 'weight: would add up to 105 %');
    expect(refusedField(error, 'weight')).toBe(true);
    expect(refusedField(error, 'code')).toBe(false);
  });

  it('ignores errors that are not the server’s', () => {
    expect(refusedField(new Error('weight: no'), 'weight')).toBe(false);
    expect(refusedField(undefined, 'weight')).toBe(false);
  });
});

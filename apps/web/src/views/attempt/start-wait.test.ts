import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/request';
import { startWaitOf } from './start-wait';

describe('startWaitOf', () => {
  it('reads what a refused Start waits for from the refusal’s data', () => {
    expect(startWaitOf(new ApiError(10004, 'x', undefined, { wait: 'roomStart' }))).toEqual({
      wait: 'roomStart',
      refused: false,
    });
    expect(
      startWaitOf(new ApiError(10004, 'x', undefined, { wait: 'checkIn', refused: true })),
    ).toEqual({ wait: 'checkIn', refused: true });
    const timing = { startAt: 'a', endAt: 'b', minutes: 90, session: null };
    expect(startWaitOf(new ApiError(10004, 'x', undefined, { wait: 'roomStart', timing }))).toEqual(
      { wait: 'roomStart', refused: false, timing },
    );
  });

  it('answers null for any other refusal', () => {
    expect(startWaitOf(new ApiError(10004, 'x'))).toBeNull();
    expect(startWaitOf(new ApiError(10002, 'x', 'accessCode', { field: 'accessCode' }))).toBeNull();
    expect(startWaitOf(new ApiError(10004, 'x', undefined, { wait: 'lunch' }))).toBeNull();
    expect(startWaitOf(new Error('network'))).toBeNull();
  });
});

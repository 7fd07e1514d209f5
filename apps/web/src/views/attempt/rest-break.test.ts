import { describe, expect, it } from 'vitest';
import { breaksLeft, pausedStateOf } from './rest-break';

const since = '2030-01-01T09:00:00.000Z';
const breakUntil = '2030-01-01T09:05:00.000Z';

describe('rest breaks on the exam page', () => {
  it('counts the breaks left', () => {
    expect(breaksLeft({ allowed: 2, taken: 1, minutes: 5 })).toBe(1);
    expect(breaksLeft({ allowed: 1, taken: 1, minutes: 5 })).toBe(0);
    expect(breaksLeft({ allowed: 0, taken: 0, minutes: 0 })).toBe(0);
  });

  it("keeps a proctor's pause as it is", () => {
    expect(pausedStateOf({ since, reason: 'Power cut' }, 60_000, undefined, 1000)).toEqual({
      since,
      reason: 'Power cut',
      remainingMs: 60_000,
    });
  });

  it("puts a break's end on the monotonic clock from the server's times", () => {
    // Just taken: the whole break from now.
    expect(pausedStateOf({ since, reason: '', breakUntil }, 60_000, undefined, 1000)).toEqual({
      since,
      reason: '',
      remainingMs: 60_000,
      breakEndsAt: 1000 + 5 * 60_000,
    });
    // Reloaded two minutes into it: three left.
    const reloaded = pausedStateOf(
      { since, reason: '', breakUntil },
      60_000,
      '2030-01-01T09:02:00.000Z',
      500,
    );
    expect(reloaded.breakEndsAt).toBe(500 + 3 * 60_000);
    // Past its end (the server ends it any moment): nothing left, never less.
    const late = pausedStateOf({ since, reason: '', breakUntil }, 0, '2030-01-01T09:07:00.000Z', 9);
    expect(late.breakEndsAt).toBe(9);
  });
});

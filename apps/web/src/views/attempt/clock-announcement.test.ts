import { describe, expect, it } from 'vitest';
import { announcementAt, minutesLeft } from './clock-announcement';

const MINUTE = 60_000;

describe('the spoken clock', () => {
  it('says every fifth minute and the last one, once each', () => {
    expect(minutesLeft(10 * MINUTE)).toBe(10);
    expect(minutesLeft(9 * MINUTE + 1)).toBe(10);
    expect(announcementAt(10 * MINUTE, 11)).toBe(10);
    expect(announcementAt(10 * MINUTE - 500, 10)).toBeNull();
    expect(announcementAt(7 * MINUTE, 10)).toBeNull();
    expect(announcementAt(5 * MINUTE, 10)).toBe(5);
    expect(announcementAt(2 * MINUTE, 5)).toBeNull();
    expect(announcementAt(30_000, 5)).toBe(1);
    expect(announcementAt(0, 1)).toBeNull();
  });

  it('says nothing at the minute the page opened at', () => {
    expect(announcementAt(15 * MINUTE, 15)).toBeNull();
  });
});

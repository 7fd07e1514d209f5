import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { windowProblems, type ExamWindowValues } from './exam-window';

const start = dayjs('2026-05-10T09:00:00');
const filled: ExamWindowValues = {
  startAt: start.add(17, 'second'),
  endAt: start.add(2, 'hour'),
  durationMinutes: 90,
  lateEntryMinutes: 0,
  minSubmitMinutes: 0,
};

describe('window rules, as the server checks them', () => {
  it('accepts a window that holds the duration', () => {
    expect(windowProblems(filled)).toEqual([]);
  });

  it('names the field each problem is about', () => {
    expect(windowProblems({ ...filled, endAt: start }).map((p) => p.reason)).toEqual([
      'endBeforeStart',
    ]);
    expect(
      windowProblems({ ...filled, durationMinutes: 121, lateEntryMinutes: 200 }).map(
        (p) => p.field,
      ),
    ).toEqual(['durationMinutes', 'lateEntryMinutes']);
    expect(windowProblems({ ...filled, minSubmitMinutes: 91 })[0]).toMatchObject({
      field: 'minSubmitMinutes',
      duration: 90,
    });
    expect(windowProblems({ ...filled, endAt: start.add(367, 'day') })[0]).toMatchObject({
      reason: 'windowTooLong',
    });
  });

  it('lets an open exam only close later', () => {
    const savedEnd = start.add(3, 'hour').toISOString();
    expect(windowProblems(filled, savedEnd)[0]).toMatchObject({ reason: 'notLater' });
    expect(windowProblems({ ...filled, endAt: start.add(3, 'hour') }, savedEnd)).toEqual([]);
  });
});

describe('a make-up window, without entry limits', () => {
  it('checks only the times and the duration', () => {
    const makeUp = { startAt: filled.startAt, endAt: filled.endAt, durationMinutes: 121 };
    expect(windowProblems(makeUp).map((p) => p.field)).toEqual(['durationMinutes']);
  });
});

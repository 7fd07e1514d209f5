import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { describePeriod, formatScheduleDate, scheduleProblem, scheduleValue } from './period';

describe('describePeriod', () => {
  it('tells a full, half-open and empty period apart', () => {
    expect(describePeriod('2025-03-01', '2025-03-31')).toEqual({
      kind: 'range',
      start: '2025-03-01',
      end: '2025-03-31',
    });
    expect(describePeriod('2025-03-01', null)).toEqual({ kind: 'from', start: '2025-03-01' });
    expect(describePeriod(null, '2025-03-31')).toEqual({ kind: 'until', end: '2025-03-31' });
    expect(describePeriod(null, null)).toEqual({ kind: 'none' });
  });

  it('shows an instant in local time', () => {
    const instant = '2025-03-01T01:30:00.000Z';
    expect(formatScheduleDate(instant)).toBe(dayjs(instant).format('YYYY-MM-DD HH:mm'));
  });
});

describe('scheduleValue', () => {
  it('sends the picked calendar day, or null when cleared', () => {
    expect(scheduleValue(dayjs('2025-05-06'), null)).toBe('2025-05-06');
    expect(scheduleValue(dayjs('2025-05-06'), '2025-05-01')).toBe('2025-05-06');
    expect(scheduleValue(null, '2025-05-01')).toBeNull();
    expect(scheduleValue(undefined, undefined)).toBeNull();
  });

  it('keeps a stored instant while its day is unchanged', () => {
    const stored = dayjs('2025-05-06T10:00').toISOString();
    expect(scheduleValue(dayjs('2025-05-06'), stored)).toBe(stored);
    expect(scheduleValue(dayjs('2025-05-07'), stored)).toBe('2025-05-07');
  });
});

describe('scheduleProblem (the shared rule)', () => {
  const d = (value: string) => dayjs(value);

  it('accepts ordered and missing dates', () => {
    expect(
      scheduleProblem({
        registrationStart: d('2025-03-01'),
        registrationEnd: d('2025-03-31'),
        examStart: d('2025-04-10'),
        examEnd: d('2025-04-10'),
      }),
    ).toBeUndefined();
    expect(scheduleProblem({})).toBeUndefined();
    expect(scheduleProblem({ examEnd: d('2020-01-01') })).toBeUndefined();
  });

  it('blames an end before its start', () => {
    expect(
      scheduleProblem({ registrationStart: d('2025-03-10'), registrationEnd: d('2025-03-01') }),
    ).toEqual({ field: 'registrationEnd', reason: 'endBeforeStart' });
    expect(scheduleProblem({ examStart: d('2025-04-10'), examEnd: d('2025-04-09') })).toEqual({
      field: 'examEnd',
      reason: 'endBeforeStart',
    });
  });

  it('blames an exam before registration opens', () => {
    expect(
      scheduleProblem({ registrationStart: d('2025-03-10'), examStart: d('2025-03-01') }),
    ).toEqual({ field: 'examStart', reason: 'examBeforeRegistration' });
    expect(
      scheduleProblem({ registrationStart: d('2025-03-10'), examEnd: d('2025-03-01') }),
    ).toEqual({ field: 'examEnd', reason: 'examBeforeRegistration' });
  });
});

import dayjs from 'dayjs';
import { classScheduleProblem } from '@kaoshi/shared';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A batch date as people read it: a calendar day as it is, an instant in local time. */
export const formatScheduleDate = (value: string) =>
  DATE_ONLY.test(value) ? value : dayjs(value).format('YYYY-MM-DD HH:mm');

export type Period =
  | { kind: 'none' }
  | { kind: 'range'; start: string; end: string }
  | { kind: 'from'; start: string }
  | { kind: 'until'; end: string };

/** A period with either end possibly open, formatted for a table cell. */
export function describePeriod(start: string | null, end: string | null): Period {
  if (start && end) {
    return { kind: 'range', start: formatScheduleDate(start), end: formatScheduleDate(end) };
  }
  if (start) return { kind: 'from', start: formatScheduleDate(start) };
  if (end) return { kind: 'until', end: formatScheduleDate(end) };
  return { kind: 'none' };
}

/**
 * The value to send for a date picked in the form: the stored value while it still names the
 * same day (an instant set through the API keeps its time), else the calendar day.
 */
export function scheduleValue(
  picked: dayjs.Dayjs | null | undefined,
  stored: string | null | undefined,
): string | null {
  if (!picked) return null;
  const day = picked.format('YYYY-MM-DD');
  if (stored && !DATE_ONLY.test(stored) && dayjs(stored).format('YYYY-MM-DD') === day) {
    return stored;
  }
  return day;
}

export type ScheduleField = 'registrationStart' | 'registrationEnd' | 'examStart' | 'examEnd';
export type ScheduleReason = 'endBeforeStart' | 'examBeforeRegistration';

/**
 * The shared rule of a batch's dates (classScheduleProblem) for the dates picked in the form:
 * the field to blame and why, as a key of `school.batch`.
 */
export function scheduleProblem(
  picked: Partial<Record<ScheduleField, dayjs.Dayjs | null>>,
): { field: ScheduleField; reason: ScheduleReason } | undefined {
  const day = (value: dayjs.Dayjs | null | undefined) => value?.format('YYYY-MM-DD') ?? null;
  const problem = classScheduleProblem({
    registrationStart: day(picked.registrationStart),
    registrationEnd: day(picked.registrationEnd),
    examStart: day(picked.examStart),
    examEnd: day(picked.examEnd),
  });
  if (!problem) return undefined;
  const reason =
    problem.field === 'registrationEnd' || problem.notBefore === 'examStart'
      ? 'endBeforeStart'
      : 'examBeforeRegistration';
  return { field: problem.field, reason };
}

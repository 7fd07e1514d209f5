import { EXAM_WINDOW_MAX_DAYS } from '@kaoshi/shared';
import type { Dayjs } from 'dayjs';

/** The window an exam form holds (the exam form and the make-up dialog): times as pickers hold them. */
export interface ExamWindowValues {
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  durationMinutes?: number | null;
  /** The exam form's only, as the two below: a make-up exam has neither. */
  lateEntryMinutes?: number | null;
  minSubmitMinutes?: number | null;
}

/** A picked time as sent: to the minute, in UTC. */
export const instant = (value: Dayjs) => value.second(0).millisecond(0).toISOString();

/** Whole minutes between opening and closing, as the server counts them. */
export const windowMinutesOf = (start: Dayjs, end: Dayjs) =>
  Math.floor(
    (end.second(0).millisecond(0).valueOf() - start.second(0).millisecond(0).valueOf()) / 60_000,
  );

export type WindowProblem =
  | { field: 'endAt'; reason: 'endBeforeStart' }
  | { field: 'endAt'; reason: 'windowTooLong'; days: number }
  | { field: 'endAt'; reason: 'notLater'; endAt: string }
  | { field: 'durationMinutes'; reason: 'durationBeyondWindow'; window: number }
  | { field: 'lateEntryMinutes'; reason: 'lateEntryBeyondWindow'; window: number }
  | { field: 'minSubmitMinutes'; reason: 'minSubmitBeyondDuration'; duration: number };

/**
 * The window rules the server checks on every save (checkWindow), for what the form holds, and,
 * for an open exam, that it may only close later than `savedEnd`.
 */
export function windowProblems(values: ExamWindowValues, savedEnd?: string): WindowProblem[] {
  const problems: WindowProblem[] = [];
  const { startAt, endAt, durationMinutes } = values;
  if (startAt && endAt) {
    const window = windowMinutesOf(startAt, endAt);
    if (!endAt.second(0).isAfter(startAt.second(0))) {
      problems.push({ field: 'endAt', reason: 'endBeforeStart' });
    } else if (window > EXAM_WINDOW_MAX_DAYS * 24 * 60) {
      problems.push({ field: 'endAt', reason: 'windowTooLong', days: EXAM_WINDOW_MAX_DAYS });
    } else {
      if (typeof durationMinutes === 'number' && durationMinutes > window) {
        problems.push({ field: 'durationMinutes', reason: 'durationBeyondWindow', window });
      }
      if (typeof values.lateEntryMinutes === 'number' && values.lateEntryMinutes > window) {
        problems.push({ field: 'lateEntryMinutes', reason: 'lateEntryBeyondWindow', window });
      }
    }
    if (savedEnd !== undefined && instant(endAt) < savedEnd) {
      problems.push({ field: 'endAt', reason: 'notLater', endAt: savedEnd });
    }
  }
  if (
    typeof durationMinutes === 'number' &&
    typeof values.minSubmitMinutes === 'number' &&
    values.minSubmitMinutes > durationMinutes
  ) {
    problems.push({
      field: 'minSubmitMinutes',
      reason: 'minSubmitBeyondDuration',
      duration: durationMinutes,
    });
  }
  return problems;
}

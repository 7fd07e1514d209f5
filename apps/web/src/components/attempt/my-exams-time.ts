import { SAVE_GRACE_MS, type MyExamView } from '@kaoshi/shared';
import dayjs from 'dayjs';

/**
 * The server's clock as seen from this browser (DESIGN.md "The server owns the clock"): the list
 * answers `serverNow`, and the browser keeps only the offset between its own clock and the
 * server's, so a device whose clock is wrong still counts down to the server's opening time.
 */

/**
 * Milliseconds to add to this browser's clock to read the server's. The server read its clock
 * somewhere between sending and receiving: the middle of the round trip is the best guess.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** How long the scheduler may take, after the deadline and its grace, to finalize an attempt. */
export const FINALIZE_SLACK_MS = 3000;

/**
 * The next instant after the server's `serverNow` at which the server answers the list
 * differently: an exam opens, closes, a running attempt reaches its deadline, or an attempt past
 * its deadline has been finalized by the scheduler. Null when nothing will change by itself.
 * Only instants after the server's own time count, so that a list fetched again always moves on.
 */
export function nextChange(exams: readonly MyExamView[], serverNow: string): number | null {
  const now = Date.parse(serverNow);
  const instants: number[] = [];
  for (const exam of exams) {
    if (exam.state === 'upcoming') instants.push(Date.parse(exam.startAt));
    if (exam.state === 'open') {
      if (exam.attempt) instants.push(Date.parse(exam.attempt.deadline));
      else instants.push(Date.parse(exam.endAt));
    }
    if (exam.attempt && exam.attempt.finishedAt === null) {
      instants.push(Date.parse(exam.attempt.deadline) + SAVE_GRACE_MS + FINALIZE_SLACK_MS);
    }
  }
  const future = instants.filter((at) => at > now);
  return future.length === 0 ? null : Math.min(...future);
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left (rounded up to the second), never below zero. */
export function countdown(ms: number): Countdown {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The clock part of a countdown: "02:05:09" (hours kept, so the width never jumps). */
export function clockText({ hours, minutes, seconds }: Countdown): string {
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/** Where an exam the student may sit now stands for them. */
export type OpenStanding =
  /** An attempt is running: Continue. */
  | 'running'
  /** No attempt yet and starting is allowed. */
  | 'startable'
  /** No attempt and the late-entry limit has passed: starting is refused. */
  | 'lateEntryOver'
  /** No attempt and the window has closed (the list is being fetched again). */
  | 'closed';

/** The standing of an exam in the `open` state at the server time `now` (ms). */
export function openStanding(exam: MyExamView, now: number): OpenStanding {
  if (exam.attempt && exam.attempt.finishedAt === null) return 'running';
  if (now >= Date.parse(exam.endAt)) return 'closed';
  if (exam.lateEntryUntil !== null && now > Date.parse(exam.lateEntryUntil)) {
    return 'lateEntryOver';
  }
  return 'startable';
}

/**
 * The open exams first (running attempts, then those to start, soonest closing first), upcoming
 * by opening time, finished most recent first.
 */
export function groupExams(exams: readonly MyExamView[], now: number) {
  const rank: Record<OpenStanding, number> = {
    running: 0,
    startable: 1,
    lateEntryOver: 2,
    closed: 3,
  };
  const open = exams
    .filter((exam) => exam.state === 'open')
    .sort(
      (a, b) =>
        rank[openStanding(a, now)] - rank[openStanding(b, now)] ||
        Date.parse(a.endAt) - Date.parse(b.endAt),
    );
  const upcoming = exams
    .filter((exam) => exam.state === 'upcoming')
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  const finished = exams
    .filter((exam) => exam.state === 'finished')
    .sort((a, b) => Date.parse(b.startAt) - Date.parse(a.startAt));
  return { open, upcoming, finished };
}

/**
 * When the attempt would end if started at `now`: min(window close, now + duration + extra),
 * as the server computes the deadline.
 */
export function expectedDeadline(exam: MyExamView, now: number): number {
  const byDuration = now + (exam.durationMinutes + exam.extraMinutes) * 60_000;
  return Math.min(Date.parse(exam.endAt), byDuration);
}

/** An instant in the user's local time, to the minute. */
export const localTime = (at: string | number) => dayjs(at).format('YYYY-MM-DD HH:mm');

/**
 * A window in local time, the closing time without its date when it is on the opening day
 * ("2026-05-10 09:00 – 11:00").
 */
export function localWindow(startAt: string, endAt: string) {
  const start = dayjs(startAt);
  const end = dayjs(endAt);
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('YYYY-MM-DD HH:mm');
  return `${start.format('YYYY-MM-DD HH:mm')} – ${endText}`;
}

/** An instant on the day of `now` as its time alone ("10:15"), another day's with its date. */
export const timeOfDay = (at: string | number, now: number) =>
  dayjs(at).isSame(dayjs(now), 'day') ? dayjs(at).format('HH:mm') : localTime(at);

/** A server message as a sentence: its first letter upper case (English and Spanish ones start low). */
export const asSentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** How a finished exam ended for the student. */
export type FinishedKind = 'submitted' | 'deadline' | 'leaveLimit' | 'absent' | 'finishing';

export function finishedKind(exam: MyExamView): FinishedKind {
  const attempt = exam.attempt;
  if (!attempt) return 'absent';
  if (attempt.finishedAt === null) return 'finishing';
  if (attempt.finishReason === 'leave_limit') return 'leaveLimit';
  if (attempt.finishReason === 'deadline') return 'deadline';
  return 'submitted';
}

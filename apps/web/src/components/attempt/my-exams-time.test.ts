import type { MyExamView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  FINALIZE_SLACK_MS,
  clockOffset,
  clockText,
  countdown,
  expectedDeadline,
  finishedKind,
  groupExams,
  nextChange,
  openStanding,
} from './my-exams-time';

const at = (text: string) => Date.parse(text);

function exam(overrides: Partial<MyExamView> = {}): MyExamView {
  return {
    examId: 1,
    name: 'Exam',
    subjectName: 'Electrician',
    level: 5,
    startAt: '2026-05-10T09:00:00.000Z',
    endAt: '2026-05-10T11:00:00.000Z',
    durationMinutes: 90,
    extraMinutes: 0,
    lateEntryUntil: null,
    state: 'open',
    status: 3,
    accessCodeRequired: false,
    notice: null,
    attempt: null,
    showResult: 'released',
    result: null,
    ...overrides,
  };
}

describe('clockOffset', () => {
  it('is the server time minus the middle of the round trip', () => {
    const sent = at('2026-05-10T08:00:00.000Z');
    // The browser is 10 minutes behind; the call took 400 ms.
    const offset = clockOffset('2026-05-10T08:10:00.200Z', sent, sent + 400);
    expect(offset).toBe(10 * 60_000);
  });

  it('is zero when the server time cannot be read', () => {
    expect(clockOffset('not a time', 0, 10)).toBe(0);
  });
});

describe('nextChange', () => {
  const serverNow = '2026-05-10T08:00:00.000Z';

  it('is the opening of an upcoming exam', () => {
    expect(nextChange([exam({ state: 'upcoming' })], serverNow)).toBe(
      at('2026-05-10T09:00:00.000Z'),
    );
  });

  it('is the earliest of several instants, all after the server time', () => {
    const exams = [
      exam({ state: 'upcoming', startAt: '2026-05-11T09:00:00.000Z' }),
      exam({ state: 'open', startAt: '2026-05-10T07:00:00.000Z', endAt: '2026-05-10T08:30:00Z' }),
    ];
    expect(nextChange(exams, serverNow)).toBe(at('2026-05-10T08:30:00Z'));
  });

  it("is a running attempt's deadline, then its finalization", () => {
    const running = exam({
      state: 'open',
      status: 2,
      attempt: {
        id: 7,
        deadline: '2026-05-10T08:45:00.000Z',
        finishedAt: null,
        finishReason: null,
      },
    });
    expect(nextChange([running], serverNow)).toBe(at('2026-05-10T08:45:00.000Z'));
    const due = { ...running, state: 'finished' as const };
    expect(nextChange([due], '2026-05-10T08:45:01.000Z')).toBe(
      at('2026-05-10T08:45:02.000Z') + FINALIZE_SLACK_MS,
    );
  });

  it('is null when nothing changes by itself', () => {
    const done = exam({
      state: 'finished',
      status: 0,
      attempt: {
        id: 7,
        deadline: '2026-05-10T08:45:00.000Z',
        finishedAt: '2026-05-10T08:20:00.000Z',
        finishReason: 'submitted',
      },
    });
    expect(nextChange([done], serverNow)).toBeNull();
    expect(nextChange([], serverNow)).toBeNull();
    // An instant the server has already passed is not waited for again.
    expect(nextChange([exam({ state: 'upcoming' })], '2026-05-10T09:00:00.000Z')).toBeNull();
  });
});

describe('countdown', () => {
  it('splits into days, hours, minutes and seconds, rounding up', () => {
    expect(countdown(((26 * 60 + 3) * 60 + 4) * 1000 + 1)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 5,
    });
    expect(clockText(countdown((2 * 3600 + 5 * 60 + 9) * 1000))).toBe('02:05:09');
  });

  it('never goes below zero', () => {
    expect(clockText(countdown(-5000))).toBe('00:00:00');
  });
});

describe('openStanding', () => {
  const now = at('2026-05-10T09:20:00.000Z');

  it('continues a running attempt', () => {
    const running = exam({
      attempt: { id: 1, deadline: '2026-05-10T10:50:00Z', finishedAt: null, finishReason: null },
    });
    expect(openStanding(running, now)).toBe('running');
  });

  it('refuses after the late-entry limit, allows before it', () => {
    expect(openStanding(exam({ lateEntryUntil: '2026-05-10T09:15:00.000Z' }), now)).toBe(
      'lateEntryOver',
    );
    expect(openStanding(exam({ lateEntryUntil: '2026-05-10T09:30:00.000Z' }), now)).toBe(
      'startable',
    );
    expect(openStanding(exam(), now)).toBe('startable');
  });

  it('is closed once the window has closed', () => {
    expect(openStanding(exam(), at('2026-05-10T11:00:00.000Z'))).toBe('closed');
  });
});

describe('groupExams', () => {
  it('orders open, upcoming and finished exams as a candidate reads them', () => {
    const now = at('2026-05-10T09:20:00.000Z');
    const late = exam({ examId: 1, lateEntryUntil: '2026-05-10T09:10:00.000Z' });
    const startable = exam({ examId: 2, endAt: '2026-05-10T12:00:00.000Z' });
    const running = exam({
      examId: 3,
      attempt: { id: 1, deadline: '2026-05-10T10:50:00Z', finishedAt: null, finishReason: null },
    });
    const later = exam({ examId: 4, state: 'upcoming', startAt: '2026-06-01T09:00:00Z' });
    const sooner = exam({ examId: 5, state: 'upcoming', startAt: '2026-05-11T09:00:00Z' });
    const old = exam({ examId: 6, state: 'finished', startAt: '2026-04-01T09:00:00Z' });
    const recent = exam({ examId: 7, state: 'finished', startAt: '2026-05-01T09:00:00Z' });
    const groups = groupExams([late, startable, running, later, sooner, old, recent], now);
    const ids = (list: MyExamView[]) => list.map((item) => item.examId);
    expect(ids(groups.open)).toEqual([3, 2, 1]);
    expect(ids(groups.upcoming)).toEqual([5, 4]);
    expect(ids(groups.finished)).toEqual([7, 6]);
  });
});

describe('expectedDeadline', () => {
  it('is the start plus duration and extra time, or the window close if earlier', () => {
    const now = at('2026-05-10T09:00:00.000Z');
    expect(expectedDeadline(exam({ durationMinutes: 60, extraMinutes: 10 }), now)).toBe(
      at('2026-05-10T10:10:00.000Z'),
    );
    expect(expectedDeadline(exam({ durationMinutes: 180 }), now)).toBe(
      at('2026-05-10T11:00:00.000Z'),
    );
  });
});

describe('finishedKind', () => {
  const attempt = (
    finishedAt: string | null,
    finishReason: 'submitted' | 'deadline' | 'leave_limit' | null,
  ) => ({
    id: 1,
    deadline: '2026-05-10T10:30:00.000Z',
    finishedAt,
    finishReason,
  });

  it('tells how an exam ended for the student', () => {
    const at = '2026-05-10T10:00:00.000Z';
    expect(finishedKind(exam({ state: 'finished', status: 5 }))).toBe('absent');
    expect(finishedKind(exam({ state: 'finished', attempt: attempt(null, null) }))).toBe(
      'finishing',
    );
    expect(finishedKind(exam({ state: 'finished', attempt: attempt(at, 'submitted') }))).toBe(
      'submitted',
    );
    expect(finishedKind(exam({ state: 'finished', attempt: attempt(at, 'deadline') }))).toBe(
      'deadline',
    );
    expect(finishedKind(exam({ state: 'finished', attempt: attempt(at, 'leave_limit') }))).toBe(
      'leaveLimit',
    );
  });
});

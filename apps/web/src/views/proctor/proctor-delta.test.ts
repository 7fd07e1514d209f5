import { CandidateStatus, type LiveExamView, type ProctorRow } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { applyDelta, applyDeltas, countsOf } from './proctor-delta';

const row = (studentId: number, fields: Partial<ProctorRow> = {}): ProctorRow => ({
  studentId,
  name: `S${studentId}`,
  ticketNumber: `T${studentId}`,
  className: 'Batch',
  status: CandidateStatus.NOT_STARTED,
  state: 'not_started',
  attemptId: null,
  startedAt: null,
  deadline: null,
  finishedAt: null,
  finishReason: null,
  extraMinutes: 0,
  answered: 0,
  lastSaveAt: null,
  connected: false,
  address: '',
  eventCounts: {},
  latestEvents: [],
  accessLockedUntil: null,
  room: null,
  breaks: { allowed: 0, taken: 0, onBreak: false },
  pausedMs: 0,
  ...fields,
});

const view = (rows: ProctorRow[]): LiveExamView => ({
  exam: { id: 7, name: 'E', state: 'open', startAt: '', endAt: '', durationMinutes: 30 },
  serverNow: '',
  counts: countsOf(rows),
  rows,
});

const AT = '2026-05-10T09:00:00.000Z';

describe('applyDelta', () => {
  const running = row(2, { state: 'in_progress', attemptId: 20, connected: true });
  const base = view([row(1), running]);

  it('starts a row on its first join and counts it in progress, online', () => {
    const next = applyDelta(base, {
      examId: 7,
      attemptId: 10,
      studentId: 1,
      kind: 'joined',
      at: AT,
      connected: true,
      address: '10.0.0.5',
      startedAt: AT,
      deadline: '2026-05-10T10:00:00.000Z',
    });
    expect(next.rows[0]).toMatchObject({
      attemptId: 10,
      state: 'in_progress',
      connected: true,
      address: '10.0.0.5',
      startedAt: AT,
      deadline: '2026-05-10T10:00:00.000Z',
      eventCounts: { joined: 1 },
    });
    expect(next.counts).toMatchObject({ notStarted: 0, inProgress: 2, offline: 0 });
  });

  it('moves answered, offline, events and the end', () => {
    let next = applyDelta(base, {
      examId: 7,
      attemptId: 20,
      studentId: 2,
      kind: 'saved',
      at: AT,
      answered: 3,
      lastSaveAt: AT,
    });
    expect(next.rows[1]).toMatchObject({ answered: 3, lastSaveAt: AT });
    next = applyDelta(next, {
      examId: 7,
      attemptId: 20,
      studentId: 2,
      kind: 'left',
      at: AT,
      connected: false,
    });
    expect(next.counts.offline).toBe(1);
    next = applyDelta(next, {
      examId: 7,
      attemptId: 20,
      studentId: 2,
      kind: 'event',
      at: AT,
      event: { id: 0, type: 'page_hidden', at: AT, ip: '', detail: {} },
    });
    expect(next.rows[1]!.eventCounts).toEqual({ page_hidden: 1 });
    expect(next.rows[1]!.latestEvents).toHaveLength(1);
    // The finalization's delta may not know the student: the attempt finds the row.
    next = applyDelta(next, {
      examId: 7,
      attemptId: 20,
      studentId: 0,
      kind: 'finalized',
      at: AT,
      finishReason: 'deadline',
    });
    expect(next.rows[1]).toMatchObject({ state: 'submitted', status: CandidateStatus.SAVED });
    expect(next.counts).toMatchObject({ inProgress: 0, submitted: 1, offline: 0 });
  });

  it('leaves the view alone for another exam or an unknown candidate', () => {
    const other = { examId: 8, attemptId: 20, studentId: 2, kind: 'left' as const, at: AT };
    expect(applyDelta(base, other)).toBe(base);
    expect(applyDelta(base, { ...other, examId: 7, attemptId: 99, studentId: 99 })).toBe(base);
  });
});

describe('applyDeltas', () => {
  it('applies many deltas in one pass as one by one would, over 10,000 rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 === 0
        ? row(i + 1, { state: 'in_progress', attemptId: 100_000 + i, connected: true })
        : row(i + 1),
    );
    const base = view(rows);
    const deltas = [
      { examId: 7, attemptId: 100_000, studentId: 1, kind: 'saved' as const, at: AT, answered: 4 },
      // A start: found by the student, then by its new attempt.
      { examId: 7, attemptId: 5, studentId: 2, kind: 'joined' as const, at: AT, connected: true },
      { examId: 7, attemptId: 5, studentId: 0, kind: 'saved' as const, at: AT, answered: 1 },
      {
        examId: 7,
        attemptId: 109_998,
        studentId: 9999,
        kind: 'left' as const,
        at: AT,
        connected: false,
      },
      {
        examId: 8,
        attemptId: 100_000,
        studentId: 1,
        kind: 'left' as const,
        at: AT,
        connected: false,
      },
    ];
    const together = applyDeltas(base, deltas);
    const oneByOne = deltas.reduce(applyDelta, base);
    expect(together.rows).toEqual(oneByOne.rows);
    expect(together.counts).toEqual(oneByOne.counts);
    expect(together.rows[1]).toMatchObject({ state: 'in_progress', attemptId: 5, answered: 1 });
    expect(together.counts.offline).toBe(1);
    // Nothing for this view: the same view.
    expect(applyDeltas(base, [deltas[4]!])).toBe(base);
  });

  it('takes a rest break that begins and ends on the row, with the deadline it moved', () => {
    const live = view([row(2, { state: 'in_progress', attemptId: 20, deadline: AT })]);
    const delta = { examId: 7, attemptId: 20, studentId: 2, kind: 'break' as const, at: AT };
    const taking = applyDelta(live, {
      ...delta,
      breaks: { allowed: 2, taken: 1, onBreak: true },
      deadline: AT,
    });
    expect(taking.rows[0]!.breaks).toEqual({ allowed: 2, taken: 1, onBreak: true });
    const later = '2026-05-10T09:05:00.000Z';
    const ended = applyDeltas(taking, [
      { ...delta, breaks: { allowed: 2, taken: 1, onBreak: false }, deadline: later },
    ]);
    expect([ended.rows[0]!.breaks.onBreak, ended.rows[0]!.deadline]).toEqual([false, later]);
    expect(ended.rows[0]!.state).toBe('in_progress');
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatPlan } from '@kaoshi/shared';
import { freeSeats, planOfSession, seatRows, sessionChoices } from './seat-plan-view';

const candidate = (studentId: number, seat: number, sessionId: number | null = null) => ({
  studentId,
  name: `S${studentId}`,
  ticketNumber: `T${studentId}`,
  classId: 1,
  className: 'A',
  seat,
  sessionId,
});

const plan = {
  rooms: [
    {
      roomId: 7,
      roomName: 'Room 1',
      venueId: 1,
      venueName: 'Centre',
      seats: 5,
      ipAllowList: [],
      invigilators: [],
      invigilatorsBySession: {},
      candidates: [candidate(1, 1), candidate(2, 3)],
      othersSeated: 0,
      othersSeatedBySession: {},
    },
  ],
};

describe('seat plan view', () => {
  it('offers the seats no one holds, the mover’s own counting as free', () => {
    expect(freeSeats(plan, 7, 5)).toEqual([2, 4, 5]);
    expect(freeSeats(plan, 7, 5, 2)).toEqual([2, 3, 4, 5]);
    // A room not in the plan yet: every seat.
    expect(freeSeats(plan, 8, 3)).toEqual([1, 2, 3]);
  });

  it('lists seats up to the last taken, empty seats (gaps) as null', () => {
    expect(seatRows(plan.rooms[0]!.candidates).map((row) => row?.studentId ?? null)).toEqual([
      1,
      null,
      2,
    ]);
    expect(seatRows([])).toEqual([]);
  });

  it('shows one session at a time: its candidates and the seats others hold in it', () => {
    const room = plan.rooms[0]!;
    const withSessions: SeatPlan = {
      examId: 1,
      examName: 'E',
      startAt: '2026-01-01T08:00:00.000Z',
      endAt: '2026-01-01T12:00:00.000Z',
      started: 0,
      candidateCount: 3,
      unseated: [],
      sessions: [
        {
          id: 5,
          name: 'AM',
          startAt: '2026-01-01T08:00:00.000Z',
          endAt: '2026-01-01T10:00:00.000Z',
          candidates: 2,
        },
        {
          id: 6,
          name: 'PM',
          startAt: '2026-01-01T10:00:00.000Z',
          endAt: '2026-01-01T12:00:00.000Z',
          candidates: 1,
        },
      ],
      rooms: [
        {
          ...room,
          candidates: [candidate(1, 1, 5), candidate(2, 1, 6), candidate(3, 2, 5)],
          othersSeated: 2,
          othersSeatedBySession: { '6': 2 },
        },
      ],
    };
    expect(sessionChoices(withSessions)).toEqual([5, 6]);
    const pm = planOfSession(withSessions, 6);
    expect(pm.rooms[0]!.candidates.map((c) => c.studentId)).toEqual([2]);
    expect(pm.rooms[0]!.othersSeated).toBe(2);
    // Seat 1 is free in the afternoon for one moving from the morning.
    expect(freeSeats(planOfSession(withSessions, 5), 7, 3, 1)).toEqual([1, 3]);
    expect(freeSeats(pm, 7, 3)).toEqual([2, 3]);
    // Someone left in no session adds the choice.
    const none = {
      ...withSessions,
      rooms: [{ ...withSessions.rooms[0]!, candidates: [candidate(4, 3)] }],
    };
    expect(sessionChoices(none)).toEqual([5, 6, 'none']);
    expect(sessionChoices({ ...withSessions, sessions: [] })).toEqual([]);
  });
});

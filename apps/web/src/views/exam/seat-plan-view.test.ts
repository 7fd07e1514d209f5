import { describe, expect, it } from 'vitest';
import { freeSeats, seatRows } from './seat-plan-view';

const candidate = (studentId: number, seat: number) => ({
  studentId,
  name: `S${studentId}`,
  ticketNumber: `T${studentId}`,
  classId: 1,
  className: 'A',
  seat,
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
      candidates: [candidate(1, 1), candidate(2, 3)],
      othersSeated: 0,
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
});

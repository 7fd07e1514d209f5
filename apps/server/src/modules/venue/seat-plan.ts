import type { SeatPlanMode } from '@kaoshi/shared';

/** A candidate to seat: its row id and batch; the list comes in ticket order. */
export interface ToSeat {
  id: number;
  classId: number;
}

export interface Placement {
  id: number;
  roomId: number;
  seat: number;
  /** The session sat in (a room is seated once per session); null or absent: none. */
  sessionId?: number | null;
}

export type PlanOutcome =
  | { ok: true; placements: Placement[] }
  | { ok: false; seats: number; needed: number; missing: number };

/**
 * The order candidates take seats in. 'batches': batch after batch (batches by id, as publishing
 * seats them), each in ticket order; 'mixed': one of each batch in turn, so that neighbours come
 * from different batches while more than one batch has candidates left.
 */
export function seatingOrder(candidates: readonly ToSeat[], mode: SeatPlanMode): ToSeat[] {
  const batches = new Map<number, ToSeat[]>();
  for (const candidate of candidates) {
    const queue = batches.get(candidate.classId) ?? [];
    queue.push(candidate);
    batches.set(candidate.classId, queue);
  }
  const queues = [...batches.entries()].sort(([a], [b]) => a - b).map(([, queue]) => queue);
  if (mode === 'batches') return queues.flat();
  const order: ToSeat[] = [];
  for (let round = 0; order.length < candidates.length; round++) {
    for (const queue of queues) {
      const next = queue[round];
      if (next) order.push(next);
    }
  }
  return order;
}

/**
 * Fills `rooms` in the order given, seat 1 onwards, with the candidates in seating order. With
 * `gap`, a seat stays empty between two neighbours of the same batch (neighbours in one room:
 * a new room starts without a gap). When the rooms run out, the rest are counted on as if in
 * one more endless room: `missing` is how many seats it would take.
 */
export function planSeats(
  candidates: readonly ToSeat[],
  rooms: readonly { id: number; seats: number }[],
  options: { mode: SeatPlanMode; gap: boolean },
): PlanOutcome {
  return fillRooms(seatingOrder(candidates, options.mode), rooms, options.gap);
}

/** Fills the rooms with candidates already in seating order (planSeats). */
function fillRooms(
  order: readonly ToSeat[],
  rooms: readonly { id: number; seats: number }[],
  gap: boolean,
): PlanOutcome {
  const placements: Placement[] = [];
  let roomIndex = 0;
  let seat = 1;
  let previous: ToSeat | null = null;
  /** The last seat taken in the endless room past the chosen ones (0: none). */
  let overflow = 0;
  for (const candidate of order) {
    if (gap && previous?.classId === candidate.classId) seat++;
    while (roomIndex < rooms.length && seat > rooms[roomIndex]!.seats) {
      roomIndex++;
      seat = 1;
    }
    if (roomIndex < rooms.length) {
      placements.push({ id: candidate.id, roomId: rooms[roomIndex]!.id, seat });
    } else {
      overflow = seat;
    }
    previous = candidate;
    seat++;
  }
  if (overflow === 0) return { ok: true, placements };
  const seats = rooms.reduce((sum, room) => sum + room.seats, 0);
  return { ok: false, seats, needed: seats + overflow, missing: overflow };
}

/**
 * The seat plan across sessions (场次): the candidates in seating order are shared out over the
 * sessions in order, as evenly as they go (the first sessions take one more when it does not
 * divide), and each session fills the same rooms from seat 1 (a room is reused per session).
 * Short of seats: the sessions' seats and what they miss, summed.
 */
export function planSessionSeats(
  candidates: readonly ToSeat[],
  rooms: readonly { id: number; seats: number }[],
  sessionIds: readonly number[],
  options: { mode: SeatPlanMode; gap: boolean },
): PlanOutcome {
  if (sessionIds.length === 0) return planSeats(candidates, rooms, options);
  const order = seatingOrder(candidates, options.mode);
  const base = Math.floor(order.length / sessionIds.length);
  const more = order.length % sessionIds.length;
  const placements: Placement[] = [];
  let from = 0;
  let seats = 0;
  let missing = 0;
  sessionIds.forEach((sessionId, index) => {
    const size = base + (index < more ? 1 : 0);
    const outcome = fillRooms(order.slice(from, from + size), rooms, options.gap);
    from += size;
    if (outcome.ok) {
      placements.push(...outcome.placements.map((p) => ({ ...p, sessionId })));
      seats += rooms.reduce((sum, room) => sum + room.seats, 0);
    } else {
      seats += outcome.seats;
      missing += outcome.missing;
    }
  });
  if (missing === 0) return { ok: true, placements };
  return { ok: false, seats, needed: seats + missing, missing };
}

import type { SeatPlan } from '@kaoshi/shared';

/**
 * The seats of a room of the plan that no candidate holds, in order, for moving `studentId`
 * there (the seat they hold themselves counts as free). `seats`: the room's seats. Seats taken
 * by batches the viewer does not see are not known here: the server refuses those.
 */
export function freeSeats(
  plan: Pick<SeatPlan, 'rooms'>,
  roomId: number,
  seats: number,
  studentId?: number,
): number[] {
  const room = plan.rooms.find((row) => row.roomId === roomId);
  const taken = new Set(
    (room?.candidates ?? [])
      .filter((candidate) => candidate.studentId !== studentId)
      .map((candidate) => candidate.seat),
  );
  const free: number[] = [];
  for (let seat = 1; seat <= seats; seat++) if (!taken.has(seat)) free.push(seat);
  return free;
}

/** A room's seats with their candidate or null (an empty seat), up to the last seat taken. */
export function seatRows<C extends { seat: number }>(candidates: readonly C[]): (C | null)[] {
  const last = candidates.reduce((max, candidate) => Math.max(max, candidate.seat), 0);
  const bySeat = new Map(candidates.map((candidate) => [candidate.seat, candidate]));
  return Array.from({ length: last }, (_, index) => bySeat.get(index + 1) ?? null);
}

/** The session shown: a session's id, or 'none' for candidates sitting in the exam's window. */
export type SessionChoice = number | 'none';

/**
 * The plan as one session sees it (an exam with sessions reuses its rooms per session): each
 * room with only that session's candidates and the seats others hold in it.
 */
export function planOfSession(plan: SeatPlan, choice: SessionChoice | undefined): SeatPlan {
  if (choice === undefined) return plan;
  const id = choice === 'none' ? null : choice;
  return {
    ...plan,
    rooms: plan.rooms.map((room) => ({
      ...room,
      candidates: room.candidates.filter((candidate) => candidate.sessionId === id),
      othersSeated: room.othersSeatedBySession[String(choice)] ?? 0,
    })),
  };
}

/** The sessions to choose from: the exam's, and 'none' when someone sits in none of them. */
export function sessionChoices(plan: SeatPlan): SessionChoice[] {
  if (plan.sessions.length === 0) return [];
  const someInNone = plan.rooms.some(
    (room) =>
      room.candidates.some((candidate) => candidate.sessionId === null) ||
      (room.othersSeatedBySession.none ?? 0) > 0,
  );
  return [...plan.sessions.map((session) => session.id), ...(someInNone ? ['none' as const] : [])];
}

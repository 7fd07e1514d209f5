import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { candidateRows, inSeatPlanOrder } from '../exam/candidate.repository.js';

/** Rows per CASE update: three parameters each, well under either engine's limit. */
const ASSIGN_CHUNK = 500;

/** A candidate's new place: a room and seat, or no room (`roomId` null), and the session. */
export interface ImportedPlace {
  id: number;
  roomId: number | null;
  seat: number | null;
  sessionId: number | null;
}

/** What the seat plan's .xlsx export and import read and write (seat-plan-xlsx.service.ts). */
export class SeatPlanTransferRepository {
  constructor(private readonly db: Db) {}

  /** Every candidate in plan order (room by room, seat by seat, then those in no room). */
  exportRows(examId: number) {
    return inSeatPlanOrder(candidateRows(this.db))
      .select([
        'c.id',
        'c.class_id',
        'c.room_id',
        'c.seat_number',
        'c.session_id',
        'ses.name as session_name',
        's.ticket_number',
        's.name',
        's.id_number',
        'cl.name as class_name',
        'r.name as room_name',
        'v.name as venue_name',
      ])
      .where('c.exam_id', '=', examId)
      .execute();
  }

  /** Every room with its venue, by venue and room name (the export's room list, the import's lookup). */
  allRooms() {
    return this.db
      .selectFrom('venue_rooms as r')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .select(['r.id', 'r.name', 'r.seats', 'v.name as venue_name'])
      .orderBy('v.name')
      .orderBy('r.name')
      .execute();
  }

  /**
   * Moves the candidates: first out of their rooms (so that two swapping seats never meet on
   * the one-candidate-per-seat index) and into their session, then into their new room and
   * seat. A candidate leaving every room keeps its number.
   */
  async place(places: ImportedPlace[]) {
    if (places.length === 0) return;
    for (let i = 0; i < places.length; i += ASSIGN_CHUNK) {
      const chunk = places.slice(i, i + ASSIGN_CHUNK);
      await this.db
        .updateTable('exam_candidates')
        .set({
          room_id: null,
          session_id: sql<number | null>`case id ${sql.join(
            chunk.map((p) => sql`when ${p.id} then cast(${p.sessionId} as integer)`),
            sql` `,
          )} end`,
        })
        .where(
          'id',
          'in',
          chunk.map((p) => p.id),
        )
        .execute();
    }
    const seated = places.filter((p) => p.roomId !== null && p.seat !== null);
    for (let i = 0; i < seated.length; i += ASSIGN_CHUNK) {
      const chunk = seated.slice(i, i + ASSIGN_CHUNK);
      const cases = (value: (p: ImportedPlace) => number) =>
        sql.join(
          chunk.map((p) => sql`when ${p.id} then cast(${value(p)} as integer)`),
          sql` `,
        );
      await sql`
        update exam_candidates
        set room_id = case id ${cases((p) => p.roomId!)} end,
          seat_number = case id ${cases((p) => p.seat!)} end
        where id in (${sql.join(chunk.map((p) => p.id))})
      `.execute(this.db);
    }
  }
}

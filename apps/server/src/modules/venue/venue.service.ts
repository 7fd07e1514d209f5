import type {
  ListResult,
  ListVenueQuery,
  RoomInput,
  RoomView,
  UpdateRoomBody,
  UpdateVenueBody,
  VenueInput,
  VenueView,
} from '@kaoshi/shared';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, existing, stillInUse } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { VenueRepository, type RoomRow } from './venue.repository.js';

/** Exam names as a message lists them: “A”, “B” (the first five). */
export const examNames = (rows: { name: string }[]) =>
  rows
    .slice(0, 5)
    .map((row) => `“${row.name}”`)
    .join(', ');

export const roomView = (row: RoomRow & { venue_name: string }): RoomView => ({
  id: row.id,
  venueId: row.venue_id,
  venueName: row.venue_name,
  name: row.name,
  seats: row.seats,
  ipAllowList: parseJson<string[]>(row.ip_allow_list, []),
  notes: row.notes,
});

/** Venues (考点) and their rooms (考场): shared by every publisher (no batch owns them). */
export class VenueService {
  constructor(private readonly db: Db) {}

  async list(query: ListVenueQuery): Promise<ListResult<VenueView>> {
    const { rows, total } = await new VenueRepository(this.db).list(query);
    return {
      total,
      list: rows.map((row) => ({
        id: row.id,
        name: row.name,
        address: row.address,
        rooms: Number(row.rooms),
        seats: Number(row.seats),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    };
  }

  /**
   * The checks and the write in one transaction; a row a concurrent write slipped past the
   * checks is answered as the check would have (db/constraint.ts).
   */
  private async write<T>(
    answers: Parameters<typeof explainConstraint>[1],
    work: (repo: VenueRepository) => Promise<T>,
  ): Promise<T> {
    try {
      return await inTransaction(this.db, (trx) => work(new VenueRepository(trx)));
    } catch (error) {
      throw explainConstraint(error, answers);
    }
  }

  addVenue(body: VenueInput): Promise<{ id: number }> {
    const taken = () => conflict('venueNameTaken', { name: body.name }, 'name');
    return this.write({ unique: taken }, async (venues) => {
      if (await venues.venueNamed(body.name)) throw taken();
      return { id: await venues.insertVenue(body, nowIso()) };
    });
  }

  updateVenue(body: UpdateVenueBody): Promise<void> {
    const taken = () => conflict('venueNameTaken', { name: body.name }, 'name');
    return this.write({ unique: taken }, async (venues) => {
      existing(await venues.findVenue(body.id), 'venue', body.id);
      const holder = await venues.venueNamed(body.name);
      if (holder && holder.id !== body.id) throw taken();
      await venues.updateVenue(body.id, { name: body.name, address: body.address }, nowIso());
    });
  }

  /** Refused (10004, naming them) while a room of it is in an exam's seat plan. */
  deleteVenue(id: number): Promise<void> {
    return this.write({ foreignKey: () => stillInUse('venue', id) }, async (venues) => {
      const venue = existing(await venues.findVenue(id), 'venue', id);
      const rooms = await venues.rooms(id);
      const exams = await venues.examsUsingRooms(rooms.map((room) => room.id));
      if (exams.length > 0) {
        throw conflict('venueInExams', {
          name: venue.name,
          count: exams.length,
          exams: examNames(exams),
        });
      }
      await venues.deleteVenue(id);
    });
  }

  async listRooms(venueId: number | undefined): Promise<RoomView[]> {
    const venues = new VenueRepository(this.db);
    if (venueId !== undefined) existing(await venues.findVenue(venueId), 'venue', venueId);
    return (await venues.rooms(venueId)).map(roomView);
  }

  addRoom(body: RoomInput): Promise<{ id: number }> {
    const taken = () => conflict('roomNameTaken', { name: body.name }, 'name');
    return this.write({ unique: taken }, async (venues) => {
      existing(await venues.findVenue(body.venueId), 'venue', body.venueId);
      if (await venues.roomNamed(body.venueId, body.name)) throw taken();
      const id = await venues.insertRoom(
        {
          venue_id: body.venueId,
          name: body.name,
          seats: body.seats,
          ip_allow_list: JSON.stringify(body.ipAllowList),
          notes: body.notes,
        },
        nowIso(),
      );
      return { id };
    });
  }

  /** Seats may not drop below a seat a candidate holds in it. */
  updateRoom(body: UpdateRoomBody): Promise<void> {
    const taken = () => conflict('roomNameTaken', { name: body.name }, 'name');
    return this.write({ unique: taken }, async (venues) => {
      const room = existing(await venues.findRoom(body.id), 'room', body.id);
      const holder = await venues.roomNamed(room.venue_id, body.name);
      if (holder && holder.id !== body.id) throw taken();
      const highest = await venues.highestSeat(body.id);
      if (body.seats < highest) {
        throw conflict('roomSeatsBelowPlan', { name: room.name, seat: highest }, 'seats');
      }
      await venues.updateRoom(
        body.id,
        {
          name: body.name,
          seats: body.seats,
          ip_allow_list: JSON.stringify(body.ipAllowList),
          notes: body.notes,
        },
        nowIso(),
      );
    });
  }

  /** Refused (10004, naming them) while it is in an exam's seat plan. */
  deleteRoom(id: number): Promise<void> {
    return this.write({ foreignKey: () => stillInUse('room', id) }, async (venues) => {
      const room = existing(await venues.findRoom(id), 'room', id);
      const exams = await venues.examsUsingRooms([id]);
      if (exams.length > 0) {
        throw conflict('roomInExams', {
          name: room.name,
          count: exams.length,
          exams: examNames(exams),
        });
      }
      await venues.deleteRoom(id);
    });
  }
}

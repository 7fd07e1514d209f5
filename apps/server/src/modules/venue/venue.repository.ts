import type { Insertable, Selectable } from 'kysely';
import type { ListVenueQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { VenueRoomsTable, VenuesTable } from '../../db/types.js';

export type VenueRow = Selectable<VenuesTable>;
export type RoomRow = Selectable<VenueRoomsTable>;
export type RoomValues = Omit<Insertable<VenueRoomsTable>, 'id' | 'created_at' | 'updated_at'>;

/** Venues (考点) and their rooms (考场). */
export class VenueRepository {
  constructor(private readonly db: Db) {}

  private filtered(query: Pick<ListVenueQuery, 'keyword'>) {
    let base = this.db.selectFrom('venues as v');
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('v.name', keyword), contains('v.address', keyword)]),
      );
    }
    return base;
  }

  /** One page of venues by name, with their rooms and seats. */
  async list(query: ListVenueQuery) {
    const base = this.filtered(query);
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('venue_rooms as r', 'r.venue_id', 'v.id')
      .select((eb) => [
        'v.id',
        'v.name',
        'v.address',
        'v.created_at',
        'v.updated_at',
        eb.fn.count<number>('r.id').as('rooms'),
        eb.fn.coalesce(eb.fn.sum<number>('r.seats'), eb.lit(0)).as('seats'),
      ])
      .groupBy(['v.id', 'v.name', 'v.address', 'v.created_at', 'v.updated_at'])
      .orderBy('v.name')
      .orderBy('v.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { total: Number(total), rows };
  }

  findVenue(id: number) {
    return this.db.selectFrom('venues').selectAll().where('id', '=', id).executeTakeFirst();
  }

  venueNamed(name: string) {
    return this.db.selectFrom('venues').select('id').where('name', '=', name).executeTakeFirst();
  }

  async insertVenue(values: { name: string; address: string }, now: string): Promise<number> {
    const row = await this.db
      .insertInto('venues')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateVenue(id: number, values: { name: string; address: string }, now: string) {
    await this.db
      .updateTable('venues')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The venue and its rooms. */
  async deleteVenue(id: number) {
    await this.db.deleteFrom('venue_rooms').where('venue_id', '=', id).execute();
    await this.db.deleteFrom('venues').where('id', '=', id).execute();
  }

  /** The rooms of a venue (of every venue without one), by venue and name, with the venue's name. */
  rooms(venueId?: number) {
    let query = this.db
      .selectFrom('venue_rooms as r')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .selectAll('r')
      .select('v.name as venue_name');
    if (venueId !== undefined) query = query.where('r.venue_id', '=', venueId);
    return query
      .orderBy('v.name')
      .orderBy('r.venue_id')
      .orderBy('r.name')
      .orderBy('r.id')
      .execute();
  }

  findRoom(id: number) {
    return this.db.selectFrom('venue_rooms').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The rooms `ids` with their venue's name (any order). */
  roomsWithVenue(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('venue_rooms as r')
      .innerJoin('venues as v', 'v.id', 'r.venue_id')
      .select([
        'r.id',
        'r.name',
        'r.seats',
        'r.ip_allow_list',
        'r.venue_id',
        'v.name as venue_name',
      ])
      .where('r.id', 'in', ids)
      .execute();
  }

  roomNamed(venueId: number, name: string) {
    return this.db
      .selectFrom('venue_rooms')
      .select('id')
      .where('venue_id', '=', venueId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertRoom(values: RoomValues, now: string): Promise<number> {
    const row = await this.db
      .insertInto('venue_rooms')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateRoom(id: number, values: Omit<RoomValues, 'venue_id'>, now: string) {
    await this.db
      .updateTable('venue_rooms')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async deleteRoom(id: number) {
    await this.db.deleteFrom('venue_rooms').where('id', '=', id).execute();
  }

  /** Exams whose seat plan uses one of `roomIds` (its rooms or a candidate seated there), by id. */
  examsUsingRooms(roomIds: number[]) {
    if (roomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('exams')
      .select(['exams.id', 'exams.name'])
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('exam_rooms')
              .select('exam_rooms.exam_id')
              .whereRef('exam_rooms.exam_id', '=', 'exams.id')
              .where('exam_rooms.room_id', 'in', roomIds),
          ),
          eb.exists(
            eb
              .selectFrom('exam_candidates')
              .select('exam_candidates.id')
              .whereRef('exam_candidates.exam_id', '=', 'exams.id')
              .where('exam_candidates.room_id', 'in', roomIds),
          ),
        ]),
      )
      .orderBy('exams.id')
      .execute();
  }

  /** The highest seat a candidate holds in the room, over every exam (0: none). */
  async highestSeat(roomId: number): Promise<number> {
    const row = await this.db
      .selectFrom('exam_candidates')
      .select((eb) => eb.fn.max<number>('seat_number').as('seat'))
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return Number(row?.seat ?? 0);
  }
}

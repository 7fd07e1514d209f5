import type { Generated } from 'kysely';

// Venues, rooms and exams' seat plans (migration 0018, docs/features/venues.md).

export interface VenuesTable {
  id: Generated<number>;
  name: string;
  address: string;
  created_at: string;
  updated_at: string;
}

export interface VenueRoomsTable {
  id: Generated<number>;
  venue_id: number;
  name: string;
  seats: number;
  /** JSON array of addresses and CIDR ranges (as exams.ip_allow_list); [] anywhere. */
  ip_allow_list: string;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface ExamRoomsTable {
  exam_id: number;
  room_id: number;
  /** The order the rooms were chosen in (0 first). */
  sort: number;
  /** When the invigilator started the room (migration 0023); null: not yet. */
  started_at: Generated<string | null>;
  started_by: Generated<number | null>;
}

export interface ExamRoomInvigilatorsTable {
  exam_id: number;
  room_id: number;
  /** The session invigilated (migration 0027); null: every session of the room. */
  session_id: Generated<number | null>;
  user_id: number;
}

/** A room started for one session of an exam (migration 0027). */
export interface ExamRoomSessionStartsTable {
  exam_id: number;
  room_id: number;
  session_id: number;
  started_at: string;
  started_by: number;
}

/** A session (场次) of an exam (migration 0026): its own window inside the exam's. */
export interface ExamSessionsTable {
  id: Generated<number>;
  exam_id: number;
  name: string;
  /** The order of the sessions (0 first). */
  sort: number;
  start_at: string;
  end_at: string;
}

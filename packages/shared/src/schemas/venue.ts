import { z } from 'zod';
import { cidrSchema, EXAM_IP_RULES_MAX, isoInstant } from './exam.js';
import { dbId, idList, optionalText, pageQuery } from './common.js';

/**
 * Venues (考点), their rooms (考场) and an exam's seat plan (docs/features/venues.md). A room's
 * address allow-list has the exam's format (addresses and CIDR ranges).
 */

export const VENUE_NAME_MAX = 100;
export const VENUE_ADDRESS_MAX = 300;
export const ROOM_SEATS_MAX = 500;
export const ROOM_NOTES_MAX = 1000;
/** Rooms one seat plan may use. */
export const SEAT_PLAN_ROOMS_MAX = 1000;
/** Invigilators of one room of an exam. */
export const ROOM_INVIGILATORS_MAX = 2;

const name = z.string().trim().min(1).max(VENUE_NAME_MAX);

export const venueFields = z.object({
  name,
  address: z.string().trim().max(VENUE_ADDRESS_MAX).default(''),
});
export const addVenueBody = venueFields;
export const updateVenueBody = venueFields.extend({ id: dbId });
export type AddVenueBody = z.input<typeof addVenueBody>;
export type VenueInput = z.output<typeof addVenueBody>;
export type UpdateVenueBody = z.output<typeof updateVenueBody>;

export const listVenueQuery = pageQuery.extend({ keyword: optionalText(100) });
export type ListVenueQuery = z.output<typeof listVenueQuery>;

export const roomFields = z.object({
  venueId: dbId,
  name,
  seats: z.coerce.number().int().min(1).max(ROOM_SEATS_MAX),
  /** Addresses and CIDR ranges of the room's computers; empty: the exam's own list applies. */
  ipAllowList: z
    .array(cidrSchema)
    .max(EXAM_IP_RULES_MAX)
    .default([])
    .transform((rules) => [...new Set(rules)]),
  notes: z.string().trim().max(ROOM_NOTES_MAX).default(''),
});
export const addRoomBody = roomFields;
/** A room stays in its venue. */
export const updateRoomBody = roomFields.omit({ venueId: true }).extend({ id: dbId });
export type AddRoomBody = z.input<typeof addRoomBody>;
export type RoomInput = z.output<typeof addRoomBody>;
export type UpdateRoomBody = z.output<typeof updateRoomBody>;

/** The rooms of one venue; without venueId every room (the seat plan's choice). */
export const listRoomQuery = z.object({
  venueId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
});

export interface VenueView {
  id: number;
  name: string;
  address: string;
  rooms: number;
  seats: number;
  createdAt: string;
  updatedAt: string;
}

export interface RoomView {
  id: number;
  venueId: number;
  venueName: string;
  name: string;
  seats: number;
  ipAllowList: string[];
  notes: string;
}

// ── Seat plans ──

export const examIdQuery = z.object({ examId: dbId });

/** Batches together (a room filled by one batch before the next), or interleaved. */
export const SEAT_PLAN_MODES = ['batches', 'mixed'] as const;
export type SeatPlanMode = (typeof SEAT_PLAN_MODES)[number];

export const planSeatsBody = z.object({
  examId: dbId,
  /** The rooms to fill, in order. */
  roomIds: z
    .array(dbId)
    .min(1)
    .max(SEAT_PLAN_ROOMS_MAX)
    .transform((ids) => [...new Set(ids)]),
  mode: z.enum(SEAT_PLAN_MODES).default('batches'),
  /** An empty seat between two neighbours of the same batch. */
  gap: z.boolean().default(false),
});
export type PlanSeatsBody = z.input<typeof planSeatsBody>;
export type PlanSeatsInput = z.output<typeof planSeatsBody>;

export const moveCandidateBody = z.object({
  examId: dbId,
  studentId: dbId,
  roomId: dbId,
  seat: z.coerce.number().int().min(1).max(ROOM_SEATS_MAX),
  /** The session to sit in (an exam with sessions); absent: the candidate's session stays. */
  sessionId: dbId.optional(),
});
export type MoveCandidateBody = z.input<typeof moveCandidateBody>;
export type MoveCandidateInput = z.output<typeof moveCandidateBody>;

export const setRoomInvigilatorsBody = z.object({
  examId: dbId,
  roomId: dbId,
  /** The session invigilated; absent: every session of the room (an exam without sessions). */
  sessionId: dbId.optional(),
  /** One or two; empty: none yet. */
  userIds: idList(ROOM_INVIGILATORS_MAX),
});
export type SetRoomInvigilatorsBody = z.input<typeof setRoomInvigilatorsBody>;
export type SetRoomInvigilatorsInput = z.output<typeof setRoomInvigilatorsBody>;

export const listInvigilatorQuery = z.object({ keyword: optionalText(100) });

export interface SeatedCandidate {
  studentId: number;
  name: string;
  ticketNumber: string;
  classId: number;
  className: string;
  /** The seat in the room; for one not in a room, the exam's running number. */
  seat: number;
  /** The session (场次) sat in; null: the exam's window. */
  sessionId: number | null;
}

export interface PersonOption {
  id: number;
  name: string;
  nickName: string;
}

export interface SeatPlanRoom {
  roomId: number;
  roomName: string;
  venueId: number;
  venueName: string;
  seats: number;
  ipAllowList: string[];
  /** Assigned for every session of the room (an exam without sessions: all of them). */
  invigilators: PersonOption[];
  /** Assigned for one session (key: the session's id). */
  invigilatorsBySession: Record<string, PersonOption[]>;
  /** In seat order (only the viewer's batches). */
  candidates: SeatedCandidate[];
  /** Seats taken by candidates of batches the viewer does not hold. */
  othersSeated: number;
  /** The same per session (key: the session's id, or "none" for the exam's window). */
  othersSeatedBySession: Record<string, number>;
}

export interface SeatPlan {
  examId: number;
  examName: string;
  startAt: string;
  endAt: string;
  /** Candidates who have started: the plan is read-only once any has. */
  started: number;
  candidateCount: number;
  rooms: SeatPlanRoom[];
  /** Candidates in no room (added after planning, or never planned). */
  unseated: SeatedCandidate[];
  /** The exam's sessions in order; empty: one window, the exam's. */
  sessions: ExamSessionView[];
}

// ── Sessions (场次) ──

/** Sessions of one exam. */
export const EXAM_SESSIONS_MAX = 50;
export const SESSION_NAME_MAX = 100;

export const examSessionFields = z.object({
  /** An existing session keeps its id (its candidates stay in it); absent: a new one. */
  id: dbId.optional(),
  name: z.string().trim().min(1).max(SESSION_NAME_MAX),
  startAt: isoInstant,
  endAt: isoInstant,
});

/** The exam's sessions, the whole list at once (empty: the exam's own window again). */
export const setSessionsBody = z.object({
  examId: dbId,
  sessions: z.array(examSessionFields).max(EXAM_SESSIONS_MAX),
});
export type SetSessionsBody = z.input<typeof setSessionsBody>;
export type SetSessionsInput = z.output<typeof setSessionsBody>;

export interface ExamSessionView {
  id: number;
  name: string;
  startAt: string;
  endAt: string;
  /** Candidates assigned to it. */
  candidates: number;
}

import { z } from 'zod';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId } from './common.js';
import { PROCTOR_PAUSE_REASON_MAX } from './proctor.js';

/**
 * The invigilator's console, per room of an exam (docs/features/invigilation.md): the room's
 * candidates in seat order, check-in at the door, the room's start, pausing the room.
 */
export const INVIGILATION_BASE = '/api/kaoshi-exam/invigilation';

export const CHECK_IN_REASON_MAX = 200;

/**
 * A room of an exam, for one session (场次) when the exam has sessions (docs/features/venues.md
 * "Sessions"); absent: the room's candidates without a session (an exam without sessions).
 */
const roomKey = { examId: dbId, roomId: dbId, sessionId: dbId.optional() };

export const invigilationRoomQuery = z.object(roomKey);
export type InvigilationRoomQuery = z.output<typeof invigilationRoomQuery>;

/** checkIn: confirm the candidate's identity, or refuse it with a reason; the door photo. */
export const checkInBody = z
  .object({
    ...roomKey,
    studentId: dbId,
    confirmed: z.boolean(),
    reason: z.string().trim().max(CHECK_IN_REASON_MAX).default(''),
    /** A path the files module answered for the photo taken at the door. */
    doorPhoto: z.string().trim().max(255).optional(),
  })
  .refine((body) => body.confirmed || body.reason !== '', {
    path: ['reason'],
    ...schemaMessage('required'),
  });
export type CheckInBody = z.output<typeof checkInBody>;

const reason = z.string().trim().min(1).max(PROCTOR_PAUSE_REASON_MAX);

export const roomPauseBody = z.object({ ...roomKey, reason });
export type RoomPauseBody = z.output<typeof roomPauseBody>;

export const roomCandidatePauseBody = z.object({
  ...roomKey,
  studentId: dbId,
  reason,
});
export type RoomCandidatePauseBody = z.output<typeof roomCandidatePauseBody>;

export type ConsoleState =
  'notArrived' | 'checkedIn' | 'refused' | 'inProgress' | 'paused' | 'submitted' | 'absent';

export interface ConsoleCandidate {
  studentId: number;
  seat: number;
  name: string;
  ticketNumber: string;
  idNumberMasked: string;
  /** The registered photo (files path); '' none. */
  photo: string;
  state: ConsoleState;
  checkedInAt: string | null;
  refusedReason: string | null;
  doorPhoto: string | null;
  attemptId: number | null;
  startedAt: string | null;
  deadline: string | null;
  pausedAt: string | null;
  /** The pause going on is a rest break the candidate took (not the invigilator's pause). */
  onBreak: boolean;
  /**
   * Paused time so far (ms) at `serverNow`: every pause of the attempt (the candidate's, the
   * room's, the exam's), the one going on included, rest breaks not (proposesReschedule).
   */
  pausedMs: number;
  answered: number;
  connected: boolean;
  /** Extra minutes: the proctor's and the accommodations' (fixed at start). */
  extraMinutes: number;
  accommodationMinutes: number;
}

export interface ConsoleRoom {
  examId: number;
  examName: string;
  roomId: number;
  roomName: string;
  venueName: string;
  /** The session shown (its window is startAt–endAt); null: the exam's window. */
  sessionId: number | null;
  sessionName: string | null;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  requireCheckIn: boolean;
  holdUntilRoomStart: boolean;
  startedAt: string | null;
  limitMinutes: number;
  serverNow: string;
  candidates: ConsoleCandidate[];
}

/** A room of "我的监考", one line per session of the room (null: an exam without sessions). */
export interface MyRoom {
  examId: number;
  examName: string;
  roomId: number;
  roomName: string;
  venueName: string;
  sessionId: number | null;
  sessionName: string | null;
  startAt: string;
  endAt: string;
  startedAt: string | null;
  candidates: number;
}

export interface RoomActionResult {
  count: number;
}

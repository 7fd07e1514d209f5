import { z } from 'zod';
import { dbId } from './common.js';
import { EXAM_EXTRA_MINUTES_MAX, type CandidateStatusCode, type ExamState } from './exam.js';
import {
  RECEIPT_ALPHABET,
  RECEIPT_CODE_LENGTH,
  normalReceiptCode,
  type FinishReason,
} from './attempt.js';

/**
 * The proctor's live view of an exam (docs/features/proctoring.md): counts, a row per candidate, actions each
 * logged with a reason, live deltas over socket.io. Never an answer's value, never a key.
 */
export const PROCTOR_BASE = '/api/kaoshi-exam/proctor';

export const PROCTOR_REASON_MAX = 500;
export const PROCTOR_MESSAGE_MAX = 500;
/** Minutes a reopened attempt gets (from the moment it is reopened). */
export const PROCTOR_REOPEN_MINUTES_MAX = 240;
/** The latest integrity events a row carries (the drawer lists them all). */
export const PROCTOR_LATEST_EVENTS = 3;

/** socket.io events of the proctor's room, and the message a candidate's page receives. */
export const ProctorEvent = {
  /** proctor → server: {examId} → ack {ok} (joins the room `proctor:<examId>`). */
  WATCH: 'proctor:watch',
  UNWATCH: 'proctor:unwatch',
  /**
   * invigilator → server: {examId, roomId} → ack {ok} (joins `invigilate:<examId>:<roomId>`,
   * checked as the console's calls: roomAccess). The room hears ROOM_CHANGED, no candidate data.
   */
  WATCH_ROOM: 'proctor:watch-room',
  UNWATCH_ROOM: 'proctor:unwatch-room',
  /** server → invigilator: {examId, roomId}: something changed in the room; read it again. */
  ROOM_CHANGED: 'proctor:room-changed',
  /** server → proctor: a ProctorDelta. */
  DELTA: 'proctor:delta',
  /** server → candidate's exam page: a ProctorMessage. */
  MESSAGE: 'attempt:message',
  /**
   * exam page → server, after each join: {attemptId} → ack ProctorMessagesAck, the kept
   * messages its page has not seen yet, oldest first.
   */
  MESSAGES: 'attempt:messages',
  /** exam page → server: {attemptId, id}: the page has shown every message up to `id`. */
  MESSAGE_SEEN: 'attempt:message-seen',
  /** server → candidate's exam page: the proctor reopened the attempt (a ReopenedMessage). */
  REOPENED: 'attempt:reopened',
} as const;

/** attempt:messages and attempt:message-seen. */
export const proctorMessagesPayload = z.object({ attemptId: dbId });
export const proctorMessageSeenPayload = z.object({ attemptId: dbId, id: dbId });

export const PROCTOR_STATES = ['not_started', 'in_progress', 'submitted', 'absent'] as const;
export type ProctorState = (typeof PROCTOR_STATES)[number];

const reason = z.string().trim().min(1).max(PROCTOR_REASON_MAX);

export const proctorExamParams = z.object({ examId: dbId });

export const proctorCandidateQuery = z.object({ examId: dbId, studentId: dbId });
export type ProctorCandidateQuery = z.output<typeof proctorCandidateQuery>;

export const proctorExtraTimeBody = z.object({
  examId: dbId,
  studentId: dbId,
  /** The candidate's extra minutes in all (as setExtraTime). */
  minutes: z.coerce.number().int().min(0).max(EXAM_EXTRA_MINUTES_MAX),
  reason,
});
export type ProctorExtraTimeBody = z.output<typeof proctorExtraTimeBody>;

export const proctorSubmitBody = z.object({ examId: dbId, studentId: dbId, reason });
export type ProctorSubmitBody = z.output<typeof proctorSubmitBody>;

/** checkReceipt: a code a candidate shows, typed with or without its dashes. */
export const proctorReceiptBody = z.object({
  examId: dbId,
  code: z
    .string()
    .trim()
    .transform(normalReceiptCode)
    .pipe(
      z
        .string()
        .length(RECEIPT_CODE_LENGTH)
        .regex(new RegExp(`^[${RECEIPT_ALPHABET}]+$`)),
    ),
});
export type ProctorReceiptBody = z.output<typeof proctorReceiptBody>;

/**
 * checkReceipt's answer: 'valid' the code is this candidate's and their answers as stored still
 * give it; 'changed' it was theirs but the stored answers no longer give it; 'unknown' no finished
 * attempt of the exam (that this user may see) has it.
 */
export interface ProctorReceiptCheck {
  result: 'valid' | 'changed' | 'unknown';
  candidate: {
    studentId: number;
    name: string;
    ticketNumber: string;
    finishedAt: string;
    finishReason: FinishReason;
    answeredCount: number;
  } | null;
}

export const proctorReopenBody = z.object({
  examId: dbId,
  studentId: dbId,
  minutes: z.coerce.number().int().min(1).max(PROCTOR_REOPEN_MINUTES_MAX),
  reason,
});
export type ProctorReopenBody = z.output<typeof proctorReopenBody>;

/** A pause's or a resume's reason: said to the candidate, kept on the record. */
export const PROCTOR_PAUSE_REASON_MAX = 200;
const pauseReason = z.string().trim().min(1).max(PROCTOR_PAUSE_REASON_MAX);

/** pauseAttempt, resumeAttempt: one candidate's running attempt. */
export const proctorPauseBody = z.object({ examId: dbId, studentId: dbId, reason: pauseReason });
export type ProctorPauseBody = z.output<typeof proctorPauseBody>;

/** pauseExam, resumeExam: every running (or every paused) attempt of the exam in one's batches. */
export const proctorPauseExamBody = z.object({ examId: dbId, reason: pauseReason });
export type ProctorPauseExamBody = z.output<typeof proctorPauseExamBody>;

export interface ProctorPauseExamResult {
  /** Attempts paused (or resumed) by this call. */
  count: number;
}

/** One attempt's pauses, as the proctor's row shows them. */
export interface ProctorPauseRow {
  attemptId: number;
  studentId: number;
  /** Paused now since then; null while it runs. */
  pausedSince: string | null;
  reason: string | null;
  /** Every pause's length so far, the one going on included (ms). */
  pausedMs: number;
  /** What the deadline got back (ms): at most the compensatory limit. */
  givenBackMs: number;
  /** Paused at least the limit: the console proposes rescheduling (建议重新安排). */
  reschedule: boolean;
  /** Whole minutes paused beyond the limit (0 when not beyond). */
  minutesOver: number;
}

/**
 * Whether the console proposes rescheduling (建议重新安排): the attempt's paused time in all (every
 * pause, not rest breaks) has reached the centre's limit, beyond which nothing more is given back.
 */
export const proposesReschedule = (pausedMs: number, limitMinutes: number) =>
  pausedMs > 0 && pausedMs >= limitMinutes * 60_000;

/** GET pauses/{examId}: the attempts that were ever paused, and the centre's limit. */
export interface ProctorPausesView {
  serverNow: string;
  /** COMPENSATORY_MINUTES_LIMIT: time given back per attempt at most. */
  limitMinutes: number;
  rows: ProctorPauseRow[];
}

export const proctorMessageBody = z.object({
  examId: dbId,
  /** Missing or null: every candidate of the exam whose attempt is running. */
  studentId: z.preprocess((value) => (value === '' ? null : value), dbId.nullish()),
  content: z.string().trim().min(1).max(PROCTOR_MESSAGE_MAX),
});
export type ProctorMessageBody = z.output<typeof proctorMessageBody>;

/** An integrity event or a proctor's action about one candidate, by the server's clock. */
export interface ProctorEventView {
  id: number;
  type: string;
  at: string;
  ip: string;
  detail: Record<string, unknown>;
}

export interface ProctorRow {
  studentId: number;
  name: string;
  ticketNumber: string;
  className: string;
  status: CandidateStatusCode;
  state: ProctorState;
  attemptId: number | null;
  startedAt: string | null;
  deadline: string | null;
  finishedAt: string | null;
  finishReason: FinishReason | null;
  extraMinutes: number;
  /** Questions with an answer given (never what it is). */
  answered: number;
  lastSaveAt: string | null;
  /** The exam page holds a live connection now. */
  connected: boolean;
  /** The latest address seen (join or event), else the address it started from. */
  address: string;
  eventCounts: Record<string, number>;
  latestEvents: ProctorEventView[];
  /** Starting is locked until then after too many wrong access codes; null: not locked. */
  accessLockedUntil: string | null;
  /** Rest breaks (docs/features/accommodations.md): given, taken, and whether one goes on now. */
  breaks: { allowed: number; taken: number; onBreak: boolean };
  /**
   * Paused time so far (ms) at `serverNow`: every pause of the attempt, the one going on
   * included, rest breaks not (proposesReschedule).
   */
  pausedMs: number;
  /** The candidate's room and seat in the exam's seat plan; null: in no room. */
  room: ProctorRoomSeat | null;
}

export interface ProctorRoomSeat {
  roomId: number;
  /** "venue / room", as the seat plan names it. */
  name: string;
  seat: number;
}

export interface ProctorCounts {
  notStarted: number;
  inProgress: number;
  submitted: number;
  absent: number;
  /** In progress with no live connection now. */
  offline: number;
}

export interface LiveExamView {
  exam: {
    id: number;
    name: string;
    state: ExamState;
    startAt: string;
    endAt: string;
    durationMinutes: number;
  };
  serverNow: string;
  counts: ProctorCounts;
  rows: ProctorRow[];
}

/** The drawer: one candidate's integrity events and the proctors' actions about them. */
export interface ProctorCandidateEvents {
  events: ProctorEventView[];
  actions: {
    id: number;
    action: string;
    at: string;
    by: string;
    detail: Record<string, unknown>;
  }[];
}

/**
 * What the room `proctor:<examId>` hears: small changes of one row (at most one 'saved' per
 * candidate a second). Never an answer's value.
 */
export interface ProctorDelta {
  examId: number;
  attemptId: number;
  studentId: number;
  /** 'break': a rest break began or ended (`breaks`; at its end the moved `deadline`). */
  kind: 'joined' | 'left' | 'saved' | 'event' | 'finalized' | 'changed' | 'break';
  at: string;
  connected?: boolean;
  answered?: number;
  lastSaveAt?: string;
  address?: string;
  /** With a join: when the attempt started and ends (a row that was not started learns them). */
  startedAt?: string;
  deadline?: string;
  event?: ProctorEventView;
  finishReason?: FinishReason;
  breaks?: ProctorRow['breaks'];
}

/** A proctor's message on a candidate's exam page (kept: a page that joins later receives it). */
export interface ProctorMessage {
  id: number;
  content: string;
  at: string;
}

/** attempt:messages' answer. */
export interface ProctorMessagesAck {
  ok: true;
  messages: ProctorMessage[];
}

/** attempt:reopened: the attempt runs again until `deadline`. */
export interface ReopenedMessage {
  deadline: string;
  remainingMs: number;
}

export interface ProctorActionResult {
  /** false when nothing changed (submitting an attempt that had already ended). */
  changed: boolean;
  deadline?: string;
}

export interface ProctorMessageResult {
  /** Exam pages that were open and received it. */
  delivered: number;
  /** Candidates it was meant for (running attempts). */
  recipients: number;
}

import type { Generated } from 'kysely';

// Attempts, their answers and events.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface AttemptsTable {
  id: Generated<number>;
  exam_id: number;
  candidate_id: number;
  student_id: number;
  paper_version_id: number;
  seed: string;
  started_at: string;
  deadline: string;
  finished_at: string | null;
  /** FinishReason. */
  finish_reason: string | null;
  /** Hundredths of a point. */
  objective_score: number | null;
  pending_marking: number | null;
  receipt_code: string | null;
  live_token: string | null;
  leave_count: Generated<number>;
  start_ip: Generated<string>;
  /** Since when the page has been away (hidden, out of full screen, no connection). */
  away_since: string | null;
  /** 'hidden', 'fullscreen', 'offline' or 'link_task'. */
  away_kind: string | null;
  link_task_at: string | null;
  /** Since when a proctor has paused it; null while it runs (attempt_pauses has the record). */
  paused_at: Generated<string | null>;
  pause_reason: Generated<string | null>;
  /** Every ended pause's length (ms). */
  paused_ms: Generated<number>;
  /** What the deadline got back for the pauses (ms): paused_ms up to the compensatory limit. */
  given_back_ms: Generated<number>;
  /** Answers holding an answer, kept by the grouped writer (0020). */
  answered_count: Generated<number>;
  /** The latest save the grouped writer stored. */
  last_saved_at: string | null;
  /** The latest proctor's message (id) the attempt's page has seen. */
  messages_seen: Generated<number>;
  /** Extra minutes from the candidate's accommodations, in the deadline (migration 0021). */
  accommodation_minutes: Generated<number>;
  /** Rest breaks the attempt got from accommodations at start, and of how many minutes (0025). */
  breaks_allowed: Generated<number>;
  break_minutes: Generated<number>;
  breaks_taken: Generated<number>;
  /** Break time given back to the deadline (ms), apart from given_back_ms and its limit. */
  break_ms: Generated<number>;
  /** The room's start when the candidate was held for it (migration 0023): the duration counts from it. */
  duration_from: Generated<string | null>;
}

/** A pause of an attempt by a proctor (power cut, network fault), with who and why. */
export interface AttemptPausesTable {
  id: Generated<number>;
  attempt_id: number;
  exam_id: number;
  started_at: string;
  ended_at: string | null;
  reason: string;
  resume_reason: string | null;
  paused_by: number;
  resumed_by: number | null;
  given_back_ms: number | null;
  /** 'pause' (by a proctor) or 'break' (a rest break the candidate took; migration 0025). */
  kind: Generated<string>;
}

/**
 * A pause of a whole exam (room_id 0) or of one of its rooms, standing until resumed (migration
 * 0030): a candidate who starts or joins meanwhile starts paused.
 */
export interface StandingPausesTable {
  exam_id: number;
  room_id: number;
  since: string;
  reason: string;
  paused_by: number;
}

export interface AttemptAnswersTable {
  attempt_id: number;
  item_id: string;
  seq: number;
  /** JSON. */
  value: string;
  saved_at: string;
  /** Hundredths of a point. */
  score: number | null;
  /** 1 when the value holds an answer (paper/scoring.ts isAnswered). */
  answered: Generated<number>;
}

/** A proctor's message: to one attempt, or (attempt_id null) to every candidate of the exam or of `class_id`. */
export interface ProctorMessagesTable {
  id: Generated<number>;
  exam_id: number;
  attempt_id: number | null;
  class_id: number | null;
  content: string;
  sent_by: number;
  created_at: string;
}

export interface AttemptEventsTable {
  id: Generated<number>;
  attempt_id: number;
  exam_id: number;
  /** AttemptEventType. */
  type: string;
  /** JSON. */
  detail: Generated<string>;
  ip: Generated<string>;
  created_at: string;
}

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
  /** Extra minutes from the candidate's accommodations, in the deadline (migration 0021). */
  accommodation_minutes: Generated<number>;
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

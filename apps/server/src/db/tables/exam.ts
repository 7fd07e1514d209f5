import type { Generated } from 'kysely';

// Exams, their classes, candidates and changes.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface ExamsTable {
  id: Generated<number>;
  name: string;
  /** 'draft' or 'published'. */
  status: string;
  paper_id: number;
  paper_version_id: number | null;
  subject_id: number;
  level: number;
  /** Hundredths. */
  pass_score: number;
  instruction_id: number | null;
  start_at: string;
  end_at: string;
  duration_minutes: number;
  late_entry_minutes: number;
  min_submit_minutes: number;
  shuffle_questions: number;
  shuffle_options: number;
  multiple_scoring: string;
  /** Hundredths: 50 is half. */
  partial_share: number;
  show_result: string;
  allow_review: number;
  leave_limit: number;
  fullscreen: number;
  takeover: string;
  /** JSON array of addresses and CIDR ranges. */
  ip_allow_list: string;
  access_code: string;
  make_up_of: number | null;
  /** The certification scheme component this exam counts for (migration 0017); null: none. */
  scheme_component_id: Generated<number | null>;
  make_up_who: string | null;
  /** Accommodations add their extra time (migration 0021); 1 by default. */
  apply_accommodations: Generated<number>;
  /** Start refused until an invigilator checked the candidate in (migration 0023). */
  require_check_in: Generated<number>;
  /** Candidates wait until their room is started; the duration counts from it (0023). */
  hold_until_room_start: Generated<number>;
  published_at: string | null;
  released_at: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface ExamClassesTable {
  exam_id: number;
  class_id: number;
}

export interface ExamCandidatesTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  class_id: number;
  seat_number: number;
  added_singly: number;
  extra_minutes: number;
  /** CandidateStatus (docs/spec.md §4 exam status). */
  status: number;
  /** Hundredths of a point. */
  score: number | null;
  passed: number | null;
  created_at: string;
  /** Wrong access codes since the last lock (docs/operations/security.md). */
  access_code_failures: Generated<number>;
  /** Starting is refused until this instant (too many wrong access codes); null: not locked. */
  access_locked_until: string | null;
  /** When the candidate first opened the exam's notice (its minimum reading time runs from it). */
  notice_opened_at: string | null;
  /** The room of the seat plan (migration 0018); seat_number is then the seat in it. */
  room_id: Generated<number | null>;
  /** Check-in at the door (migration 0023): when and by whom identity was confirmed. */
  checked_in_at: Generated<string | null>;
  checked_in_by: Generated<number | null>;
  /** A refused check-in's reason (checked_in_at stays null); null: not refused. */
  check_in_refused: Generated<string | null>;
  /** The photo taken at the door (a files module path); null: none. */
  door_photo: Generated<string | null>;
  /** The session (migration 0026); null: the exam's window. */
  session_id: Generated<number | null>;
}

export interface ExamChangesTable {
  id: Generated<number>;
  exam_id: number;
  user_id: number;
  action: string;
  /** JSON. */
  detail: string;
  created_at: string;
}

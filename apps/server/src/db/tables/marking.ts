import type { Generated } from 'kysely';

// Marking plans, assignments, marks, arbitration, audits, key corrections, score log and releases.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface MarkingPlansTable {
  exam_id: number;
  /** 'question' or 'candidate'. */
  mode: string;
  double_marking: Generated<number>;
  /** Hundredths of a point. */
  tolerance: Generated<number>;
  /** Hundredths of a point. */
  step: Generated<number>;
  /** Percent, 0–100. */
  audit_share: Generated<number>;
  updated_by: number;
  updated_at: string;
}

export interface MarkingAssignmentsTable {
  exam_id: number;
  item_id: string;
  marker_id: number;
}

export interface MarkingAnswersTable {
  id: Generated<number>;
  exam_id: number;
  attempt_id: number;
  item_id: string;
  anon_code: string;
  /** Hundredths of a point. */
  full_score: number;
  cycle: Generated<number>;
  marks_done: Generated<number>;
  lease_marker_id: number | null;
  lease_until: string | null;
  arbitration: Generated<number>;
  /** Hundredths of a point. */
  final_score: number | null;
  finalized_at: string | null;
  created_at: string;
}

export interface MarkingMarksTable {
  id: Generated<number>;
  answer_id: number;
  cycle: number;
  round: number;
  marker_id: number;
  /** Hundredths of a point. */
  score: number;
  comment: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface MarkingArbitrationsTable {
  id: Generated<number>;
  answer_id: number;
  cycle: number;
  /** Hundredths of a point. */
  score: number;
  arbiter_id: number;
  comment: Generated<string>;
  created_at: string;
}

export interface MarkingAuditsTable {
  id: Generated<number>;
  exam_id: number;
  item_id: string;
  cycle: number;
  /** docs/spec.md §4 group audit: 0 under review, 1 passed, 2 failed. */
  state: Generated<number>;
  /** JSON array of marking_answers ids. */
  sample: Generated<string>;
  reason: Generated<string>;
  reviewer_id: number | null;
  created_at: string;
  decided_at: string | null;
}

export interface KeyCorrectionsTable {
  id: Generated<number>;
  exam_id: number;
  item_id: string;
  /** JSON { answer, blanks }. */
  old_key: string;
  new_key: string;
  reason: string;
  user_id: number;
  rescored: Generated<number>;
  created_at: string;
}

export interface ScoreLogTable {
  id: Generated<number>;
  exam_id: number;
  attempt_id: number;
  item_id: string;
  answer_id: number | null;
  /** 'mark', 'revise', 'final', 'arbitration', 'audit', 'key'. */
  kind: string;
  /** Hundredths of a point. */
  old_score: number | null;
  new_score: number | null;
  reason: Generated<string>;
  user_id: number;
  created_at: string;
}

export interface ScoreReleasesTable {
  id: Generated<number>;
  exam_id: number;
  /** 'release' or 'withdraw'. */
  action: string;
  reason: Generated<string>;
  user_id: number;
  created_at: string;
}

/** A released exam's item analysis as worked out (migration 0028), while its scores stand. */
export interface ItemAnalysisFiguresTable {
  exam_id: number;
  /** The release and the scores' version (ItemAnalysisRepository.scoresVersion). */
  scores_key: string;
  /** JSON of the ItemAnalysisView. */
  view: string;
  computed_at: string;
}

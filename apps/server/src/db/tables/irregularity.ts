import type { Generated } from 'kysely';

// Irregularities of an exam day (migration 0024, docs/features/irregularities.md).

export interface ExamIrregularitiesTable {
  id: Generated<number>;
  exam_id: number;
  /** The room it happened in; null when recorded exam-wide. */
  room_id: number | null;
  /** environment, candidate, staff, technical. */
  category: string;
  note: string;
  /** warning or terminate. */
  action: string;
  /** Why the attempts were ended (terminate); '' for a warning. */
  reason: string;
  recorded_by: number;
  recorded_at: string;
  /** A chief's reversal of a termination: the attempts reopened. Null while it stands. */
  reversed_by: number | null;
  reversed_at: string | null;
  reverse_reason: string | null;
}

export interface ExamIrregularityCandidatesTable {
  irregularity_id: number;
  student_id: number;
  /** The attempt it concerned, if the candidate had started. */
  attempt_id: number | null;
  /** Milliseconds the attempt had left when terminated (given back on reversal); null if not. */
  remaining_ms: number | null;
}

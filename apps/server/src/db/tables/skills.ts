import type { Generated } from 'kysely';

// Skills certification (migration 0017): schemes, scoring sheets, assessments, scoring, results.
// Times are ISO-8601 UTC text, flags 0/1, scores hundredths of a point (db/types.ts).

export interface CertSchemesTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  validity_months: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CertSchemeComponentsTable {
  id: Generated<number>;
  scheme_id: number;
  /** SchemeComponentKind: 'theory' | 'skills' | 'review'. */
  kind: string;
  full_score: Generated<number>;
  pass_score: Generated<number>;
  required: Generated<number>;
  sort: Generated<number>;
}

export interface SkillSheetsTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  name: string;
  time_limit_minutes: number;
  overtime_points_per_minute: Generated<number>;
  overtime_stop_minutes: Generated<number>;
  step: Generated<number>;
  /** The last frozen version's number; 0 before the first. */
  version: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SkillSheetTasksTable {
  id: Generated<number>;
  sheet_id: number;
  sort: Generated<number>;
  title: string;
  know_id: number | null;
}

export interface SkillSheetItemsTable {
  id: Generated<number>;
  sheet_id: number;
  task_id: number;
  sort: Generated<number>;
  what: string;
  criteria: string;
  points: number;
  veto: Generated<number>;
  /** 'award' | 'deduct'. */
  mode: Generated<string>;
}

export interface SkillSheetVersionsTable {
  id: Generated<number>;
  sheet_id: number;
  version: number;
  /** JSON of the frozen sheet (SheetSnapshot). */
  snapshot: string;
  full_score: number;
  created_by: number | null;
  created_at: string;
}

export interface SkillAssessmentsTable {
  id: Generated<number>;
  name: string;
  sheet_version_id: number;
  scheme_component_id: number | null;
  examiners_per_candidate: Generated<number>;
  tolerance: Generated<number>;
  chief_id: number | null;
  checker_id: number | null;
  /** 'draft' | 'published' | 'closed'. */
  status: Generated<string>;
  published_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SkillAssessmentClassesTable {
  assessment_id: number;
  class_id: number;
}

export interface SkillSessionsTable {
  id: Generated<number>;
  assessment_id: number;
  sort: Generated<number>;
  starts_at: string;
  ends_at: string;
  place: string;
  stations: number;
}

export interface SkillSessionExaminersTable {
  session_id: number;
  station: number;
  user_id: number;
}

export interface SkillCandidatesTable {
  id: Generated<number>;
  assessment_id: number;
  session_id: number;
  station: number;
  turn: number;
  student_id: number;
  class_id: number;
  ticket_number: string;
  /** 'pending' | 'checked' | 'absent'. */
  presence: Generated<string>;
  presence_by: number | null;
  presence_at: string | null;
  /** SkillCandidateState: 'scoring' | 'disputed' | 'agreed' | 'decided' | 'checked'. */
  state: Generated<string>;
  final_score: number | null;
  final_veto: Generated<number>;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
  checked_by: number | null;
  checked_at: string | null;
}

export interface SkillScoringsTable {
  id: Generated<number>;
  candidate_id: number;
  examiner_id: number;
  started_at: string | null;
  stopped_at: string | null;
  overtime_minutes: Generated<number>;
  total: Generated<number>;
  veto_hit: Generated<number>;
  seq: Generated<number>;
  signed_at: string | null;
  reopened_by: number | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  updated_at: string;
}

export interface SkillItemScoresTable {
  scoring_id: number;
  item_id: number;
  points: number | null;
  veto_hit: Generated<number>;
  note: Generated<string>;
  seq: number;
  updated_at: string;
}

export interface SkillPhotosTable {
  id: Generated<number>;
  scoring_id: number;
  upload_id: number;
  item_id: number | null;
  taken_at: string;
}

export interface SkillScoreLogTable {
  id: Generated<number>;
  candidate_id: number;
  scoring_id: number | null;
  actor_id: number;
  action: string;
  item_id: number | null;
  /** JSON. */
  detail: Generated<string>;
  at: string;
}

export interface CertResultsTable {
  id: Generated<number>;
  student_id: number;
  component_id: number;
  score: number;
  passed: number;
  final_at: string;
  exam_id: number | null;
  exam_candidate_id: number | null;
  skill_candidate_id: number | null;
  withdrawn_at: string | null;
}

export interface CertificateComponentsTable {
  certificate_id: number;
  kind: string;
  score: number;
  full_score: number;
  pass_score: number;
  final_at: string;
  result_id: number;
}

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables as both engines see them. Times are ISO-8601 UTC text (sortable as strings on both);
 * flags are integers 0/1.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  nick_name: string;
  password_hash: string;
  password_is_default: number;
  user_type: number;
  email: string;
  introduction: string;
  avatar: string;
  end_date: string | null;
  remote_login: number;
  resource_url: string;
  socket_open: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  key: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface PermissionsTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  key: string;
  type: number;
  link_type: number;
  path: string;
  icon: string;
  sort: number;
  created_at: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  ip: string;
  user_agent: string;
}

export interface CaptchasTable {
  id: string;
  code: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** The account that failed; null when the name typed matched none. */
  user_id: number | null;
  /** The normalised spelling typed (what counts when user_id is null). */
  username: string;
  ip: string;
  created_at: string;
}

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  code: string;
  organiser: string;
  contact: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface DepartmentsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  code: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface SubjectsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  code: string;
  /** Comma-separated levels 5..1, e.g. "5,4,3". */
  levels: string;
  description: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface ClassesTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  name: string;
  code: string;
  registration_start: string | null;
  registration_end: string | null;
  exam_start: string | null;
  exam_end: string | null;
  capacity: number;
  status: number;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface ClassTeachersTable {
  class_id: number;
  user_id: number;
}

export interface KnowledgeTable {
  id: Generated<number>;
  subject_id: number;
  level: number;
  /** 'cn' course, 'kn' appraisal point. */
  type: string;
  parent_id: number | null;
  code: string;
  name: string;
  importance: string | null;
  /** Hundredths of a percent. */
  weight: number;
  description: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface StudentsTable {
  id: Generated<number>;
  user_id: number;
  class_id: number;
  name: string;
  gender: number;
  id_type: number;
  id_number: string;
  phone: string;
  email: string;
  ticket_number: string;
  photo: string;
  status: number;
  /** The first password as given (STUDENT_INITIAL_PASSWORD); printed while still in use. */
  initial_password: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  original_name: string;
  stored_name: string;
  stored_path: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  type: number;
  content: string;
  /** JSON [{ key, content, correct }]. */
  options: string;
  answer: string;
  /** JSON string[][]. */
  blanks: string;
  link_url: string;
  analysis: string;
  /** Hundredths of a point. */
  score: number;
  difficulty: number;
  subject_id: number;
  level: number;
  course_id: number;
  point_id: number | null;
  /** JSON string[]. */
  tags: string;
  search_text: string;
  audit_status: number;
  audit_reason: string;
  retired: number;
  author_id: number;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PapersTable {
  id: Generated<number>;
  name: string;
  subject_id: number;
  level: number;
  description: string;
  /** Hundredths of a point. */
  pass_score: number;
  duration_minutes: number;
  /** manual | rules | blueprint */
  mode: string;
  draw_per_candidate: number;
  /** JSON { types: [{ type, count, score }] }, or null. */
  blueprint: string | null;
  /** Group audit: null draft, 0 under review, 1 passed, 2 failed. */
  audit_status: number | null;
  audit_reason: string;
  author_id: number;
  reviewer_id: number | null;
  reviewed_at: string | null;
  /** The last draw's seed ('' before any draw). */
  seed: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PaperSectionsTable {
  id: Generated<number>;
  paper_id: number;
  sort: number;
  title: string;
  description: string;
  /** One score for every question of the section (hundredths), or null. */
  score: number | null;
  /** JSON draw rules. */
  rules: string;
}

export interface PaperQuestionsTable {
  paper_id: number;
  section_id: number;
  question_id: number;
  sort: number;
  /** Hundredths of a point. */
  score: number;
}

export interface PaperVersionsTable {
  id: Generated<number>;
  paper_id: number;
  version: number;
  /** JSON PaperSnapshot. */
  snapshot: string;
  total_score: number;
  question_count: number;
  sha256: string;
  created_by: number;
  created_at: string;
}

export interface InstructionsTable {
  id: Generated<number>;
  title: string;
  body: string;
  all_subjects: number;
  min_read_seconds: number;
  enabled: number;
  author_id: number;
  created_at: string;
  updated_at: string;
}

export interface InstructionSubjectsTable {
  instruction_id: number;
  subject_id: number;
}

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
  make_up_who: string | null;
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
  /** CandidateStatus (spec §4 exam status). */
  status: number;
  /** Hundredths of a point. */
  score: number | null;
  passed: number | null;
  created_at: string;
  /** Wrong access codes since the last lock (security issue 8). */
  access_code_failures: Generated<number>;
  /** Starting is refused until this instant (too many wrong access codes); null: not locked. */
  access_locked_until: string | null;
  /** When the candidate first opened the exam's notice (its minimum reading time runs from it). */
  notice_opened_at: string | null;
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
}

/** The server's own secrets (the receipt key): one row each, created once. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
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
  /** Spec §4 group audit: 0 under review, 1 passed, 2 failed. */
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

export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  code: string;
  exam_id: number;
  candidate_id: number;
  student_id: number;
  class_id: number;
  class_name: string;
  student_name: string;
  id_number_masked: string;
  ticket_number: string;
  subject_name: string;
  level: number;
  exam_name: string;
  exam_date: string;
  /** Hundredths of a point. */
  score: number;
  total_score: number;
  pass_score: number;
  issued_at: string;
  revoked_at: string | null;
  revoked_by: number | null;
  /** RevokeCause: 'staff' or 'withdrawal'; null while valid. */
  revoke_cause: string | null;
  revoke_reason: Generated<string>;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  schools: SchoolsTable;
  departments: DepartmentsTable;
  subjects: SubjectsTable;
  classes: ClassesTable;
  class_teachers: ClassTeachersTable;
  knowledge: KnowledgeTable;
  students: StudentsTable;
  uploads: UploadsTable;
  questions: QuestionsTable;
  papers: PapersTable;
  paper_sections: PaperSectionsTable;
  paper_questions: PaperQuestionsTable;
  paper_versions: PaperVersionsTable;
  instructions: InstructionsTable;
  instruction_subjects: InstructionSubjectsTable;
  exams: ExamsTable;
  exam_classes: ExamClassesTable;
  exam_candidates: ExamCandidatesTable;
  exam_changes: ExamChangesTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  attempt_events: AttemptEventsTable;
  marking_plans: MarkingPlansTable;
  marking_assignments: MarkingAssignmentsTable;
  marking_answers: MarkingAnswersTable;
  marking_marks: MarkingMarksTable;
  marking_arbitrations: MarkingArbitrationsTable;
  marking_audits: MarkingAuditsTable;
  key_corrections: KeyCorrectionsTable;
  score_log: ScoreLogTable;
  score_releases: ScoreReleasesTable;
  certificates: CertificatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type PermissionRow = Selectable<PermissionsTable>;

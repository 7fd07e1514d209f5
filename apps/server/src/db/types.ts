import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  UsersTable,
  RolesTable,
  UserRolesTable,
  PermissionsTable,
  RolePermissionsTable,
  SessionsTable,
  CaptchasTable,
  LoginFailuresTable,
  ServerSecretsTable,
  ImportJobsTable,
} from './tables/system.js';
import type {
  SchoolsTable,
  DepartmentsTable,
  SubjectsTable,
  ClassesTable,
  ClassTeachersTable,
  KnowledgeTable,
  StudentsTable,
  UploadsTable,
} from './tables/base.js';
import type {
  QuestionsTable,
  PapersTable,
  PaperSectionsTable,
  PaperQuestionsTable,
  PaperVersionsTable,
  InstructionsTable,
  InstructionSubjectsTable,
} from './tables/paper.js';
import type {
  ExamsTable,
  ExamClassesTable,
  ExamCandidatesTable,
  ExamChangesTable,
} from './tables/exam.js';
import type {
  AttemptsTable,
  AttemptAnswersTable,
  AttemptEventsTable,
  AttemptPausesTable,
  ProctorMessagesTable,
  StandingPausesTable,
} from './tables/attempt.js';
import type {
  MarkingPlansTable,
  MarkingAssignmentsTable,
  MarkingAnswersTable,
  MarkingMarksTable,
  MarkingArbitrationsTable,
  MarkingAuditsTable,
  KeyCorrectionsTable,
  ScoreLogTable,
  ScoreReleasesTable,
  ItemAnalysisFiguresTable,
} from './tables/marking.js';
import type { CertificatesTable } from './tables/certificate.js';
import type {
  ClassAccommodationsTable,
  StudentAccommodationsTable,
} from './tables/accommodation.js';
import type {
  CertSchemesTable,
  CertSchemeComponentsTable,
  SkillSheetsTable,
  SkillSheetTasksTable,
  SkillSheetItemsTable,
  SkillSheetVersionsTable,
  SkillAssessmentsTable,
  SkillAssessmentClassesTable,
  SkillSessionsTable,
  SkillSessionExaminersTable,
  SkillCandidatesTable,
  SkillScoringsTable,
  SkillItemScoresTable,
  SkillPhotosTable,
  SkillScoreLogTable,
  CertResultsTable,
  CertificateComponentsTable,
} from './tables/skills.js';
import type {
  VenuesTable,
  VenueRoomsTable,
  ExamRoomsTable,
  ExamRoomInvigilatorsTable,
  ExamRoomSessionStartsTable,
  ExamSessionsTable,
} from './tables/venue.js';
import type {
  ExamIrregularitiesTable,
  ExamIrregularityCandidatesTable,
} from './tables/irregularity.js';

/**
 * Tables as both engines see them, one file per domain under tables/. Times are ISO-8601 UTC text
 * (sortable as strings on both); flags are integers 0/1.
 */
export type * from './tables/system.js';
export type * from './tables/base.js';
export type * from './tables/paper.js';
export type * from './tables/exam.js';
export type * from './tables/attempt.js';
export type * from './tables/marking.js';
export type * from './tables/certificate.js';
export type * from './tables/skills.js';
export type * from './tables/venue.js';
export type * from './tables/irregularity.js';
export type * from './tables/accommodation.js';

export interface Database {
  server_secrets: ServerSecretsTable;
  import_jobs: ImportJobsTable;
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
  class_accommodations: ClassAccommodationsTable;
  student_accommodations: StudentAccommodationsTable;
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
  attempt_pauses: AttemptPausesTable;
  standing_pauses: StandingPausesTable;
  proctor_messages: ProctorMessagesTable;
  marking_plans: MarkingPlansTable;
  marking_assignments: MarkingAssignmentsTable;
  marking_answers: MarkingAnswersTable;
  marking_marks: MarkingMarksTable;
  marking_arbitrations: MarkingArbitrationsTable;
  marking_audits: MarkingAuditsTable;
  key_corrections: KeyCorrectionsTable;
  score_log: ScoreLogTable;
  item_analysis_figures: ItemAnalysisFiguresTable;
  score_releases: ScoreReleasesTable;
  certificates: CertificatesTable;
  cert_schemes: CertSchemesTable;
  cert_scheme_components: CertSchemeComponentsTable;
  skill_sheets: SkillSheetsTable;
  skill_sheet_tasks: SkillSheetTasksTable;
  skill_sheet_items: SkillSheetItemsTable;
  skill_sheet_versions: SkillSheetVersionsTable;
  skill_assessments: SkillAssessmentsTable;
  skill_assessment_classes: SkillAssessmentClassesTable;
  skill_sessions: SkillSessionsTable;
  skill_session_examiners: SkillSessionExaminersTable;
  skill_candidates: SkillCandidatesTable;
  skill_scorings: SkillScoringsTable;
  skill_item_scores: SkillItemScoresTable;
  skill_photos: SkillPhotosTable;
  skill_score_log: SkillScoreLogTable;
  cert_results: CertResultsTable;
  certificate_components: CertificateComponentsTable;
  venues: VenuesTable;
  exam_irregularities: ExamIrregularitiesTable;
  exam_irregularity_candidates: ExamIrregularityCandidatesTable;
  venue_rooms: VenueRoomsTable;
  exam_rooms: ExamRoomsTable;
  exam_room_invigilators: ExamRoomInvigilatorsTable;
  exam_room_session_starts: ExamRoomSessionStartsTable;
  exam_sessions: ExamSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type PermissionRow = Selectable<PermissionsTable>;

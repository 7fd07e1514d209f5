import type { Messages } from '../i18n/types';

export type RouteTitle = keyof Messages['route'];

/** docs/spec.md §3 route meta. */
export interface RouteMeta {
  title: RouteTitle;
  icon?: string;
  /** Keys of which the user needs one; none means every signed-in user. */
  permissions?: readonly string[];
  /** Roles of which the user needs one (the publishing group needs SUPER). */
  roles?: readonly string[];
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Not kept alive when its tab is in the background. */
  noCache?: boolean;
  /** No breadcrumb entry. */
  breadcrumb?: boolean;
}

/** The screens a route can show; router/pages.ts gives each its code. */
export type PageName =
  | 'ComingSoon'
  | 'VenueManage'
  | 'SeatPlan'
  | 'SheetManage'
  | 'SheetEdit'
  | 'AssessmentManage'
  | 'SkillAnalysis'
  | 'AssessmentEdit'
  | 'ExaminerDesk'
  | 'ScoreSheet'
  | 'ScoreCheck'
  | 'ClassRanking'
  | 'PassStatistics'
  | 'Supplementary'
  | 'ItemAnalysis'
  | 'CertificateManage'
  | 'ProctorView'
  | 'MyInvigilation'
  | 'InvigilationConsole'
  | 'ExaminationSituation'
  | 'MarkingDesk'
  | 'ExamResult'
  | 'MyExams'
  | 'ExamPage'
  | 'Dashboard'
  | 'Profile'
  | 'Icons'
  | 'UserManage'
  | 'RoleManage'
  | 'PermissionManage'
  | 'SchoolManage'
  | 'DepartmentManage'
  | 'SubjectManage'
  | 'SchemeManage'
  | 'CertificationResults'
  | 'ClassesManage'
  | 'ExamCourse'
  | 'ExamKnow'
  | 'ExamStudent'
  | 'QuestionBank'
  | 'PaperManage'
  | 'PaperEdit'
  | 'PaperPrint'
  | 'InstructionManage'
  | 'PublishManage'
  | 'ExamEdit'
  | 'ExamDetail'
  | 'AdmissionTicketPrint';

/** One entry of the route table. Paths are absolute, so a route means the same wherever it is used. */
export interface AppRoute {
  path: string;
  /** Unique; the page cache of the tags view is keyed by it. */
  name?: string;
  /** The screen it shows; a group without one leads to its first child. */
  component?: PageName;
  /** A group's path leads to its first child the user may see. */
  redirect?: string;
  hidden?: boolean;
  /** Show a group in the menu even with a single child. */
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}

/** What a page hands the sign-in page when it sends the user there (react-router's location state). */
export interface LoginState {
  /** They just changed their password: the page confirms it. */
  passwordChanged?: boolean;
  /** The user type to preselect: theirs, not the default. */
  userType?: number;
}

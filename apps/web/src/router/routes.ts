import { Perm, RoleKey } from '@kaoshi/shared';
import type { AppRoute } from './types';

/** Pages every signed-in user has, inside the layout (docs/spec.md §2). */
export const constantLayoutRoutes: AppRoute[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    component: 'Dashboard',
    meta: { title: 'dashboard', icon: 'dashboard', affix: true },
  },
  {
    path: '/profile/index',
    name: 'Profile',
    component: 'Profile',
    hidden: true,
    meta: { title: 'profile', icon: 'user', noCache: true },
  },
  {
    path: '/icon/index',
    name: 'Icons',
    component: 'Icons',
    hidden: true,
    meta: { title: 'icons', icon: 'icons' },
  },
];

/**
 * The permission-gated routes of docs/spec.md §2, in sidebar order: the one route table. Modules that
 * later releases build show ComingSoon until then. The table names its pages (router/pages.ts
 * holds their code), so the stores, menus and guard read it without importing every screen.
 */
export const asyncRoutes: AppRoute[] = [
  {
    path: '/school',
    name: 'School',
    redirect: '/school/schoolManage',
    alwaysShow: true,
    meta: { title: 'school', icon: 'apartment', permissions: [Perm.SCHOOL] },
    children: [
      {
        path: '/school/schoolManage',
        name: 'SchoolManage',
        component: 'SchoolManage',
        meta: { title: 'schoolManage', permissions: [Perm.SCHOOL_MANAGE] },
      },
      {
        path: '/school/departmentManage',
        name: 'DepartmentManage',
        component: 'DepartmentManage',
        meta: { title: 'departmentManage', permissions: [Perm.DEPARTMENT_MANAGE] },
      },
      {
        path: '/school/subjectManage',
        name: 'SubjectManage',
        component: 'SubjectManage',
        meta: { title: 'subjectManage', permissions: [Perm.SUBJECT_MANAGE] },
      },
      {
        path: '/school/classesManage',
        name: 'ClassesManage',
        component: 'ClassesManage',
        meta: { title: 'classesManage', permissions: [Perm.CLASS_MANAGE] },
      },
    ],
  },
  {
    path: '/system',
    name: 'System',
    redirect: '/system/userManage',
    alwaysShow: true,
    meta: { title: 'system', icon: 'setting', permissions: [Perm.SYSTEM] },
    children: [
      {
        path: '/system/userManage',
        name: 'UserManage',
        component: 'UserManage',
        meta: { title: 'userManage', permissions: [Perm.SYSTEM_USER] },
      },
      {
        path: '/system/roleManage',
        name: 'RoleManage',
        component: 'RoleManage',
        meta: { title: 'roleManage', permissions: [Perm.SYSTEM_ROLE] },
      },
      {
        path: '/system/permissionManage',
        name: 'PermissionManage',
        component: 'PermissionManage',
        meta: { title: 'permissionManage', permissions: [Perm.SYSTEM_PERMISSION] },
      },
    ],
  },
  {
    path: '/baseData',
    name: 'BaseData',
    redirect: '/baseData/examCourse',
    alwaysShow: true,
    meta: { title: 'baseData', icon: 'database', permissions: [Perm.BASEDATA] },
    children: [
      {
        path: '/baseData/examCourse',
        name: 'ExamCourse',
        component: 'ExamCourse',
        meta: { title: 'examCourse', permissions: [Perm.COURSE] },
      },
      {
        path: '/baseData/examKnow',
        name: 'ExamKnow',
        component: 'ExamKnow',
        meta: { title: 'examKnow', permissions: [Perm.KNOW] },
      },
      {
        path: '/baseData/examStudent',
        name: 'ExamStudent',
        component: 'ExamStudent',
        meta: { title: 'examStudent', permissions: [Perm.STUDENT] },
      },
      {
        path: '/baseData/index',
        name: 'QuestionBank',
        component: 'QuestionBank',
        meta: { title: 'questionBank', permissions: [Perm.QUESTION] },
      },
    ],
  },
  {
    path: '/examAnalysis',
    name: 'ExamAnalysis',
    redirect: '/examClassRanking',
    alwaysShow: true,
    meta: { title: 'examAnalysis', icon: 'bar-chart', permissions: [Perm.ANALYSIS] },
    children: [
      {
        path: '/examClassRanking',
        name: 'ExamClassRanking',
        component: 'ClassRanking',
        meta: { title: 'examClassRanking', permissions: [Perm.CLASS_RANKING] },
      },
      {
        path: '/isPassStatistics',
        name: 'IsPassStatistics',
        component: 'PassStatistics',
        meta: { title: 'isPassStatistics', permissions: [Perm.PASS_STATISTICS] },
      },
      {
        path: '/examSupplementary',
        name: 'ExamSupplementary',
        component: 'Supplementary',
        meta: { title: 'examSupplementary', permissions: [Perm.SUPPLEMENTARY] },
      },
      {
        // The certification results and each component's pass rate and failed-score statistics
        // (docs/features/skills.md), for who reads scores without managing skills assessments.
        path: '/examAnalysis/certification',
        name: 'ExamCertification',
        component: 'CertificationResults',
        meta: { title: 'certification', permissions: [Perm.ANALYSIS] },
      },
      {
        // One exam's item analysis (?examId=N), entered from the ranking and the marking overview.
        path: '/examAnalysis/itemAnalysis',
        name: 'ExamItemAnalysis',
        component: 'ItemAnalysis',
        hidden: true,
        meta: { title: 'examItemAnalysis', permissions: [Perm.ANALYSIS] },
      },
      {
        // Issued certificates (?examId=N optional): list, search, download, revoke.
        path: '/examAnalysis/certificates',
        name: 'ExamCertificates',
        component: 'CertificateManage',
        hidden: true,
        meta: { title: 'examCertificates', permissions: [Perm.ANALYSIS] },
      },
    ],
  },
  {
    path: '/exam-student/examStudentTest',
    name: 'ExamStudentTest',
    component: 'MyExams',
    meta: { title: 'examStudentTest', icon: 'edit', permissions: [Perm.STUDENT_EXAM] },
  },
  {
    path: '/examPublishManage',
    name: 'ExamPublishManage',
    redirect: '/examPublishManage/examManage',
    alwaysShow: true,
    meta: {
      title: 'examPublishManage',
      icon: 'send',
      permissions: [Perm.PUBLISH_GROUP],
      roles: [RoleKey.SUPER],
    },
    children: [
      {
        path: '/examPublishManage/examManage',
        name: 'ExamManage',
        component: 'PaperManage',
        meta: { title: 'examManage', permissions: [Perm.PAPER] },
      },
      {
        // The paper builder: ?id=N edits paper N, no id builds a new one.
        path: '/examPublishManage/paperEdit',
        name: 'PaperEdit',
        component: 'PaperEdit',
        hidden: true,
        meta: { title: 'paperEdit', permissions: [Perm.PAPER], noCache: true },
      },
      {
        // A paper to read and print (?id=N, &answers=1 with its key): the layout hides when printing.
        path: '/examPublishManage/paperPrint',
        name: 'PaperPrint',
        component: 'PaperPrint',
        hidden: true,
        meta: { title: 'paperPrint', permissions: [Perm.PAPER], noCache: true },
      },
      {
        path: '/examPublishManage/examInstruction',
        name: 'ExamInstruction',
        component: 'InstructionManage',
        meta: { title: 'examInstruction', permissions: [Perm.INSTRUCTION] },
      },
      {
        path: '/examPublishManage/publishManage',
        name: 'PublishManage',
        component: 'PublishManage',
        meta: { title: 'publishManage', permissions: [Perm.PUBLISH] },
      },
      {
        // The publish form in steps: ?id=N edits exam N, no id starts a new one.
        path: '/examPublishManage/examEdit',
        name: 'ExamEdit',
        component: 'ExamEdit',
        hidden: true,
        meta: { title: 'examEdit', permissions: [Perm.PUBLISH], noCache: true },
      },
      {
        // An exam (?id=N): its fields, candidates, make-ups and change record.
        path: '/examPublishManage/examDetail',
        name: 'ExamDetail',
        component: 'ExamDetail',
        hidden: true,
        meta: { title: 'examDetail', permissions: [Perm.PUBLISH], noCache: true },
      },
      {
        // The proctor's live view of one exam (?examId=N) while it runs, entered from publishManage.
        path: '/examPublishManage/proctor',
        name: 'ExamProctor',
        component: 'ProctorView',
        hidden: true,
        meta: {
          title: 'examProctor',
          permissions: [Perm.PUBLISH, Perm.INVIGILATE],
          noCache: true,
        },
      },
      {
        // 我的监考: the rooms the user invigilates (docs/features/invigilation.md).
        path: '/examPublishManage/myInvigilation',
        name: 'MyInvigilation',
        component: 'MyInvigilation',
        meta: { title: 'myInvigilation', permissions: [Perm.INVIGILATE, Perm.PUBLISH] },
      },
      {
        // One room's console (?examId=N&roomId=M): check-in, start, pause, the room record.
        path: '/examPublishManage/invigilationConsole',
        name: 'InvigilationConsole',
        component: 'InvigilationConsole',
        hidden: true,
        meta: {
          title: 'invigilationConsole',
          permissions: [Perm.INVIGILATE, Perm.PUBLISH],
          noCache: true,
        },
      },
      {
        // Venues (考点) and their rooms (考场), which exams' seat plans use (docs/features/venues.md).
        path: '/examPublishManage/venueManage',
        name: 'VenueManage',
        component: 'VenueManage',
        meta: { title: 'venueManage', permissions: [Perm.PUBLISH] },
      },
      {
        // An exam's seat plan (?examId=N): rooms, seats and invigilators, entered from publishManage.
        path: '/examPublishManage/seatPlan',
        name: 'SeatPlan',
        component: 'SeatPlan',
        hidden: true,
        meta: { title: 'seatPlan', permissions: [Perm.PUBLISH], noCache: true },
      },
      {
        // Admission tickets to print (?examId=N, &classId=M for one batch): the layout hides when printing.
        path: '/examPublishManage/admissionTicket',
        name: 'AdmissionTicket',
        component: 'AdmissionTicketPrint',
        hidden: true,
        meta: { title: 'admissionTicket', permissions: [Perm.PUBLISH], noCache: true },
      },
      {
        path: '/examPublishManage/examinationSituation',
        name: 'ExaminationSituation',
        component: 'ExaminationSituation',
        meta: { title: 'examinationSituation', permissions: [Perm.MARKING] },
      },
    ],
  },
  {
    // Skills certification (docs/features/skills.md): schemes, scoring sheets, assessments,
    // the examiners' sheets on a phone or tablet, the chief examiner and the score checker.
    path: '/skills',
    name: 'Skills',
    redirect: '/skills/schemeManage',
    alwaysShow: true,
    meta: { title: 'skills', icon: 'experiment', permissions: [Perm.SKILLS] },
    children: [
      {
        path: '/skills/schemeManage',
        name: 'SchemeManage',
        component: 'SchemeManage',
        meta: { title: 'schemeManage', permissions: [Perm.SKILLS_MANAGE] },
      },
      {
        path: '/skills/sheetManage',
        name: 'SheetManage',
        component: 'SheetManage',
        meta: { title: 'sheetManage', permissions: [Perm.SKILLS_MANAGE] },
      },
      {
        // A scoring sheet's tasks and items (?id=N; no id starts a new one).
        path: '/skills/sheetEdit',
        name: 'SheetEdit',
        component: 'SheetEdit',
        hidden: true,
        meta: { title: 'sheetEdit', permissions: [Perm.SKILLS_MANAGE], noCache: true },
      },
      {
        path: '/skills/assessmentManage',
        name: 'AssessmentManage',
        component: 'AssessmentManage',
        meta: { title: 'assessmentManage', permissions: [Perm.SKILLS_MANAGE] },
      },
      {
        // An assessment's sheet, batches, sessions, stations and examiners (?id=N).
        path: '/skills/assessmentEdit',
        name: 'AssessmentEdit',
        component: 'AssessmentEdit',
        hidden: true,
        meta: { title: 'assessmentEdit', permissions: [Perm.SKILLS_MANAGE], noCache: true },
      },
      {
        // A published assessment's pass rate, items and examiners (?id=N).
        path: '/skills/assessmentAnalysis',
        name: 'SkillAnalysis',
        component: 'SkillAnalysis',
        hidden: true,
        meta: {
          title: 'skillAnalysis',
          permissions: [Perm.SKILLS_MANAGE, Perm.PASS_STATISTICS],
          noCache: true,
        },
      },
      {
        path: '/skills/certification',
        name: 'Certification',
        component: 'CertificationResults',
        meta: { title: 'certification', permissions: [Perm.SKILLS_MANAGE] },
      },
      {
        path: '/skills/examinerDesk',
        name: 'ExaminerDesk',
        component: 'ExaminerDesk',
        meta: { title: 'examinerDesk', permissions: [Perm.SKILLS_SCORE] },
      },
      {
        // One candidate's sheet for the signed-in examiner (?candidateId=N).
        path: '/skills/scoreSheet',
        name: 'ScoreSheet',
        component: 'ScoreSheet',
        hidden: true,
        meta: { title: 'scoreSheet', permissions: [Perm.SKILLS_SCORE], noCache: true },
      },
      {
        path: '/skills/scoreCheck',
        name: 'ScoreCheck',
        component: 'ScoreCheck',
        meta: { title: 'scoreCheck', permissions: [Perm.SKILLS_CHECK] },
      },
    ],
  },
  {
    path: '/socketA',
    name: 'SocketA',
    component: 'ExamPage',
    hidden: true,
    meta: { title: 'socketA', permissions: [Perm.STUDENT_EXAM], noCache: true },
  },
  {
    // A finished attempt's result (?attemptId=N): what the exam's policy lets the student see.
    path: '/exam-student/examResult',
    name: 'ExamResult',
    component: 'ExamResult',
    hidden: true,
    meta: { title: 'examResult', permissions: [Perm.STUDENT_EXAM], noCache: true },
  },
  {
    // The marking desk (?examId=N&itemId=X), entered from the marking overview.
    path: '/examinationRead',
    name: 'ExaminationRead',
    component: 'MarkingDesk',
    hidden: true,
    meta: { title: 'examinationRead', permissions: [Perm.MARKING] },
  },
];

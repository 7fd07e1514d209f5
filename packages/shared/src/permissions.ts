import { PermissionType, RoleKey } from './codes.js';

/**
 * Every permission key of the spec's route table (§2), plus the button keys that guard single
 * actions inside a screen. The server seeds these and the web route table names them.
 */
export const Perm = {
  SCHOOL: 'SCHOOL',
  SCHOOL_MANAGE: 'SCHOOL-SCHOOLMANAGE',
  DEPARTMENT_MANAGE: 'SCHOOL-DEPARTMENTMANAGE',
  SUBJECT_MANAGE: 'SCHOOL-SUBJECTMANAGE',
  CLASS_MANAGE: 'SCHOOL-CLASSMANAGE',
  /** Sees every registration batch (otherwise only those assigned to the user). */
  ALL_CLASSES: 'SCHOOL-ALLCLASSES',
  SYSTEM: 'SYSTEM',
  SYSTEM_USER: 'SYSTEM-USER',
  SYSTEM_ROLE: 'SYSTEM-ROLE',
  SYSTEM_PERMISSION: 'SYSTEM-PERMISSION',
  BASEDATA: 'BASEDATA',
  COURSE: 'COURSE',
  KNOW: 'KNOW-CAPTER',
  STUDENT: 'STUDENT',
  STUDENT_IMPORT: 'STUDENT-IMPORT',
  QUESTION: 'EXAM-QUESTION',
  QUESTION_AUDIT: 'EXAM-QUESTION-AUDIT',
  ANALYSIS: 'EXAM-ANALYSIS',
  CLASS_RANKING: 'EXAM-CLASSRANKING',
  PASS_STATISTICS: 'ISPASS-STATISTICS',
  SUPPLEMENTARY: 'EXAM-SUPPLEMENTARY',
  STUDENT_EXAM: 'STUDENT-EXAM',
  PUBLISH_GROUP: 'PUBLISH-MANAGE',
  PAPER: 'EXAM-MANAGE',
  PAPER_AUDIT: 'EXAM-MANAGE-AUDIT',
  INSTRUCTION: 'EXAM-INSTRUCTION',
  PUBLISH: 'PUBLISHMANAGE',
  MARKING: 'MARKINGPAPERS',
  MARKING_ARBITRATE: 'MARKINGPAPERS-ARBITRATE',
} as const;
export type PermissionKey = (typeof Perm)[keyof typeof Perm];

export interface PermissionSeed {
  key: PermissionKey;
  /** Chinese name as stored; the web app shows a translated label by key. */
  name: string;
  type: (typeof PermissionType)[keyof typeof PermissionType];
  path: string;
  icon: string;
  children?: PermissionSeed[];
}

const menu = (
  key: PermissionKey,
  name: string,
  path: string,
  icon: string,
  children?: PermissionSeed[],
): PermissionSeed => ({ key, name, type: PermissionType.MENU, path, icon, children });
const button = (key: PermissionKey, name: string): PermissionSeed => ({
  key,
  name,
  type: PermissionType.BUTTON,
  path: '',
  icon: '',
});

/** The built-in permission tree, in sidebar order. Seeded on every start (missing keys only). */
export const PERMISSION_TREE: PermissionSeed[] = [
  menu(Perm.SCHOOL, '考试结构', '/school', 'apartment', [
    menu(Perm.SCHOOL_MANAGE, '考试项目', 'schoolManage', 'project'),
    menu(Perm.DEPARTMENT_MANAGE, '职业类别', 'departmentManage', 'cluster'),
    menu(Perm.SUBJECT_MANAGE, '申报工种', 'subjectManage', 'tool'),
    menu(Perm.CLASS_MANAGE, '报名批次', 'classesManage', 'team', [
      button(Perm.ALL_CLASSES, '查看全部批次'),
    ]),
  ]),
  menu(Perm.SYSTEM, '系统管理', '/system', 'setting', [
    menu(Perm.SYSTEM_USER, '用户管理', 'userManage', 'user'),
    menu(Perm.SYSTEM_ROLE, '角色管理', 'roleManage', 'safety'),
    menu(Perm.SYSTEM_PERMISSION, '权限管理', 'permissionManage', 'lock'),
  ]),
  menu(Perm.BASEDATA, '基础数据', '/baseData', 'database', [
    menu(Perm.COURSE, '课程管理', 'examCourse', 'book'),
    menu(Perm.KNOW, '鉴定点管理', 'examKnow', 'aim'),
    menu(Perm.STUDENT, '考生管理', 'examStudent', 'idcard', [
      button(Perm.STUDENT_IMPORT, '导入考生'),
    ]),
    menu(Perm.QUESTION, '题库', 'index', 'file-text', [button(Perm.QUESTION_AUDIT, '审核试题')]),
  ]),
  menu(Perm.ANALYSIS, '成绩分析', '/examAnalysis', 'bar-chart', [
    menu(Perm.CLASS_RANKING, '批次成绩排名', '/examClassRanking', 'ordered-list'),
    menu(Perm.PASS_STATISTICS, '不合格成绩统计', '/isPassStatistics', 'pie-chart'),
    menu(Perm.SUPPLEMENTARY, '补考统计', '/examSupplementary', 'reload'),
  ]),
  menu(Perm.STUDENT_EXAM, '在线考试', '/exam-student/examStudentTest', 'edit'),
  menu(Perm.PUBLISH_GROUP, '考试发布管理', '/examPublishManage', 'send', [
    menu(Perm.PAPER, '试卷管理', 'examManage', 'file-done', [button(Perm.PAPER_AUDIT, '审核试卷')]),
    menu(Perm.INSTRUCTION, '考试须知', 'examInstruction', 'notification'),
    menu(Perm.PUBLISH, '考试发布', 'publishManage', 'cloud-upload'),
    menu(Perm.MARKING, '阅卷', 'examinationSituation', 'highlight', [
      button(Perm.MARKING_ARBITRATE, '仲裁评分'),
    ]),
  ]),
];

export const BUILT_IN_PERMISSION_KEYS: readonly string[] = Object.values(Perm);

/** A built-in role as an earlier release seeded it: brought up to date while nobody changed it. */
export interface FormerRoleSeed {
  name: string;
  description: string;
  permissions: PermissionKey[];
  /** Holders of the former role also get this role, so that nobody loses a key it gave them. */
  holdersAlsoGet?: string;
}

export interface RoleSeed {
  key: string;
  name: string;
  description: string;
  /** SUPER_ADMIN holds every key implicitly, so it lists none. */
  permissions: PermissionKey[];
  formerly?: FormerRoleSeed[];
}

const ANALYSIS_KEYS: PermissionKey[] = [
  Perm.ANALYSIS,
  Perm.CLASS_RANKING,
  Perm.PASS_STATISTICS,
  Perm.SUPPLEMENTARY,
];

/**
 * The built-in roles. The exam publishing group (papers, notices, publishing, marking) also needs
 * role SUPER (spec §6), and a user's keys are the union of their roles' keys: so SUPER holds only
 * what everyone in the group does, marking, and makes a marker by itself; paper authors add
 * TEACHER, exam managers EXAM_MANAGER, each beside SUPER.
 */
export const ROLE_SEEDS: RoleSeed[] = [
  {
    key: RoleKey.SUPER_ADMIN,
    name: '超级管理员',
    description: 'Holds every permission, including ones added later.',
    permissions: [],
  },
  {
    key: RoleKey.SUPER,
    name: '阅卷员',
    description:
      'Marking. The exam publishing group needs this role, so paper authors and exam managers hold it too, beside their own role.',
    permissions: [Perm.PUBLISH_GROUP, Perm.MARKING],
    formerly: [
      {
        name: '考务负责人',
        description: 'Exam publishing group: papers, notices, publishing, marking, analysis.',
        permissions: [
          Perm.PUBLISH_GROUP,
          Perm.PAPER,
          Perm.INSTRUCTION,
          Perm.PUBLISH,
          Perm.MARKING,
          Perm.MARKING_ARBITRATE,
          ...ANALYSIS_KEYS,
        ],
        holdersAlsoGet: RoleKey.EXAM_MANAGER,
      },
    ],
  },
  {
    key: RoleKey.EXAM_MANAGER,
    name: '考务负责人',
    description:
      'Papers and their audit, notices, publishing, marking with arbitration, score analysis, for every batch. Give it together with SUPER, which the exam publishing group needs.',
    permissions: [
      Perm.PUBLISH_GROUP,
      Perm.PAPER,
      Perm.PAPER_AUDIT,
      Perm.INSTRUCTION,
      Perm.PUBLISH,
      Perm.MARKING,
      Perm.MARKING_ARBITRATE,
      ...ANALYSIS_KEYS,
      // Publishes to and analyses every batch (no longer granted by the user type).
      Perm.ALL_CLASSES,
    ],
    formerly: [
      {
        // Before papers had a group audit (issue 11).
        name: '考务负责人',
        description:
          'Papers, notices, publishing, marking with arbitration, score analysis. Give it together with SUPER, which the exam publishing group needs.',
        permissions: [
          Perm.PUBLISH_GROUP,
          Perm.PAPER,
          Perm.INSTRUCTION,
          Perm.PUBLISH,
          Perm.MARKING,
          Perm.MARKING_ARBITRATE,
          ...ANALYSIS_KEYS,
        ],
      },
      {
        // Before seeing every batch was a key (issue: self-made administrators).
        name: '考务负责人',
        description:
          'Papers and their audit, notices, publishing, marking with arbitration, score analysis. Give it together with SUPER, which the exam publishing group needs.',
        permissions: [
          Perm.PUBLISH_GROUP,
          Perm.PAPER,
          Perm.PAPER_AUDIT,
          Perm.INSTRUCTION,
          Perm.PUBLISH,
          Perm.MARKING,
          Perm.MARKING_ARBITRATE,
          ...ANALYSIS_KEYS,
        ],
      },
    ],
  },
  {
    key: RoleKey.TEACHER,
    name: '教师',
    description:
      'Question bank, courses, appraisal points, students of assigned batches, score analysis. Papers, notices and marking also need role SUPER.',
    permissions: [
      Perm.BASEDATA,
      Perm.COURSE,
      Perm.KNOW,
      Perm.STUDENT,
      Perm.QUESTION,
      ...ANALYSIS_KEYS,
      Perm.PUBLISH_GROUP,
      Perm.PAPER,
      Perm.INSTRUCTION,
    ],
    formerly: [
      {
        name: '教师/阅卷员',
        description:
          'Question bank, courses, appraisal points, students of assigned batches, marking.',
        permissions: [
          Perm.BASEDATA,
          Perm.COURSE,
          Perm.KNOW,
          Perm.STUDENT,
          Perm.QUESTION,
          ...ANALYSIS_KEYS,
          Perm.PUBLISH_GROUP,
          Perm.PAPER,
          Perm.INSTRUCTION,
          Perm.MARKING,
        ],
      },
    ],
  },
  {
    key: RoleKey.STUDENT,
    name: '考生',
    description: 'Takes exams online.',
    permissions: [Perm.STUDENT_EXAM],
  },
];

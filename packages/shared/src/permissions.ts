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
  INVIGILATE: 'EXAM-INVIGILATE',
  MARKING: 'MARKINGPAPERS',
  MARKING_ARBITRATE: 'MARKINGPAPERS-ARBITRATE',
  /** Skills certification (docs/features/skills.md): the sidebar group. */
  SKILLS: 'SKILLS',
  /** Certification schemes, scoring sheets, assessments, certification results. */
  SKILLS_MANAGE: 'SKILLS-MANAGE',
  /** An examiner (考评员) scores the candidates of their stations. */
  SKILLS_SCORE: 'SKILLS-SCORE',
  /** The chief examiner (考评组长) and the score checker (核分员) of an assessment. */
  SKILLS_CHECK: 'SKILLS-CHECK',
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
    menu(Perm.PUBLISH, '考试发布', 'publishManage', 'cloud-upload', [
      button(Perm.INVIGILATE, '监考'),
    ]),
    menu(Perm.MARKING, '阅卷', 'examinationSituation', 'highlight', [
      button(Perm.MARKING_ARBITRATE, '仲裁评分'),
    ]),
  ]),
  menu(Perm.SKILLS, '技能考核', '/skills', 'experiment', [
    menu(Perm.SKILLS_MANAGE, '考核管理', 'skillsManage', 'profile'),
    menu(Perm.SKILLS_SCORE, '考评打分', 'examinerDesk', 'form'),
    menu(Perm.SKILLS_CHECK, '考评组长与核分', 'scoreCheck', 'audit'),
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

/** Skills certification's management: schemes, sheets, assessments, and settling and checking scores. */
const SKILLS_MANAGER_KEYS: PermissionKey[] = [Perm.SKILLS, Perm.SKILLS_MANAGE, Perm.SKILLS_CHECK];

/**
 * The built-in roles: the jobs of an exam centre, each enough for its job alone. The exam
 * publishing group (papers, notices, publishing, invigilation, marking) also needs role SUPER
 * (docs/spec.md §6): the job roles of that group imply it (IMPLIES_SUPER), and SUPER itself is left for
 * a custom role of the group to be given beside. A user's keys are the union of their roles'.
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
    name: '考务组成员',
    description:
      'Membership of the exam publishing group (spec §6), to give beside a custom role of the group; the built-in job roles of the group include it.',
    permissions: [Perm.PUBLISH_GROUP],
    formerly: [
      {
        // Before the job roles: SUPER was the marker, and paper authors needed it too.
        name: '阅卷员',
        description:
          'Marking. The exam publishing group needs this role, so paper authors and exam managers hold it too, beside their own role.',
        permissions: [Perm.PUBLISH_GROUP, Perm.MARKING],
        holdersAlsoGet: RoleKey.MARKER,
      },
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
    key: RoleKey.QUESTION_WRITER,
    name: '命题员',
    description:
      'Writes questions into the bank, with their courses and appraisal points; cannot approve them.',
    permissions: [Perm.BASEDATA, Perm.COURSE, Perm.KNOW, Perm.QUESTION],
  },
  {
    key: RoleKey.QUESTION_REVIEWER,
    name: '审题员',
    description: "Reviews and approves other authors' questions (never their own), and edits them.",
    permissions: [Perm.BASEDATA, Perm.COURSE, Perm.KNOW, Perm.QUESTION, Perm.QUESTION_AUDIT],
  },
  {
    key: RoleKey.PAPER_MAKER,
    name: '组卷员',
    description:
      'Builds papers from the bank (picks, rules, blueprints) and writes exam notices; an exam manager audits the papers.',
    permissions: [Perm.BASEDATA, Perm.QUESTION, Perm.PUBLISH_GROUP, Perm.PAPER, Perm.INSTRUCTION],
  },
  {
    key: RoleKey.EXAM_MANAGER,
    name: '考务负责人',
    description:
      'Papers and their audit, notices, publishing, watching exams, marking with arbitration, score analysis, skills certification, for every batch.',
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
      ...SKILLS_MANAGER_KEYS,
    ],
    formerly: [
      {
        // Before the job roles, when it had to be given beside SUPER.
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
      {
        // Before papers had a group audit (docs/features/papers.md).
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
        // Before skills certification (docs/features/skills.md).
        name: '考务负责人',
        description:
          'Papers and their audit, notices, publishing, watching exams, marking with arbitration, score analysis, for every batch.',
        permissions: [
          Perm.PUBLISH_GROUP,
          Perm.PAPER,
          Perm.PAPER_AUDIT,
          Perm.INSTRUCTION,
          Perm.PUBLISH,
          Perm.MARKING,
          Perm.MARKING_ARBITRATE,
          ...ANALYSIS_KEYS,
          Perm.ALL_CLASSES,
        ],
      },
    ],
  },
  {
    key: RoleKey.MARKER,
    name: '阅卷员',
    description: 'Marks the questions assigned to them on the marking desk.',
    permissions: [Perm.PUBLISH_GROUP, Perm.MARKING],
  },
  {
    key: RoleKey.INVIGILATOR,
    name: '监考员',
    description:
      "Watches running exams of their batches: candidates' states and integrity events, extra time, messages, submitting for a candidate.",
    permissions: [Perm.PUBLISH_GROUP, Perm.INVIGILATE],
  },
  {
    key: RoleKey.ANALYST,
    name: '成绩分析员',
    description:
      'Score analysis of their batches: rankings, failed scores, make-ups, item analysis, certificates.',
    permissions: ANALYSIS_KEYS,
  },
  {
    key: RoleKey.SKILL_EXAMINER,
    name: '考评员',
    description:
      'Scores the candidates of their stations in skills assessments on the scoring sheet, on their own.',
    permissions: [Perm.SKILLS, Perm.SKILLS_SCORE],
  },
  {
    key: RoleKey.SKILL_CHIEF,
    name: '考评组长',
    description:
      'Chief examiner and score checker of skills assessments: scores, settles disagreements, reopens sheets, checks and signs the scores.',
    permissions: [Perm.SKILLS, Perm.SKILLS_SCORE, Perm.SKILLS_CHECK],
  },
  {
    key: RoleKey.STUDENT,
    name: '考生',
    description: 'Takes exams online.',
    permissions: [Perm.STUDENT_EXAM],
  },
];

/**
 * The built-in job roles of the exam publishing group: holding one is holding role SUPER, which
 * docs/spec.md §6 asks of the group, so that each does its job alone.
 */
export const IMPLIES_SUPER: readonly string[] = [
  RoleKey.PAPER_MAKER,
  RoleKey.EXAM_MANAGER,
  RoleKey.MARKER,
  RoleKey.INVIGILATOR,
];

import type { Localized, MessageLanguage } from './languages.js';
import { SKILL_ASSESSMENT_ENTITY_NAMES } from './skill-assessment.js';
import { VENUE_ENTITY_NAMES } from './venue.js';
import { IRREGULARITY_ENTITY_NAMES } from './irregularity.js';

/** What a message names (not found, still in use…), e.g. `{entity} 3 not found`. */
export const ENTITY_NAMES = {
  school: { zh: '考试项目', en: 'Exam project', es: 'Proyecto de examen', ja: '試験プロジェクト' },
  department: {
    zh: '职业类别',
    en: 'Job-type category',
    es: 'Categoría profesional',
    ja: '職業分類',
  },
  subject: { zh: '申报工种', en: 'Job type', es: 'Ocupación', ja: '受験職種' },
  classes: {
    zh: '报名批次',
    en: 'Registration batch',
    es: 'Convocatoria',
    ja: '申込回次',
  },
  user: { zh: '用户', en: 'User', es: 'Usuario', ja: 'ユーザー' },
  role: { zh: '角色', en: 'Role', es: 'Rol', ja: 'ロール' },
  permission: { zh: '权限', en: 'Permission', es: 'Permiso', ja: '権限' },
  knowledge: {
    zh: '课程或鉴定点',
    en: 'Knowledge',
    es: 'Conocimiento',
    ja: 'コースまたは評価項目',
  },
  course: { zh: '课程', en: 'Course', es: 'Curso', ja: 'コース' },
  point: { zh: '鉴定点', en: 'Appraisal point', es: 'Punto de evaluación', ja: '評価項目' },
  student: { zh: '考生', en: 'Student', es: 'Candidato', ja: '受験者' },
  importJob: {
    zh: '导入任务',
    en: 'Import job',
    es: 'Trabajo de importación',
    ja: 'インポートジョブ',
  },
  ownStudentRecord: {
    zh: '您的考生档案',
    en: 'Your student record',
    es: 'Su ficha de candidato',
    ja: 'あなたの受験者記録',
  },
  batch: { zh: '批次', en: 'Batch', es: 'Convocatoria', ja: '申込回次' },
  question: { zh: '试题', en: 'Question', es: 'Pregunta', ja: '問題' },
  file: { zh: '文件', en: 'File', es: 'Archivo', ja: 'ファイル' },
  paper: { zh: '试卷', en: 'Paper', es: 'Examen', ja: '試験問題' },
  instruction: {
    zh: '考试须知',
    en: 'Exam notice',
    es: 'Instrucciones del examen',
    ja: '受験上の注意',
  },
  parentPermission: {
    zh: '上级权限',
    en: 'Parent permission',
    es: 'Permiso superior',
    ja: '親権限',
  },
  exam: { zh: '考试', en: 'Exam', es: 'Examen', ja: '試験' },
  attempt: { zh: '答卷', en: 'Attempt', es: 'Intento', ja: '答案' },
  markingAnswer: {
    zh: '待评答案',
    en: 'Answer to mark',
    es: 'Respuesta a corregir',
    ja: '採点対象の解答',
  },
  certificate: { zh: '证书', en: 'Certificate', es: 'Certificado', ja: '証書' },
  skillSheet: { zh: '评分记录表', en: 'Scoring sheet', es: 'Hoja de puntuación', ja: '評価記録表' },
  scheme: {
    zh: '认定方案',
    en: 'Certification scheme',
    es: 'Esquema de certificación',
    ja: '認定方案',
  },
  ...SKILL_ASSESSMENT_ENTITY_NAMES,
  ...VENUE_ENTITY_NAMES,
  ...IRREGULARITY_ENTITY_NAMES,
  skillCandidate: {
    zh: '技能考核考生',
    en: 'Skills candidate',
    es: 'Candidato de la prueba práctica',
    ja: '技能考核の受験者',
  },
  skillScoring: { zh: '评分表', en: 'Scoring sheet', es: 'Hoja de puntuación', ja: '評価表' },
  skillPhoto: { zh: '工件照片', en: 'Work piece photo', es: 'Foto de la pieza', ja: '作品の写真' },
} as const satisfies Record<string, Localized>;

export type EntityKey = keyof typeof ENTITY_NAMES;

/** What an upload kind is called in a message ("the limit for images"). */
export const UPLOAD_KIND_NAMES = {
  image: { zh: '图片', en: 'images', es: 'imágenes', ja: '画像' },
  video: { zh: '视频', en: 'videos', es: 'vídeos', ja: '動画' },
  file: { zh: '附件', en: 'files', es: 'archivos', ja: '添付ファイル' },
} as const satisfies Record<string, Localized>;

/** Certification levels (spec: 5 junior … 1 senior technician) as documents name them. */
export const CERT_LEVEL_NAMES = {
  5: { zh: '初级', en: 'Junior', es: 'Básico', ja: '初級' },
  4: { zh: '中级', en: 'Intermediate', es: 'Intermedio', ja: '中級' },
  3: { zh: '高级', en: 'Senior', es: 'Avanzado', ja: '上級' },
  2: { zh: '技师', en: 'Technician', es: 'Técnico', ja: '技師' },
  1: { zh: '高级技师', en: 'Senior technician', es: 'Técnico superior', ja: '上級技師' },
} as const satisfies Record<number, Localized>;

/** The level names in one language, by level. */
export const levelNamesIn = (language: MessageLanguage): Record<5 | 4 | 3 | 2 | 1, string> => ({
  5: CERT_LEVEL_NAMES[5][language],
  4: CERT_LEVEL_NAMES[4][language],
  3: CERT_LEVEL_NAMES[3][language],
  2: CERT_LEVEL_NAMES[2][language],
  1: CERT_LEVEL_NAMES[1][language],
});

/** A paper's group-audit state as a message names it (draft: never submitted). */
export const PAPER_AUDIT_NAMES = {
  draft: { zh: '草稿', en: 'a draft', es: 'en borrador', ja: '下書き' },
  0: { zh: '审核中', en: 'under review', es: 'en revisión', ja: '審査中' },
  1: { zh: '已通过', en: 'passed', es: 'aprobado', ja: '承認済み' },
  2: { zh: '未通过', en: 'failed', es: 'rechazado', ja: '差し戻し' },
} as const satisfies Record<string, Localized>;

/** A question's review state (spec's audit status) as a message names it. */
export const AUDIT_STATUS_NAMES = {
  0: { zh: '未开始审核', en: 'not started', es: 'no iniciado', ja: '審査未開始' },
  1: { zh: '审核中', en: 'under review', es: 'en revisión', ja: '審査中' },
  2: { zh: '已通过', en: 'passed', es: 'aprobado', ja: '承認済み' },
  3: { zh: '未通过', en: 'failed', es: 'rechazado', ja: '差し戻し' },
  4: { zh: '已过期', en: 'expired', es: 'caducado', ja: '期限切れ' },
} as const satisfies Record<number, Localized>;

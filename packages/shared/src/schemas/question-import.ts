import { z } from 'zod';
import type { QuestionTypeCode } from '../question.js';
import { dbId } from './common.js';
import { certLevel, emptyToUndefined } from './question-base.js';
import type { QuestionProblem } from './question-rules.js';
import { questionFilters } from './question-list.js';

// ---------------------------------------------------------------------------------------------
// Import (.xlsx template or plain text) and export

export const QUESTION_IMPORT_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type QuestionImportLanguage = (typeof QUESTION_IMPORT_LANGUAGES)[number];

/** The columns of the template and the export, in order. */
export const QUESTION_IMPORT_COLUMNS = [
  'type',
  'content',
  'optionA',
  'optionB',
  'optionC',
  'optionD',
  'optionE',
  'optionF',
  'optionG',
  'optionH',
  'optionI',
  'optionJ',
  'answer',
  'linkUrl',
  'analysis',
  'score',
  'difficulty',
  'subjectCode',
  'level',
  'courseCode',
  'pointCode',
  'tags',
] as const;
export type QuestionImportColumn = (typeof QUESTION_IMPORT_COLUMNS)[number];

export const QUESTION_IMPORT_REQUIRED_COLUMNS: readonly QuestionImportColumn[] = [
  'type',
  'content',
  'answer',
  'subjectCode',
  'level',
  'courseCode',
];

export const QUESTION_IMPORT_MODES = ['skipInvalid', 'allOrNothing'] as const;
export type QuestionImportMode = (typeof QUESTION_IMPORT_MODES)[number];

/** Largest upload accepted (bytes); a larger one is refused with 10002. */
export const QUESTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most questions one file may hold. */
export const QUESTION_IMPORT_MAX_ROWS = 10_000;

export interface QuestionImportSummary {
  /** null when the type cell could not be read. */
  type: QuestionTypeCode | null;
  /** The stem's text, at most 200 characters. */
  stem: string;
  /** The answer as text, at most 100 characters ('B', 'T', 'a / b | c', the model answer's text). */
  answer: string;
  optionCount: number;
  score: number | null;
  difficulty: number | null;
}

/** What an import reads: the Excel template, typed text, Moodle XML, GIFT, QTI or Word. */
export const QUESTION_IMPORT_FORMATS = [
  'xlsx',
  'text',
  'moodleXml',
  'gift',
  'qti',
  'docx',
] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
/** Formats whose file carries no job type, level or course: the form gives them. */
export const QUESTION_IMPORT_FORMATS_WITH_STRUCTURE: readonly QuestionImportFormat[] = [
  'text',
  'moodleXml',
  'gift',
  'qti',
  'docx',
];

/** The upload's `format` field: absent or empty, the file's extension decides. */
export const questionImportFormat = z.object({
  format: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(QUESTION_IMPORT_FORMATS, {
        message: `must be one of ${QUESTION_IMPORT_FORMATS.join(', ')}`,
      })
      .optional(),
  ),
});

export interface QuestionImportPreviewRow {
  /**
   * Spreadsheet row (header is row 1) or, for plain text, Moodle XML and GIFT, the line where
   * the question starts; for QTI, the item's place in the package (1, 2 …).
   */
  row: number;
  /** Moodle XML and GIFT: the question's name or title in the file; QTI: identifier · title. */
  name?: string;
  /** Moodle XML, GIFT and QTI: 'update' when a question imported before has its identifier. */
  action?: 'create' | 'update';
  question: QuestionImportSummary;
  problems: QuestionProblem[];
}

/** Why a QTI test gives no paper: no paper permission, no question of it imports, too large. */
export const QUESTION_IMPORT_PAPER_SKIPS = ['permission', 'noQuestions', 'tooLarge'] as const;
export type QuestionImportPaperSkip = (typeof QUESTION_IMPORT_PAPER_SKIPS)[number];

/** A QTI package's test (assessmentTest) as the draft paper the import can make of it. */
export interface QuestionImportPaperPreview {
  /** The test's title: the paper's name. */
  title: string;
  /** Set when no paper will be made, and why. */
  skipped?: QuestionImportPaperSkip;
  /** The test's sections as the paper's parts: questions and points in each. */
  sections: { title: string; questionCount: number; total: number }[];
  questionCount: number;
  total: number;
  passScore: number;
  durationMinutes: number;
  /** What the test holds that the draft cannot keep (in English, as the questions' problems). */
  notes: string[];
  /** True when every question of the test was imported before (a re-import). */
  reimport: boolean;
}

export interface QuestionImportPreview {
  total: number;
  valid: number;
  invalid: number;
  rows: QuestionImportPreviewRow[];
  /** QTI: the package's test as a draft paper. */
  paper?: QuestionImportPaperPreview;
}

export interface QuestionImportResult {
  created: number;
  /** Questions imported before from the same source and identifier, written again. */
  updated: number;
  /** Invalid rows left out ('skipInvalid'). */
  skipped: number;
  total: number;
  /** QTI: the draft paper made from the package's test, when the user asked for it. */
  paperId?: number;
}

export const questionImportLanguage = z.preprocess(
  (value) => (value === '' || value === undefined ? 'zh' : value),
  z.enum(QUESTION_IMPORT_LANGUAGES, {
    message: `must be one of ${QUESTION_IMPORT_LANGUAGES.join(', ')}`,
  }),
);

/** The template's form: the Excel workbook (default) or a Word document of typed questions. */
export const QUESTION_TEMPLATE_FORMATS = ['xlsx', 'docx'] as const;
export const questionImportTemplateQuery = z.object({
  lang: questionImportLanguage,
  format: z.enum(QUESTION_TEMPLATE_FORMATS).default('xlsx'),
});

/** importApply's `makePaper`: make a draft paper of a QTI package's test ('true'; default no). */
export const questionImportMakePaper = z.preprocess(
  (value) => (value === undefined || value === '' ? 'false' : value),
  z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true'),
);

export const questionImportMode = z.enum(QUESTION_IMPORT_MODES, {
  message: `must be one of ${QUESTION_IMPORT_MODES.join(', ')}`,
});

/** Plain text carries no structure: the form gives it for every question of the file. */
export const questionTextImportFields = z.object({
  subjectId: dbId,
  level: certLevel,
  courseId: dbId,
  pointId: z.preprocess(emptyToUndefined, dbId.nullable().default(null)),
});
export type QuestionTextImportFields = z.infer<typeof questionTextImportFields>;

/** The exchange formats a bank or a paper exports to besides its own (docs/features/question-bank.md). */
export const QUESTION_PACKAGE_FORMATS = ['qti3', 'qti22', 'moodleXml'] as const;
export type QuestionPackageFormat = (typeof QUESTION_PACKAGE_FORMATS)[number];
/** xlsx: the import template's columns; the others as QUESTION_PACKAGE_FORMATS. */
export const QUESTION_EXPORT_FORMATS = ['xlsx', ...QUESTION_PACKAGE_FORMATS] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];

export const questionExportQuery = questionFilters.extend({
  lang: questionImportLanguage,
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(QUESTION_EXPORT_FORMATS).default('xlsx'),
  ),
});
export type QuestionExportQuery = z.infer<typeof questionExportQuery>;

/** Header text of every column in each language (the import reads all four). */
export const QUESTION_IMPORT_HEADERS: Record<
  QuestionImportLanguage,
  Record<QuestionImportColumn, string>
> = {
  zh: {
    type: '题型',
    content: '题干',
    optionA: '选项A',
    optionB: '选项B',
    optionC: '选项C',
    optionD: '选项D',
    optionE: '选项E',
    optionF: '选项F',
    optionG: '选项G',
    optionH: '选项H',
    optionI: '选项I',
    optionJ: '选项J',
    answer: '答案',
    linkUrl: '链接地址',
    analysis: '解析',
    score: '分值',
    difficulty: '难度',
    subjectCode: '申报工种编码',
    level: '等级',
    courseCode: '课程编码',
    pointCode: '鉴定点编码',
    tags: '标签',
  },
  en: {
    type: 'Type',
    content: 'Stem',
    optionA: 'Option A',
    optionB: 'Option B',
    optionC: 'Option C',
    optionD: 'Option D',
    optionE: 'Option E',
    optionF: 'Option F',
    optionG: 'Option G',
    optionH: 'Option H',
    optionI: 'Option I',
    optionJ: 'Option J',
    answer: 'Answer',
    linkUrl: 'Link URL',
    analysis: 'Analysis',
    score: 'Score',
    difficulty: 'Difficulty',
    subjectCode: 'Job type code',
    level: 'Level',
    courseCode: 'Course code',
    pointCode: 'Appraisal point code',
    tags: 'Tags',
  },
  es: {
    type: 'Tipo',
    content: 'Enunciado',
    optionA: 'Opción A',
    optionB: 'Opción B',
    optionC: 'Opción C',
    optionD: 'Opción D',
    optionE: 'Opción E',
    optionF: 'Opción F',
    optionG: 'Opción G',
    optionH: 'Opción H',
    optionI: 'Opción I',
    optionJ: 'Opción J',
    answer: 'Respuesta',
    linkUrl: 'Enlace',
    analysis: 'Explicación',
    score: 'Puntuación',
    difficulty: 'Dificultad',
    subjectCode: 'Código de oficio',
    level: 'Nivel',
    courseCode: 'Código de curso',
    pointCode: 'Código de punto de evaluación',
    tags: 'Etiquetas',
  },
  ja: {
    type: '問題形式',
    content: '問題文',
    optionA: '選択肢A',
    optionB: '選択肢B',
    optionC: '選択肢C',
    optionD: '選択肢D',
    optionE: '選択肢E',
    optionF: '選択肢F',
    optionG: '選択肢G',
    optionH: '選択肢H',
    optionI: '選択肢I',
    optionJ: '選択肢J',
    answer: '解答',
    linkUrl: 'リンクURL',
    analysis: '解説',
    score: '配点',
    difficulty: '難易度',
    subjectCode: '受験職種コード',
    level: '等級',
    courseCode: '科目コード',
    pointCode: '評価項目コード',
    tags: 'タグ',
  },
};

/**
 * The words of each question type per language: the first is what the template and the export
 * write; every word of every language (and the code 0–5) is read back.
 */
export const QUESTION_TYPE_WORDS: Record<
  QuestionImportLanguage,
  Record<QuestionTypeCode, readonly string[]>
> = {
  zh: {
    0: ['单选题', '单选', '单项选择题'],
    1: ['多选题', '多选', '多项选择题'],
    2: ['判断题', '判断'],
    3: ['外部链接', '外部链接题', '链接题'],
    4: ['填空题', '填空'],
    5: ['简答题', '简答', '问答题'],
  },
  en: {
    0: ['Single choice', 'single'],
    1: ['Multiple choice', 'multiple'],
    2: ['True or false', 'judgement', 'true/false'],
    3: ['External link', 'link'],
    4: ['Fill in the blank', 'fill-in', 'blank'],
    5: ['Short answer', 'short'],
  },
  es: {
    0: ['Opción única'],
    1: ['Opción múltiple'],
    2: ['Verdadero o falso'],
    3: ['Enlace externo'],
    4: ['Completar espacios'],
    5: ['Respuesta corta'],
  },
  ja: {
    0: ['単一選択'],
    1: ['複数選択'],
    2: ['正誤判定'],
    3: ['外部リンク'],
    4: ['穴埋め'],
    5: ['記述式'],
  },
};

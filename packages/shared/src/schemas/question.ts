import { z } from 'zod';
import {
  AUDIT_STATUSES,
  CHOICE_TYPES,
  DIFFICULTIES,
  DIFFICULTY_DEFAULT,
  JUDGEMENT_ANSWERS,
  OPTION_KEYS,
  QUESTION_AUDIT_REASON_MAX,
  QUESTION_BATCH_MAX,
  QUESTION_BLANK_ALTERNATIVES_MAX,
  QUESTION_BLANK_ANSWER_MAX,
  QUESTION_BLANK_MAX,
  QUESTION_HTML_MAX,
  QUESTION_LINK_URL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTION_MIN,
  QUESTION_SCORE_DEFAULT,
  QUESTION_SCORE_MAX,
  QUESTION_TAG_LENGTH_MAX,
  QUESTION_TAG_MAX,
  QUESTION_TYPES,
  QuestionType,
  SCORE_SCALE,
  countBlankMarkers,
  type AuditStatusCode,
  type Difficulty,
  type QuestionTypeCode,
} from '../question.js';
import {
  renderMessage,
  schemaMessage,
  type MessageKey,
  type MessageParams,
} from '../messages/server-messages.js';
import { CERT_LEVELS, type CertLevel } from '../structure.js';
import { dbId, flagInput, idList, keyList, optionalText, pageQuery } from './common.js';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const oneOf = <T extends number>(values: readonly T[]) =>
  z.coerce
    .number()
    .int()
    .refine((value) => (values as readonly number[]).includes(value), {
      ...schemaMessage('oneOf', { values: values.join(', ') }),
    })
    .transform((value) => value as T);

export const questionTypeSchema = oneOf<QuestionTypeCode>(QUESTION_TYPES);
export const auditStatusSchema = oneOf<AuditStatusCode>(AUDIT_STATUSES);
export const difficultySchema = oneOf<Difficulty>(DIFFICULTIES);
const certLevel = oneOf<CertLevel>(CERT_LEVELS);

/** Points, more than 0, at most QUESTION_SCORE_MAX, with at most two decimals (2, 2.5, 0.25). */
export const questionScore = z.coerce
  .number()
  .gt(0)
  .max(QUESTION_SCORE_MAX)
  .refine((value) => Math.abs(value * SCORE_SCALE - Math.round(value * SCORE_SCALE)) < 1e-6, {
    ...schemaMessage('atMostTwoDecimals'),
  });

const html = z.string().max(QUESTION_HTML_MAX);

export const questionTag = z.string().trim().min(1).max(QUESTION_TAG_LENGTH_MAX);

/** An http(s) URL without spaces, or ''. */
export const questionLinkUrl = z
  .string()
  .trim()
  .max(QUESTION_LINK_URL_MAX)
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), {
    ...schemaMessage('httpUrl'),
  });

// ---------------------------------------------------------------------------------------------
// The rules of a question's shape, shared by the web form, the server (after sanitizing) and
// the import, so all three refuse the same things with the same words.

/** Why a question (or an import row) is refused; the web app translates the code. */
export const QUESTION_PROBLEM_CODES = [
  /** A required field or cell is empty (for HTML: nothing left after sanitizing). */
  'required',
  /** Longer than the field allows. */
  'tooLong',
  /** Not a known question type. */
  'type',
  /** Fewer than 2 or more than 10 options for a choice question. */
  'optionCount',
  /** An option with no content. */
  'optionEmpty',
  /** Two options with the same content. */
  'optionDuplicate',
  /** Single choice without exactly one correct option, multiple choice with fewer than two. */
  'correctCount',
  /** An answer the type cannot take (a key naming no option, a judgement other than T/F …). */
  'answer',
  /** The number of ___ markers in the stem differs from the number of blanks, or is 0 or > 20. */
  'blankCount',
  /** A blank without any accepted answer. */
  'blankEmpty',
  /** Not an http(s) address, or missing for an external-link question. */
  'linkUrl',
  /** Not a score above 0 and at most 1000 with two decimals. */
  'score',
  /** Not a difficulty 1 to 5. */
  'difficulty',
  /** Not a certification level 5 to 1, or one the job type does not have. */
  'level',
  /** Too many tags or a tag longer than 20 characters. */
  'tags',
  /** No job type has this code (import). */
  'unknownSubject',
  /** No course with this code under the job type and level. */
  'unknownCourse',
  /** No appraisal point with this code under the course. */
  'unknownPoint',
  /** A formula cell (never evaluated) or text starting with "=" (import). */
  'formula',
  /** A cell of a kind the column cannot hold: a date, an error value, true/false … (import). */
  'cellType',
  /** Markup (HTML tags or entities) in a cell that takes plain text only (import). */
  'html',
  /** A block of the plain-text format that cannot be read as a question (import). */
  'format',
] as const;
export type QuestionProblemCode = (typeof QUESTION_PROBLEM_CODES)[number];

export interface QuestionProblem {
  code: QuestionProblemCode;
  /**
   * The API's field (content, options, options.1.content, answer, blanks.0 …); in an import's
   * problems, the template's column instead (QUESTION_IMPORT_COLUMNS: optionB, courseCode …).
   */
  field: string;
  /** English; the web app shows its own words for `code`. */
  message: string;
}

/** A shape problem also names its catalogue message, which the server words per request. */
export interface QuestionShapeProblem extends QuestionProblem {
  key: MessageKey;
  params: MessageParams;
}

/** What the shape rules look at. */
export interface QuestionShape {
  type: QuestionTypeCode;
  content: string;
  options: { content: string; correct: boolean }[];
  answer: string;
  blanks: string[][];
  linkUrl: string;
}

/** How the rules read HTML: the server passes its sanitizer's answers, the web this rough one. */
export interface HtmlInspector {
  /** The text a reader sees (no tags, entities decoded). */
  text(html: string): string;
  /** Whether the HTML shows anything: text, an image, a formula, a video or audio. */
  hasContent(html: string): boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Good enough for a form's hints; the server decides with its sanitizer. */
export const roughHtml: HtmlInspector = {
  text: (value) =>
    value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ''),
  hasContent: (value) =>
    roughHtml.text(value).trim() !== '' ||
    /<(img|video|audio|table)\b|data-type="formula"|data-latex=/i.test(value),
};

/** Two options are the same when their text reads the same and they hold the same media. */
const optionIdentity = (inspector: HtmlInspector, value: string) =>
  inspector.text(value).replace(/\s+/g, ' ').trim().toLowerCase() +
  '\u0000' +
  (value.match(/<(img|video|audio)\b[^>]*>|data-latex="[^"]*"/gi) ?? []).join('');

/**
 * Every problem of a question's shape (not of its structure: job type, course and point need
 * the database). An empty list means the shape is right.
 */
export function questionShapeProblems(
  question: QuestionShape,
  inspector: HtmlInspector = roughHtml,
): QuestionShapeProblem[] {
  const problems: QuestionShapeProblem[] = [];
  const add = (
    code: QuestionProblemCode,
    field: string,
    key: MessageKey,
    params: MessageParams = {},
  ) => problems.push({ code, field, message: renderMessage(key, params, 'en'), key, params });
  const { type } = question;

  if (!inspector.hasContent(question.content)) add('required', 'content', 'required');

  if (CHOICE_TYPES.includes(type)) {
    const { options } = question;
    if (options.length < QUESTION_OPTION_MIN || options.length > QUESTION_OPTION_MAX) {
      add('optionCount', 'options', 'optionCount', {
        min: QUESTION_OPTION_MIN,
        max: QUESTION_OPTION_MAX,
      });
    }
    const seen = new Map<string, number>();
    options.forEach((option, index) => {
      const key = OPTION_KEYS[index] ?? String(index);
      if (!inspector.hasContent(option.content)) {
        add('optionEmpty', `options.${index}.content`, 'optionEmpty', { option: key });
        return;
      }
      const identity = optionIdentity(inspector, option.content);
      const first = seen.get(identity);
      if (first === undefined) seen.set(identity, index);
      else {
        add('optionDuplicate', `options.${index}.content`, 'optionDuplicate', {
          option: key,
          first: OPTION_KEYS[first] ?? String(first),
        });
      }
    });
    const correct = options.filter((option) => option.correct).length;
    if (type === QuestionType.SINGLE && correct !== 1) {
      add('correctCount', 'options', 'singleNeedsOneCorrect');
    }
    if (type === QuestionType.MULTIPLE && correct < 2) {
      add('correctCount', 'options', 'multipleNeedsTwoCorrect');
    }
  }

  if (
    type === QuestionType.JUDGEMENT &&
    !(JUDGEMENT_ANSWERS as readonly string[]).includes(question.answer)
  ) {
    add('answer', 'answer', 'judgementAnswer');
  }

  if (type === QuestionType.EXTERNAL_LINK) {
    if (question.linkUrl === '') add('linkUrl', 'linkUrl', 'required');
    else if (!questionLinkUrl.safeParse(question.linkUrl).success) {
      add('linkUrl', 'linkUrl', 'httpUrl');
    }
  }

  if (type === QuestionType.FILL_BLANK) {
    const { blanks } = question;
    const markers = countBlankMarkers(inspector.text(question.content));
    if (blanks.length < 1 || blanks.length > QUESTION_BLANK_MAX) {
      add('blankCount', 'blanks', 'blankCount', { max: QUESTION_BLANK_MAX });
    } else if (markers !== blanks.length) {
      add('blankCount', 'blanks', 'blankMarkers', { markers, blanks: blanks.length });
    }
    blanks.forEach((accepted, index) => {
      if (accepted.length === 0) {
        add('blankEmpty', `blanks.${index}`, 'blankEmpty', { n: index + 1 });
      }
    });
  }

  if (type === QuestionType.SHORT_ANSWER && !inspector.hasContent(question.answer)) {
    add('required', 'answer', 'modelAnswerRequired');
  }
  return problems;
}

/** The answer of a choice question: the keys of its correct options, in order ('B', 'ACD'). */
export const choiceAnswer = (options: readonly { correct: boolean }[]) =>
  options.map((option, index) => (option.correct ? OPTION_KEYS[index] : '')).join('');

// ---------------------------------------------------------------------------------------------
// Add and update

const option = z.object({ content: html, correct: z.boolean().default(false) });

/** One blank: its accepted answers; empty entries are dropped (a form's trailing input). */
const blank = z
  .array(z.string().trim().max(QUESTION_BLANK_ANSWER_MAX))
  .max(QUESTION_BLANK_ALTERNATIVES_MAX)
  .transform((answers) => [...new Set(answers.filter((answer) => answer !== ''))]);

export const questionFields = z.object({
  type: questionTypeSchema,
  /** The stem (HTML); for an external link, the instructions. */
  content: html,
  /** Choice types only: A, B, … in order; ignored for the other types. */
  options: z.array(option).max(QUESTION_OPTION_MAX).default([]),
  /** Judgement 'T'/'F'; external link: marking guide (HTML); short answer: model answer (HTML). */
  answer: html.default(''),
  /** Fill-in only: the accepted answers of each ___ in the stem, in order. */
  blanks: z.array(blank).max(QUESTION_BLANK_MAX).default([]),
  /** External link only. */
  linkUrl: questionLinkUrl.default(''),
  analysis: html.default(''),
  score: questionScore.default(QUESTION_SCORE_DEFAULT),
  difficulty: difficultySchema.default(DIFFICULTY_DEFAULT),
  subjectId: dbId,
  level: certLevel,
  /** A course (cn) of the job type and level. */
  courseId: dbId,
  /** An appraisal point (kn) under the course, or null. */
  pointId: z.preprocess(emptyToUndefined, dbId.nullable().default(null)),
  tags: keyList(questionTag, QUESTION_TAG_MAX).default([]),
});

type QuestionFields = z.output<typeof questionFields>;

/**
 * What each type keeps: the fields of other types are cleared, a choice question's answer is
 * derived from its options, a judgement answer is upper-cased.
 */
function normaliseQuestion<T extends QuestionFields>(value: T): T {
  const { type } = value;
  const choice = CHOICE_TYPES.includes(type);
  const answer =
    type === QuestionType.JUDGEMENT
      ? value.answer.trim().toUpperCase()
      : type === QuestionType.EXTERNAL_LINK || type === QuestionType.SHORT_ANSWER
        ? value.answer
        : '';
  return {
    ...value,
    options: choice ? value.options : [],
    answer: choice ? choiceAnswer(value.options) : answer,
    blanks: type === QuestionType.FILL_BLANK ? value.blanks : [],
    linkUrl: type === QuestionType.EXTERNAL_LINK ? value.linkUrl : '',
  };
}

const checkShape = <T extends QuestionFields>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  for (const problem of questionShapeProblems(value)) {
    ctx.addIssue({
      code: 'custom',
      path: problem.field.split('.'),
      ...schemaMessage(problem.key, problem.params),
    });
  }
};

/** One question as add sends it; the rules run on the normalised value. */
export const addQuestionBody = questionFields.transform(normaliseQuestion).superRefine(checkShape);
export type QuestionInput = z.output<typeof addQuestionBody>;

export const updateQuestionBody = questionFields
  .extend({ id: dbId })
  .transform(normaliseQuestion)
  .superRefine(checkShape);
export type UpdateQuestionBody = z.output<typeof updateQuestionBody>;

// ---------------------------------------------------------------------------------------------
// List, batch actions

export const QUESTION_SORT_FIELDS = [
  'id',
  'difficulty',
  'score',
  'updatedAt',
  'auditStatus',
] as const;
export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];

const optionalId = z.preprocess(emptyToUndefined, dbId.optional());
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

/** The list's filters (no paging): also what export takes. */
export const questionFilters = z.object({
  type: optional(questionTypeSchema),
  subjectId: optionalId,
  level: optional(certLevel),
  courseId: optionalId,
  pointId: optionalId,
  difficulty: optional(difficultySchema),
  auditStatus: optional(auditStatusSchema),
  /** 0 questions in use (default), 1 retired ones. */
  retired: z.preprocess(emptyToUndefined, flagInput.default(0)),
  /** Part of the stem's text, a tag or the analysis' text. */
  keyword: optionalText(100),
  /** A whitelisted field, then the id in the same direction. */
  sortField: z.preprocess(emptyToUndefined, z.enum(QUESTION_SORT_FIELDS).default('id')),
  sortOrder: z.preprocess(emptyToUndefined, z.enum(['ascend', 'descend']).default('descend')),
});
export type QuestionFilters = z.infer<typeof questionFilters>;

export const listQuestionQuery = pageQuery.extend(questionFilters.shape);
export type ListQuestionQuery = z.infer<typeof listQuestionQuery>;

export const QUESTION_BATCH_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'retire',
  'restore',
  'delete',
] as const;
export type QuestionBatchAction = (typeof QUESTION_BATCH_ACTIONS)[number];

export const batchQuestionBody = z
  .object({
    ids: idList(QUESTION_BATCH_MAX).refine((ids) => ids.length > 0, {
      ...schemaMessage('atLeastOne'),
    }),
    action: z.enum(QUESTION_BATCH_ACTIONS, {
      message: `must be one of ${QUESTION_BATCH_ACTIONS.join(', ')}`,
    }),
    /** The reject reason (required for reject, ignored otherwise). */
    reason: z.string().trim().max(QUESTION_AUDIT_REASON_MAX).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'reject' && value.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], ...schemaMessage('requiredWhenRejecting') });
    }
  });
export type BatchQuestionBody = z.infer<typeof batchQuestionBody>;

export interface QuestionBatchResult {
  succeeded: number[];
  /** Each refused id with why (English), e.g. "you cannot review your own question". */
  failed: { id: number; message: string }[];
}

export interface QuestionOptionView {
  key: string;
  content: string;
  correct: boolean;
}

export interface QuestionView {
  id: number;
  type: QuestionTypeCode;
  content: string;
  /** Choice types only; [] otherwise. */
  options: QuestionOptionView[];
  /** 'B', 'ACD', 'T'/'F', marking guide or model answer HTML, '' for fill-in. */
  answer: string;
  /** Fill-in: the accepted answers of each blank; [] otherwise. */
  blanks: string[][];
  /** External link: the task's address; '' otherwise. */
  linkUrl: string;
  analysis: string;
  /** Points, two decimals at most. */
  score: number;
  difficulty: number;
  subjectId: number;
  subjectName: string;
  level: number;
  courseId: number;
  courseName: string;
  pointId: number | null;
  pointName: string;
  tags: string[];
  auditStatus: AuditStatusCode;
  /** The reject reason while the status is 3 failed; '' otherwise. */
  auditReason: string;
  retired: boolean;
  authorId: number;
  authorName: string;
  reviewerId: number | null;
  reviewerName: string;
  reviewedAt: string | null;
  /** Papers that hold the question. */
  usedInPapers: number;
  createdAt: string;
  updatedAt: string;
}

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

export interface QuestionImportPreviewRow {
  /** Spreadsheet row (header is row 1) or, for plain text, the line where the question starts. */
  row: number;
  question: QuestionImportSummary;
  problems: QuestionProblem[];
}

export interface QuestionImportPreview {
  total: number;
  valid: number;
  invalid: number;
  rows: QuestionImportPreviewRow[];
}

export interface QuestionImportResult {
  created: number;
  /** Invalid rows left out ('skipInvalid'). */
  skipped: number;
  total: number;
}

/** One NDJSON line of importApply while it writes; the last line is the envelope. */
export interface QuestionImportProgressLine {
  phase: 'write';
  done: number;
  total: number;
}

export const questionImportLanguage = z.preprocess(
  (value) => (value === '' || value === undefined ? 'zh' : value),
  z.enum(QUESTION_IMPORT_LANGUAGES, {
    message: `must be one of ${QUESTION_IMPORT_LANGUAGES.join(', ')}`,
  }),
);

export const questionImportTemplateQuery = z.object({ lang: questionImportLanguage });

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

export const questionExportQuery = questionFilters.extend({ lang: questionImportLanguage });
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

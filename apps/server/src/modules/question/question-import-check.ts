import {
  AuditStatus,
  CHOICE_TYPES,
  DIFFICULTY_DEFAULT,
  KnowledgeType,
  OPTION_KEYS,
  QUESTION_HTML_MAX,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_SCORE_DEFAULT,
  QUESTION_TAG_LENGTH_MAX,
  QUESTION_TAG_MAX,
  QuestionType,
  difficultySchema,
  questionScore,
  scoreToHundredths,
  type QuestionImportColumn,
  type QuestionImportPreview,
  type QuestionImportPreviewRow,
  type QuestionImportSummary,
  type QuestionProblem,
  type QuestionProblemCode,
  type QuestionTextImportFields,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { QuestionRepository, type NewQuestion } from './question.repository.js';
import { checkStructure, cleanQuestion, contentColumns, serverHtml } from './question.service.js';
import {
  HTML_COLUMNS,
  MARKUP,
  OPTION_COLUMNS,
  cellHtml,
  type RawQuestion,
} from './question-import-read.js';
import { blanksOf, choiceKeys, judgementOf, tagsOf, typeOfWord } from './question-text-format.js';

// Checking an import's rows against the rules (once per file) and the database (again inside
// the write's transaction).

type Column = QuestionImportColumn;

const SUMMARY_STEM_MAX = 200;
const SUMMARY_ANSWER_MAX = 100;
const HTML_ANSWER_TYPES: readonly QuestionTypeCode[] = [
  QuestionType.EXTERNAL_LINK,
  QuestionType.SHORT_ANSWER,
];

interface KnowledgeEntry {
  id: number;
  type: string;
  parentId: number | null;
}

/** What the rows may refer to, by code. */
export interface Context {
  subjects: Map<string, { id: number; name: string; levels: number[] }>;
  /** `${subjectId}|${level}|${code}` → course or appraisal point. */
  knowledge: Map<string, KnowledgeEntry>;
  /** A text import: the structure the form gave, already checked. */
  fixed: QuestionTextImportFields | null;
  /** Moodle XML and GIFT: the questions imported before, by their identifier in the source. */
  imported: Map<string, ImportedQuestion>;
}

export type ImportedQuestion = Awaited<ReturnType<QuestionRepository['importedFrom']>>[number];

const knowledgeKey = (subjectId: number, level: number, code: string) =>
  `${subjectId}|${level}|${code}`;

export async function loadContext(
  db: Db,
  rows: { values: Record<Column, string>; externalId?: string }[],
  fixed: QuestionTextImportFields | null,
  source: string | null = null,
): Promise<Context> {
  const questions = new QuestionRepository(db);
  if (fixed) {
    await checkStructure(questions, fixed);
    const externalIds = rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
    const imported = source ? await questions.importedFrom(source, externalIds) : [];
    return {
      subjects: new Map(),
      knowledge: new Map(),
      fixed,
      imported: new Map(imported.map((row) => [row.external_id!, row])),
    };
  }
  const codes = new Set(rows.map((row) => row.values.subjectCode).filter(Boolean));
  const subjects = (await questions.allSubjects()).filter((subject) => codes.has(subject.code));
  const knowledge = await questions.knowledgeOf(subjects.map((subject) => subject.id));
  return {
    subjects: new Map(
      subjects.map((subject) => [
        subject.code,
        { id: subject.id, name: subject.name, levels: subject.levels.split(',').map(Number) },
      ]),
    ),
    knowledge: new Map(
      knowledge.map((row) => [
        knowledgeKey(row.subject_id, row.level, row.code),
        { id: row.id, type: row.type, parentId: row.parent_id },
      ]),
    ),
    fixed: null,
    imported: new Map(),
  };
}

/** A checked row: its summary and problems, and what to insert when it has none. */
export interface PlannedRow extends QuestionImportPreviewRow {
  insert?: Omit<NewQuestion, 'author_id' | 'created_at' | 'updated_at'>;
  externalId?: string;
  /** Re-import: the question imported before under the same identifier, to update. */
  previous?: ImportedQuestion;
}

/** Where a shape problem shows in the template: the column the user fills in. */
function columnOfField(field: string, code: QuestionProblemCode): Column {
  const option = /^options\.(\d+)/.exec(field);
  if (option) return OPTION_COLUMNS[Number(option[1])] ?? 'optionA';
  if (field === 'options') return code === 'optionCount' ? 'optionA' : 'answer';
  if (field.startsWith('blanks')) return 'answer';
  return (QUESTION_IMPORT_COLUMNS as readonly string[]).includes(field)
    ? (field as Column)
    : 'content';
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function structureOf(
  values: Record<Column, string>,
  context: Context,
  add: (code: QuestionProblemCode, field: Column, message: string) => void,
) {
  if (context.fixed) return context.fixed;
  const required = (column: Column) => {
    if (values[column] === '') add('required', column, 'must not be empty');
    return values[column];
  };
  const subjectCode = required('subjectCode');
  const levelText = required('level');
  const courseCode = required('courseCode');
  const subject = subjectCode ? context.subjects.get(subjectCode) : undefined;
  if (subjectCode && !subject) {
    add('unknownSubject', 'subjectCode', `no job type has the code "${clip(subjectCode, 40)}"`);
  }
  const level = /^[1-5]$/.test(levelText) ? Number(levelText) : undefined;
  if (levelText && level === undefined) add('level', 'level', 'must be a level 5 to 1');
  if (subject && level !== undefined && !subject.levels.includes(level)) {
    add('level', 'level', `job type "${subject.name}" has no level ${level}`);
  }
  if (!subject || level === undefined || !subject.levels.includes(level) || !courseCode) {
    return null;
  }
  const course = context.knowledge.get(knowledgeKey(subject.id, level, courseCode));
  if (!course || course.type !== KnowledgeType.COURSE) {
    add(
      'unknownCourse',
      'courseCode',
      `no course has the code "${clip(courseCode, 40)}" under job type "${subject.name}" level ${level}`,
    );
    return null;
  }
  let pointId: number | null = null;
  if (values.pointCode) {
    const point = context.knowledge.get(knowledgeKey(subject.id, level, values.pointCode));
    if (!point || point.type !== KnowledgeType.POINT || point.parentId !== course.id) {
      add(
        'unknownPoint',
        'pointCode',
        `no appraisal point has the code "${clip(values.pointCode, 40)}" under course "${courseCode}"`,
      );
      return null;
    }
    pointId = point.id;
  }
  return { subjectId: subject.id, level, courseId: course.id, pointId };
}

type ContentColumns = Omit<
  NonNullable<PlannedRow['insert']>,
  'subject_id' | 'level' | 'course_id' | 'point_id'
>;

/** A row with every check that needs no database done (sanitizing is the costly part). */
export interface CheckedRow extends QuestionImportPreviewRow {
  values: Record<Column, string>;
  /** Moodle XML and GIFT: the question's identifier in its source. */
  externalId?: string;
  /** Set when the content has no problem. */
  columns?: ContentColumns;
}

/**
 * Every check of one row's content. Done once per request: the structure checks, which need
 * the database, run again inside the import's transaction (planRows).
 */
export function checkContent(raw: RawQuestion): CheckedRow {
  const { values, plain } = raw;
  const problems: QuestionProblem[] = [...raw.problems];
  const has = (field: Column) => problems.some((problem) => problem.field === field);
  const add = (code: QuestionProblemCode, field: Column, message: string) => {
    if (!has(field)) problems.push({ code, field, message });
  };

  let type = raw.type;
  if (type === undefined) {
    type = null;
    if (values.type === '') add('required', 'type', 'must not be empty');
    else if (!has('type')) {
      type = typeOfWord(values.type) ?? null;
      if (type === null) {
        add('type', 'type', 'must be a question type of the template (or 0 to 5)');
      }
    }
  }

  for (const column of [...HTML_COLUMNS, 'answer'] as Column[]) {
    if (values[column].length > QUESTION_HTML_MAX) {
      add('tooLong', column, `longer than ${QUESTION_HTML_MAX} characters`);
    }
  }

  // Options up to the last one given; a gap before it is an empty option.
  let optionCount = 0;
  OPTION_COLUMNS.forEach((column, index) => {
    if (values[column] !== '') optionCount = index + 1;
  });
  const optionTexts = OPTION_COLUMNS.slice(0, optionCount).map((column) => values[column]);

  const answerText = values.answer;
  let correct: string[] = [];
  let answer = '';
  let blanks: string[][] = [];
  if (type !== null && CHOICE_TYPES.includes(type)) {
    const keys = choiceKeys(answerText);
    if (answerText === '')
      add('required', 'answer', 'must not be empty: the key of the correct option(s)');
    else if (!keys) add('answer', 'answer', 'must be option keys such as B or ACD');
    else {
      const beyond = keys.find((key) => OPTION_KEYS.indexOf(key as never) >= optionCount);
      if (beyond)
        add(
          'answer',
          'answer',
          `names option ${beyond} but the question has ${optionCount} option(s)`,
        );
      correct = keys;
    }
  } else if (type === QuestionType.JUDGEMENT) {
    if (answerText === '') add('required', 'answer', 'must not be empty: T or F');
    else {
      const judgement = judgementOf(answerText);
      if (!judgement) add('answer', 'answer', 'must be T or F (对/错, √/×, true/false)');
      else answer = judgement;
    }
  } else if (type === QuestionType.FILL_BLANK) {
    blanks = raw.blanks ?? blanksOf(answerText);
  } else if (type !== null && HTML_ANSWER_TYPES.includes(type)) {
    answer = cellHtml(answerText, plain);
  }
  if (!plain && MARKUP.test(answerText) && (type === null || !HTML_ANSWER_TYPES.includes(type))) {
    add('html', 'answer', 'markup (HTML tags or entities) is not allowed in this answer');
  }

  const score =
    values.score === '' ? QUESTION_SCORE_DEFAULT : questionScore.safeParse(values.score);
  let points: number | null = null;
  if (typeof score === 'number') points = score;
  else if (score.success) points = score.data;
  else add('score', 'score', 'must be a score above 0 and at most 1000 with at most two decimals');

  const difficultyRead =
    values.difficulty === '' ? null : difficultySchema.safeParse(values.difficulty);
  let difficulty: number | null = DIFFICULTY_DEFAULT;
  if (difficultyRead && !difficultyRead.success) {
    difficulty = null;
    add('difficulty', 'difficulty', 'must be a difficulty 1 to 5');
  } else if (difficultyRead?.success) difficulty = difficultyRead.data;

  const tags = raw.tagList ?? tagsOf(values.tags);
  if (tags.length > QUESTION_TAG_MAX || tags.some((tag) => tag.length > QUESTION_TAG_LENGTH_MAX)) {
    add(
      'tags',
      'tags',
      `at most ${QUESTION_TAG_MAX} tags of at most ${QUESTION_TAG_LENGTH_MAX} characters`,
    );
  }

  let columns: ContentColumns | undefined;
  // A Moodle or GIFT question of a kind Kaoshi lacks is never cleaned: show its text alone.
  let stem =
    type === null && raw.externalId !== undefined
      ? serverHtml.text(values.content)
      : values.content;
  if (type !== null) {
    const { question, problems: shape } = cleanQuestion({
      type,
      content: cellHtml(values.content, plain),
      options: CHOICE_TYPES.includes(type)
        ? optionTexts.map((text, index) => ({
            content: cellHtml(text, plain, true),
            correct: correct.includes(OPTION_KEYS[index]!),
          }))
        : [],
      answer,
      blanks,
      linkUrl: type === QuestionType.EXTERNAL_LINK ? values.linkUrl : '',
      analysis: cellHtml(values.analysis, plain),
      tags,
    });
    stem = serverHtml.text(question.content);
    for (const problem of shape) {
      const column = columnOfField(problem.field, problem.code);
      // A wrong key was already reported; the shape rules would add "needs exactly one".
      if (problem.code === 'correctCount' && has('answer')) continue;
      add(problem.code, column, problem.message);
    }
    if (problems.length === 0 && points !== null && difficulty !== null) {
      columns = {
        ...contentColumns(question),
        score: scoreToHundredths(points),
        difficulty,
        audit_status: AuditStatus.NOT_STARTED,
        audit_reason: '',
        retired: 0,
        reviewer_id: null,
        reviewed_at: null,
      };
    }
  }

  const choice = type !== null && CHOICE_TYPES.includes(type);
  let answerShown = answerText;
  if (choice) answerShown = correct.join('');
  else if (type === QuestionType.FILL_BLANK) {
    answerShown = blanks.map((accepted) => accepted.join(' / ')).join(' | ');
  } else if (answer !== '') answerShown = serverHtml.text(answer);
  const summary: QuestionImportSummary = {
    type,
    stem: clip(stem.replace(/\s+/g, ' ').trim(), SUMMARY_STEM_MAX),
    answer: clip(answerShown.replace(/\s+/g, ' ').trim(), SUMMARY_ANSWER_MAX),
    optionCount: choice ? optionCount : 0,
    score: points,
    difficulty,
  };
  return {
    row: raw.row,
    ...(raw.name !== undefined && { name: raw.name }),
    ...(raw.externalId !== undefined && { externalId: raw.externalId }),
    question: summary,
    problems,
    values,
    ...(columns && { columns }),
  };
}

export interface Plan {
  rows: PlannedRow[];
  valid: PlannedRow[];
  invalid: number;
}

/** Each checked row with the structure it names, as the database holds it now. */
export function planRows(rows: CheckedRow[], context: Context): Plan {
  const planned = rows.map(({ values, columns, ...checked }): PlannedRow => {
    const problems = [...checked.problems];
    const add = (code: QuestionProblemCode, field: Column, message: string) => {
      if (!problems.some((problem) => problem.field === field)) {
        problems.push({ code, field, message });
      }
    };
    const structure = structureOf(values, context, add);
    const insert =
      columns && structure && problems.length === 0
        ? {
            ...columns,
            subject_id: structure.subjectId,
            level: structure.level,
            course_id: structure.courseId,
            point_id: structure.pointId,
          }
        : undefined;
    const previous = checked.externalId ? context.imported.get(checked.externalId) : undefined;
    return {
      ...checked,
      problems,
      ...(checked.externalId !== undefined && { action: previous ? 'update' : 'create' }),
      ...(previous && { previous }),
      ...(insert && { insert }),
    };
  });
  const valid = planned.filter((row) => row.insert);
  return { rows: planned, valid, invalid: planned.length - valid.length };
}

export const previewOf = (plan: Plan): QuestionImportPreview => ({
  total: plan.rows.length,
  valid: plan.valid.length,
  invalid: plan.invalid,
  rows: plan.rows.map(({ row, name, action, question, problems }) => ({
    row,
    ...(name !== undefined && { name }),
    ...(action && { action }),
    question,
    problems,
  })),
});

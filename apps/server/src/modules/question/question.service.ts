import {
  AUDIT_STATUS_NAMES,
  ApiStatus,
  ENTITY_NAMES,
  MESSAGE_LANGUAGES,
  type Localized,
  type MessageLanguage,
  AuditStatus,
  CHOICE_TYPES,
  KnowledgeType,
  OPTION_KEYS,
  Perm,
  QuestionType,
  choiceAnswer,
  questionShapeProblems,
  renderMessage,
  roughHtml,
  scoreFromHundredths,
  scoreToHundredths,
  type AuditStatusCode,
  type BatchQuestionBody,
  type HtmlInspector,
  type ListQuestionQuery,
  type ListResult,
  type QuestionBatchResult,
  type QuestionInput,
  type QuestionOptionView,
  type QuestionShapeProblem,
  type QuestionShape,
  type QuestionTypeCode,
  type QuestionView,
  type UpdateQuestionBody,
} from '@kaoshi/shared';
import { explainConstraint } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { htmlHasContent, htmlLoadProblem, sanitizeHtml } from '../../html.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { entityOf, type KnowledgeUsageCheck } from '../base/knowledge.service.js';
import { QuestionRepository, type NewQuestion, type QuestionRow } from './question.repository.js';
import { parseJson } from '../../lib/json.js';

/** How the rules read sanitized HTML on the server: the sanitizer's own idea of "has content". */
export const serverHtml: HtmlInspector = { text: roughHtml.text, hasContent: htmlHasContent };

/** The columns a question's content fills, sanitized, as stored. */
export interface CleanQuestion {
  type: QuestionTypeCode;
  content: string;
  options: QuestionOptionView[];
  answer: string;
  blanks: string[][];
  link_url: string;
  analysis: string;
  tags: string[];
  search_text: string;
}

const htmlAnswerTypes: readonly QuestionTypeCode[] = [
  QuestionType.EXTERNAL_LINK,
  QuestionType.SHORT_ANSWER,
];

const plain = (html: string) => serverHtml.text(html).replace(/\s+/g, ' ').trim();

/**
 * HTML already in the sanitizer's own output form, which it would return unchanged: escaped
 * text in paragraphs and line breaks, nothing else (no attribute, no other tag or entity).
 * Plain-text imports produce exactly this; skipping the parser for it makes an import of
 * thousands of questions several times faster.
 */
const INLINE = String.raw`(?:[^<>&]|&(?:amp|lt|gt);|<br />)*`;
const SANITIZED_PLAIN = new RegExp(`^(?:${INLINE}|(?:<p>${INLINE}</p>)*)$`);
export const sanitizeQuestionHtml = (html: string) =>
  SANITIZED_PLAIN.test(html) && html === html.trim() ? html : sanitizeHtml(html);

type QuestionContent = QuestionShape & { analysis: string; tags: string[] };

/** The HTML fields of a question that its type keeps, by the API's field name, stem first. */
function htmlFieldsOf(input: QuestionContent): [field: string, html: string][] {
  const fields: [string, string][] = [['content', input.content]];
  if (CHOICE_TYPES.includes(input.type)) {
    input.options.forEach((option, index) =>
      fields.push([`options.${index}.content`, option.content]),
    );
  }
  if (htmlAnswerTypes.includes(input.type)) fields.push(['answer', input.answer]);
  fields.push(['analysis', input.analysis]);
  return fields;
}

/** HTML fields too heavy to sanitize (htmlLoadProblem), found before any of them is. */
function heavyHtmlProblems(input: QuestionContent): QuestionShapeProblem[] {
  return htmlFieldsOf(input).flatMap(([field, html]) => {
    const problem = htmlLoadProblem(html);
    return problem
      ? [
          {
            code: 'tooLong' as const,
            field,
            message: renderMessage(problem.key, problem.params, 'en'),
            ...problem,
          },
        ]
      : [];
  });
}

/**
 * A question's content sanitized by the one allow-list, then checked by the shared shape rules
 * on what is left (an option of only `<script>` is empty once sanitized). Input must already be
 * normalised for its type (addQuestionBody does it; so does the import). A field too heavy to
 * sanitize is reported and left empty. `sanitized` hands over fields cleaned beforehand.
 */
export function cleanQuestion(
  input: QuestionContent,
  sanitized?: ReadonlyMap<string, string>,
): {
  question: CleanQuestion;
  problems: QuestionShapeProblem[];
} {
  // Fields cleaned beforehand were checked for load then.
  const heavy = sanitized ? [] : heavyHtmlProblems(input);
  const clean = (field: string, html: string) => {
    if (heavy.some((problem) => problem.field === field)) return '';
    return sanitized?.get(field) ?? sanitizeQuestionHtml(html);
  };
  const content = clean('content', input.content);
  const options = CHOICE_TYPES.includes(input.type)
    ? input.options.map((option, index) => ({
        key: OPTION_KEYS[index] ?? '',
        content: clean(`options.${index}.content`, option.content),
        correct: option.correct,
      }))
    : [];
  let answer = input.answer;
  if (htmlAnswerTypes.includes(input.type)) answer = clean('answer', input.answer);
  else if (options.length > 0) answer = choiceAnswer(options);
  const analysis = clean('analysis', input.analysis);
  const question: CleanQuestion = {
    type: input.type,
    content,
    options,
    answer,
    blanks: input.blanks,
    link_url: input.linkUrl,
    analysis,
    tags: input.tags,
    search_text: [plain(content), input.tags.join(' '), plain(analysis)]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  };
  const shape = questionShapeProblems(
    { ...input, content, options, answer, linkUrl: input.linkUrl },
    serverHtml,
  ).filter((problem) => !heavy.some((each) => each.field === problem.field));
  return { question, problems: [...heavy, ...shape] };
}

/**
 * cleanQuestion for one question saved through the API: a field too heavy to sanitize is
 * refused (10002) before any field is sanitized, and the event loop turns between fields, so
 * other requests are answered while a question of many long fields is cleaned.
 */
async function cleanQuestionYielding(input: QuestionContent) {
  const fields = htmlFieldsOf(input);
  for (const [field, html] of fields) {
    const problem = htmlLoadProblem(html);
    if (problem) throw new AppError(ApiStatus.INVALID_INPUT, problem.key, problem.params, field);
    await turnEventLoop();
  }
  const sanitized = new Map<string, string>();
  for (const [field, html] of fields) {
    sanitized.set(field, sanitizeQuestionHtml(html));
    await turnEventLoop();
  }
  return cleanQuestion(input, sanitized);
}

const turnEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** The stored columns of a clean question (JSON for the lists). */
export const contentColumns = (question: CleanQuestion) => ({
  type: question.type,
  content: question.content,
  options: JSON.stringify(question.options),
  answer: question.answer,
  blanks: JSON.stringify(question.blanks),
  link_url: question.link_url,
  analysis: question.analysis,
  tags: JSON.stringify(question.tags),
  search_text: question.search_text,
});

type RowWithNames = NonNullable<Awaited<ReturnType<QuestionRepository['findWithNames']>>>;

/** A user's nickname, else their username; '' for a user deleted since. */
const displayName = (nick: string | null, login: string | null) => nick || login || '';

export function toView(row: RowWithNames): QuestionView {
  return {
    id: row.id,
    type: row.type as QuestionTypeCode,
    content: row.content,
    options: parseJson<QuestionOptionView[]>(row.options, []),
    answer: row.answer,
    blanks: parseJson<string[][]>(row.blanks, []),
    linkUrl: row.link_url,
    analysis: row.analysis,
    score: scoreFromHundredths(row.score),
    difficulty: row.difficulty,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    level: row.level,
    courseId: row.course_id,
    courseName: row.course_name,
    pointId: row.point_id,
    pointName: row.point_name ?? '',
    tags: parseJson<string[]>(row.tags, []),
    auditStatus: row.audit_status as AuditStatusCode,
    auditReason: row.audit_status === AuditStatus.FAILED ? row.audit_reason : '',
    retired: row.retired === 1,
    authorId: row.author_id,
    authorName: displayName(row.author_nick, row.author_login),
    reviewerId: row.reviewer_id,
    reviewerName: displayName(row.reviewer_nick, row.reviewer_login),
    reviewedAt: row.reviewed_at,
    usedInPapers: Number(row.used_in_papers ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Editing a question changes what a review approved: under review goes back to not started,
 * passed becomes expired (it needs a new review); not started, failed and expired stay.
 */
export function auditStatusAfterEdit(status: number): number {
  if (status === AuditStatus.UNDER_REVIEW) return AuditStatus.NOT_STARTED;
  if (status === AuditStatus.PASSED) return AuditStatus.EXPIRED;
  return status;
}

/** "2 passed", "2 已通过". */
const statusWord = (status: number): Localized => {
  const names = (AUDIT_STATUS_NAMES as Record<number, Localized | undefined>)[status];
  return Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [language, `${status} ${names?.[language] ?? ''}`.trim()]),
  ) as Localized;
};

/**
 * The course must be a course (cn) of the job type and level; the point, when given, an
 * appraisal point (kn) under that course. Each refusal names its field.
 */
export async function checkStructure(
  questions: QuestionRepository,
  input: { subjectId: number; level: number; courseId: number; pointId: number | null },
) {
  const subject = await questions.findSubject(input.subjectId);
  if (!subject) throw invalid('subjectId', 'noSuchSubject', { id: input.subjectId });
  if (!subject.levels.split(',').map(Number).includes(input.level)) {
    throw invalid('level', 'subjectHasNoLevel', { name: subject.name, level: input.level });
  }
  const course = await questions.findKnowledge(input.courseId);
  if (
    !course ||
    course.type !== KnowledgeType.COURSE ||
    course.subject_id !== input.subjectId ||
    course.level !== input.level
  ) {
    throw invalid('courseId', 'notACourseOf', {
      id: input.courseId,
      name: subject.name,
      level: input.level,
    });
  }
  if (input.pointId !== null) {
    const point = await questions.findKnowledge(input.pointId);
    if (!point || point.type !== KnowledgeType.POINT || point.parent_id !== course.id) {
      throw invalid('pointId', 'notAPointOf', { id: input.pointId, name: course.name });
    }
  }
}

/** The first shape problem as the 10002 the API answers. */
function refuseProblems(problems: QuestionShapeProblem[]) {
  const first = problems[0];
  if (first) throw new AppError(ApiStatus.INVALID_INPUT, first.key, first.params, first.field);
}

/** A structure row deleted between the check and the write (concurrent delete). */
const structureGone = () => conflict('structureGone');

/** What a saved form stores: the cleaned content, the score and where the question is filed. */
const formColumns = (question: CleanQuestion, body: QuestionInput) => ({
  ...contentColumns(question),
  score: scoreToHundredths(body.score),
  difficulty: body.difficulty,
  subject_id: body.subjectId,
  level: body.level,
  course_id: body.courseId,
  point_id: body.pointId,
});

export class QuestionService {
  constructor(private readonly db: Db) {}

  async list(query: ListQuestionQuery): Promise<ListResult<QuestionView>> {
    const questions = new QuestionRepository(this.db);
    const [rows, total] = await Promise.all([
      questions.page(query, (query.page - 1) * query.limit, query.limit),
      questions.count(query),
    ]);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<QuestionView> {
    const row = await new QuestionRepository(this.db).findWithNames(id);
    if (!row) throw notFound('question', id);
    return toView(row);
  }

  async add(body: QuestionInput, actor: AuthContext): Promise<QuestionView> {
    const { question, problems } = await cleanQuestionYielding(body);
    refuseProblems(problems);
    try {
      const id = await inTransaction(this.db, async (trx) => {
        const questions = new QuestionRepository(trx);
        await checkStructure(questions, body);
        const now = nowIso();
        const row: NewQuestion = {
          ...formColumns(question, body),
          audit_status: AuditStatus.NOT_STARTED,
          audit_reason: '',
          retired: 0,
          author_id: actor.user.id,
          reviewer_id: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        };
        return questions.insert(row);
      });
      return await this.get(id);
    } catch (error) {
      throw explainConstraint(error, { foreignKey: structureGone });
    }
  }

  async update(body: UpdateQuestionBody): Promise<QuestionView> {
    const { question, problems } = await cleanQuestionYielding(body);
    refuseProblems(problems);
    try {
      await inTransaction(this.db, async (trx) => {
        const questions = new QuestionRepository(trx);
        const row = await questions.findForUpdate(body.id);
        if (!row) throw notFound('question', body.id);
        await checkStructure(questions, body);
        const next = {
          ...formColumns(question, body),
        };
        // Saving a form unchanged must not expire an approved question.
        const changed = (Object.keys(next) as (keyof typeof next)[]).some(
          (key) => next[key] !== row[key],
        );
        if (!changed) return;
        await questions.update(body.id, {
          ...next,
          audit_status: auditStatusAfterEdit(row.audit_status),
          updated_at: nowIso(),
        });
      });
    } catch (error) {
      throw explainConstraint(error, { foreignKey: structureGone });
    }
    return this.get(body.id);
  }

  async delete(id: number): Promise<void> {
    await inTransaction(this.db, (trx) => deleteOne(new QuestionRepository(trx), id));
  }

  /**
   * One action on many questions, each on its own transaction: a refused id is reported and
   * never stops the others. Reviewing needs EXAM-QUESTION-AUDIT (the whole call is refused
   * without it) and is refused per id for the question's own author.
   */
  /** `language`: how the refusal of each failed question is worded. */
  async batch(
    body: BatchQuestionBody,
    actor: AuthContext,
    language: MessageLanguage,
  ): Promise<QuestionBatchResult> {
    const reviewing = body.action === 'approve' || body.action === 'reject';
    if (reviewing && !hasAnyPermission(actor, [Perm.QUESTION_AUDIT])) {
      throw forbidden('reviewNeedsAudit', { key: Perm.QUESTION_AUDIT });
    }
    const result: QuestionBatchResult = { succeeded: [], failed: [] };
    for (const id of body.ids) {
      try {
        await inTransaction(this.db, async (trx) => {
          const questions = new QuestionRepository(trx);
          if (body.action === 'delete') return deleteOne(questions, id);
          const row = await questions.findForUpdate(id);
          if (!row) throw notFound('question', id);
          const change = transition(row, body, actor);
          if (change) await questions.update(id, { ...change, updated_at: nowIso() });
        });
        result.succeeded.push(id);
      } catch (error) {
        const refused = explainConstraint(error, {
          foreignKey: () => conflict('questionAddedToPaper', { id }),
        });
        if (!(refused instanceof AppError)) throw refused;
        result.failed.push({ id, message: refused.render(language) });
      }
    }
    return result;
  }
}

async function deleteOne(questions: QuestionRepository, id: number) {
  const row = await questions.findForUpdate(id);
  if (!row) throw notFound('question', id);
  const papers = await questions.countPapers(id);
  if (papers > 0) {
    throw conflict('questionInPapers', { id, count: papers });
  }
  await questions.delete(id);
}

/** What an audit or retire action changes on a row; null when there is nothing to change. */
function transition(
  row: QuestionRow,
  body: BatchQuestionBody,
  actor: AuthContext,
): Partial<QuestionRow> | null {
  switch (body.action) {
    case 'submit':
      if (row.retired === 1) {
        throw conflict('questionRetired', { id: row.id });
      }
      if (
        row.audit_status !== AuditStatus.NOT_STARTED &&
        row.audit_status !== AuditStatus.FAILED &&
        row.audit_status !== AuditStatus.EXPIRED
      ) {
        throw conflict('questionNotSubmittable', {
          id: row.id,
          status: statusWord(row.audit_status),
        });
      }
      return {
        audit_status: AuditStatus.UNDER_REVIEW,
        audit_reason: '',
        reviewer_id: null,
        reviewed_at: null,
      };
    case 'approve':
    case 'reject': {
      if (row.author_id === actor.user.id) throw forbidden('cannotReviewOwn');
      if (row.audit_status !== AuditStatus.UNDER_REVIEW) {
        throw conflict('questionNotUnderReview', {
          id: row.id,
          status: statusWord(row.audit_status),
        });
      }
      const approve = body.action === 'approve';
      return {
        audit_status: approve ? AuditStatus.PASSED : AuditStatus.FAILED,
        audit_reason: approve ? '' : body.reason,
        reviewer_id: actor.user.id,
        reviewed_at: nowIso(),
      };
    }
    case 'retire':
      return row.retired === 1 ? null : { retired: 1 };
    case 'restore':
      return row.retired === 0 ? null : { retired: 0 };
    default:
      throw invalid('action', 'unknownAction', { action: String(body.action) });
  }
}

/** For KnowledgeService: a course or appraisal point that questions use cannot be deleted. */
export const questionsUseKnowledge: KnowledgeUsageCheck = async (trx, knowledge) => {
  const count = await new QuestionRepository(trx).countUsingKnowledge(knowledge.id, knowledge.type);
  if (count === 0) return null;
  const what = ENTITY_NAMES[entityOf(knowledge.type)];
  return conflict('knowledgeUsedByQuestions', { what, name: knowledge.name, count });
};

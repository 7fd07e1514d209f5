import { randomBytes } from 'node:crypto';
import {
  AUDIT_STATUS_NAMES,
  ApiStatus,
  AuditStatus,
  KnowledgeType,
  MESSAGE_LANGUAGES,
  PAPER_AUDIT_NAMES,
  PAPER_QUESTION_MAX,
  PAPER_TOTAL_MAX,
  PaperAudit,
  Perm,
  QUESTION_TYPE_WORDS,
  localized,
  scoreFromHundredths,
  scoreToHundredths,
  type AuditStatusCode,
  type CandidatePaper,
  type CertLevel,
  type ListPaperQuery,
  type Localized,
  type MessageLanguage,
  type PaperAuditCode,
  type PaperInput,
  type PaperListItem,
  type PaperMode,
  type PaperQuestionView,
  type PaperRuleInput,
  type PaperDraw,
  type PaperSectionView,
  type PaperStatistics,
  type PaperView,
  type PrintPaper,
  type QuestionTypeCode,
  type UpdatePaperBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { paperAccess, visiblePapers } from '../../lib/access.js';
import { parseJson } from '../../lib/json.js';
import { hasAnyPermission, type AuthContext } from '../auth/auth.service.js';
import {
  drawByRules,
  matchesRule,
  planBlueprint,
  pick,
  seededRandom,
  swapCandidate,
  type BlueprintPoint,
  type DrawRule,
  type Importance,
  type PoolQuestion,
} from './draw.js';
import { candidatePaper, itemsFor } from './candidate-view.js';
import type { ImageReader } from './html-to-docx.js';
import { docxFileName, paperDocx } from './paper-docx.js';
import { snapshotPaper } from './paper-version.js';
import { printPaper } from './print-view.js';
import { PaperRepository, type PaperRow, type SectionToWrite } from './paper.repository.js';

type KnowledgeRow = Awaited<ReturnType<PaperRepository['knowledge']>>[number];
type QuestionRow = Awaited<ReturnType<PaperRepository['questions']>>[number];

/** A paper's structure: its courses and points by id. */
interface Structure {
  subjectName: string;
  courses: Map<number, KnowledgeRow>;
  points: Map<number, KnowledgeRow>;
}

const newSeed = () => randomBytes(8).toString('hex');
const asRule = (rule: PaperRuleInput): DrawRule => ({
  type: rule.type,
  count: rule.count,
  difficulty: rule.difficulty,
  courseId: rule.courseId,
  pointId: rule.pointId,
  tags: rule.tags,
});
const toPool = (row: Awaited<ReturnType<PaperRepository['pool']>>[number]): PoolQuestion => ({
  id: row.id,
  type: row.type,
  difficulty: row.difficulty,
  courseId: row.course_id,
  pointId: row.point_id,
  tags: row.tags === undefined || row.tags === '[]' ? [] : parseJson<string[]>(row.tags, []),
});

/** What the pool must be read with to meet these rules (or blueprint types). */
const poolFor = (rules: readonly { type: number; tags?: readonly string[] }[]) => ({
  types: [...new Set(rules.map((r) => r.type))],
  tags: rules.some((r) => (r.tags?.length ?? 0) > 0),
});

/** Parts of a message joined as each language writes a list. */
const joinLocalized = (parts: Localized[], separator: Partial<Localized> = {}): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      parts
        .map((part) => part[language])
        .join(separator[language] ?? (language === 'zh' || language === 'ja' ? '，' : ', ')),
    ]),
  ) as Localized;

const typeName = (type: number): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      QUESTION_TYPE_WORDS[language][type as QuestionTypeCode]?.[0] ?? String(type),
    ]),
  ) as Localized;

const auditName = (status: number | null): Localized =>
  PAPER_AUDIT_NAMES[status === null ? 'draft' : (status as PaperAuditCode)];

/** "single choice, difficulty 3, course 电工基础" in every language. */
function describeRule(rule: DrawRule, structure: Structure): Localized {
  const parts: Localized[] = [typeName(rule.type)];
  if (rule.difficulty) {
    const [low, high] = rule.difficulty;
    parts.push(
      low === high
        ? localized('ruleDifficultyOne', { value: low })
        : localized('ruleDifficultyRange', { low, high }),
    );
  }
  if (rule.courseId !== null) {
    const name = structure.courses.get(rule.courseId)?.name ?? String(rule.courseId);
    parts.push(localized('ruleCourse', { name }));
  }
  if (rule.pointId !== null) {
    const name = structure.points.get(rule.pointId)?.name ?? String(rule.pointId);
    parts.push(localized('rulePoint', { name }));
  }
  if (rule.tags.length > 0) parts.push(localized('ruleTags', { tags: rule.tags.join(', ') }));
  return joinLocalized(parts);
}

/** The paper's figures: by type, difficulty, course and point (planned: the blueprint's plan). */
function statisticsOf(
  sections: PaperSectionView[],
  structure: Structure,
  planned: Map<number, number> = new Map(),
): PaperStatistics {
  const questions = sections.flatMap((section) => section.questions);
  const tally = <K>(key: (q: PaperQuestionView) => K) => {
    const map = new Map<K, { count: number; points: number }>();
    for (const q of questions) {
      const entry = map.get(key(q)) ?? { count: 0, points: 0 };
      entry.count += 1;
      entry.points = scoreFromHundredths(
        scoreToHundredths(entry.points) + scoreToHundredths(q.score),
      );
      map.set(key(q), entry);
    }
    return map;
  };
  const byType = [...tally((q) => q.type)]
    .map(([type, v]) => ({ type, ...v }))
    .sort((a, b) => a.type - b.type);
  const byDifficulty = [...tally((q) => q.difficulty)]
    .map(([difficulty, v]) => ({ difficulty, count: v.count }))
    .sort((a, b) => a.difficulty - b.difficulty);
  const courseTally = tally((q) => q.courseId);
  const byCourse = [...structure.courses.values()]
    .filter((course) => courseTally.has(course.id))
    .map((course) => ({ courseId: course.id, name: course.name, ...courseTally.get(course.id)! }));
  const pointTally = tally((q) => q.pointId);
  const byPoint = [...structure.points.values()]
    .filter((point) => pointTally.has(point.id) || (planned.get(point.id) ?? 0) > 0)
    .map((point) => ({
      pointId: point.id,
      name: point.name,
      courseId: point.parent_id ?? 0,
      importance: point.importance,
      planned: planned.get(point.id) ?? 0,
      drawn: pointTally.get(point.id)?.count ?? 0,
    }));
  const total = sections.reduce((sum, section) => sum + scoreToHundredths(section.total), 0);
  return {
    byType,
    byDifficulty,
    byCourse,
    byPoint,
    questionCount: questions.length,
    total: scoreFromHundredths(total),
  };
}

/**
 * Papers (issue 11): built by hand, by rules or from the appraisal-point blueprint, group
 * audited, and frozen into versions that exams sit.
 */
export class PaperService {
  private readonly papers: PaperRepository;

  constructor(
    private readonly db: Db,
    /** Our uploaded images, for the Word export. */
    private readonly readImage: ImageReader = async () => undefined,
  ) {
    this.papers = new PaperRepository(db);
  }

  async list(
    query: ListPaperQuery,
    auth: AuthContext,
  ): Promise<{ total: number; list: PaperListItem[] }> {
    const { total, rows } = await this.papers.list(query, visiblePapers(this.db, auth));
    // A paper drawn per candidate holds no questions: its figures come from its rules.
    const byRules = new Map<number, { count: number; total: number }>();
    for (const row of rows.filter((r) => r.draw_per_candidate === 1)) {
      const rules = (await this.papers.sections(row.id)).flatMap((section) =>
        parseJson<PaperRuleInput[]>(section.rules, []),
      );
      byRules.set(row.id, {
        count: rules.reduce((n, rule) => n + rule.count, 0),
        total: this.rulesTotal(rules),
      });
    }
    return {
      total,
      list: rows.map((row) => ({
        ...this.summary(row),
        questionCount: byRules.get(row.id)?.count ?? Number(row.question_count ?? 0),
        total: scoreFromHundredths(byRules.get(row.id)?.total ?? Number(row.question_total ?? 0)),
      })),
    };
  }

  private rulesTotal(rules: PaperRuleInput[]): number {
    return rules.reduce((sum, rule) => sum + rule.count * scoreToHundredths(rule.score), 0);
  }

  private summary(
    row: PaperRow & {
      subject_name: string;
      author_nick: string | null;
      author_login: string | null;
    },
  ) {
    return {
      id: row.id,
      name: row.name,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      level: row.level as CertLevel,
      mode: row.mode as PaperMode,
      drawPerCandidate: row.draw_per_candidate === 1,
      passScore: scoreFromHundredths(row.pass_score),
      durationMinutes: row.duration_minutes,
      auditStatus: row.audit_status as PaperAuditCode | null,
      auditReason: row.audit_status === PaperAudit.FAILED ? row.audit_reason : '',
      authorId: row.author_id,
      authorName: row.author_nick || row.author_login || '',
      updatedAt: row.updated_at,
    };
  }

  /** A paper for staff: sections, questions with their keys' owners, rules and figures. */
  async get(id: number, auth: AuthContext): Promise<PaperView> {
    await paperAccess(this.db, auth, id, 'read');
    const row = await this.papers.find(id);
    if (!row) throw notFound('paper', id);
    const structure = await this.structure(row.subject_id, row.level, row.subject_name);
    const sectionRows = await this.papers.sections(id);
    const placed = await this.papers.paperQuestions(id);
    const questions = new Map(
      (await this.papers.questions(placed.map((p) => p.question_id))).map((q) => [q.id, q]),
    );
    const sections = sectionRows.map((section) =>
      this.sectionView(
        {
          title: section.title,
          description: section.description,
          score: section.score === null ? null : scoreFromHundredths(section.score),
          rules: parseJson<PaperRuleInput[]>(section.rules, []),
        },
        placed
          .filter((p) => p.section_id === section.id)
          .map((p) => ({ question: questions.get(p.question_id)!, score: p.score })),
      ),
    );
    const blueprint = parseJson<PaperView['blueprint']>(row.blueprint, null);
    const planned =
      row.mode === 'blueprint' && blueprint
        ? await this.plannedTotals(row.subject_id, row.level, blueprint.types)
        : undefined;
    return {
      ...this.summary(row),
      description: row.description,
      seed: row.seed,
      blueprint,
      sections,
      statistics: statisticsOf(sections, structure, planned),
    };
  }

  private sectionView(
    section: Omit<PaperSectionView, 'questions' | 'total'>,
    questions: { question: QuestionRow; score: number }[],
  ): PaperSectionView {
    const total =
      section.rules.length > 0 && questions.length === 0
        ? 0
        : questions.reduce((sum, q) => sum + q.score, 0);
    return {
      ...section,
      questions: questions.map(({ question, score }) => ({
        questionId: question.id,
        score: scoreFromHundredths(score),
        type: question.type as QuestionTypeCode,
        difficulty: question.difficulty,
        courseId: question.course_id,
        courseName: question.course_name,
        pointId: question.point_id,
        pointName: question.point_name,
        content: question.content,
      })),
      total: scoreFromHundredths(total),
    };
  }

  private async structure(
    subjectId: number,
    level: number,
    subjectName: string,
  ): Promise<Structure> {
    const rows = await this.papers.knowledge(subjectId, level);
    return {
      subjectName,
      courses: new Map(rows.filter((r) => r.type === KnowledgeType.COURSE).map((r) => [r.id, r])),
      points: new Map(rows.filter((r) => r.type === KnowledgeType.POINT).map((r) => [r.id, r])),
    };
  }

  /** The job type must exist and have the level; answers its structure. */
  private async checkPlace(input: { subjectId: number; level: number }): Promise<Structure> {
    const subject = await this.papers.findSubject(input.subjectId);
    if (!subject) throw invalid('subjectId', 'noSuchSubject', { id: input.subjectId });
    if (!subject.levels.split(',').map(Number).includes(input.level)) {
      throw invalid('level', 'subjectHasNoLevel', { name: subject.name, level: input.level });
    }
    return this.structure(subject.id, input.level, subject.name);
  }

  /** Every rule's course and point belong to the job type and level (the point to the course, if given). */
  private checkRules(input: PaperInput, structure: Structure) {
    input.sections.forEach((section, s) =>
      section.rules.forEach((rule, r) => {
        const where = { section: s + 1, rule: r + 1 };
        if (rule.courseId !== null && !structure.courses.has(rule.courseId)) {
          throw invalid(`sections.${s}.rules.${r}.courseId`, 'paperRuleCourse', {
            ...where,
            id: rule.courseId,
          });
        }
        const point = rule.pointId === null ? undefined : structure.points.get(rule.pointId);
        if (
          rule.pointId !== null &&
          (!point || (rule.courseId !== null && point.parent_id !== rule.courseId))
        ) {
          throw invalid(`sections.${s}.rules.${r}.pointId`, 'paperRulePoint', {
            ...where,
            id: rule.pointId,
          });
        }
      }),
    );
  }

  /** 10002 naming every rule the bank cannot meet, with what it needs and what it holds. */
  private shortfallError(
    shortfalls: { section: number; rule: number; needs: number; available: number }[],
    sections: readonly (readonly DrawRule[])[],
    structure: Structure,
  ) {
    const list = shortfalls.map((s) =>
      localized('shortfallRule', {
        section: s.section + 1,
        rule: s.rule + 1,
        what: describeRule(sections[s.section]![s.rule]!, structure),
        needs: s.needs,
        available: s.available,
      }),
    );
    return invalid('sections', 'paperShortfall', {
      list: joinLocalized(list, { zh: '；', ja: '；', en: '; ', es: '; ' }),
    });
  }

  /**
   * Checks a paper body and answers what to write: the sections with their questions' scores in
   * hundredths, the total and the question count. Every refusal is a 10002 naming its field.
   */
  private async prepare(input: PaperInput) {
    const structure = await this.checkPlace(input);
    this.checkRules(input, structure);
    if (input.drawPerCandidate && input.mode !== 'rules') {
      throw invalid('drawPerCandidate', 'paperPerCandidateRulesOnly');
    }
    if (input.mode === 'blueprint' && !input.blueprint) {
      throw invalid('blueprint', 'paperBlueprintMissing');
    }

    let total = 0;
    let questionCount = 0;
    if (input.drawPerCandidate) {
      input.sections.forEach((section, s) => {
        if (section.questions.length > 0) {
          throw invalid(`sections.${s}.questions`, 'paperPerCandidateNoQuestions', {
            section: s + 1,
          });
        }
        if (section.rules.length === 0) {
          throw invalid(`sections.${s}.rules`, 'paperPerCandidateNeedsRules', { section: s + 1 });
        }
        section.rules.forEach((rule, r) => {
          if (!rule.difficulty || rule.difficulty[0] !== rule.difficulty[1]) {
            throw invalid(`sections.${s}.rules.${r}.difficulty`, 'paperPerCandidateOneDifficulty', {
              section: s + 1,
              rule: r + 1,
            });
          }
        });
      });
      // Every candidate must be able to draw a full set: the bank must meet all rules at once.
      const rules = input.sections.map((section) => section.rules.map(asRule));
      const pool = (
        await this.papers.pool(input.subjectId, input.level, poolFor(rules.flat()))
      ).map(toPool);
      const dry = drawByRules(rules, pool, 'check');
      if (!dry.ok) throw this.shortfallError(dry.shortfalls, rules, structure);
      total = input.sections.reduce((sum, section) => sum + this.rulesTotal(section.rules), 0);
      questionCount = input.sections.reduce(
        (sum, section) => sum + section.rules.reduce((n, rule) => n + rule.count, 0),
        0,
      );
    }

    const ids = input.sections.flatMap((section) => section.questions.map((q) => q.questionId));
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) throw invalid('questions', 'paperQuestionTwice', { id });
      seen.add(id);
    }
    const rows = new Map((await this.papers.questions(ids)).map((row) => [row.id, row]));
    const sections: SectionToWrite[] = input.sections.map((section, s) => ({
      title: section.title,
      description: section.description,
      score: section.score === null ? null : scoreToHundredths(section.score),
      rules: JSON.stringify(section.rules),
      questions: section.questions.map((entry, q) => {
        const field = `sections.${s}.questions.${q}.questionId` as const;
        const row = rows.get(entry.questionId);
        if (!row) throw invalid(field, 'paperQuestionMissing', { id: entry.questionId });
        if (row.subject_id !== input.subjectId || row.level !== input.level) {
          throw invalid(field, 'paperQuestionOtherPlace', {
            id: row.id,
            name: structure.subjectName,
            level: input.level,
          });
        }
        if (row.retired === 1) throw invalid(field, 'paperQuestionRetired', { id: row.id });
        if (row.audit_status !== AuditStatus.PASSED) {
          throw invalid(field, 'paperQuestionNotApproved', {
            id: row.id,
            status: AUDIT_STATUS_NAMES[row.audit_status as AuditStatusCode],
          });
        }
        const score =
          entry.score !== undefined
            ? scoreToHundredths(entry.score)
            : section.score !== null
              ? scoreToHundredths(section.score)
              : row.score;
        return { questionId: row.id, score };
      }),
    }));
    if (!input.drawPerCandidate) {
      total = sections.reduce((sum, s) => sum + s.questions.reduce((n, q) => n + q.score, 0), 0);
      questionCount = ids.length;
    }
    if (questionCount > PAPER_QUESTION_MAX) {
      throw invalid('questions', 'paperTooManyQuestions', {
        count: questionCount,
        max: PAPER_QUESTION_MAX,
      });
    }
    if (total === 0) throw invalid('sections', 'paperTotalZero');
    if (total > scoreToHundredths(PAPER_TOTAL_MAX)) {
      throw invalid('sections', 'paperTotalTooHigh', {
        total: scoreFromHundredths(total),
        max: PAPER_TOTAL_MAX,
      });
    }
    const pass = scoreToHundredths(input.passScore);
    if (pass > total) {
      throw invalid('passScore', 'paperPassAboveTotal', {
        pass: input.passScore,
        total: scoreFromHundredths(total),
      });
    }
    return { sections, total, questionCount };
  }

  private columns(input: PaperInput) {
    return {
      name: input.name,
      subject_id: input.subjectId,
      level: input.level,
      description: input.description,
      pass_score: scoreToHundredths(input.passScore),
      duration_minutes: input.durationMinutes,
      mode: input.mode,
      draw_per_candidate: input.drawPerCandidate ? 1 : 0,
      blueprint: input.blueprint ? JSON.stringify(input.blueprint) : null,
      seed: input.seed ?? '',
    };
  }

  async add(input: PaperInput, auth: AuthContext): Promise<{ id: number }> {
    const { sections } = await this.prepare(input);
    const now = nowIso();
    const id = await inTransaction(this.db, (trx) =>
      new PaperRepository(trx).insert(
        {
          ...this.columns(input),
          audit_status: null,
          audit_reason: '',
          author_id: auth.user.id,
          reviewer_id: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        },
        sections,
      ),
    );
    return { id };
  }

  /** Editing a passed paper sends it back under review; a draft, under review or failed paper keeps its state. */
  async update(input: UpdatePaperBody, auth: AuthContext): Promise<void> {
    await paperAccess(this.db, auth, input.id, 'read');
    const existing = await this.papers.find(input.id);
    if (!existing) throw notFound('paper', input.id);
    const { sections } = await this.prepare(input);
    const auditStatus =
      existing.audit_status === PaperAudit.PASSED ? PaperAudit.UNDER_REVIEW : existing.audit_status;
    await inTransaction(this.db, (trx) =>
      new PaperRepository(trx).update(
        input.id,
        { ...this.columns(input), audit_status: auditStatus, updated_at: nowIso() },
        sections,
      ),
    );
  }

  /** Only a paper no exam sits (no version) can be deleted: 10004 otherwise. */
  async delete(id: number, auth: AuthContext): Promise<void> {
    await paperAccess(this.db, auth, id, 'read');
    const existing = await this.papers.find(id);
    if (!existing) throw notFound('paper', id);
    const exams = await this.papers.examsUsing(id);
    if (exams.length > 0) {
      throw conflict('paperUsedByExams', {
        id,
        names: exams.map((name) => `“${name}”`).join(', '),
      });
    }
    const versions = await this.papers.countVersions(id);
    if (versions > 0) throw conflict('paperHasVersions', { id, count: versions });
    await this.papers.delete(id);
  }

  /** A draft copy of a paper, named after it, by the user copying it. */
  async copy(id: number, auth: AuthContext, language: MessageLanguage): Promise<{ id: number }> {
    const paper = await this.get(id, auth);
    const suffix = { zh: '（副本）', en: ' (copy)', es: ' (copia)', ja: '（コピー）' }[language];
    const now = nowIso();
    const placed = await this.papers.paperQuestions(id);
    const sectionRows = await this.papers.sections(id);
    const copyId = await inTransaction(this.db, (trx) =>
      new PaperRepository(trx).insert(
        {
          name: `${paper.name.slice(0, 200 - suffix.length)}${suffix}`,
          subject_id: paper.subjectId,
          level: paper.level,
          description: paper.description,
          pass_score: scoreToHundredths(paper.passScore),
          duration_minutes: paper.durationMinutes,
          mode: paper.mode,
          draw_per_candidate: paper.drawPerCandidate ? 1 : 0,
          blueprint: paper.blueprint ? JSON.stringify(paper.blueprint) : null,
          seed: paper.seed,
          audit_status: null,
          audit_reason: '',
          author_id: auth.user.id,
          reviewer_id: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        },
        sectionRows.map((section) => ({
          title: section.title,
          description: section.description,
          score: section.score,
          rules: section.rules,
          questions: placed
            .filter((p) => p.section_id === section.id)
            .map((p) => ({ questionId: p.question_id, score: p.score })),
        })),
      ),
    );
    return { id: copyId };
  }

  /**
   * Draws the questions of a paper being built (rules or blueprint), without writing: every
   * section, or only `section` (the others' questions stay and are not drawn again).
   */
  async draw(
    input: PaperInput & { section?: number },
    language: MessageLanguage,
  ): Promise<PaperDraw> {
    const structure = await this.checkPlace(input);
    this.checkRules(input, structure);
    const seed = input.seed ?? newSeed();
    const types =
      input.mode === 'blueprint'
        ? (input.blueprint?.types ?? [])
        : input.sections.flatMap((section) => section.rules);
    const pool = (await this.papers.pool(input.subjectId, input.level, poolFor(types))).map(toPool);
    let drawn: {
      title: string;
      description: string;
      score: number | null;
      rules: PaperRuleInput[];
      ids: number[];
      scores: number[];
    }[];
    let planned: Map<number, number> | undefined;

    if (input.mode === 'blueprint') {
      if (!input.blueprint) throw invalid('blueprint', 'paperBlueprintMissing');
      const types = input.blueprint.types;
      const points = this.blueprintPoints(structure);
      if (points.length === 0) {
        throw invalid('blueprint', 'paperBlueprintNoPoints', {
          name: structure.subjectName,
          level: input.level,
        });
      }
      const plan = planBlueprint(
        points,
        types.map((t) => t.count),
      );
      planned = new Map();
      const used = new Set<number>();
      const shortfalls: Localized[] = [];
      drawn = types.map((type, t) => {
        const ids: number[] = [];
        for (const [pointId, count] of plan[t]!) {
          if (count === 0) continue;
          planned!.set(pointId, (planned!.get(pointId) ?? 0) + count);
          const candidates = pool.filter(
            (q) => q.type === type.type && q.pointId === pointId && !used.has(q.id),
          );
          if (candidates.length < count) {
            shortfalls.push(
              localized('shortfallBlueprint', {
                type: typeName(type.type),
                point: structure.points.get(pointId)?.name ?? String(pointId),
                needs: count,
                available: candidates.length,
              }),
            );
            continue;
          }
          for (const q of pick(candidates, count, seededRandom(`${seed}/bp/${t}/${pointId}`))) {
            used.add(q.id);
            ids.push(q.id);
          }
        }
        const existing = input.sections[t];
        return {
          title: existing?.title ?? typeName(type.type)[language],
          description: existing?.description ?? '',
          score: type.score,
          rules: [],
          ids,
          scores: ids.map(() => scoreToHundredths(type.score)),
        };
      });
      if (shortfalls.length > 0) {
        throw invalid('blueprint', 'paperShortfall', {
          list: joinLocalized(shortfalls, { zh: '；', ja: '；', en: '; ', es: '; ' }),
        });
      }
    } else {
      const only = input.section;
      const rules = input.sections.map((section, s) =>
        only === undefined || only === s ? section.rules.map(asRule) : [],
      );
      const targets = only === undefined ? input.sections.map((_, s) => s) : [only];
      for (const s of targets) {
        if (!input.sections[s] || input.sections[s]!.rules.length === 0) {
          throw invalid('section', 'paperNothingToDraw', { section: s + 1 });
        }
      }
      const taken = new Set(
        input.sections.flatMap((section, s) =>
          targets.includes(s) ? [] : section.questions.map((q) => q.questionId),
        ),
      );
      const result = drawByRules(rules, pool, seed, taken);
      if (!result.ok) throw this.shortfallError(result.shortfalls, rules, structure);
      drawn = input.sections.map((section, s) => {
        if (!targets.includes(s)) {
          return {
            ...section,
            ids: section.questions.map((q) => q.questionId),
            scores: section.questions.map((q) => scoreToHundredths(q.score ?? section.score ?? 0)),
          };
        }
        const scores = section.rules.flatMap((rule) =>
          Array.from({ length: rule.count }, () => scoreToHundredths(rule.score)),
        );
        return { ...section, ids: result.sections[s]!, scores };
      });
    }

    const rows = new Map(
      (await this.papers.questions(drawn.flatMap((section) => section.ids))).map((r) => [r.id, r]),
    );
    const sections = drawn.map((section) =>
      this.sectionView(
        {
          title: section.title,
          description: section.description,
          score: section.score,
          rules: section.rules,
        },
        section.ids.map((id, index) => ({
          question: rows.get(id)!,
          score: section.scores[index] || rows.get(id)!.score,
        })),
      ),
    );
    return { seed, sections, statistics: statisticsOf(sections, structure, planned) };
  }

  /**
   * The points a blueprint spreads over, by their weight (a course's points add up to 100 % at
   * most, so courses whose points are fully weighted count alike); no importance counts as Y.
   */
  private blueprintPoints(structure: Structure): BlueprintPoint[] {
    return [...structure.points.values()]
      .filter((point) => point.weight > 0)
      .map((point) => ({
        id: point.id,
        courseId: point.parent_id ?? 0,
        importance: (['X', 'Y', 'Z'].includes(point.importance ?? '')
          ? point.importance
          : 'Y') as Importance,
        weight: point.weight,
      }));
  }

  private async plannedTotals(
    subjectId: number,
    level: number,
    types: { count: number }[],
  ): Promise<Map<number, number>> {
    const structure = await this.structure(subjectId, level, '');
    const plan = planBlueprint(
      this.blueprintPoints(structure),
      types.map((t) => t.count),
    );
    const totals = new Map<number, number>();
    for (const byPoint of plan) {
      for (const [pointId, count] of byPoint)
        totals.set(pointId, (totals.get(pointId) ?? 0) + count);
    }
    return totals;
  }

  /** Another question meeting the rule that drew `questionId` in `section`, not already in the paper. */
  async swap(
    input: PaperInput & { section: number; questionId: number },
  ): Promise<PaperQuestionView> {
    await this.checkPlace(input);
    const section = input.sections[input.section];
    if (!section) throw invalid('section', 'paperNothingToDraw', { section: input.section + 1 });
    const pool = (await this.papers.pool(input.subjectId, input.level, poolFor(section.rules))).map(
      toPool,
    );
    const current = pool.find((q) => q.id === input.questionId);
    const rule = section.rules.map(asRule).find((r) => current && matchesRule(current, r));
    if (!current || !rule || !section.questions.some((q) => q.questionId === input.questionId)) {
      throw invalid('questionId', 'paperSwapNotDrawn', {
        id: input.questionId,
        section: input.section + 1,
      });
    }
    const inPaper = new Set(input.sections.flatMap((s) => s.questions.map((q) => q.questionId)));
    const other = swapCandidate(rule, pool, inPaper, newSeed());
    if (!other) throw invalid('questionId', 'paperSwapNone', { id: input.questionId });
    const [row] = await this.papers.questions([other.id]);
    const ruleInput = section.rules.find((r) => matchesRule(current, asRule(r)))!;
    return this.sectionView({ title: '', description: '', score: null, rules: [] }, [
      { question: row!, score: scoreToHundredths(ruleInput.score) },
    ]).questions[0]!;
  }

  /**
   * The paper as an examinee will see it: no keys, analyses or accepted blanks. A paper drawn
   * per candidate shows one candidate's draw (from the paper's seed).
   */
  async preview(id: number, auth: AuthContext): Promise<CandidatePaper> {
    await paperAccess(this.db, auth, id, 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    return candidatePaper(await snapshotPaper(this.db, id), paper.seed || `preview-${id}`);
  }

  /**
   * The paper for staff to read or print, with or without its key; drawn per candidate: one
   * draw. With the key it is the one way to an open exam's keys (paperAccess 'keys', logged).
   */
  async print(id: number, withKey: boolean, auth: AuthContext): Promise<PrintPaper> {
    await paperAccess(this.db, auth, id, withKey ? 'keys' : 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    return printPaper(await snapshotPaper(this.db, id), {
      description: paper.description,
      subjectName: paper.subject_name,
      seed: paper.seed || `preview-${id}`,
      withKey,
    });
  }

  /** The paper as a Word document, with or without its key; a paper drawn per candidate shows one draw. */
  async exportDocx(
    id: number,
    withKey: boolean,
    language: MessageLanguage,
    auth: AuthContext,
  ): Promise<{ name: string; content: Buffer }> {
    await paperAccess(this.db, auth, id, withKey ? 'keys' : 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    const snapshot = await snapshotPaper(this.db, id);
    const content = await paperDocx(snapshot, {
      subjectName: paper.subject_name,
      language,
      withKey,
      readImage: this.readImage,
      items: itemsFor(snapshot, paper.seed || `preview-${id}`),
    });
    return { name: docxFileName(paper.name, withKey, language), content };
  }

  /** A draft or failed paper goes under review (its content was checked when it was saved). */
  async submit(id: number, auth: AuthContext): Promise<void> {
    await paperAccess(this.db, auth, id, 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    if (paper.audit_status !== null && paper.audit_status !== PaperAudit.FAILED) {
      throw conflict('paperNotSubmittable', { id, status: auditName(paper.audit_status) });
    }
    await this.papers.setAudit(id, {
      audit_status: PaperAudit.UNDER_REVIEW,
      audit_reason: '',
      reviewer_id: null,
      reviewed_at: null,
    });
  }

  /** Someone else holding EXAM-MANAGE-AUDIT passes or fails a paper under review. */
  async audit(
    body: { id: number; result: 1 | 2; reason: string },
    auth: AuthContext,
  ): Promise<void> {
    if (!hasAnyPermission(auth, [Perm.PAPER_AUDIT])) {
      throw forbidden('reviewPaperNeedsAudit', { key: Perm.PAPER_AUDIT });
    }
    await paperAccess(this.db, auth, body.id, 'read');
    const paper = await this.papers.find(body.id);
    if (!paper) throw notFound('paper', body.id);
    if (paper.audit_status !== PaperAudit.UNDER_REVIEW) {
      throw conflict('paperNotUnderReview', { id: body.id, status: auditName(paper.audit_status) });
    }
    if (paper.author_id === auth.user.id) {
      throw new AppError(ApiStatus.FORBIDDEN, 'cannotReviewOwnPaper');
    }
    await this.papers.setAudit(body.id, {
      audit_status: body.result,
      audit_reason: body.result === PaperAudit.FAILED ? body.reason : '',
      reviewer_id: auth.user.id,
      reviewed_at: nowIso(),
    });
  }
}

import {
  AUDIT_STATUS_NAMES,
  ApiStatus,
  AuditStatus,
  PAPER_AUDIT_NAMES,
  PAPER_QUESTION_MAX,
  PAPER_TOTAL_MAX,
  PaperAudit,
  Perm,
  RoleKey,
  scoreFromHundredths,
  scoreToHundredths,
  type AuditStatusCode,
  type CertLevel,
  type ListPaperQuery,
  type Localized,
  type MessageLanguage,
  type PaperAuditCode,
  type PaperInput,
  type PaperListItem,
  type PaperMode,
  type PaperRuleInput,
  type PaperView,
  type UpdatePaperBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { paperAccess, visiblePapers } from '../../lib/access.js';
import { parseJson } from '../../lib/json.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import type { DraftPaperToWrite, DraftPapers } from '../question/question-import-paper.js';
import { drawByRules } from './draw.js';
import { PaperRepository, type PaperRow, type SectionToWrite } from './paper.repository.js';
import { PaperStructures, asRule, poolFor, statisticsOf, toPool } from './paper-structure.js';

const auditName = (status: number | null): Localized =>
  PAPER_AUDIT_NAMES[status === null ? 'draft' : (status as PaperAuditCode)];

/** A new paper (added or copied): a draft of its author, never reviewed. */
const newDraft = (authorId: number, now: string) => ({
  audit_status: null,
  audit_reason: '',
  author_id: authorId,
  reviewer_id: null,
  reviewed_at: null,
  created_at: now,
  updated_at: now,
});

/** What the paper routes ask (paper.routes.ts): the key EXAM-MANAGE and role SUPER. */
export const mayManagePapers = (auth: AuthContext) =>
  hasAnyPermission(auth, [Perm.PAPER]) &&
  (auth.superAdmin || auth.roleKeys.includes(RoleKey.SUPER));

/** What the question bank's import writes papers through (app.ts passes it to the bank). */
export const draftPapers: DraftPapers = {
  mayManage: (auth) => mayManagePapers(auth),
  insert: (trx, paper, authorId) => insertDraftPaper(trx, paper, authorId),
};

/**
 * Writes a draft paper by `authorId` inside the caller's transaction `trx` (an import writes it
 * with the questions it holds). Its questions may still await review: submitPaper checks them.
 */
export function insertDraftPaper(trx: Db, paper: DraftPaperToWrite, authorId: number) {
  return new PaperRepository(trx).insert(
    {
      name: paper.name,
      subject_id: paper.subjectId,
      level: paper.level,
      description: '',
      pass_score: paper.passScore,
      duration_minutes: paper.durationMinutes,
      mode: 'manual',
      draw_per_candidate: 0,
      blueprint: null,
      seed: '',
      ...newDraft(authorId, nowIso()),
    },
    paper.sections,
  );
}

/**
 * Papers (docs/features/papers.md): built by hand, by rules or from the appraisal-point blueprint, group
 * audited, and frozen into versions that exams sit.
 */
export class PaperService {
  private readonly papers: PaperRepository;
  private readonly structures: PaperStructures;

  constructor(private readonly db: Db) {
    this.papers = new PaperRepository(db);
    this.structures = new PaperStructures(this.papers);
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
        total: this.structures.rulesTotal(rules),
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
    const structure = await this.structures.structure(row.subject_id, row.level, row.subject_name);
    const sectionRows = await this.papers.sections(id);
    const placed = await this.papers.paperQuestions(id);
    const questions = new Map(
      (await this.papers.questions(placed.map((p) => p.question_id))).map((q) => [q.id, q]),
    );
    const sections = sectionRows.map((section) =>
      this.structures.sectionView(
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
        ? await this.structures.plannedTotals(row.subject_id, row.level, blueprint.types)
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

  /**
   * Checks a paper body and answers what to write: the sections with their questions' scores in
   * hundredths, the total and the question count. Every refusal is a 10002 naming its field.
   */
  private async prepare(input: PaperInput) {
    const structure = await this.structures.checkPlace(input);
    this.structures.checkRules(input, structure);
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
      if (!dry.ok) throw this.structures.shortfallError(dry.shortfalls, rules, structure);
      total = input.sections.reduce(
        (sum, section) => sum + this.structures.rulesTotal(section.rules),
        0,
      );
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
    const id = await inTransaction(this.db, (trx) =>
      new PaperRepository(trx).insert(
        {
          ...this.columns(input),
          ...newDraft(auth.user.id, nowIso()),
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
    const placed = await this.papers.paperQuestions(id);
    const sectionRows = await this.papers.sections(id);
    const copyId = await inTransaction(this.db, (trx) =>
      new PaperRepository(trx).insert(
        {
          ...this.columns({
            ...paper,
            name: `${paper.name.slice(0, 200 - suffix.length)}${suffix}`,
          }),
          ...newDraft(auth.user.id, nowIso()),
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

  /** A draft or failed paper goes under review (its content was checked when it was saved). */
  async submit(id: number, auth: AuthContext): Promise<void> {
    await paperAccess(this.db, auth, id, 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    if (paper.audit_status !== null && paper.audit_status !== PaperAudit.FAILED) {
      throw conflict('paperNotSubmittable', { id, status: auditName(paper.audit_status) });
    }
    // A paper made by an import holds questions that may not be approved yet.
    const placed = await this.papers.paperQuestions(id);
    const questions = await this.papers.questions(placed.map((p) => p.question_id));
    for (const question of questions.sort((a, b) => a.id - b.id)) {
      if (question.retired === 1) throw conflict('paperQuestionRetired', { id: question.id });
      if (question.audit_status !== AuditStatus.PASSED) {
        throw conflict('paperQuestionNotApproved', {
          id: question.id,
          status: AUDIT_STATUS_NAMES[question.audit_status as AuditStatusCode],
        });
      }
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

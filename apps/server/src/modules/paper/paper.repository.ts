import type { Insertable, Selectable } from 'kysely';
import { AuditStatus, PaperAudit, type ListPaperQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { PapersTable, PaperSectionsTable } from '../../db/types.js';
import type { visiblePapers } from '../../lib/access.js';
import { SubjectRepository } from '../school/subject.repository.js';

export type PaperRow = Selectable<PapersTable>;
export type NewPaper = Insertable<PapersTable>;
export type SectionRow = Selectable<PaperSectionsTable>;

/** A section as written: its rules as JSON, its questions with their score in hundredths. */
export interface SectionToWrite {
  title: string;
  description: string;
  score: number | null;
  rules: string;
  questions: { questionId: number; score: number }[];
}

/** Papers, their sections and questions, and their frozen versions; only this class builds their queries. */
export class PaperRepository {
  constructor(private readonly db: Db) {}

  /** One page of papers with job type and author names, question count and total. */
  /** `visible`: the papers the viewer may read (lib/access visiblePapers), null for all. */
  async list(query: ListPaperQuery, visible: ReturnType<typeof visiblePapers>) {
    let base = this.db
      .selectFrom('papers')
      .innerJoin('subjects', 'subjects.id', 'papers.subject_id')
      .leftJoin('users as author', 'author.id', 'papers.author_id');
    if (visible) base = base.where('papers.id', 'in', visible);
    if (query.keyword) base = base.where(contains('papers.name', query.keyword));
    if (query.subjectId) base = base.where('papers.subject_id', '=', query.subjectId);
    if (query.level) base = base.where('papers.level', '=', query.level);
    if (query.auditStatus === 'draft') base = base.where('papers.audit_status', 'is', null);
    else if (query.auditStatus !== undefined)
      base = base.where('papers.audit_status', '=', Number(query.auditStatus));
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('papers')
      .select([
        'subjects.name as subject_name',
        'author.nick_name as author_nick',
        'author.name as author_login',
      ])
      .select((eb) => [
        eb
          .selectFrom('paper_questions')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('paper_questions.paper_id', '=', 'papers.id')
          .as('question_count'),
        eb
          .selectFrom('paper_questions')
          .select((sub) => sub.fn.sum<number>('paper_questions.score').as('s'))
          .whereRef('paper_questions.paper_id', '=', 'papers.id')
          .as('question_total'),
      ])
      .orderBy('papers.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { total: Number(total), rows };
  }

  subjectAndLevel(id: number) {
    return this.db
      .selectFrom('papers')
      .select(['subject_id', 'level'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Passed papers with their job type's name, newest first: what an exam may be published from. */
  passed() {
    return this.db
      .selectFrom('papers')
      .innerJoin('subjects', 'subjects.id', 'papers.subject_id')
      .select([
        'papers.id',
        'papers.name',
        'papers.subject_id',
        'papers.level',
        'papers.pass_score',
        'papers.duration_minutes',
        'subjects.name as subject_name',
      ])
      .where('papers.audit_status', '=', PaperAudit.PASSED)
      .orderBy('papers.id', 'desc')
      .execute();
  }

  find(id: number) {
    return this.db
      .selectFrom('papers')
      .innerJoin('subjects', 'subjects.id', 'papers.subject_id')
      .leftJoin('users as author', 'author.id', 'papers.author_id')
      .selectAll('papers')
      .select([
        'subjects.name as subject_name',
        'author.nick_name as author_nick',
        'author.name as author_login',
      ])
      .where('papers.id', '=', id)
      .executeTakeFirst();
  }

  sections(paperId: number) {
    return this.db
      .selectFrom('paper_sections')
      .selectAll()
      .where('paper_id', '=', paperId)
      .orderBy('sort')
      .execute();
  }

  /** The paper's questions in order, each with its section. */
  paperQuestions(paperId: number) {
    return this.db
      .selectFrom('paper_questions')
      .select(['section_id', 'question_id', 'score', 'sort'])
      .where('paper_id', '=', paperId)
      .orderBy('section_id')
      .orderBy('sort')
      .execute();
  }

  /** Bank questions by id with their course and point names (for the paper's view and checks). */
  questions(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('questions')
      .innerJoin('knowledge as course', 'course.id', 'questions.course_id')
      .leftJoin('knowledge as point', 'point.id', 'questions.point_id')
      .selectAll('questions')
      .select(['course.name as course_name', 'point.name as point_name'])
      .where('questions.id', 'in', [...ids])
      .execute();
  }

  /**
   * What a draw may take: approved, not retired questions of the job type and level (of `types`
   * only, when given), ordered by id. Tags are read only when a rule asks for them: without them
   * the read stays inside questions_draw_idx.
   */
  pool(
    subjectId: number,
    level: number,
    options: { types?: readonly number[]; tags?: boolean } = {},
  ) {
    let query = this.db
      .selectFrom('questions')
      .select(['id', 'type', 'difficulty', 'course_id', 'point_id'])
      .$if(options.tags === true, (q) => q.select('tags'))
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .where('audit_status', '=', AuditStatus.PASSED)
      .where('retired', '=', 0);
    const { types } = options;
    if (types) query = query.where('type', 'in', types.length > 0 ? [...types] : [-1]);
    return query.orderBy('id').execute();
  }

  findSubject(id: number) {
    return new SubjectRepository(this.db).levelsOf(id);
  }

  /** The courses and appraisal points of a job type and level. */
  knowledge(subjectId: number, level: number) {
    return this.db
      .selectFrom('knowledge')
      .select(['id', 'type', 'parent_id', 'name', 'importance', 'weight', 'sort'])
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async insert(paper: NewPaper, sections: SectionToWrite[]): Promise<number> {
    const { id } = await this.db
      .insertInto('papers')
      .values(paper)
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.writeSections(id, sections);
    return id;
  }

  async update(id: number, paper: Partial<NewPaper>, sections: SectionToWrite[]) {
    await this.db.updateTable('papers').set(paper).where('id', '=', id).execute();
    // Sections are written whole: the old ones go (their questions with them, by cascade).
    await this.db.deleteFrom('paper_questions').where('paper_id', '=', id).execute();
    await this.db.deleteFrom('paper_sections').where('paper_id', '=', id).execute();
    await this.writeSections(id, sections);
  }

  private async writeSections(paperId: number, sections: SectionToWrite[]) {
    for (const [index, section] of sections.entries()) {
      const { id: sectionId } = await this.db
        .insertInto('paper_sections')
        .values({
          paper_id: paperId,
          sort: index,
          title: section.title,
          description: section.description,
          score: section.score,
          rules: section.rules,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (section.questions.length === 0) continue;
      await this.db
        .insertInto('paper_questions')
        .values(
          section.questions.map((question, sort) => ({
            paper_id: paperId,
            section_id: sectionId,
            question_id: question.questionId,
            sort,
            score: question.score,
          })),
        )
        .execute();
    }
  }

  setAudit(
    id: number,
    fields: Pick<PapersTable, 'audit_status' | 'audit_reason' | 'reviewer_id' | 'reviewed_at'>,
  ) {
    return this.db
      .updateTable('papers')
      .set({ ...fields, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The names of the exams (drafts included) that sit this paper or one of its versions. */
  async examsUsing(paperId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('exams')
      .select('name')
      .where((eb) =>
        eb.or([
          eb('paper_id', '=', paperId),
          eb(
            'paper_version_id',
            'in',
            eb.selectFrom('paper_versions').select('id').where('paper_id', '=', paperId),
          ),
        ]),
      )
      .orderBy('id')
      .limit(10)
      .execute();
    return rows.map((row) => row.name);
  }

  async countVersions(paperId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('paper_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('paper_id', '=', paperId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  delete(id: number) {
    return this.db.deleteFrom('papers').where('id', '=', id).execute();
  }

  /** Versions are written once and never changed: this and `version` are all there is. */
  async insertVersion(row: {
    paperId: number;
    snapshot: string;
    totalScore: number;
    questionCount: number;
    sha256: string;
    createdBy: number;
    createdAt: string;
  }): Promise<{ id: number; version: number }> {
    const { last } = await this.db
      .selectFrom('paper_versions')
      .select((eb) => eb.fn.max<number | null>('version').as('last'))
      .where('paper_id', '=', row.paperId)
      .executeTakeFirstOrThrow();
    const version = Number(last ?? 0) + 1;
    const { id } = await this.db
      .insertInto('paper_versions')
      .values({
        paper_id: row.paperId,
        version,
        snapshot: row.snapshot,
        total_score: row.totalScore,
        question_count: row.questionCount,
        sha256: row.sha256,
        created_by: row.createdBy,
        created_at: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, version };
  }

  version(id: number) {
    return this.db.selectFrom('paper_versions').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

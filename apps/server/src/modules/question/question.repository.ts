import { PostgresAdapter, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { KnowledgeType, type QuestionFilters, type QuestionSortField } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { QuestionsTable } from '../../db/types.js';

export type QuestionRow = Selectable<QuestionsTable>;
export type NewQuestion = Insertable<QuestionsTable>;
export type QuestionUpdate = Updateable<QuestionsTable>;

const SORT_COLUMNS: Record<QuestionSortField, string> = {
  id: 'questions.id',
  difficulty: 'questions.difficulty',
  score: 'questions.score',
  updatedAt: 'questions.updated_at',
  auditStatus: 'questions.audit_status',
};

/** Rows inserted per statement: well under SQLite's 32,766 bound parameters (24 columns a row). */
export const QUESTION_INSERT_CHUNK = 500;

/** Questions with the names of what they belong to; only this class builds their queries. */
export class QuestionRepository {
  constructor(private readonly db: Db) {}

  private get postgres() {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  private joined() {
    return this.db
      .selectFrom('questions')
      .innerJoin('subjects', 'subjects.id', 'questions.subject_id')
      .innerJoin('knowledge as course', 'course.id', 'questions.course_id')
      .leftJoin('knowledge as point', 'point.id', 'questions.point_id')
      .leftJoin('users as author', 'author.id', 'questions.author_id')
      .leftJoin('users as reviewer', 'reviewer.id', 'questions.reviewer_id');
  }

  /** A question row plus subject, course, point, author and reviewer names and its paper count. */
  private withNames<Q extends ReturnType<QuestionRepository['joined']>>(query: Q) {
    return query.selectAll('questions').select((eb) => [
      'subjects.name as subject_name',
      'subjects.code as subject_code',
      'course.name as course_name',
      'course.code as course_code',
      'point.name as point_name',
      'point.code as point_code',
      'author.nick_name as author_nick',
      'author.name as author_login',
      'reviewer.nick_name as reviewer_nick',
      'reviewer.name as reviewer_login',
      eb
        .selectFrom('paper_questions')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('paper_questions.question_id', '=', 'questions.id')
        .as('used_in_papers'),
    ]);
  }

  /** The list's filters: the list, its count and the export share them. */
  private filtered(filters: QuestionFilters) {
    let q = this.joined().where('questions.retired', '=', filters.retired);
    if (filters.type !== undefined) q = q.where('questions.type', '=', filters.type);
    if (filters.subjectId !== undefined)
      q = q.where('questions.subject_id', '=', filters.subjectId);
    if (filters.level !== undefined) q = q.where('questions.level', '=', filters.level);
    if (filters.courseId !== undefined) q = q.where('questions.course_id', '=', filters.courseId);
    if (filters.pointId !== undefined) q = q.where('questions.point_id', '=', filters.pointId);
    if (filters.difficulty !== undefined) {
      q = q.where('questions.difficulty', '=', filters.difficulty);
    }
    if (filters.auditStatus !== undefined) {
      q = q.where('questions.audit_status', '=', filters.auditStatus);
    }
    if (filters.keyword) q = q.where(contains('questions.search_text', filters.keyword));
    return q;
  }

  async count(filters: QuestionFilters) {
    const row = await this.filtered(filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Rows `offset` to `offset + limit` of the filtered questions, in the asked order then by id. */
  page(filters: QuestionFilters, offset: number, limit: number) {
    const direction = filters.sortOrder === 'ascend' ? 'asc' : 'desc';
    return this.withNames(this.filtered(filters))
      .orderBy(sql.ref(SORT_COLUMNS[filters.sortField]), direction)
      .orderBy('questions.id', direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  findWithNames(id: number) {
    return this.withNames(this.joined()).where('questions.id', '=', id).executeTakeFirst();
  }

  /** The row alone; on PostgreSQL locked until the transaction ends (two reviewers, one wins). */
  findForUpdate(id: number) {
    const query = this.db.selectFrom('questions').selectAll().where('id', '=', id);
    return (this.postgres ? query.forUpdate() : query).executeTakeFirst();
  }

  async countPapers(id: number) {
    const row = await this.db
      .selectFrom('paper_questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('question_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: NewQuestion) {
    const row = await this.db
      .insertInto('questions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertMany(values: NewQuestion[]) {
    for (let i = 0; i < values.length; i += QUESTION_INSERT_CHUNK) {
      await this.db
        .insertInto('questions')
        .values(values.slice(i, i + QUESTION_INSERT_CHUNK))
        .execute();
    }
  }

  /**
   * The questions imported before from `source` under these identifiers (Moodle XML, GIFT):
   * what a re-import compares and updates.
   */
  async importedFrom(source: string, externalIds: string[]) {
    const rows: Pick<
      QuestionRow,
      | 'id'
      | 'external_id'
      | 'audit_status'
      | 'type'
      | 'content'
      | 'options'
      | 'answer'
      | 'blanks'
      | 'analysis'
      | 'tags'
      | 'score'
      | 'subject_id'
      | 'level'
      | 'course_id'
      | 'point_id'
    >[] = [];
    for (let i = 0; i < externalIds.length; i += QUESTION_INSERT_CHUNK) {
      rows.push(
        ...(await this.db
          .selectFrom('questions')
          .select([
            'id',
            'external_id',
            'audit_status',
            'type',
            'content',
            'options',
            'answer',
            'blanks',
            'analysis',
            'tags',
            'score',
            'subject_id',
            'level',
            'course_id',
            'point_id',
          ])
          .where('external_source', '=', source)
          .where('external_id', 'in', externalIds.slice(i, i + QUESTION_INSERT_CHUNK))
          .execute()),
      );
    }
    return rows;
  }

  async update(id: number, values: QuestionUpdate) {
    await this.db.updateTable('questions').set(values).where('id', '=', id).execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('questions').where('id', '=', id).execute();
  }

  /** How many questions hang off a course or an appraisal point (their delete asks). */
  async countUsingKnowledge(knowledgeId: number, type: string) {
    const column = type === KnowledgeType.COURSE ? 'course_id' : 'point_id';
    const row = await this.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', knowledgeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // -------------------------------------------------------------------------------------------
  // Structure a question belongs to

  findSubject(id: number) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'code', 'name', 'levels'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findKnowledge(id: number) {
    return this.db
      .selectFrom('knowledge')
      .select(['id', 'subject_id', 'level', 'type', 'parent_id', 'code', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Every job type with its levels (imports look codes up here; there are few of them). */
  allSubjects() {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'code', 'name', 'levels'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Courses and appraisal points of these job types (import lookups, template lists). */
  knowledgeOf(subjectIds: number[]) {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('knowledge')
      .select(['id', 'subject_id', 'level', 'type', 'parent_id', 'code', 'name'])
      .where('subject_id', 'in', subjectIds)
      .orderBy('subject_id')
      .orderBy('level', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }
}

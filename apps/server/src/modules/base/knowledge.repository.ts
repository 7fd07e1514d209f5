import { PostgresAdapter, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { KnowledgeTable } from '../../db/types.js';
import { SubjectRepository } from '../school/subject.repository.js';

export type KnowledgeRow = Selectable<KnowledgeTable>;

/** Courses (type cn) and appraisal points (type kn). */
export class KnowledgeRepository {
  constructor(private readonly db: Db) {}

  findSubject(id: number) {
    return new SubjectRepository(this.db).levelsOf(id);
  }

  findById(id: number) {
    return this.db.selectFrom('knowledge').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(subjectId: number, level: number, code: string) {
    return this.db
      .selectFrom('knowledge')
      .select(['id', 'name'])
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The whole tree of a job type and level, in display order (uses knowledge_subject_level_idx). */
  listOf(subjectId: number, level: number) {
    return this.db
      .selectFrom('knowledge')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Sum of the weights of a course's appraisal points, leaving out `exceptId`. */
  async weightSumOf(courseId: number, exceptId?: number) {
    let query = this.db
      .selectFrom('knowledge')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('weight'), eb.lit(0)).as('total'))
      .where('parent_id', '=', courseId);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async countChildren(courseId: number) {
    const row = await this.db
      .selectFrom('knowledge')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('parent_id', '=', courseId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Holds the course's row until the transaction ends, so two writers cannot both pass the weight
   * check. SQLite needs nothing: its writers are serialised (one connection, one transaction at a
   * time); PostgreSQL takes a row lock.
   */
  async lockCourse(courseId: number) {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await this.db
      .selectFrom('knowledge')
      .select('id')
      .where('id', '=', courseId)
      .forUpdate()
      .execute();
  }

  async insert(values: Insertable<KnowledgeTable>) {
    const row = await this.db
      .insertInto('knowledge')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<KnowledgeTable>) {
    await this.db.updateTable('knowledge').set(values).where('id', '=', id).execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('knowledge').where('id', '=', id).execute();
  }
}

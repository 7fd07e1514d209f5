import type { Insertable, Selectable } from 'kysely';
import type { ListInstructionQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { InstructionsTable } from '../../db/types.js';

export type InstructionRow = Selectable<InstructionsTable> & {
  author_nick: string | null;
  author_login: string | null;
};
export type InstructionValues = Omit<Insertable<InstructionsTable>, 'id'>;

/** Exam notices and the job types they are for. */
export class InstructionRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('instructions')
      .leftJoin('users as author', 'author.id', 'instructions.author_id');
  }

  /** One page of the notices matching the list's filters, newest first, and how many match. */
  async list(query: ListInstructionQuery): Promise<{ total: number; rows: InstructionRow[] }> {
    let base = this.base();
    if (query.keyword) base = base.where(contains('instructions.title', query.keyword));
    if (query.enabled !== undefined) {
      base = base.where('instructions.enabled', '=', query.enabled ? 1 : 0);
    }
    const { subjectId } = query;
    if (subjectId !== undefined) {
      base = base.where((eb) =>
        eb.or([
          eb('instructions.all_subjects', '=', 1),
          eb.exists(
            eb
              .selectFrom('instruction_subjects')
              .select('instruction_id')
              .whereRef('instruction_subjects.instruction_id', '=', 'instructions.id')
              .where('instruction_subjects.subject_id', '=', subjectId),
          ),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('instructions')
      .select(['author.nick_name as author_nick', 'author.name as author_login'])
      .orderBy('instructions.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { total: Number(total), rows };
  }

  find(id: number): Promise<InstructionRow | undefined> {
    return this.base()
      .selectAll('instructions')
      .select(['author.nick_name as author_nick', 'author.name as author_login'])
      .where('instructions.id', '=', id)
      .executeTakeFirst();
  }

  /** The job types the notices are for (those for every job type have none). */
  scopes(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('instruction_subjects')
      .innerJoin('subjects', 'subjects.id', 'instruction_subjects.subject_id')
      .select(['instruction_subjects.instruction_id', 'subjects.id', 'subjects.name'])
      .where('instruction_subjects.instruction_id', 'in', ids)
      .orderBy('subjects.id')
      .execute();
  }

  /** Which of the job types named exist. */
  async existingSubjects(ids: number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('subjects').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  async insert(values: InstructionValues): Promise<number> {
    const { id } = await this.db
      .insertInto('instructions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, values: Partial<InstructionValues>): Promise<void> {
    await this.db.updateTable('instructions').set(values).where('id', '=', id).execute();
  }

  /** Replaces the notice's job types. */
  async setScope(id: number, subjectIds: number[]): Promise<void> {
    await this.db.deleteFrom('instruction_subjects').where('instruction_id', '=', id).execute();
    if (subjectIds.length === 0) return;
    await this.db
      .insertInto('instruction_subjects')
      .values(subjectIds.map((subjectId) => ({ instruction_id: id, subject_id: subjectId })))
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('instructions').where('id', '=', id).execute();
  }
}

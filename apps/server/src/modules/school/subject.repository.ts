import type { Selectable } from 'kysely';
import type { ListSubjectQuery, SubjectSelectQuery } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { SubjectsTable } from '../../db/types.js';
import { contains } from '../../db/database.js';

export type SubjectRow = Selectable<SubjectsTable>;
export type SubjectValues = Omit<SubjectRow, 'id' | 'created_at' | 'updated_at'>;

const ORDER_COLUMNS = {
  sort: 'subjects.sort',
  name: 'subjects.name',
  code: 'subjects.code',
  createdAt: 'subjects.created_at',
} as const;

export class SubjectRepository {
  constructor(private readonly db: Db) {}

  /** Job types with their category and project: two joins, one query. */
  private withNames() {
    return this.db
      .selectFrom('subjects')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .innerJoin('schools', 'schools.id', 'departments.school_id')
      .selectAll('subjects')
      .select([
        'departments.name as department_name',
        'departments.school_id as school_id',
        'schools.name as school_name',
      ]);
  }

  async list(query: ListSubjectQuery) {
    let base = this.db
      .selectFrom('subjects')
      .innerJoin('departments', 'departments.id', 'subjects.department_id');
    if (query.schoolId !== undefined) {
      base = base.where('departments.school_id', '=', query.schoolId);
    }
    if (query.departmentId !== undefined) {
      base = base.where('subjects.department_id', '=', query.departmentId);
    }
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('subjects.name', keyword), contains('subjects.code', keyword)]),
      );
    }
    if (query.status !== undefined) base = base.where('subjects.status', '=', query.status);
    const direction = query.order ?? 'asc';
    const [rows, count] = await Promise.all([
      this.withNames()
        .where('subjects.id', 'in', base.select('subjects.id'))
        .orderBy(ORDER_COLUMNS[query.orderBy ?? 'sort'], direction)
        .orderBy('subjects.id', direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  listForSelect(query: SubjectSelectQuery) {
    let base = this.db
      .selectFrom('subjects')
      .innerJoin('departments', 'departments.id', 'subjects.department_id')
      .select([
        'subjects.id',
        'subjects.department_id',
        'subjects.name',
        'subjects.code',
        'subjects.levels',
        'subjects.status',
      ]);
    if (query.schoolId !== undefined) {
      base = base.where('departments.school_id', '=', query.schoolId);
    }
    if (query.departmentId !== undefined) {
      base = base.where('subjects.department_id', '=', query.departmentId);
    }
    if (query.status !== undefined) base = base.where('subjects.status', '=', query.status);
    return base.orderBy('subjects.sort').orderBy('subjects.id').execute();
  }

  findById(id: number) {
    return this.withNames().where('subjects.id', '=', id).executeTakeFirst();
  }

  /** A job type's name and the levels it offers (text, "5,4,3"). */
  levelsOf(id: number) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'name', 'levels'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByCode(code: string) {
    return this.db.selectFrom('subjects').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async insert(values: SubjectValues, now: string) {
    const row = await this.db
      .insertInto('subjects')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: SubjectValues, now: string) {
    await this.db
      .updateTable('subjects')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('subjects').where('id', '=', id).execute();
  }

  /**
   * What hangs off the job type, at the given levels or at any: registration batches, and
   * courses and appraisal points (the knowledge table).
   */
  async usage(id: number, levels?: readonly number[]) {
    if (levels?.length === 0) return { classes: 0, knowledge: 0 };
    let classes = this.db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('subject_id', '=', id);
    let knowledge = this.db
      .selectFrom('knowledge')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('subject_id', '=', id);
    if (levels) {
      classes = classes.where('level', 'in', levels);
      knowledge = knowledge.where('level', 'in', levels);
    }
    const [c, k] = await Promise.all([
      classes.executeTakeFirstOrThrow(),
      knowledge.executeTakeFirstOrThrow(),
    ]);
    return { classes: Number(c.count), knowledge: Number(k.count) };
  }
}

import type { Selectable } from 'kysely';
import type { DepartmentSelectQuery, ListDepartmentQuery } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { DepartmentsTable } from '../../db/types.js';
import { contains } from '../../db/database.js';

export type DepartmentRow = Selectable<DepartmentsTable>;
export type DepartmentValues = Omit<DepartmentRow, 'id' | 'created_at' | 'updated_at'>;

const ORDER_COLUMNS = {
  sort: 'departments.sort',
  name: 'departments.name',
  code: 'departments.code',
  createdAt: 'departments.created_at',
} as const;

export class DepartmentRepository {
  constructor(private readonly db: Db) {}

  /** Categories with their project's name: one join. */
  private withSchool() {
    return this.db
      .selectFrom('departments')
      .innerJoin('schools', 'schools.id', 'departments.school_id')
      .selectAll('departments')
      .select('schools.name as school_name');
  }

  async list(query: ListDepartmentQuery) {
    let base = this.db.selectFrom('departments');
    if (query.schoolId !== undefined) base = base.where('school_id', '=', query.schoolId);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('departments.name', keyword), contains('departments.code', keyword)]),
      );
    }
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const direction = query.order ?? 'asc';
    const [rows, count] = await Promise.all([
      this.withSchool()
        .where('departments.id', 'in', base.select('id'))
        .orderBy(ORDER_COLUMNS[query.orderBy ?? 'sort'], direction)
        .orderBy('departments.id', direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  listForSelect(query: DepartmentSelectQuery) {
    let base = this.db
      .selectFrom('departments')
      .select(['id', 'school_id', 'name', 'code', 'status']);
    if (query.schoolId !== undefined) base = base.where('school_id', '=', query.schoolId);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    return base.orderBy('sort').orderBy('id').execute();
  }

  findById(id: number) {
    return this.withSchool().where('departments.id', '=', id).executeTakeFirst();
  }

  findByCode(schoolId: number, code: string) {
    return this.db
      .selectFrom('departments')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async insert(values: DepartmentValues, now: string) {
    const row = await this.db
      .insertInto('departments')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: DepartmentValues, now: string) {
    await this.db
      .updateTable('departments')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('departments').where('id', '=', id).execute();
  }

  async countSubjects(id: number) {
    const row = await this.db
      .selectFrom('subjects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('department_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

import type { Selectable } from 'kysely';
import type { ListSchoolQuery, SchoolSelectQuery } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { SchoolsTable } from '../../db/types.js';
import { contains } from '../../db/database.js';

export type SchoolRow = Selectable<SchoolsTable>;
export type SchoolValues = Omit<SchoolRow, 'id' | 'created_at' | 'updated_at'>;

const ORDER_COLUMNS = {
  sort: 'sort',
  name: 'name',
  code: 'code',
  createdAt: 'created_at',
} as const;

export class SchoolRepository {
  constructor(private readonly db: Db) {}

  async list(query: ListSchoolQuery) {
    let base = this.db.selectFrom('schools');
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([contains('schools.name', keyword), contains('schools.code', keyword)]),
      );
    }
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const direction = query.order ?? 'asc';
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy(ORDER_COLUMNS[query.orderBy ?? 'sort'], direction)
        .orderBy('id', direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  listForSelect(query: SchoolSelectQuery) {
    let base = this.db.selectFrom('schools').select(['id', 'name', 'code', 'status']);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    return base.orderBy('sort').orderBy('id').execute();
  }

  findById(id: number) {
    return this.db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(code: string) {
    return this.db.selectFrom('schools').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async insert(values: SchoolValues, now: string) {
    const row = await this.db
      .insertInto('schools')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: SchoolValues, now: string) {
    await this.db
      .updateTable('schools')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('schools').where('id', '=', id).execute();
  }

  async countDepartments(id: number) {
    const row = await this.db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('school_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

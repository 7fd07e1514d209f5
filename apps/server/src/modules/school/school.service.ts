import type {
  AddSchoolBody,
  ListResult,
  ListSchoolQuery,
  SchoolOption,
  SchoolSelectQuery,
  SchoolView,
  UpdateSchoolBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, notFound, stillInUse } from '../../errors.js';
import { explainConstraint } from '../../db/constraint.js';
import { SchoolRepository, type SchoolRow } from './school.repository.js';

const toView = (row: SchoolRow): SchoolView => ({
  id: row.id,
  name: row.name,
  code: row.code,
  organiser: row.organiser,
  contact: row.contact,
  description: row.description,
  status: row.status,
  sort: row.sort,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const duplicateCode = (code: string) => conflict('codeTaken', { code }, 'code');

/** Exam projects (考试项目): the top of the exam structure. */
export class SchoolService {
  constructor(private readonly db: Db) {}

  async list(query: ListSchoolQuery): Promise<ListResult<SchoolView>> {
    const { rows, total } = await new SchoolRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<SchoolView> {
    const row = await new SchoolRepository(this.db).findById(id);
    if (!row) throw notFound('school', id);
    return toView(row);
  }

  listForSelect(query: SchoolSelectQuery): Promise<SchoolOption[]> {
    return new SchoolRepository(this.db).listForSelect(query);
  }

  async add(body: AddSchoolBody): Promise<{ id: number }> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const schools = new SchoolRepository(trx);
        if (await schools.findByCode(body.code)) throw duplicateCode(body.code);
        const id = await schools.insert(
          {
            name: body.name,
            code: body.code,
            organiser: body.organiser ?? '',
            contact: body.contact ?? '',
            description: body.description ?? '',
            status: body.status ?? 1,
            sort: body.sort ?? 0,
          },
          nowIso(),
        );
        return { id };
      });
    } catch (error) {
      throw explainConstraint(error, { unique: () => duplicateCode(body.code) });
    }
  }

  async update(body: UpdateSchoolBody): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const schools = new SchoolRepository(trx);
        const current = await schools.findById(body.id);
        if (!current) throw notFound('school', body.id);
        const holder = await schools.findByCode(body.code);
        if (holder && holder.id !== body.id) throw duplicateCode(body.code);
        await schools.update(
          body.id,
          {
            name: body.name,
            code: body.code,
            organiser: body.organiser ?? current.organiser,
            contact: body.contact ?? current.contact,
            description: body.description ?? current.description,
            status: body.status ?? current.status,
            sort: body.sort ?? current.sort,
          },
          nowIso(),
        );
      });
    } catch (error) {
      throw explainConstraint(error, { unique: () => duplicateCode(body.code) });
    }
  }

  async delete(id: number): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const schools = new SchoolRepository(trx);
        const school = await schools.findById(id);
        if (!school) throw notFound('school', id);
        const departments = await schools.countDepartments(id);
        if (departments > 0) {
          throw conflict('schoolHasDepartments', { name: school.name, count: departments });
        }
        await schools.delete(id);
      });
    } catch (error) {
      throw explainConstraint(error, {
        foreignKey: () => stillInUse('school', id),
      });
    }
  }
}

import type {
  AddSchoolBody,
  ListResult,
  ListSchoolQuery,
  SchoolOption,
  SchoolSelectQuery,
  SchoolView,
  UpdateSchoolBody,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { SchoolRepository, type SchoolRow } from './school.repository.js';
import { deleteUnlessUsed, requireFreeCode, saveWithCode } from './structure-write.js';
import { existing } from '../../errors.js';

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

/** Exam projects (考试项目): the top of the exam structure. */
export class SchoolService {
  constructor(private readonly db: Db) {}

  async list(query: ListSchoolQuery): Promise<ListResult<SchoolView>> {
    const { rows, total } = await new SchoolRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<SchoolView> {
    return toView(existing(await new SchoolRepository(this.db).findById(id), 'school', id));
  }

  listForSelect(query: SchoolSelectQuery): Promise<SchoolOption[]> {
    return new SchoolRepository(this.db).listForSelect(query);
  }

  add(body: AddSchoolBody): Promise<{ id: number }> {
    return saveWithCode(this.db, body.code, null, async (trx) => {
      const schools = new SchoolRepository(trx);
      requireFreeCode(await schools.findByCode(body.code), body.code);
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
  }

  update(body: UpdateSchoolBody): Promise<void> {
    return saveWithCode(this.db, body.code, null, async (trx) => {
      const schools = new SchoolRepository(trx);
      const current = existing(await schools.findById(body.id), 'school', body.id);
      requireFreeCode(await schools.findByCode(body.code), body.code, body.id);
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
  }

  delete(id: number): Promise<void> {
    return deleteUnlessUsed(this.db, 'school', id, (trx) => new SchoolRepository(trx), {
      count: (schools) => schools.countDepartments(id),
      refusal: 'schoolHasDepartments',
    });
  }
}

import type {
  AddDepartmentBody,
  DepartmentOption,
  DepartmentSelectQuery,
  DepartmentView,
  ListDepartmentQuery,
  ListResult,
  UpdateDepartmentBody,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { DepartmentRepository, type DepartmentRow } from './department.repository.js';
import { SchoolRepository } from './school.repository.js';
import { deleteUnlessUsed, requireFreeCode, saveWithCode } from './structure-write.js';
import { existing } from '../../errors.js';

const toView = (row: DepartmentRow & { school_name: string }): DepartmentView => ({
  id: row.id,
  schoolId: row.school_id,
  schoolName: row.school_name,
  name: row.name,
  code: row.code,
  description: row.description,
  status: row.status,
  sort: row.sort,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Job-type categories (职业类别): codes are unique within their exam project. */
export class DepartmentService {
  constructor(private readonly db: Db) {}

  async list(query: ListDepartmentQuery): Promise<ListResult<DepartmentView>> {
    const { rows, total } = await new DepartmentRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<DepartmentView> {
    return toView(existing(await new DepartmentRepository(this.db).findById(id), 'department', id));
  }

  async listForSelect(query: DepartmentSelectQuery): Promise<DepartmentOption[]> {
    const rows = await new DepartmentRepository(this.db).listForSelect(query);
    return rows.map((row) => ({
      id: row.id,
      schoolId: row.school_id,
      name: row.name,
      code: row.code,
      status: row.status,
    }));
  }

  add(body: AddDepartmentBody): Promise<{ id: number }> {
    const school = { entity: 'school', id: body.schoolId } as const;
    return saveWithCode(this.db, body.code, school, async (trx) => {
      const departments = new DepartmentRepository(trx);
      await this.requireSchool(trx, body.schoolId);
      requireFreeCode(await departments.findByCode(body.schoolId, body.code), body.code);
      const id = await departments.insert(
        {
          school_id: body.schoolId,
          name: body.name,
          code: body.code,
          description: body.description ?? '',
          status: body.status ?? 1,
          sort: body.sort ?? 0,
        },
        nowIso(),
      );
      return { id };
    });
  }

  update(body: UpdateDepartmentBody): Promise<void> {
    const school = { entity: 'school', id: body.schoolId } as const;
    return saveWithCode(this.db, body.code, school, async (trx) => {
      const departments = new DepartmentRepository(trx);
      const current = existing(await departments.findById(body.id), 'department', body.id);
      if (body.schoolId !== current.school_id) await this.requireSchool(trx, body.schoolId);
      const holder = await departments.findByCode(body.schoolId, body.code);
      requireFreeCode(holder, body.code, body.id);
      await departments.update(
        body.id,
        {
          school_id: body.schoolId,
          name: body.name,
          code: body.code,
          description: body.description ?? current.description,
          status: body.status ?? current.status,
          sort: body.sort ?? current.sort,
        },
        nowIso(),
      );
    });
  }

  delete(id: number): Promise<void> {
    return deleteUnlessUsed(this.db, 'department', id, (trx) => new DepartmentRepository(trx), {
      count: (departments) => departments.countSubjects(id),
      refusal: 'departmentHasSubjects',
    });
  }

  private async requireSchool(trx: Db, schoolId: number) {
    existing(await new SchoolRepository(trx).findById(schoolId), 'school', schoolId);
  }
}

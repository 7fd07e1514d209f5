import type {
  AddDepartmentBody,
  DepartmentOption,
  DepartmentSelectQuery,
  DepartmentView,
  ListDepartmentQuery,
  ListResult,
  UpdateDepartmentBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, notFound, stillInUse } from '../../errors.js';
import { explainConstraint } from '../../db/constraint.js';
import { DepartmentRepository, type DepartmentRow } from './department.repository.js';
import { SchoolRepository } from './school.repository.js';

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

const duplicateCode = (code: string) => conflict('codeTaken', { code }, 'code');

/** Job-type categories (职业类别): codes are unique within their exam project. */
export class DepartmentService {
  constructor(private readonly db: Db) {}

  async list(query: ListDepartmentQuery): Promise<ListResult<DepartmentView>> {
    const { rows, total } = await new DepartmentRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<DepartmentView> {
    const row = await new DepartmentRepository(this.db).findById(id);
    if (!row) throw notFound('department', id);
    return toView(row);
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

  async add(body: AddDepartmentBody): Promise<{ id: number }> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const departments = new DepartmentRepository(trx);
        await this.requireSchool(trx, body.schoolId);
        if (await departments.findByCode(body.schoolId, body.code)) {
          throw duplicateCode(body.code);
        }
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
    } catch (error) {
      throw explainConstraint(error, {
        unique: () => duplicateCode(body.code),
        foreignKey: () => notFound('school', body.schoolId),
      });
    }
  }

  async update(body: UpdateDepartmentBody): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const departments = new DepartmentRepository(trx);
        const current = await departments.findById(body.id);
        if (!current) throw notFound('department', body.id);
        if (body.schoolId !== current.school_id) await this.requireSchool(trx, body.schoolId);
        const holder = await departments.findByCode(body.schoolId, body.code);
        if (holder && holder.id !== body.id) throw duplicateCode(body.code);
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
    } catch (error) {
      throw explainConstraint(error, {
        unique: () => duplicateCode(body.code),
        foreignKey: () => notFound('school', body.schoolId),
      });
    }
  }

  async delete(id: number): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const departments = new DepartmentRepository(trx);
        const department = await departments.findById(id);
        if (!department) throw notFound('department', id);
        const subjects = await departments.countSubjects(id);
        if (subjects > 0) {
          throw conflict('departmentHasSubjects', { name: department.name, count: subjects });
        }
        await departments.delete(id);
      });
    } catch (error) {
      throw explainConstraint(error, {
        foreignKey: () => stillInUse('department', id),
      });
    }
  }

  private async requireSchool(trx: Db, schoolId: number) {
    if (!(await new SchoolRepository(trx).findById(schoolId))) {
      throw notFound('school', schoolId);
    }
  }
}

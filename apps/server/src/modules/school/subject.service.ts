import {
  isCertLevel,
  type AddSubjectBody,
  type CertLevel,
  type ListResult,
  type ListSubjectQuery,
  type SubjectOption,
  type SubjectSelectQuery,
  type SubjectView,
  type UpdateSubjectBody,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { conflict, existing } from '../../errors.js';
import { DepartmentRepository } from './department.repository.js';
import {
  requireFreeCode,
  saveWithCode,
  stillInUseAnswer,
  writeInTransaction,
} from './structure-write.js';
import { SubjectRepository, type SubjectRow } from './subject.repository.js';

/** Levels are stored as text, "5,4,3"; the API speaks number[]. */
export const levelsToText = (levels: readonly number[]) => levels.join(',');
export const levelsFromText = (text: string): CertLevel[] =>
  text
    .split(',')
    .map(Number)
    .filter(isCertLevel)
    .sort((a, b) => b - a);

type SubjectNamedRow = SubjectRow & {
  department_name: string;
  school_id: number;
  school_name: string;
};

const toView = (row: SubjectNamedRow): SubjectView => ({
  id: row.id,
  departmentId: row.department_id,
  departmentName: row.department_name,
  schoolId: row.school_id,
  schoolName: row.school_name,
  name: row.name,
  code: row.code,
  levels: levelsFromText(row.levels),
  description: row.description,
  status: row.status,
  sort: row.sort,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Job types applied for (申报工种) and the certification levels each offers. */
export class SubjectService {
  constructor(private readonly db: Db) {}

  async list(query: ListSubjectQuery): Promise<ListResult<SubjectView>> {
    const { rows, total } = await new SubjectRepository(this.db).list(query);
    return { list: rows.map(toView), total };
  }

  async get(id: number): Promise<SubjectView> {
    return toView(existing(await new SubjectRepository(this.db).findById(id), 'subject', id));
  }

  async listForSelect(query: SubjectSelectQuery): Promise<SubjectOption[]> {
    const rows = await new SubjectRepository(this.db).listForSelect(query);
    return rows.map((row) => ({
      id: row.id,
      departmentId: row.department_id,
      name: row.name,
      code: row.code,
      levels: levelsFromText(row.levels),
      status: row.status,
    }));
  }

  add(body: AddSubjectBody): Promise<{ id: number }> {
    const department = { entity: 'department', id: body.departmentId } as const;
    return saveWithCode(this.db, body.code, department, async (trx) => {
      const subjects = new SubjectRepository(trx);
      await this.requireDepartment(trx, body.departmentId);
      requireFreeCode(await subjects.findByCode(body.code), body.code);
      const id = await subjects.insert(
        {
          department_id: body.departmentId,
          name: body.name,
          code: body.code,
          levels: levelsToText(body.levels),
          description: body.description ?? '',
          status: body.status ?? 1,
          sort: body.sort ?? 0,
        },
        nowIso(),
      );
      return { id };
    });
  }

  /** A level may be dropped only when no batch, course or appraisal point uses it. */
  update(body: UpdateSubjectBody): Promise<void> {
    const department = { entity: 'department', id: body.departmentId } as const;
    return saveWithCode(this.db, body.code, department, async (trx) => {
      const subjects = new SubjectRepository(trx);
      const current = existing(await subjects.findById(body.id), 'subject', body.id);
      if (body.departmentId !== current.department_id) {
        await this.requireDepartment(trx, body.departmentId);
      }
      requireFreeCode(await subjects.findByCode(body.code), body.code, body.id);
      const dropped = levelsFromText(current.levels).filter(
        (level) => !body.levels.includes(level),
      );
      const usage = await subjects.usage(body.id, dropped);
      if (usage.classes + usage.knowledge > 0) {
        throw conflict(
          'subjectLevelsInUse',
          { name: current.name, levels: dropped.join(', '), ...usage },
          'levels',
        );
      }
      await subjects.update(
        body.id,
        {
          department_id: body.departmentId,
          name: body.name,
          code: body.code,
          levels: levelsToText(body.levels),
          description: body.description ?? current.description,
          status: body.status ?? current.status,
          sort: body.sort ?? current.sort,
        },
        nowIso(),
      );
    });
  }

  delete(id: number): Promise<void> {
    return writeInTransaction(this.db, stillInUseAnswer('subject', id), async (trx) => {
      const subjects = new SubjectRepository(trx);
      const subject = existing(await subjects.findById(id), 'subject', id);
      const usage = await subjects.usage(id);
      if (usage.classes + usage.knowledge > 0) {
        throw conflict('subjectInUse', { name: subject.name, ...usage });
      }
      await subjects.delete(id);
    });
  }

  private async requireDepartment(trx: Db, departmentId: number) {
    existing(
      await new DepartmentRepository(trx).findById(departmentId),
      'department',
      departmentId,
    );
  }
}

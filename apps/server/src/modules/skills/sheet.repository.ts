import type { ListSheetQuery } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';

export interface SheetColumns {
  subject_id: number;
  level: number;
  name: string;
  time_limit_minutes: number;
  overtime_points_per_minute: number;
  overtime_stop_minutes: number;
  step: number;
}

export interface SheetTaskRows {
  title: string;
  know_id: number | null;
  items: {
    what: string;
    criteria: string;
    points: number;
    veto: number;
    mode: string;
  }[];
}

/** Scoring sheets, their tasks and items, and their frozen versions (docs/features/skills.md). */
export class SheetRepository {
  constructor(private readonly db: Db) {}

  /** A sheet with its job type's name and its figures (full score, tasks, items, vetoes). */
  private withFigures() {
    return this.db
      .selectFrom('skill_sheets')
      .innerJoin('subjects', 'subjects.id', 'skill_sheets.subject_id')
      .selectAll('skill_sheets')
      .select((eb) => [
        'subjects.name as subject_name',
        eb
          .selectFrom('skill_sheet_items')
          .whereRef('skill_sheet_items.sheet_id', '=', 'skill_sheets.id')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('points'), e.lit(0)).as('s'))
          .as('full_score'),
        eb
          .selectFrom('skill_sheet_items')
          .whereRef('skill_sheet_items.sheet_id', '=', 'skill_sheets.id')
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('item_count'),
        eb
          .selectFrom('skill_sheet_items')
          .whereRef('skill_sheet_items.sheet_id', '=', 'skill_sheets.id')
          .where('skill_sheet_items.veto', '=', 1)
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('veto_count'),
        eb
          .selectFrom('skill_sheet_tasks')
          .whereRef('skill_sheet_tasks.sheet_id', '=', 'skill_sheets.id')
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('task_count'),
      ]);
  }

  async list(query: ListSheetQuery) {
    let base = this.db.selectFrom('skill_sheets');
    if (query.subjectId !== undefined) {
      base = base.where('skill_sheets.subject_id', '=', query.subjectId);
    }
    if (query.level !== undefined) base = base.where('skill_sheets.level', '=', query.level);
    if (query.keyword) base = base.where(contains('skill_sheets.name', query.keyword));
    const [rows, count] = await Promise.all([
      this.withFigures()
        .where('skill_sheets.id', 'in', base.select('skill_sheets.id'))
        .orderBy('skill_sheets.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(id: number) {
    return this.withFigures().where('skill_sheets.id', '=', id).executeTakeFirst();
  }

  tasks(sheetId: number) {
    return this.db
      .selectFrom('skill_sheet_tasks')
      .leftJoin('knowledge', 'knowledge.id', 'skill_sheet_tasks.know_id')
      .select([
        'skill_sheet_tasks.id',
        'skill_sheet_tasks.title',
        'skill_sheet_tasks.know_id',
        'knowledge.code as know_code',
        'knowledge.name as know_name',
      ])
      .where('skill_sheet_tasks.sheet_id', '=', sheetId)
      .orderBy('skill_sheet_tasks.sort')
      .orderBy('skill_sheet_tasks.id')
      .execute();
  }

  items(sheetId: number) {
    return this.db
      .selectFrom('skill_sheet_items')
      .select(['id', 'task_id', 'what', 'criteria', 'points', 'veto', 'mode'])
      .where('sheet_id', '=', sheetId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The appraisal points (knowledge of type 'kn') of a job type and level among `ids`. */
  points(subjectId: number, level: number, ids?: readonly number[]) {
    let query = this.db
      .selectFrom('knowledge')
      .select(['id', 'code', 'name'])
      .where('subject_id', '=', subjectId)
      .where('level', '=', level)
      .where('type', '=', 'kn')
      .orderBy('sort')
      .orderBy('code');
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      query = query.where('id', 'in', ids);
    }
    return query.execute();
  }

  subjectByCode(code: string) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'name', 'code', 'levels'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  subject(id: number) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'name', 'code', 'levels'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(columns: SheetColumns, userId: number, now: string) {
    const row = await this.db
      .insertInto('skill_sheets')
      .values({ ...columns, created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, columns: SheetColumns, now: string) {
    await this.db
      .updateTable('skill_sheets')
      .set({ ...columns, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces the tasks and items of a sheet (its items go with their tasks). */
  async replaceTasks(sheetId: number, tasks: readonly SheetTaskRows[]) {
    await this.db.deleteFrom('skill_sheet_items').where('sheet_id', '=', sheetId).execute();
    await this.db.deleteFrom('skill_sheet_tasks').where('sheet_id', '=', sheetId).execute();
    for (const [t, task] of tasks.entries()) {
      const { id: taskId } = await this.db
        .insertInto('skill_sheet_tasks')
        .values({ sheet_id: sheetId, sort: t, title: task.title, know_id: task.know_id })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (task.items.length === 0) continue;
      await this.db
        .insertInto('skill_sheet_items')
        .values(
          task.items.map((item, i) => ({ ...item, sheet_id: sheetId, task_id: taskId, sort: i })),
        )
        .execute();
    }
  }

  /** The first assessment that uses a version of the sheet, if any. */
  assessmentUsing(sheetId: number) {
    return this.db
      .selectFrom('skill_assessments')
      .innerJoin(
        'skill_sheet_versions',
        'skill_sheet_versions.id',
        'skill_assessments.sheet_version_id',
      )
      .select(['skill_assessments.id', 'skill_assessments.name'])
      .where('skill_sheet_versions.sheet_id', '=', sheetId)
      .orderBy('skill_assessments.id')
      .executeTakeFirst();
  }

  async delete(id: number) {
    await this.db.deleteFrom('skill_sheet_versions').where('sheet_id', '=', id).execute();
    await this.db.deleteFrom('skill_sheets').where('id', '=', id).execute();
  }

  versions(sheetId: number) {
    return this.db
      .selectFrom('skill_sheet_versions')
      .select(['id', 'version', 'full_score', 'created_at'])
      .where('sheet_id', '=', sheetId)
      .orderBy('version', 'desc')
      .execute();
  }

  latestVersion(sheetId: number) {
    return this.db
      .selectFrom('skill_sheet_versions')
      .select(['id', 'version', 'snapshot'])
      .where('sheet_id', '=', sheetId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  version(id: number) {
    return this.db
      .selectFrom('skill_sheet_versions')
      .select(['id', 'sheet_id', 'version', 'snapshot', 'full_score'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Writes the sheet's next version and records its number on the sheet. */
  async insertVersion(row: {
    sheetId: number;
    version: number;
    snapshot: string;
    fullScore: number;
    createdBy: number;
    createdAt: string;
  }) {
    const { id } = await this.db
      .insertInto('skill_sheet_versions')
      .values({
        sheet_id: row.sheetId,
        version: row.version,
        snapshot: row.snapshot,
        full_score: row.fullScore,
        created_by: row.createdBy,
        created_at: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('skill_sheets')
      .set({ version: row.version })
      .where('id', '=', row.sheetId)
      .execute();
    return id;
  }

  /** Locks the sheet row for a version being written (PostgreSQL; SQLite writes one at a time). */
  async lock(id: number) {
    await this.db
      .updateTable('skill_sheets')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', id)
      .execute();
  }
}

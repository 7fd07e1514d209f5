import {
  addSheetBody,
  scoreFromHundredths,
  scoreToHundredths,
  type AddSheetBody,
  type CertLevel,
  type ListResult,
  type ListSheetQuery,
  type MessageLanguage,
  type SheetListItem,
  type SheetPointOption,
  type SheetTaskBody,
  type SheetVersionView,
  type SheetView,
  type UpdateSheetBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, existing, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { levelsFromText } from '../school/subject.service.js';
import { SheetRepository, type SheetColumns, type SheetTaskRows } from './sheet.repository.js';
import { sheetTasks, versionOf } from './sheet-version.js';
import { readSheetWorkbook, sheetWorkbook } from './sheet-xlsx.js';

type FigureRow = NonNullable<Awaited<ReturnType<SheetRepository['find']>>>;

const listItemOf = (row: FigureRow): SheetListItem => ({
  id: row.id,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  level: row.level as CertLevel,
  name: row.name,
  timeLimitMinutes: row.time_limit_minutes,
  fullScore: scoreFromHundredths(Number(row.full_score ?? 0)),
  taskCount: Number(row.task_count ?? 0),
  itemCount: Number(row.item_count ?? 0),
  vetoCount: Number(row.veto_count ?? 0),
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The sheet's own columns from a body (points → hundredths). */
const columnsOf = (body: AddSheetBody): SheetColumns => ({
  subject_id: body.subjectId,
  level: body.level,
  name: body.name,
  time_limit_minutes: body.timeLimitMinutes,
  overtime_points_per_minute: scoreToHundredths(body.overtimePointsPerMinute),
  overtime_stop_minutes: body.overtimeStopMinutes,
  step: scoreToHundredths(body.step),
});

const taskRowsOf = (tasks: readonly SheetTaskBody[]): SheetTaskRows[] =>
  tasks.map((task) => ({
    title: task.title,
    know_id: task.knowId,
    items: task.items.map((item) => ({
      what: item.what,
      criteria: item.criteria,
      points: item.veto ? 0 : scoreToHundredths(item.points),
      veto: item.veto ? 1 : 0,
      mode: item.mode,
    })),
  }));

/**
 * The rules of a sheet body: its job type offers the level, each task's appraisal point is one
 * of the job type's at that level, every task has items, a non-veto item is worth more than 0
 * and a veto item nothing.
 */
export async function checkSheetBody(db: Db, body: AddSheetBody) {
  const sheets = new SheetRepository(db);
  const subject = existing(await sheets.subject(body.subjectId), 'subject', body.subjectId);
  const levels = levelsFromText(subject.levels);
  if (!levels.includes(body.level)) {
    throw invalid('level', 'subjectCertifiesLevels', {
      name: subject.name,
      levels: levels.join(', '),
      level: body.level,
    });
  }
  const knowIds = [...new Set(body.tasks.flatMap((task) => task.knowId ?? []))];
  const found = new Set(
    (await sheets.points(body.subjectId, body.level, knowIds)).map((point) => point.id),
  );
  if (body.tasks.every((task) => task.items.length === 0)) {
    throw invalid('tasks', 'sheetNoItems');
  }
  for (const [t, task] of body.tasks.entries()) {
    if (task.knowId !== null && !found.has(task.knowId)) {
      throw invalid(`tasks.${t}.knowId`, 'sheetPointNotOfJobType', {
        task: t + 1,
        id: task.knowId,
        name: subject.name,
        level: body.level,
      });
    }
    if (task.items.length === 0) {
      throw invalid(`tasks.${t}.items`, 'sheetTaskNoItems', { task: t + 1, title: task.title });
    }
    for (const [i, item] of task.items.entries()) {
      const at = { task: t + 1, item: i + 1 };
      if (item.veto && item.points !== 0) {
        throw invalid(`tasks.${t}.items.${i}.points`, 'sheetVetoNoPoints', at);
      }
      if (!item.veto && item.points <= 0) {
        throw invalid(`tasks.${t}.items.${i}.points`, 'sheetItemPointsPositive', at);
      }
    }
  }
  return subject;
}

/** Scoring sheets: list, edit, copy, delete, and their frozen versions. */
export class SheetService {
  constructor(private readonly db: Db) {}

  async list(query: ListSheetQuery): Promise<ListResult<SheetListItem>> {
    const { rows, total } = await new SheetRepository(this.db).list(query);
    return { list: rows.map(listItemOf), total };
  }

  async get(id: number, db: Db = this.db): Promise<SheetView> {
    const sheets = new SheetRepository(db);
    const row = existing(await sheets.find(id), 'skillSheet', id);
    const tasks = await sheetTasks(db, id);
    return {
      ...listItemOf(row),
      overtimePointsPerMinute: scoreFromHundredths(row.overtime_points_per_minute),
      overtimeStopMinutes: row.overtime_stop_minutes,
      step: scoreFromHundredths(row.step),
      tasks: tasks.map((task) => ({
        ...task,
        items: task.items.map((item) => ({ ...item, points: scoreFromHundredths(item.points) })),
      })),
    };
  }

  add(body: AddSheetBody, auth: AuthContext): Promise<{ id: number }> {
    return inTransaction(this.db, async (trx) => {
      await checkSheetBody(trx, body);
      const sheets = new SheetRepository(trx);
      const id = await sheets.insert(columnsOf(body), auth.user.id, nowIso());
      await sheets.replaceTasks(id, taskRowsOf(body.tasks));
      return { id };
    });
  }

  /** Replaces the sheet's rules, tasks and items; its frozen versions stay as they were. */
  update(body: UpdateSheetBody): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const sheets = new SheetRepository(trx);
      existing(await sheets.find(body.id), 'skillSheet', body.id);
      await checkSheetBody(trx, body);
      await sheets.update(body.id, columnsOf(body), nowIso());
      await sheets.replaceTasks(body.id, taskRowsOf(body.tasks));
    });
  }

  /** Refused while an assessment uses one of its versions, naming it. */
  delete(id: number): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const sheets = new SheetRepository(trx);
      const sheet = existing(await sheets.find(id), 'skillSheet', id);
      const used = await sheets.assessmentUsing(id);
      if (used) throw conflict('sheetInUse', { name: sheet.name, assessment: used.name });
      await sheets.delete(id);
    });
  }

  /** A new sheet (no versions yet) with the rules, tasks and items of `id`. */
  copy(id: number, auth: AuthContext, language: MessageLanguage): Promise<{ id: number }> {
    return inTransaction(this.db, async (trx) => {
      const sheet = await this.get(id, trx);
      const suffix = { zh: '（副本）', en: ' (copy)', es: ' (copia)', ja: '（コピー）' }[language];
      const sheets = new SheetRepository(trx);
      const copyId = await sheets.insert(
        columnsOf({
          ...sheet,
          name: `${sheet.name.slice(0, 200 - suffix.length)}${suffix}`,
          tasks: [],
        }),
        auth.user.id,
        nowIso(),
      );
      await sheets.replaceTasks(copyId, taskRowsOf(sheet.tasks));
      return { id: copyId };
    });
  }

  /** The sheet's current frozen version: the last one when unchanged since, else a new one. */
  freeze(id: number, auth: AuthContext) {
    return inTransaction(this.db, (trx) => versionOf(trx, id, auth.user.id));
  }

  /** The appraisal points of a job type and level, for a task's select. */
  async points(subjectId: number, level: number): Promise<SheetPointOption[]> {
    const rows = await new SheetRepository(this.db).points(subjectId, level);
    return rows.map((row) => ({ id: row.id, code: row.code, name: row.name }));
  }

  async versions(id: number): Promise<SheetVersionView[]> {
    const sheets = new SheetRepository(this.db);
    existing(await sheets.find(id), 'skillSheet', id);
    return (await sheets.versions(id)).map((row) => ({
      id: row.id,
      version: row.version,
      fullScore: scoreFromHundredths(row.full_score),
      createdAt: row.created_at,
    }));
  }

  /** The sheet as .xlsx in the centres' layout (sheet-xlsx.ts). */
  async export(id: number, language: MessageLanguage) {
    const sheet = await this.get(id);
    const subject = existing(
      await new SheetRepository(this.db).subject(sheet.subjectId),
      'subject',
      sheet.subjectId,
    );
    return sheetWorkbook(sheet, subject.code, language);
  }

  /** A new sheet from an uploaded .xlsx; any problem refuses the file and writes nothing. */
  async import(file: Buffer, auth: AuthContext, language: MessageLanguage) {
    const sheets = new SheetRepository(this.db);
    const body = await readSheetWorkbook(
      file,
      {
        subject: async (code) => {
          const row = await sheets.subjectByCode(code);
          return row && { id: row.id, levels: levelsFromText(row.levels) };
        },
        points: (subjectId, level) => sheets.points(subjectId, level),
      },
      language,
    );
    const parsed = addSheetBody.safeParse(body);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      throw invalid('file', 'sheetImportProblems', { problems });
    }
    return this.add(parsed.data, auth);
  }
}

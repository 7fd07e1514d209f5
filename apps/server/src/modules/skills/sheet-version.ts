import type { SheetItemMode, SheetSnapshot, SheetTaskView } from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { existing } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { SheetRepository } from './sheet.repository.js';

/** A sheet's tasks, each with its items (points in hundredths, as stored), in order. */
export async function sheetTasks(db: Db, sheetId: number): Promise<SheetTaskView[]> {
  const sheets = new SheetRepository(db);
  const [tasks, items] = await Promise.all([sheets.tasks(sheetId), sheets.items(sheetId)]);
  return tasks.map((task) => ({
    id: task.id,
    title: task.title,
    knowId: task.know_id,
    knowCode: task.know_code,
    knowName: task.know_name,
    items: items
      .filter((item) => item.task_id === task.id)
      .map((item) => ({
        id: item.id,
        what: item.what,
        criteria: item.criteria,
        points: item.points,
        veto: item.veto === 1,
        mode: item.mode as SheetItemMode,
      })),
  }));
}

/** The sheet as it stands, in the frozen form (points in hundredths, items with their ids). */
export async function snapshotSheet(db: Db, sheetId: number): Promise<SheetSnapshot> {
  const sheet = existing(await new SheetRepository(db).find(sheetId), 'skillSheet', sheetId);
  const tasks = await sheetTasks(db, sheetId);
  return {
    sheet: {
      id: sheet.id,
      subjectId: sheet.subject_id,
      subjectName: sheet.subject_name,
      level: sheet.level,
      name: sheet.name,
      timeLimitMinutes: sheet.time_limit_minutes,
      overtimePointsPerMinute: sheet.overtime_points_per_minute,
      overtimeStopMinutes: sheet.overtime_stop_minutes,
      step: sheet.step,
    },
    tasks,
    fullScore: tasks.flatMap((task) => task.items).reduce((sum, item) => sum + item.points, 0),
  };
}

/**
 * What a snapshot says, without the ids of its tasks and items: saving a sheet unchanged gives
 * its rows new ids, and must not make a new version.
 */
const contentOf = (snapshot: SheetSnapshot) =>
  JSON.stringify({
    ...snapshot,
    tasks: snapshot.tasks.map((task) => ({
      ...task,
      id: 0,
      items: task.items.map((item) => ({ ...item, id: 0 })),
    })),
  });

/**
 * The id of the sheet's current frozen version, inside the caller's transaction `trx` (an
 * assessment calls this when it takes a sheet): the last version when the sheet has not changed
 * since it was written, else a new version numbered after it.
 */
export async function versionOf(
  trx: Db,
  sheetId: number,
  userId: number,
): Promise<{ id: number; version: number }> {
  const sheets = new SheetRepository(trx);
  await sheets.lock(sheetId);
  const snapshot = await snapshotSheet(trx, sheetId);
  const last = await sheets.latestVersion(sheetId);
  if (
    last &&
    contentOf(parseJson<SheetSnapshot>(last.snapshot, snapshot)) === contentOf(snapshot)
  ) {
    return { id: last.id, version: last.version };
  }
  const version = (last?.version ?? 0) + 1;
  const id = await sheets.insertVersion({
    sheetId,
    version,
    snapshot: JSON.stringify(snapshot),
    fullScore: snapshot.fullScore,
    createdBy: userId,
    createdAt: nowIso(),
  });
  return { id, version };
}

/** A frozen version as written. */
export async function readSheetVersion(db: Db, id: number): Promise<SheetSnapshot> {
  const row = existing(await new SheetRepository(db).version(id), 'skillSheet', id);
  return JSON.parse(row.snapshot) as SheetSnapshot;
}

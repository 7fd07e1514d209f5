import type { ScoringSheetView, SheetSnapshot } from '@kaoshi/shared';
import { SCORE_SCALE } from '@kaoshi/shared';

/**
 * The frozen sheet version (skill_sheet_versions.snapshot) as scoring reads it: scoring reads a
 * snapshot only through parseFrozenSheet. Points are hundredths.
 */
export interface ScoringItem {
  id: number;
  what: string;
  criteria: string;
  points: number;
  veto: boolean;
  mode: 'award' | 'deduct';
}

export interface ScoringSheet {
  name: string;
  timeLimitMinutes: number;
  /** Hundredths taken per minute over the time limit. */
  overtimePointsPerMinute: number;
  /** Minutes over the limit after which the task is stopped (0: never stopped). */
  overtimeStopMinutes: number;
  /** Hundredths the final score is rounded to. */
  step: number;
  fullScore: number;
  tasks: { id: number; title: string; items: ScoringItem[] }[];
  /** Every item by id. */
  items: Map<number, ScoringItem>;
}

/**
 * The frozen sheet (the sheets part's SheetSnapshot, hundredths throughout) as scoring reads it;
 * a step of 0 would round nothing, so it counts as whole points.
 */
export function parseFrozenSheet(snapshotJson: string): ScoringSheet {
  const snapshot = JSON.parse(snapshotJson) as SheetSnapshot;
  const items = new Map<number, ScoringItem>();
  const tasks = snapshot.tasks.map((task) => ({
    id: task.id,
    title: task.title,
    items: task.items.map((entry) => {
      const item: ScoringItem = {
        id: entry.id,
        what: entry.what,
        criteria: entry.criteria,
        points: entry.points,
        veto: entry.veto,
        mode: entry.mode === 'deduct' ? 'deduct' : 'award',
      };
      items.set(item.id, item);
      return item;
    }),
  }));
  const { sheet } = snapshot;
  return {
    name: sheet.name,
    timeLimitMinutes: sheet.timeLimitMinutes,
    overtimePointsPerMinute: sheet.overtimePointsPerMinute,
    overtimeStopMinutes: sheet.overtimeStopMinutes,
    step: sheet.step > 0 ? sheet.step : SCORE_SCALE,
    fullScore: snapshot.fullScore,
    tasks,
    items,
  };
}

const toPoints = (hundredths: number) => hundredths / SCORE_SCALE;

/** The sheet as the API shows it (points). */
export const sheetView = (sheet: ScoringSheet): ScoringSheetView => ({
  name: sheet.name,
  timeLimitMinutes: sheet.timeLimitMinutes,
  overtimePointsPerMinute: toPoints(sheet.overtimePointsPerMinute),
  overtimeStopMinutes: sheet.overtimeStopMinutes,
  step: toPoints(sheet.step),
  fullScore: toPoints(sheet.fullScore),
  tasks: sheet.tasks.map((task) => ({
    id: task.id,
    title: task.title,
    items: task.items.map((item) => ({ ...item, points: toPoints(item.points) })),
  })),
});

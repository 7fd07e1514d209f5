import type { ScoringSheetView } from '@kaoshi/shared';
import { SCORE_SCALE } from '@kaoshi/shared';

/**
 * The frozen sheet version (skill_sheet_versions.snapshot) as scoring reads it. The scoring
 * code reads a snapshot ONLY through parseFrozenSheet, so the snapshot's shape is known here alone.
 * Points are hundredths.
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

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};
const int = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The frozen sheet: { name, timeLimitMinutes, overtime…, step, fullScore, tasks: [{ items }] }. */
export function parseFrozenSheet(snapshotJson: string): ScoringSheet {
  const raw = obj(JSON.parse(snapshotJson));
  const items = new Map<number, ScoringItem>();
  const tasks = (Array.isArray(raw.tasks) ? raw.tasks : []).map((task) => {
    const t = obj(task);
    return {
      id: int(t.id),
      title: text(t.title),
      items: (Array.isArray(t.items) ? t.items : []).map((entry) => {
        const i = obj(entry);
        const item: ScoringItem = {
          id: int(i.id),
          what: text(i.what),
          criteria: text(i.criteria),
          points: int(i.points),
          veto: i.veto === true || i.veto === 1,
          mode: i.mode === 'deduct' ? 'deduct' : 'award',
        };
        items.set(item.id, item);
        return item;
      }),
    };
  });
  const step = int(raw.step, SCORE_SCALE);
  return {
    name: text(raw.name),
    timeLimitMinutes: int(raw.timeLimitMinutes),
    overtimePointsPerMinute: int(raw.overtimePointsPerMinute),
    overtimeStopMinutes: int(raw.overtimeStopMinutes),
    step: step > 0 ? step : SCORE_SCALE,
    fullScore: int(raw.fullScore),
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

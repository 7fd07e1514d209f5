import type { ScoringSheetView } from '@kaoshi/shared';
import type { ItemEntry } from './sheet-saver';

const hundredths = (points: number) => Math.round(points * 100);

/**
 * The running total as the server computes it when the sheet is signed (scoring-rules.ts
 * sheetTotal): award items give their points, deduct items take theirs from the item's points,
 * the overtime rule takes its points per minute, and a veto hit makes it 0. In hundredths
 * internally so that 0.1 + 0.2 shows 0.3.
 */
export function runningTotal(
  sheet: ScoringSheetView,
  values: Record<number, ItemEntry>,
  overtimeMinutes: number,
): { total: number; vetoHit: boolean; unscored: number } {
  let sum = 0;
  let vetoHit = false;
  let unscored = 0;
  for (const item of sheet.tasks.flatMap((task) => task.items)) {
    const value = values[item.id];
    if (item.veto) {
      if (value?.vetoHit) vetoHit = true;
      continue;
    }
    if (value?.points === null || value?.points === undefined) unscored++;
    const max = hundredths(item.points);
    const given = Math.min(Math.max(hundredths(value?.points ?? 0), 0), max);
    sum += item.mode === 'deduct' ? max - given : given;
  }
  if (vetoHit) return { total: 0, vetoHit, unscored };
  const overtime = hundredths(overtimeMinutes * sheet.overtimePointsPerMinute);
  return { total: Math.max(0, sum - overtime) / 100, vetoHit, unscored };
}

/** Overtime minutes at `elapsedMs` from the start: ceil over the limit, capped at the stop (scoring-rules.ts). */
export function overtimeAt(sheet: ScoringSheetView, elapsedMs: number): number {
  const over = elapsedMs - sheet.timeLimitMinutes * 60_000;
  if (over <= 0) return 0;
  const minutes = Math.ceil(over / 60_000);
  return sheet.overtimeStopMinutes > 0 ? Math.min(minutes, sheet.overtimeStopMinutes) : minutes;
}

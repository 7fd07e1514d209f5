import { SCORE_SCALE } from '@kaoshi/shared';
import type { ScoringSheet } from './scoring-sheet.js';

/**
 * The scoring rules (issue 26 §3), pure: an examiner's total, the overtime, the candidate's
 * outcome from every examiner's total. Everything in hundredths of a point.
 */

export const toHundredths = (points: number) => Math.round(points * SCORE_SCALE);
export const toPoints = (hundredths: number) => hundredths / SCORE_SCALE;

const MINUTE_MS = 60_000;

/**
 * Whole minutes over the time limit (a started minute counts: ceil), capped at the minutes
 * after which the task is stopped (0: no cap).
 */
export function overtimeMinutes(
  sheet: Pick<ScoringSheet, 'timeLimitMinutes' | 'overtimeStopMinutes'>,
  startedAt: string,
  stoppedAt: string,
): number {
  const overMs = Date.parse(stoppedAt) - Date.parse(startedAt) - sheet.timeLimitMinutes * MINUTE_MS;
  if (overMs <= 0) return 0;
  const minutes = Math.ceil(overMs / MINUTE_MS);
  return sheet.overtimeStopMinutes > 0 ? Math.min(minutes, sheet.overtimeStopMinutes) : minutes;
}

/** When the overtime rule stops the task: start + limit + stop minutes (null: never). */
export function stopsAt(
  sheet: Pick<ScoringSheet, 'timeLimitMinutes' | 'overtimeStopMinutes'>,
  startedAt: string,
): string | null {
  if (sheet.overtimeStopMinutes <= 0) return null;
  const minutes = sheet.timeLimitMinutes + sheet.overtimeStopMinutes;
  return new Date(Date.parse(startedAt) + minutes * MINUTE_MS).toISOString();
}

export interface ItemScore {
  item_id: number;
  points: number | null;
  veto_hit: number;
}

export interface SheetTotal {
  total: number;
  vetoHit: boolean;
}

/**
 * An examiner's total: award items add the points given, deduct items their points less the
 * deduction; less the overtime deduction; never below 0; any veto hit: 0.
 */
export function sheetTotal(
  sheet: ScoringSheet,
  scores: readonly ItemScore[],
  overtime: number,
): SheetTotal {
  const byItem = new Map(scores.map((score) => [score.item_id, score]));
  let sum = 0;
  let vetoHit = false;
  for (const item of sheet.items.values()) {
    const score = byItem.get(item.id);
    if (item.veto) {
      if (score?.veto_hit) vetoHit = true;
      continue;
    }
    const given = Math.min(Math.max(score?.points ?? 0, 0), item.points);
    sum += item.mode === 'deduct' ? item.points - given : given;
  }
  if (vetoHit) return { total: 0, vetoHit };
  return { total: Math.max(0, sum - overtime * sheet.overtimePointsPerMinute), vetoHit };
}

/** The items (not veto items) that have no points yet: a sheet is signed only without them. */
export const unscoredItems = (sheet: ScoringSheet, scores: readonly ItemScore[]) => {
  const scored = new Set(scores.filter((s) => s.points !== null).map((s) => s.item_id));
  return [...sheet.items.values()].filter((item) => !item.veto && !scored.has(item.id));
};

/** `value` rounded to the nearest multiple of `step` (half up), in integers. */
export const roundToStep = (sum: number, count: number, step: number) =>
  Math.floor((2 * sum + count * step) / (2 * count * step)) * step;

export type CandidateOutcome =
  | { state: 'agreed'; finalScore: number; finalVeto: boolean }
  | { state: 'disputed'; reason: 'veto' | 'tolerance' };

/**
 * The candidate once every examiner has signed: examiners who disagree on a veto, or any two
 * totals further apart than the tolerance, go to the chief examiner; else the mean of the
 * totals rounded to the sheet's step (every veto hit: 0).
 */
export function candidateOutcome(
  totals: readonly SheetTotal[],
  tolerance: number,
  step: number,
): CandidateOutcome {
  const vetoes = totals.filter((t) => t.vetoHit).length;
  if (vetoes > 0 && vetoes < totals.length) return { state: 'disputed', reason: 'veto' };
  if (vetoes > 0) return { state: 'agreed', finalScore: 0, finalVeto: true };
  const values = totals.map((t) => t.total);
  if (Math.max(...values) - Math.min(...values) > tolerance) {
    return { state: 'disputed', reason: 'tolerance' };
  }
  const sum = values.reduce((a, b) => a + b, 0);
  return { state: 'agreed', finalScore: roundToStep(sum, values.length, step), finalVeto: false };
}

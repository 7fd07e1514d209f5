import { describe, expect, it } from 'vitest';
import { candidateOutcome, overtimeMinutes, roundToStep, sheetTotal } from './scoring-rules.js';
import { parseFrozenSheet } from './scoring-sheet.js';
import { ITEM, SNAPSHOT } from './scoring-test-data.js';

describe('skills scoring rules', () => {
  const sheet = parseFrozenSheet(JSON.stringify(SNAPSHOT));
  const at = (minutes: number) =>
    new Date(Date.UTC(2026, 0, 1, 8, 0) + minutes * 60_000).toISOString();

  it('counts a started minute over the limit, up to the stop', () => {
    expect(overtimeMinutes(sheet, at(0), at(60))).toBe(0);
    expect(overtimeMinutes(sheet, at(0), at(60.01))).toBe(1);
    expect(overtimeMinutes(sheet, at(0), at(63))).toBe(3);
    expect(overtimeMinutes(sheet, at(0), at(200))).toBe(10);
    expect(overtimeMinutes({ ...sheet, overtimeStopMinutes: 0 }, at(0), at(200))).toBe(140);
  });

  it('adds award items, deducts from deduct items, takes the overtime, never below 0', () => {
    const scored = (award40: number, award30: number, deduct30: number, veto = 0) => [
      { item_id: ITEM.award40, points: award40, veto_hit: 0 },
      { item_id: ITEM.award30, points: award30, veto_hit: 0 },
      { item_id: ITEM.deduct30, points: deduct30, veto_hit: 0 },
      { item_id: ITEM.veto, points: null, veto_hit: veto },
    ];
    expect(sheetTotal(sheet, scored(3500, 2500, 500), 0)).toEqual({ total: 8500, vetoHit: false });
    expect(sheetTotal(sheet, scored(3500, 2500, 500), 3)).toEqual({ total: 8200, vetoHit: false });
    expect(sheetTotal(sheet, scored(0, 0, 3000), 10)).toEqual({ total: 0, vetoHit: false });
    expect(sheetTotal(sheet, scored(4000, 3000, 0, 1), 0)).toEqual({ total: 0, vetoHit: true });
  });

  it('rounds the mean half up to the step', () => {
    expect(roundToStep(8500 + 7850, 2, 100)).toBe(8200);
    expect(roundToStep(8000 + 8100 + 8300, 3, 100)).toBe(8100);
    expect(roundToStep(8000 + 8040, 2, 50)).toBe(8000); // 80.2 → 80 on a half-point step
    expect(roundToStep(8000 + 8050, 2, 50)).toBe(8050); // 80.25 → 80.5 (half up)
    expect(roundToStep(8000 + 8100, 2, 100)).toBe(8100); // 80.5 → 81
  });

  it('agrees within the tolerance, disputes beyond it or on a split veto', () => {
    const t = (total: number, vetoHit = false) => ({ total, vetoHit });
    expect(candidateOutcome([t(9000), t(8000)], 1000, 100)).toEqual({
      state: 'agreed',
      finalScore: 8500,
      finalVeto: false,
    });
    expect(candidateOutcome([t(9000), t(7999)], 1000, 100)).toMatchObject({
      state: 'disputed',
      reason: 'tolerance',
    });
    expect(candidateOutcome([t(0, true), t(9000)], 1000, 100)).toMatchObject({
      state: 'disputed',
      reason: 'veto',
    });
    expect(candidateOutcome([t(0, true), t(0, true)], 1000, 100)).toMatchObject({
      state: 'agreed',
      finalVeto: true,
    });
  });
});

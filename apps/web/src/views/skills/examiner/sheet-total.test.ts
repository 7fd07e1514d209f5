import type { ScoringSheetView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { overtimeAt, runningTotal } from './sheet-total';

const item = (id: number, points: number, mode: 'award' | 'deduct', veto = false) => ({
  id,
  what: `item ${id}`,
  criteria: '',
  points,
  veto,
  mode,
});

const SHEET: ScoringSheetView = {
  name: 'Sheet',
  timeLimitMinutes: 60,
  overtimePointsPerMinute: 1.5,
  overtimeStopMinutes: 10,
  step: 1,
  fullScore: 100,
  tasks: [
    {
      id: 1,
      title: 'Task',
      items: [item(1, 50, 'award'), item(2, 50, 'deduct'), item(3, 0, 'award', true)],
    },
  ],
};

const entry = (points: number | null, vetoHit = false) => ({ points, vetoHit, note: '' });

describe('the running total of an examiner’s sheet', () => {
  it('adds award points, takes deductions from the item, the overtime rule, in hundredths', () => {
    expect(runningTotal(SHEET, {}, 0)).toEqual({ total: 50, vetoHit: false, unscored: 2 });
    expect(runningTotal(SHEET, { 1: entry(40.1), 2: entry(10.2) }, 0)).toEqual({
      total: 79.9,
      vetoHit: false,
      unscored: 0,
    });
    expect(runningTotal(SHEET, { 1: entry(40), 2: entry(0) }, 3).total).toBe(85.5);
  });

  it('is 0 when a veto item is hit', () => {
    expect(runningTotal(SHEET, { 1: entry(50), 2: entry(0), 3: entry(null, true) }, 0)).toEqual({
      total: 0,
      vetoHit: true,
      unscored: 0,
    });
  });

  it('counts overtime minutes up, capped at the stop', () => {
    expect(overtimeAt(SHEET, 60 * 60_000)).toBe(0);
    expect(overtimeAt(SHEET, 60 * 60_000 + 1)).toBe(1);
    expect(overtimeAt(SHEET, 200 * 60_000)).toBe(10);
  });
});

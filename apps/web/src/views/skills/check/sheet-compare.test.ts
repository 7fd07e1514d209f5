import type { CandidateSheetsView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { compareRows, totalsSpread } from './sheet-compare';

const sheet = (
  examinerId: number,
  total: number | null,
  scores: [number, number | null, boolean][],
) =>
  ({
    scoringId: examinerId,
    examinerId,
    examinerName: `E${examinerId}`,
    scores: scores.map(([itemId, points, vetoHit]) => ({
      itemId,
      points,
      vetoHit,
      note: '',
      seq: 1,
    })),
    total,
    vetoHit: false,
    signedAt: null,
    reopenedAt: null,
    reopenReason: null,
  }) as unknown as CandidateSheetsView['sheets'][number];

const view = (sheets: CandidateSheetsView['sheets']) =>
  ({
    sheet: {
      tasks: [
        {
          id: 1,
          title: 'Turning',
          items: [
            { id: 11, what: 'Diameter', criteria: '', points: 40, veto: false, mode: 'award' },
            { id: 12, what: 'Injury', criteria: '', points: 0, veto: true, mode: 'award' },
          ],
        },
      ],
    },
    sheets,
  }) as unknown as CandidateSheetsView;

describe('the chief’s side-by-side sheets', () => {
  it('flags an item whose points or veto differ, not one all agree on', () => {
    const rows = compareRows(
      view([
        sheet(1, 90, [
          [11, 40, false],
          [12, null, false],
        ]),
        sheet(2, 70, [
          [11, 20, false],
          [12, null, true],
        ]),
      ]),
    );
    expect(rows.map((r) => [r.kind, r.title, r.differs])).toEqual([
      ['task', 'Turning', false],
      ['item', 'Diameter', true],
      ['item', 'Injury', true],
    ]);
    const same = compareRows(
      view([sheet(1, 40, [[11, 40, false]]), sheet(2, 40, [[11, 40, false]])]),
    );
    expect(same.filter((r) => r.differs)).toEqual([]);
  });

  it('measures the spread of the signed totals only', () => {
    expect(totalsSpread(view([sheet(1, 100, []), sheet(2, 85.5, []), sheet(3, null, [])]))).toBe(
      14.5,
    );
    expect(totalsSpread(view([sheet(1, 100, []), sheet(2, null, [])]))).toBe(0);
  });
});

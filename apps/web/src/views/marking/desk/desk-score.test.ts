import { MARKING_LEASE_MS } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { leaseClockOffset, leaseLeft, parseScore, quickScores } from './desk-score';

describe('parseScore', () => {
  it('reads whole and decimal scores, with a point or a comma', () => {
    expect(parseScore('7')).toEqual({ score: 7 });
    expect(parseScore(' 7.5 ')).toEqual({ score: 7.5 });
    expect(parseScore('7,5')).toEqual({ score: 7.5 });
    expect(parseScore('.5')).toEqual({ score: 0.5 });
    expect(parseScore('10.')).toEqual({ score: 10 });
  });

  it('names what is wrong with anything else', () => {
    expect(parseScore('')).toEqual({ problem: 'empty' });
    expect(parseScore('  ')).toEqual({ problem: 'empty' });
    expect(parseScore('abc')).toEqual({ problem: 'notANumber' });
    expect(parseScore('-1')).toEqual({ problem: 'notANumber' });
    expect(parseScore('1.2.3')).toEqual({ problem: 'notANumber' });
    expect(parseScore('1e3')).toEqual({ problem: 'notANumber' });
  });
});

describe('quickScores', () => {
  it('offers every step when there are few', () => {
    expect(quickScores(5, 1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(quickScores(2, 0.5)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(quickScores(10, 1)).toHaveLength(11);
  });

  it('offers whole points on a fine step for a question worth up to 10', () => {
    expect(quickScores(10, 0.5)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(quickScores(7.5, 0.5)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 7.5]);
  });

  it('offers quarters on the step when there are many', () => {
    expect(quickScores(20, 0.5)).toEqual([0, 5, 10, 15, 20]);
    expect(quickScores(15, 1)).toEqual([0, 3, 7, 11, 15]);
    // 0.3 does not divide 10: the quarters are rounded down to it, the full score is offered.
    expect(quickScores(10, 0.3)).toEqual([0, 2.4, 4.8, 7.5, 10]);
    expect(quickScores(2.5, 1)).toEqual([0, 1, 2, 2.5]);
  });
});

describe('the lease clock', () => {
  it('takes the offset from a fresh lease, and keeps the highest seen', () => {
    const received = Date.parse('2026-05-10T08:00:00.000Z');
    // The server is 3 s ahead of the browser.
    const fresh = new Date(received + 3000 + MARKING_LEASE_MS).toISOString();
    const first = leaseClockOffset(null, fresh, received);
    expect(first).toBe(3000);
    // A lease held for a minute already says less; the better figure stays.
    const held = new Date(received + 3000 + MARKING_LEASE_MS - 60_000).toISOString();
    expect(leaseClockOffset(first, held, received)).toBe(3000);
    expect(leaseLeft(fresh, received + 1000, first)).toBe(MARKING_LEASE_MS - 1000);
  });
});

import { describe, expect, it } from 'vitest';
import { isAnswered, mergeAnswers, toggleChoice } from './answer-merge';

describe('mergeAnswers', () => {
  const server = [
    { itemId: 's1q1', seq: 3, value: 'B' },
    { itemId: 's1q2', seq: 1, value: 'AC' },
  ];

  it('keeps the server answers when the outbox is empty', () => {
    const merged = mergeAnswers(server, []);
    expect(merged.values).toEqual({ s1q1: 'B', s1q2: 'AC' });
    expect(merged.seqs).toEqual({ s1q1: 3, s1q2: 1 });
    expect(merged.pending).toEqual([]);
  });

  it('lets a later outbox change win and resends it', () => {
    const entry = { itemId: 's1q1', seq: 4, value: 'D' };
    const merged = mergeAnswers(server, [entry]);
    expect(merged.values.s1q1).toBe('D');
    expect(merged.seqs.s1q1).toBe(4);
    expect(merged.pending).toEqual([entry]);
    expect(merged.stale).toEqual([]);
  });

  it('drops an outbox entry the server already holds (equal or lower seq)', () => {
    const equal = { itemId: 's1q1', seq: 3, value: 'B' };
    const lower = { itemId: 's1q2', seq: 0, value: 'A' };
    const merged = mergeAnswers(server, [equal, lower]);
    expect(merged.values).toEqual({ s1q1: 'B', s1q2: 'AC' });
    expect(merged.pending).toEqual([]);
    expect(merged.stale).toEqual([equal, lower]);
  });

  it('adds answers the server never got (given offline, then reloaded)', () => {
    const entry = { itemId: 's4q1', seq: 7, value: ['欧姆', ''] };
    const merged = mergeAnswers([], [entry]);
    expect(merged.values).toEqual({ s4q1: ['欧姆', ''] });
    expect(merged.seqs).toEqual({ s4q1: 7 });
    expect(merged.pending).toEqual([entry]);
  });
});

describe('isAnswered', () => {
  it('counts text, letters and any filled blank', () => {
    expect(isAnswered('A')).toBe(true);
    expect(isAnswered(['', 'x'])).toBe(true);
  });
  it('does not count nothing, blank text or empty blanks', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered(['', ' '])).toBe(false);
    expect(isAnswered([])).toBe(false);
  });
});

describe('toggleChoice', () => {
  it('adds and removes a letter, keeping the letters in order', () => {
    expect(toggleChoice('', 'C')).toBe('C');
    expect(toggleChoice('C', 'A')).toBe('AC');
    expect(toggleChoice('ACD', 'C')).toBe('AD');
  });
});

import { describe, expect, it } from 'vitest';
import { formatRemaining } from './format-remaining';

describe('formatRemaining', () => {
  it('shows minutes and seconds under an hour, hours above', () => {
    expect(formatRemaining(59 * 60_000 + 9_000)).toBe('59:09');
    expect(formatRemaining(3_600_000)).toBe('1:00:00');
    expect(formatRemaining(2 * 3_600_000 + 5 * 60_000 + 1_000)).toBe('2:05:01');
  });
  it('rounds a part second up, so zero shows only when the time is up', () => {
    expect(formatRemaining(1)).toBe('00:01');
    expect(formatRemaining(0)).toBe('00:00');
    expect(formatRemaining(-5000)).toBe('00:00');
  });
});

import { describe, expect, it } from 'vitest';
import { FLUSH_EVERY_MS, WriteGroup } from './write-group.js';

/** A `write` whose calls the test ends one by one; records each batch. */
function controlledWrite() {
  const batches: number[][] = [];
  const ends: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve) => {
      batches.push(items);
      ends.push(() => resolve(items.map((item) => item * 10)));
    });
  return { batches, ends, write };
}

const gathered = () => new Promise((resolve) => setTimeout(resolve, FLUSH_EVERY_MS * 3));

describe('WriteGroup', () => {
  it('writes what gathered together and answers each caller its own result', async () => {
    const { batches, ends, write } = controlledWrite();
    const group = new WriteGroup(write);
    const answers = [group.add(1), group.add(2), group.add(3)];
    await gathered();
    expect(batches).toEqual([[1, 2, 3]]);
    ends[0]!();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('one batch at a time by default; with concurrency 2, two overlap and the third waits', async () => {
    for (const concurrency of [1, 2]) {
      const { batches, ends, write } = controlledWrite();
      const group = new WriteGroup(write, concurrency);
      const answers = [group.add(1)];
      await gathered();
      answers.push(group.add(2));
      await gathered();
      answers.push(group.add(3));
      await gathered();
      expect(batches).toEqual(concurrency === 1 ? [[1]] : [[1], [2]]);
      ends[0]!();
      await answers[0];
      await gathered();
      // The first slot freed: what waited goes at once.
      expect(batches).toEqual(concurrency === 1 ? [[1], [2, 3]] : [[1], [2], [3]]);
      for (const end of ends.slice(1)) end();
      expect(await Promise.all(answers)).toEqual([10, 20, 30]);
    }
  });

  it('drain waits for what is pending and in flight, not for what comes after', async () => {
    const { batches, ends, write } = controlledWrite();
    const group = new WriteGroup(write, 2);
    void group.add(1);
    await gathered();
    void group.add(2);
    let drained = false;
    const draining = group.drain().then(() => (drained = true));
    // Pending 2 went at once; a later item waits for its own flush, not the drain.
    void group.add(3);
    await gathered();
    expect(batches).toEqual([[1], [2]]);
    ends[1]!();
    await gathered();
    expect(drained).toBe(false);
    ends[0]!();
    await draining;
    expect(batches).toEqual([[1], [2], [3]]);
    ends[2]!();
  });
});

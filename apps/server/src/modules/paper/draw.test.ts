import { describe, expect, it } from 'vitest';
import {
  drawByRules,
  largestRemainder,
  matchesRule,
  pick,
  planBlueprint,
  seededRandom,
  swapCandidate,
  type BlueprintPoint,
  type DrawRule,
  type PoolQuestion,
} from './draw.js';

const rule = (fields: Partial<DrawRule>): DrawRule => ({
  type: 0,
  count: 1,
  difficulty: null,
  courseId: null,
  pointId: null,
  tags: [],
  ...fields,
});

/** 60 questions: types 0–2, difficulties 1–5, courses 1–2, points 11, 12, 21, a tag on every 4th. */
const pool: PoolQuestion[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  type: i % 3,
  difficulty: (i % 5) + 1,
  courseId: i < 30 ? 1 : 2,
  pointId: i < 15 ? 11 : i < 30 ? 12 : 21,
  tags: i % 4 === 0 ? ['安全'] : [],
}));

describe('seeded randomness', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom('paper-1');
    const b = seededRandom('paper-1');
    const c = seededRandom('paper-2');
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it('picks the same items whatever order the pool comes in', () => {
    const shuffled = [...pool].reverse();
    expect(pick(shuffled, 7, seededRandom('s')).map((q) => q.id)).toEqual(
      pick(pool, 7, seededRandom('s')).map((q) => q.id),
    );
  });
});

describe('rules', () => {
  it('match type, difficulty range, course, point and every tag', () => {
    const q = pool[12]!; // type 0, difficulty 3, course 1, point 11, tag
    expect(matchesRule(q, rule({ type: 0 }))).toBe(true);
    expect(matchesRule(q, rule({ type: 1 }))).toBe(false);
    expect(matchesRule(q, rule({ difficulty: [3, 3] }))).toBe(true);
    expect(matchesRule(q, rule({ difficulty: [4, 5] }))).toBe(false);
    expect(matchesRule(q, rule({ courseId: 1, pointId: 11 }))).toBe(true);
    expect(matchesRule(q, rule({ pointId: 12 }))).toBe(false);
    expect(matchesRule(q, rule({ tags: ['安全'] }))).toBe(true);
    expect(matchesRule(q, rule({ tags: ['安全', '电工'] }))).toBe(false);
  });

  it('draws each rule from what it matches, never a question twice, repeatably from the seed', () => {
    const sections = [
      [rule({ type: 0, count: 5 }), rule({ type: 0, count: 5, courseId: 1 })],
      [rule({ type: 1, count: 4 })],
    ];
    const first = drawByRules(sections, pool, 'seed-a');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const all = first.sections.flat();
    expect(new Set(all).size).toBe(14);
    expect(first.sections[0]!.slice(5).every((id) => pool[id - 1]!.courseId === 1)).toBe(true);
    expect(first.sections[1]!.every((id) => pool[id - 1]!.type === 1)).toBe(true);
    expect(drawByRules(sections, [...pool].reverse(), 'seed-a')).toEqual(first);
    expect(drawByRules(sections, pool, 'seed-b')).not.toEqual(first);
  });

  it('leaves out what the paper already holds', () => {
    const taken = new Set(
      pool
        .filter((q) => q.type === 2)
        .slice(0, 15)
        .map((q) => q.id),
    );
    const drawn = drawByRules([[rule({ type: 2, count: 5 })]], pool, 's', taken);
    expect(drawn).toEqual({ ok: true, sections: [expect.any(Array)] });
    if (drawn.ok) expect(drawn.sections[0]!.some((id) => taken.has(id))).toBe(false);
    expect(drawByRules([[rule({ type: 2, count: 6 })]], pool, 's', taken)).toMatchObject({
      ok: false,
    });
  });

  it('names every rule the pool cannot meet, with what it needs and what is left', () => {
    // Type 0 at difficulty 3: ids 13, 28, 43, 58 (i % 15 === 12): 4 questions.
    const drawn = drawByRules(
      [
        [
          rule({ type: 0, count: 2, difficulty: [3, 3] }),
          rule({ type: 0, count: 3, difficulty: [3, 3] }),
        ],
        [rule({ type: 5, count: 1 })],
      ],
      pool,
      's',
    );
    expect(drawn).toEqual({
      ok: false,
      shortfalls: [
        { section: 0, rule: 1, needs: 3, available: 2 },
        { section: 1, rule: 0, needs: 1, available: 0 },
      ],
    });
  });

  it('swaps one question for another meeting the same rule and not in the paper', () => {
    const r = rule({ type: 1, courseId: 2 });
    const inPaper = new Set(
      pool
        .filter((q) => q.type === 1 && q.courseId === 2)
        .slice(0, 9)
        .map((q) => q.id),
    );
    const other = swapCandidate(r, pool, inPaper, 'x');
    expect(other).toBeDefined();
    expect(inPaper.has(other!.id)).toBe(false);
    expect(matchesRule(other!, r)).toBe(true);
    inPaper.add(other!.id);
    expect(swapCandidate(r, pool, inPaper, 'x')).toBeUndefined();
  });
});

describe('the blueprint', () => {
  it('spreads by largest remainder: shares floored, then the largest remainders, earlier first on ties', () => {
    expect(largestRemainder([50, 30, 20], 10)).toEqual([5, 3, 2]);
    expect(largestRemainder([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(largestRemainder([60, 25, 15], 7)).toEqual([4, 2, 1]);
    expect(largestRemainder([0, 0], 3)).toEqual([2, 1]);
    expect(largestRemainder([5, 0], 3)).toEqual([3, 0]);
    expect(largestRemainder([], 3)).toEqual([]);
  });

  const points: BlueprintPoint[] = [
    { id: 1, courseId: 1, importance: 'X', weight: 40 },
    { id: 2, courseId: 1, importance: 'Y', weight: 30 },
    { id: 3, courseId: 2, importance: 'X', weight: 2 },
    { id: 4, courseId: 2, importance: 'Z', weight: 28 },
  ];
  const totals = (plan: Map<number, number>[]) =>
    Object.fromEntries(points.map((p) => [p.id, plan.reduce((s, m) => s + (m.get(p.id) ?? 0), 0)]));

  it('spreads each type over the points by weight when the count allows Z points', () => {
    const plan = planBlueprint(points, [10, 10]);
    // Shares per type 4, 3, 0.2, 2.8 → 4, 3, 0, 3; the uncovered X point 3 then takes one from point 1.
    expect(totals(plan)).toEqual({ 1: 7, 2: 6, 3: 1, 4: 6 });
    expect(plan.map((m) => [...m.values()].reduce((a, b) => a + b, 0))).toEqual([10, 10]);
  });

  it('leaves Z points out when there are fewer questions than points, and covers every X point', () => {
    const plan = planBlueprint(points, [3]);
    const t = totals(plan);
    expect(t[4]).toBe(0);
    expect(t[1]).toBeGreaterThan(0);
    expect(t[3]).toBeGreaterThan(0);
    expect(t[1]! + t[2]! + t[3]!).toBe(3);
  });
});

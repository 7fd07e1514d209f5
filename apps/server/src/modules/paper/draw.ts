/**
 * Drawing a paper's questions from the bank: by rules and by appraisal-point blueprint. Pure
 * functions over an in-memory pool, so that a draw is the same wherever it runs: random, but
 * repeatable from its seed (the same seed, rules and pool give the same questions).
 */

/** What a draw needs to know of an eligible bank question (approved, not retired, of the paper's job type and level). */
export interface PoolQuestion {
  id: number;
  type: number;
  difficulty: number;
  courseId: number;
  pointId: number | null;
  tags: readonly string[];
}

export interface DrawRule {
  type: number;
  count: number;
  /** Inclusive range; null: any difficulty. */
  difficulty: readonly [number, number] | null;
  courseId: number | null;
  pointId: number | null;
  /** Every one of these tags (none: any). */
  tags: readonly string[];
}

/** A rule the pool cannot meet: `available` questions match it once earlier rules took theirs. */
export interface Shortfall {
  section: number;
  rule: number;
  needs: number;
  available: number;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness: sfc32 seeded by a cyrb128 hash of the seed text and what is drawn.

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** A generator of numbers in [0, 1), the same sequence for the same seed text. */
export function seededRandom(seed: string): () => number {
  let [a, b, c, d] = cyrb128(seed);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** `count` items of `items` (ordered by id first, so the pool's order never matters), chosen at random. */
export function pick<T extends { id: number }>(
  items: readonly T[],
  count: number,
  random: () => number,
): T[] {
  const inOrder = items.every((item, i) => i === 0 || items[i - 1]!.id < item.id);
  // The pool comes ordered by id from the database: sorting it again would cost more than the draw.
  const sorted = inOrder ? [...items] : [...items].sort((x, y) => x.id - y.id);
  const n = Math.min(count, sorted.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (sorted.length - i));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return sorted.slice(0, n);
}

export function matchesRule(question: PoolQuestion, rule: DrawRule): boolean {
  if (question.type !== rule.type) return false;
  if (rule.difficulty) {
    const [low, high] = rule.difficulty;
    if (question.difficulty < low || question.difficulty > high) return false;
  }
  if (rule.courseId !== null && question.courseId !== rule.courseId) return false;
  if (rule.pointId !== null && question.pointId !== rule.pointId) return false;
  return rule.tags.every((tag) => question.tags.includes(tag));
}

/**
 * Fills each section from its rules, in order, never taking a question twice in the paper
 * (`taken` holds the questions the paper already has elsewhere). Either every rule is met, or
 * the answer lists every rule that is not.
 */
export function drawByRules(
  sections: readonly (readonly DrawRule[])[],
  pool: readonly PoolQuestion[],
  seed: string,
  taken: ReadonlySet<number> = new Set(),
): { ok: true; sections: number[][] } | { ok: false; shortfalls: Shortfall[] } {
  const used = new Set(taken);
  const shortfalls: Shortfall[] = [];
  const drawn = sections.map((rules, section) =>
    rules.flatMap((rule, index) => {
      const candidates = pool.filter((q) => !used.has(q.id) && matchesRule(q, rule));
      if (candidates.length < rule.count) {
        shortfalls.push({ section, rule: index, needs: rule.count, available: candidates.length });
        return [];
      }
      const chosen = pick(candidates, rule.count, seededRandom(`${seed}/${section}/${index}`));
      for (const question of chosen) used.add(question.id);
      return chosen.map((question) => question.id);
    }),
  );
  return shortfalls.length > 0 ? { ok: false, shortfalls } : { ok: true, sections: drawn };
}

/**
 * Another question for one drawn by `rule`: one that meets the same rule and is not in the paper
 * (`inPaper`), chosen at random from `seed`; undefined when the pool holds none.
 */
export function swapCandidate(
  rule: DrawRule,
  pool: readonly PoolQuestion[],
  inPaper: ReadonlySet<number>,
  seed: string,
): PoolQuestion | undefined {
  const candidates = pool.filter((q) => !inPaper.has(q.id) && matchesRule(q, rule));
  return pick(candidates, 1, seededRandom(seed))[0];
}

// ---------------------------------------------------------------------------------------------
// The appraisal-point blueprint (鉴定要素细目表)

export type Importance = 'X' | 'Y' | 'Z';

/** An appraisal point with its weight in the paper: its course's weight times its own. */
export interface BlueprintPoint {
  id: number;
  courseId: number;
  importance: Importance;
  /** Any positive measure; only proportions matter. */
  weight: number;
}

/**
 * Spreads `total` over weights by the largest remainder: each gets the whole part of its share,
 * then the largest fractional parts take one more each (ties: the earlier entry) until the sum is
 * `total`. Zero weights get nothing unless every weight is zero (then all are equal).
 */
export function largestRemainder(weights: readonly number[], total: number): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? (w / sum) * total : total / weights.length));
  const counts = shares.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return counts;
}

/**
 * How many questions of each type go to each point. Z points take part only when the paper has at
 * least one question per point (X, Y and Z); otherwise the count goes to X and Y points alone. The
 * count of each type is spread by weight (largest remainder); then every X point left with no
 * question at all takes one from the point and type holding the most (while that point keeps at
 * least one), so the paper covers every X point whenever it has at least as many questions as
 * there are X points.
 *
 * Returns plan[typeIndex] = Map(pointId → count).
 */
export function planBlueprint(
  points: readonly BlueprintPoint[],
  typeCounts: readonly number[],
): Map<number, number>[] {
  const total = typeCounts.reduce((a, b) => a + b, 0);
  const taking = total >= points.length ? points : points.filter((p) => p.importance !== 'Z');
  const plan = typeCounts.map((count) => {
    const counts = largestRemainder(
      taking.map((p) => p.weight),
      count,
    );
    return new Map(taking.map((p, index) => [p.id, counts[index]!]));
  });
  const totalOf = (pointId: number) =>
    plan.reduce((sum, byPoint) => sum + (byPoint.get(pointId) ?? 0), 0);
  for (const point of taking) {
    if (point.importance !== 'X' || totalOf(point.id) > 0) continue;
    // The richest (type, point) that can give one away and stay covered.
    let best: { type: number; pointId: number; count: number } | undefined;
    plan.forEach((byPoint, type) => {
      for (const [pointId, count] of byPoint) {
        const giver = taking.find((p) => p.id === pointId)!;
        const keepsCover = totalOf(pointId) > 1 || giver.importance !== 'X';
        if (count > 0 && keepsCover && (!best || count > best.count))
          best = { type, pointId, count };
      }
    });
    if (!best) break;
    plan[best.type]!.set(best.pointId, best.count - 1);
    // The taker gets the type the giver gave up.
    plan[best.type]!.set(point.id, (plan[best.type]!.get(point.id) ?? 0) + 1);
  }
  return plan;
}

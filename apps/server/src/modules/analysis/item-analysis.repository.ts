import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GroupCuts } from './psychometrics.js';

/**
 * The reads of item analysis. Answers are added up in the database (one grouped scan of the
 * exam's answers per call), never loaded one by one: 10,000 attempts × 100 questions are a
 * million rows. A candidate counts when their attempt is finished and their total is known
 * (exam_candidates.score: the objective score plus every marked final, after arbitration and key
 * corrections, docs/marking-storage.md "Totals").
 */

/** Per question: Σ x, Σ x², Σ x·t, the groups' Σ x, answers given, positive scores. */
export interface ItemSumRow {
  itemId: string;
  /** The stored value, for a choice question's groups; else null. */
  choice: string | null;
  rows: number;
  answered: number;
  positive: number;
  sx: number;
  sxx: number;
  sxt: number;
  upper: number;
  lower: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** JSON of an empty answer as the attempt module stores it. */
const EMPTY_VALUES = ['""', '[]', 'null'];

export class ItemAnalysisRepository {
  constructor(private readonly db: Db) {}

  exam(examId: number) {
    return this.db
      .selectFrom('exams')
      .leftJoin('paper_versions', 'paper_versions.id', 'exams.paper_version_id')
      .select([
        'exams.id',
        'exams.name',
        'exams.status',
        'exams.paper_version_id',
        'exams.released_at',
        'paper_versions.snapshot',
        'paper_versions.total_score',
      ])
      .where('exams.id', '=', examId)
      .executeTakeFirst();
  }

  /** Every candidate with their attempt (if any): absent ones have none or an unfinished one. */
  candidates(examIds: number[]) {
    return this.db
      .selectFrom('exam_candidates as c')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select(['c.exam_id', 'c.score', 'a.id as attemptId', 'a.seed', 'a.finished_at'])
      .where('c.exam_id', 'in', examIds)
      .execute();
  }

  /**
   * The sums of each question's scores over the analysed candidates of the exam, in one grouped
   * scan; `cuts` puts each candidate in the upper or lower group by (total, attempt id) as
   * psychometrics.groupCuts does. Answers of the questions in `choiceIds` are grouped by their
   * stored value too (paper keys: a few groups each), so that the same scan counts the options;
   * the caller adds a question's groups up.
   */
  async itemSums(
    examId: number,
    cuts: GroupCuts | null,
    options: { choiceIds?: string[]; itemIds?: string[] } = {},
  ): Promise<ItemSumRow[]> {
    // Each answer is put in a group by its question, score, choice, candidate group and whether
    // it is empty; a group carries only its count and its candidates' Σ total. Every sum is
    // worked out from the groups here: fewer expressions per answer than summing each in SQL.
    const x = sql<number>`coalesce(aa.score, 0)`;
    const group = cuts
      ? sql<number>`case when c.score > ${cuts.upper.total} or (c.score = ${cuts.upper.total} and a.id <= ${cuts.upper.attemptId}) then 1 when c.score < ${cuts.lower.total} or (c.score = ${cuts.lower.total} and a.id >= ${cuts.lower.attemptId}) then 2 else 0 end`
      : sql<number>`0`;
    const choiceIds = options.choiceIds ?? [];
    const choice =
      choiceIds.length > 0
        ? sql<
            string | null
          >`case when aa.item_id in (${sql.join(choiceIds)}) then aa.value else null end`
        : sql<string | null>`null`;
    const empty = sql<number>`case when aa.value in (${sql.join(EMPTY_VALUES)}) then 1 else 0 end`;
    let query = this.db
      .selectFrom('attempt_answers as aa')
      .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .select((eb) => [
        'aa.item_id as itemId',
        choice.as('choice'),
        x.as('x'),
        group.as('grp'),
        empty.as('empty'),
        eb.fn.countAll<number>().as('n'),
        sql<number>`sum(c.score)`.as('st'),
      ])
      .where('a.exam_id', '=', examId)
      .where('a.finished_at', 'is not', null)
      .where('c.score', 'is not', null);
    if (options.itemIds) query = query.where('aa.item_id', 'in', options.itemIds);
    // By position: PostgreSQL would not see the CASEs' parameters repeated as the same expression.
    const rows = await query.groupBy([sql`1`, sql`2`, sql`3`, sql`4`, sql`5`]).execute();
    const byKey = new Map<string, ItemSumRow>();
    for (const row of rows) {
      const key = `${row.itemId}\u0000${row.choice ?? ''}`;
      let sum = byKey.get(key);
      if (!sum) {
        sum = {
          itemId: row.itemId,
          choice: row.choice,
          rows: 0,
          answered: 0,
          positive: 0,
          sx: 0,
          sxx: 0,
          sxt: 0,
          upper: 0,
          lower: 0,
        };
        byKey.set(key, sum);
      }
      const n = num(row.n);
      const score = num(row.x);
      sum.rows += n;
      if (num(row.empty) === 0) sum.answered += n;
      if (score > 0) sum.positive += n;
      sum.sx += score * n;
      sum.sxx += score * score * n;
      sum.sxt += score * num(row.st);
      if (num(row.grp) === 1) sum.upper += score * n;
      if (num(row.grp) === 2) sum.lower += score * n;
    }
    return [...byKey.values()];
  }

  /** Right answers per analysed attempt (for KR-20 when questions are worth different points). */
  async rightCounts(examId: number) {
    const rows = await this.db
      .selectFrom('attempt_answers as aa')
      .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .select((eb) => ['aa.attempt_id as attemptId', eb.fn.countAll<number>().as('count')])
      .where('a.exam_id', '=', examId)
      .where('a.finished_at', 'is not', null)
      .where('c.score', 'is not', null)
      .where('aa.score', '>', 0)
      .groupBy('aa.attempt_id')
      .execute();
    return rows.map((row) => ({ attemptId: row.attemptId, count: num(row.count) }));
  }

  /**
   * What changes when an exam's final scores change: its latest score-log entry (marks,
   * arbitration, audits, key corrections are all logged) and its finished attempts.
   */
  async scoresVersion(examId: number): Promise<string> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('score_log')
          .select((e) => e.fn.max('id').as('n'))
          .where('exam_id', '=', examId)
          .as('log'),
        eb
          .selectFrom('attempts')
          .select((e) => e.fn.countAll().as('n'))
          .where('exam_id', '=', examId)
          .where('finished_at', 'is not', null)
          .as('finished'),
        eb
          .selectFrom('attempts')
          .select((e) => e.fn.max('id').as('n'))
          .where('exam_id', '=', examId)
          .as('latest'),
      ])
      .executeTakeFirstOrThrow();
    return `${num(row.log)}/${num(row.finished)}/${num(row.latest)}`;
  }

  knowledge(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('knowledge')
      .select(['id', 'code', 'name', 'importance', 'type'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Released exams with their paper versions, for the bank's figures. */
  releasedExams() {
    return this.db
      .selectFrom('exams')
      .select(['id', 'paper_version_id', 'released_at'])
      .where('released_at', 'is not', null)
      .where('paper_version_id', 'is not', null)
      .execute();
  }

  async snapshots(versionIds: number[]) {
    if (versionIds.length === 0) return [];
    return this.db
      .selectFrom('paper_versions')
      .select(['id', 'snapshot'])
      .where('id', 'in', versionIds)
      .execute();
  }

  /** The exam's kept item analysis (JSON) if worked out for `scoresKey`; else undefined. */
  async keptFigures(examId: number, scoresKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('item_analysis_figures')
      .select('view')
      .where('exam_id', '=', examId)
      .where('scores_key', '=', scoresKey)
      .executeTakeFirst();
    return row?.view;
  }

  /** Keeps the exam's item analysis for `scoresKey` (one row per exam: the latest wins). */
  async keepFigures(examId: number, scoresKey: string, view: string, now: string) {
    await this.db
      .insertInto('item_analysis_figures')
      .values({ exam_id: examId, scores_key: scoresKey, view, computed_at: now })
      .onConflict((oc) =>
        oc.column('exam_id').doUpdateSet({ scores_key: scoresKey, view, computed_at: now }),
      )
      .execute();
  }
}

import { RoleKey } from '@kaoshi/shared';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, MarkingAnswersTable, ScoreLogTable } from '../../db/types.js';
import type { visibleExams } from '../../lib/access.js';

type AnswerScope = ExpressionBuilder<Database & { ma: MarkingAnswersTable }, 'ma'>;

/**
 * `arbitration = 0` written as a literal: SQLite and PostgreSQL use a partial index (the open
 * pool, 0011) only when they can see the query's terms imply its WHERE.
 */
const OPEN = sql.lit<number>(0);

/** Rows per insert: SQLite binds at most 32,766 parameters per statement. */
const INSERT_CHUNK = 500;

export interface PlanValues {
  mode: string;
  double_marking: number;
  tolerance: number;
  step: number;
  audit_share: number;
}

/**
 * Answers to mark with what the candidate wrote (`value`) and their attempt's `seed` and
 * `paper_version_id` (to find the question as the candidate sat it): the one join of
 * marking_answers, attempt_answers and attempts, for the desk, arbitration and the group audit.
 */
export function answersWithValue(db: Db) {
  return db
    .selectFrom('marking_answers')
    .innerJoin('attempt_answers', (join) =>
      join
        .onRef('attempt_answers.attempt_id', '=', 'marking_answers.attempt_id')
        .onRef('attempt_answers.item_id', '=', 'marking_answers.item_id'),
    )
    .innerJoin('attempts', 'attempts.id', 'marking_answers.attempt_id')
    .selectAll('marking_answers')
    .select(['attempt_answers.value', 'attempts.seed', 'attempts.paper_version_id']);
}

/** Reads and writes of marking (docs/marking-storage.md); the service owns the rules. */
export class MarkingRepository {
  constructor(private readonly db: Db) {}

  exam(examId: number) {
    return this.db
      .selectFrom('exams')
      .select([
        'id',
        'name',
        'status',
        'paper_version_id',
        'start_at',
        'end_at',
        'released_at',
        'pass_score',
      ])
      .where('id', '=', examId)
      .executeTakeFirst();
  }

  plan(examId: number) {
    return this.db
      .selectFrom('marking_plans')
      .selectAll()
      .where('exam_id', '=', examId)
      .executeTakeFirst();
  }

  assignments(examId: number) {
    return this.db
      .selectFrom('marking_assignments')
      .select(['item_id', 'marker_id'])
      .where('exam_id', '=', examId)
      .orderBy('item_id')
      .orderBy('marker_id')
      .execute();
  }

  async isAssigned(examId: number, itemId: string, markerId: number) {
    const row = await this.db
      .selectFrom('marking_assignments')
      .select('marker_id')
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .where('marker_id', '=', markerId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasMarks(examId: number) {
    const row = await this.db
      .selectFrom('marking_marks')
      .innerJoin('marking_answers', 'marking_answers.id', 'marking_marks.answer_id')
      .select('marking_marks.id')
      .where('marking_answers.exam_id', '=', examId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of `ids`, the enabled users who hold `key` through a role, or hold SUPER_ADMIN. */
  async usersHolding(ids: readonly number[], key: string): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('users.id')
      .distinct()
      .where('users.id', 'in', [...ids])
      .where((eb) =>
        eb.or([eb('roles.key', '=', RoleKey.SUPER_ADMIN), eb('permissions.key', '=', key)]),
      )
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async savePlan(
    trx: Db,
    examId: number,
    values: PlanValues,
    assignments: readonly { itemId: string; markerId: number }[],
    by: { userId: number; at: string },
  ) {
    await trx
      .insertInto('marking_plans')
      .values({ exam_id: examId, ...values, updated_by: by.userId, updated_at: by.at })
      .onConflict((oc) =>
        oc.column('exam_id').doUpdateSet({ ...values, updated_by: by.userId, updated_at: by.at }),
      )
      .execute();
    await trx.deleteFrom('marking_assignments').where('exam_id', '=', examId).execute();
    for (let i = 0; i < assignments.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('marking_assignments')
        .values(
          assignments.slice(i, i + INSERT_CHUNK).map((a) => ({
            exam_id: examId,
            item_id: a.itemId,
            marker_id: a.markerId,
          })),
        )
        .execute();
    }
  }

  /**
   * What can still add attempts to enrol, read from indexes alone: the exam's end, its latest
   * attempt and whether any attempt is unfinished (null when none).
   */
  enrolmentState(examId: number) {
    return this.db
      .selectFrom('exams as e')
      .select((eb) => [
        'e.end_at',
        eb
          .selectFrom('attempts as a')
          .select((inner) => inner.fn.max<number>('a.id').as('id'))
          .whereRef('a.exam_id', '=', 'e.id')
          .as('last_attempt'),
        eb
          .selectFrom('attempts as a')
          .select('a.id')
          .whereRef('a.exam_id', '=', 'e.id')
          .where('a.finished_at', 'is', null)
          .limit(1)
          .as('unfinished'),
      ])
      .where('e.id', '=', examId)
      .executeTakeFirst();
  }

  /** Finished attempts with answers to mark that have no marking rows yet. */
  unenrolledAttempts(examId: number) {
    return this.db
      .selectFrom('attempts')
      .select(['attempts.id', 'attempts.seed', 'attempts.paper_version_id'])
      .where('attempts.exam_id', '=', examId)
      .where('attempts.finished_at', 'is not', null)
      .where('attempts.pending_marking', '>', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('marking_answers')
              .select('marking_answers.id')
              .whereRef('marking_answers.attempt_id', '=', 'attempts.id'),
          ),
        ),
      )
      .execute();
  }

  answersOfAttempts(attemptIds: readonly number[]) {
    return this.db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'item_id', 'value'])
      .where('attempt_id', 'in', [...attemptIds])
      .execute();
  }

  /** Idempotent: another process enrolling the same attempt at once changes nothing. */
  async enroll(rows: readonly Insertable<MarkingAnswersTable>[]) {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('marking_answers')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['attempt_id', 'item_id']).doNothing())
        .execute();
    }
  }

  answer(answerId: number, db: Db = this.db) {
    return answersWithValue(db).where('marking_answers.id', '=', answerId).executeTakeFirst();
  }

  /** The answer this marker holds on the question now, if any (a reload gets it back). */
  async held(examId: number, itemId: string, markerId: number, now: string) {
    const row = await this.db
      .selectFrom('marking_answers')
      .select('id')
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .where('lease_marker_id', '=', markerId)
      .where('lease_until', '>', now)
      .where('final_score', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Answers this marker could claim now, in pool order. */
  async claimable(
    examId: number,
    itemId: string,
    markerId: number,
    needed: number,
    now: string,
    limit: number,
  ) {
    const rows = await this.db
      .selectFrom('marking_answers as ma')
      .select('ma.id')
      .where('ma.exam_id', '=', examId)
      .where('ma.item_id', '=', itemId)
      .where('ma.final_score', 'is', null)
      .where('ma.arbitration', '=', OPEN)
      .where('ma.marks_done', '<', needed)
      .where((eb) => eb.or([eb('ma.lease_until', 'is', null), eb('ma.lease_until', '<', now)]))
      .where((eb) => eb.not(eb.exists(this.markBy(eb, markerId))))
      // In the open pool's index order, so the scan stops at the limit (0011).
      .orderBy('ma.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The answer this marker holds now on any of `itemIds` (candidate mode), if any. */
  async heldAmong(examId: number, itemIds: readonly string[], markerId: number, now: string) {
    if (itemIds.length === 0) return undefined;
    const row = await this.db
      .selectFrom('marking_answers')
      .select('id')
      .where('exam_id', '=', examId)
      .where('item_id', 'in', [...itemIds])
      .where('lease_marker_id', '=', markerId)
      .where('lease_until', '>', now)
      .where('final_score', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The attempt of this marker's latest mark in the exam (candidate mode goes on with it). */
  async lastMarkedAttempt(examId: number, markerId: number) {
    const row = await this.db
      .selectFrom('marking_marks as mk')
      .innerJoin('marking_answers as ma', 'ma.id', 'mk.answer_id')
      .select('ma.attempt_id')
      .where('ma.exam_id', '=', examId)
      .where('mk.marker_id', '=', markerId)
      .orderBy('mk.id', 'desc')
      .executeTakeFirst();
    return row?.attempt_id;
  }

  /**
   * Answers of `itemIds` this marker could claim now, by candidate (attempt), for candidate
   * mode; only `attemptId`'s when given.
   */
  claimableByCandidate(
    examId: number,
    itemIds: readonly string[],
    markerId: number,
    needed: number,
    now: string,
    options: { attemptId?: number; limit: number },
  ) {
    if (itemIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('marking_answers as ma')
      .select(['ma.id', 'ma.attempt_id', 'ma.item_id'])
      .where('ma.exam_id', '=', examId)
      .where('ma.item_id', 'in', [...itemIds])
      .where('ma.final_score', 'is', null)
      .where('ma.arbitration', '=', OPEN)
      .where('ma.marks_done', '<', needed)
      .where((eb) => eb.or([eb('ma.lease_until', 'is', null), eb('ma.lease_until', '<', now)]))
      .where((eb) => eb.not(eb.exists(this.markBy(eb, markerId))));
    if (options.attemptId !== undefined) {
      query = query.where('ma.attempt_id', '=', options.attemptId);
    }
    return query.orderBy('ma.attempt_id').orderBy('ma.id').limit(options.limit).execute();
  }

  /** A mark by `markerId` on the outer `ma` answer in its current cycle. */
  private markBy(eb: AnswerScope, markerId: number) {
    return eb
      .selectFrom('marking_marks as mk')
      .select('mk.id')
      .whereRef('mk.answer_id', '=', 'ma.id')
      .whereRef('mk.cycle', '=', 'ma.cycle')
      .where('mk.marker_id', '=', markerId);
  }

  /**
   * The claim: ONE conditional UPDATE, true when this marker got the answer. Two markers racing
   * for it cannot both win: the second finds the lease taken (PostgreSQL re-checks the WHERE
   * after waiting for the first's row lock; SQLite runs writes one at a time).
   */
  async claim(
    answerId: number,
    markerId: number,
    needed: number,
    now: string,
    until: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('marking_answers as ma')
      .set({ lease_marker_id: markerId, lease_until: until })
      .where('ma.id', '=', answerId)
      .where('ma.final_score', 'is', null)
      .where('ma.arbitration', '=', 0)
      .where('ma.marks_done', '<', needed)
      .where((eb) => eb.or([eb('ma.lease_until', 'is', null), eb('ma.lease_until', '<', now)]))
      .where((eb) => eb.not(eb.exists(this.markBy(eb, markerId))))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Counts for "Next": answers not yet fully marked (read from the open pool's index alone), and
   * this marker's marks this cycle (from their own marks, each answer found by its key, never
   * the whole pool).
   */
  async deskCounts(examId: number, itemId: string, markerId: number, needed: number) {
    const [left, mine] = await Promise.all([
      this.db
        .selectFrom('marking_answers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .where('item_id', '=', itemId)
        .where('final_score', 'is', null)
        .where('arbitration', '=', OPEN)
        .where('marks_done', '<', needed)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('marking_marks as mk')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mk.marker_id', '=', markerId)
        // Each mark's answer found by its key alone (the question compared in the CASE, not the
        // WHERE): as a join, or with the question in the WHERE, PostgreSQL without fresh
        // statistics (right after enrolment) walked the pool index once per mark.
        .where('mk.cycle', '=', (eb) =>
          eb
            .selectFrom('marking_answers as ma')
            .select((inner) =>
              inner
                .case()
                .when(
                  inner.and([inner('ma.exam_id', '=', examId), inner('ma.item_id', '=', itemId)]),
                )
                .then(inner.ref('ma.cycle'))
                .end()
                .as('cycle'),
            )
            .whereRef('ma.id', '=', 'mk.answer_id'),
        )
        .executeTakeFirstOrThrow(),
    ]);
    return { left: Number(left.n), mine: Number(mine.n) };
  }

  marksOf(trx: Db, answerId: number, cycle: number) {
    return trx
      .selectFrom('marking_marks')
      .selectAll()
      .where('answer_id', '=', answerId)
      .where('cycle', '=', cycle)
      .orderBy('round')
      .execute();
  }

  /** Takes the answer's row lock first, so revisions and a second mark never interleave. */
  async lockAnswer(trx: Db, answerId: number) {
    await trx
      .updateTable('marking_answers')
      .set({ marks_done: sql`marks_done` })
      .where('id', '=', answerId)
      .execute();
    return trx
      .selectFrom('marking_answers')
      .selectAll()
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
  }

  /**
   * Records a new mark of the lease holder: counted and the lease released only while the
   * marker still holds the answer (nobody took it over after the lease expired).
   */
  async addMark(
    trx: Db,
    answer: { id: number; cycle: number; marks_done: number },
    mark: { markerId: number; score: number; comment: string; at: string },
  ): Promise<boolean> {
    const taken = await trx
      .updateTable('marking_answers')
      .set({ marks_done: answer.marks_done + 1, lease_marker_id: null, lease_until: null })
      .where('id', '=', answer.id)
      .where('lease_marker_id', '=', mark.markerId)
      .where('marks_done', '=', answer.marks_done)
      .where('final_score', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('marking_marks')
      .values({
        answer_id: answer.id,
        cycle: answer.cycle,
        round: answer.marks_done + 1,
        marker_id: mark.markerId,
        score: mark.score,
        comment: mark.comment,
        created_at: mark.at,
        updated_at: mark.at,
      })
      .execute();
    return true;
  }

  async reviseMark(trx: Db, markId: number, score: number, comment: string, at: string) {
    await trx
      .updateTable('marking_marks')
      .set({ score, comment, updated_at: at })
      .where('id', '=', markId)
      .execute();
  }

  /** Sets the answer's outcome: final score (or none) and whether it waits for arbitration. */
  async setOutcome(
    trx: Db,
    answer: { id: number; attempt_id: number; item_id: string },
    outcome: { final: number | null; arbitration: boolean; at: string },
  ) {
    await trx
      .updateTable('marking_answers')
      .set({
        final_score: outcome.final,
        finalized_at: outcome.final === null ? null : outcome.at,
        arbitration: outcome.arbitration ? 1 : 0,
      })
      .where('id', '=', answer.id)
      .execute();
    await trx
      .updateTable('attempt_answers')
      .set({ score: outcome.final })
      .where('attempt_id', '=', answer.attempt_id)
      .where('item_id', '=', answer.item_id)
      .execute();
  }

  /** Claims the arbitration: one conditional UPDATE, so two arbiters cannot both decide. */
  async arbitrate(
    trx: Db,
    answer: { id: number; cycle: number },
    decision: { score: number; arbiterId: number; comment: string; at: string },
  ): Promise<boolean> {
    const taken = await trx
      .updateTable('marking_answers')
      .set({ arbitration: 0, final_score: decision.score, finalized_at: decision.at })
      .where('id', '=', answer.id)
      .where('arbitration', '=', 1)
      .where('cycle', '=', answer.cycle)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('marking_arbitrations')
      .values({
        answer_id: answer.id,
        cycle: answer.cycle,
        score: decision.score,
        arbiter_id: decision.arbiterId,
        comment: decision.comment,
        created_at: decision.at,
      })
      .execute();
    return true;
  }

  async arbitrated(answerId: number, cycle: number, db: Db = this.db) {
    const row = await db
      .selectFrom('marking_arbitrations')
      .select('id')
      .where('answer_id', '=', answerId)
      .where('cycle', '=', cycle)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The attempt's total once every marked answer is final: objective + marked, pass or fail;
   * until then no total. Takes the attempt's row lock first, so that two answers of one
   * attempt becoming final at once both count.
   */
  async refreshAttempt(trx: Db, attemptId: number) {
    await trx
      .updateTable('attempts')
      .set({ pending_marking: sql`pending_marking` })
      .where('id', '=', attemptId)
      .execute();
    const attempt = await trx
      .selectFrom('attempts')
      .innerJoin('exams', 'exams.id', 'attempts.exam_id')
      .select(['attempts.candidate_id', 'attempts.objective_score', 'exams.pass_score'])
      .where('attempts.id', '=', attemptId)
      .executeTakeFirstOrThrow();
    const sums = await trx
      .selectFrom('marking_answers')
      .select((eb) => [
        eb.fn.sum<number>('final_score').as('marked'),
        eb.fn
          .sum<number>(eb.case().when('final_score', 'is', null).then(1).else(0).end())
          .as('open'),
      ])
      .where('attempt_id', '=', attemptId)
      .executeTakeFirstOrThrow();
    const open = Number(sums.open ?? 0);
    const total = (attempt.objective_score ?? 0) + Number(sums.marked ?? 0);
    await trx
      .updateTable('attempts')
      .set({ pending_marking: open })
      .where('id', '=', attemptId)
      .execute();
    await trx
      .updateTable('exam_candidates')
      .set({
        score: open === 0 ? total : null,
        passed: open === 0 ? (total >= attempt.pass_score ? 1 : 0) : null,
      })
      .where('id', '=', attempt.candidate_id)
      .execute();
  }

  async log(trx: Db, entries: readonly Insertable<ScoreLogTable>[]) {
    if (entries.length > 0)
      await trx
        .insertInto('score_log')
        .values([...entries])
        .execute();
  }

  async itemClosed(examId: number, itemId: string, db: Db = this.db) {
    const audit = await db
      .selectFrom('marking_audits')
      .select('state')
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .orderBy('cycle', 'desc')
      .executeTakeFirst();
    // Under review (0) or passed (1): the chief judges these scores, so they stay as they are.
    return audit !== undefined && audit.state !== 2;
  }

  /** `visible`: the exams the arbiter may read (lib/access visibleExams), null for all. */
  arbitrationList(
    examId: number | undefined,
    visible: ReturnType<typeof visibleExams>,
    page: number,
    limit: number,
  ) {
    let base = this.db.selectFrom('marking_answers').where('marking_answers.arbitration', '=', 1);
    let rows = answersWithValue(this.db).where('marking_answers.arbitration', '=', 1);
    if (visible) {
      base = base.where('marking_answers.exam_id', 'in', visible);
      rows = rows.where('marking_answers.exam_id', 'in', visible);
    }
    if (examId !== undefined) {
      base = base.where('marking_answers.exam_id', '=', examId);
      rows = rows.where('marking_answers.exam_id', '=', examId);
    }
    return Promise.all([
      rows
        .orderBy('marking_answers.id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  marksOfAnswers(answerIds: readonly number[]) {
    if (answerIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('marking_marks as mk')
      .innerJoin('marking_answers as ma', 'ma.id', 'mk.answer_id')
      .select(['mk.answer_id', 'mk.marker_id', 'mk.score', 'mk.comment', 'mk.round'])
      .where('mk.answer_id', 'in', [...answerIds])
      .whereRef('mk.cycle', '=', 'ma.cycle')
      .orderBy('mk.answer_id')
      .orderBy('mk.round')
      .execute();
  }

  scoreLog(
    examId: number,
    answerId: number | undefined,
    userId: number | undefined,
    page: number,
    limit: number,
  ) {
    let base = this.db.selectFrom('score_log').where('score_log.exam_id', '=', examId);
    if (answerId !== undefined) base = base.where('score_log.answer_id', '=', answerId);
    if (userId !== undefined) base = base.where('score_log.user_id', '=', userId);
    return Promise.all([
      base
        .leftJoin('marking_answers', (join) =>
          join
            .onRef('marking_answers.attempt_id', '=', 'score_log.attempt_id')
            .onRef('marking_answers.item_id', '=', 'score_log.item_id'),
        )
        .selectAll('score_log')
        .select('marking_answers.anon_code')
        .orderBy('score_log.id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  /** The next `limit` entries of the exam's score log after `afterId`, with who made them. */
  scoreLogAfter(examId: number, userId: number | undefined, afterId: number, limit: number) {
    let query = this.db
      .selectFrom('score_log')
      .leftJoin('users', 'users.id', 'score_log.user_id')
      .selectAll('score_log')
      .select((eb) => [
        // The code is the attempt's: a key correction's entry on an objective answer has it too.
        eb
          .selectFrom('marking_answers')
          .select('marking_answers.anon_code')
          .whereRef('marking_answers.attempt_id', '=', 'score_log.attempt_id')
          .limit(1)
          .as('anon_code'),
        'users.name as user_name',
        'users.nick_name',
      ])
      .where('score_log.exam_id', '=', examId)
      .where('score_log.id', '>', afterId);
    if (userId !== undefined) query = query.where('score_log.user_id', '=', userId);
    return query.orderBy('score_log.id').limit(limit).execute();
  }
}

import { RoleKey } from '@kaoshi/shared';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, MarkingAnswersTable } from '../../db/types.js';

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
}

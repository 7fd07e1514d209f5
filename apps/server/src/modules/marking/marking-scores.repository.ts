import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ScoreLogTable } from '../../db/types.js';
import type { visibleExams } from '../../lib/access.js';
import { answersWithValue } from './marking.repository.js';

/**
 * Reads and writes of marks, arbitrations, outcomes and the score log (docs/marking-storage.md);
 * the plan, enrolment and the desk's leases are in MarkingRepository.
 */
export class MarkingScoresRepository {
  constructor(private readonly db: Db) {}
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

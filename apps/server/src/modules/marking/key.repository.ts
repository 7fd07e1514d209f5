import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ScoreLogTable } from '../../db/types.js';

/** Ids per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

const chunks = <T>(values: readonly T[]) =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) =>
    values.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** Key corrections (`key_corrections`) and the re-scoring they cause. */
export class KeyRepository {
  constructor(private readonly db: Db) {}

  /** An exam's corrections, oldest first (the latest per question wins). */
  correctionsInOrder(examId: number) {
    return this.db
      .selectFrom('key_corrections')
      .select(['item_id', 'new_key', 'reason', 'created_at'])
      .where('exam_id', '=', examId)
      .orderBy('id')
      .execute();
  }

  policy(examId: number) {
    return this.db
      .selectFrom('exams')
      .select(['multiple_scoring', 'partial_share', 'pass_score'])
      .where('id', '=', examId)
      .executeTakeFirstOrThrow();
  }

  async unfinished(examId: number) {
    const row = await this.db
      .selectFrom('attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', examId)
      .where('finished_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The latest correction of the question, if any: it overrides the version's key. */
  latest(examId: number, itemId: string, db: Db = this.db) {
    return db
      .selectFrom('key_corrections')
      .select(['new_key'])
      .where('exam_id', '=', examId)
      .where('item_id', '=', itemId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Every correction of the exam, oldest first, with the corrector's names. */
  corrections(examId: number) {
    return this.db
      .selectFrom('key_corrections')
      .leftJoin('users', 'users.id', 'key_corrections.user_id')
      .select([
        'key_corrections.item_id',
        'key_corrections.new_key',
        'key_corrections.reason',
        'key_corrections.user_id',
        'key_corrections.rescored',
        'key_corrections.created_at',
        'users.nick_name',
        'users.name',
      ])
      .where('key_corrections.exam_id', '=', examId)
      .orderBy('key_corrections.id')
      .execute();
  }

  /** Every finished attempt's answer to the question, with what re-scoring it needs. */
  answers(trx: Db, examId: number, itemId: string) {
    return trx
      .selectFrom('attempt_answers')
      .innerJoin('attempts', 'attempts.id', 'attempt_answers.attempt_id')
      .select([
        'attempts.id as attempt_id',
        'attempts.seed',
        'attempts.candidate_id',
        'attempt_answers.value',
        'attempt_answers.score',
      ])
      .where('attempts.exam_id', '=', examId)
      .where('attempts.finished_at', 'is not', null)
      .where('attempt_answers.item_id', '=', itemId)
      .execute();
  }

  async setAnswerScore(trx: Db, itemId: string, attemptIds: readonly number[], score: number) {
    for (const ids of chunks(attemptIds)) {
      await trx
        .updateTable('attempt_answers')
        .set({ score })
        .where('item_id', '=', itemId)
        .where('attempt_id', 'in', ids)
        .execute();
    }
  }

  /**
   * Moves the objective score of the attempts by `delta`, and the total of their candidates
   * where it is known (SET reads the row as it was, so `passed` sees the old score + delta).
   */
  async shift(
    trx: Db,
    rows: readonly { attemptId: number; candidateId: number }[],
    delta: number,
    passScore: number,
  ) {
    for (const part of chunks(rows)) {
      await trx
        .updateTable('attempts')
        .set((eb) => ({ objective_score: eb('objective_score', '+', delta) }))
        .where(
          'id',
          'in',
          part.map((row) => row.attemptId),
        )
        .execute();
      await trx
        .updateTable('exam_candidates')
        .set((eb) => ({
          score: eb('score', '+', delta),
          passed: sql<number>`case when score + ${delta} >= ${passScore} then 1 else 0 end`,
        }))
        .where(
          'id',
          'in',
          part.map((row) => row.candidateId),
        )
        .where('score', 'is not', null)
        .execute();
    }
  }

  async log(trx: Db, entries: readonly Insertable<ScoreLogTable>[]) {
    for (const part of chunks(entries)) await trx.insertInto('score_log').values(part).execute();
  }

  async record(
    trx: Db,
    row: {
      examId: number;
      itemId: string;
      oldKey: string;
      newKey: string;
      reason: string;
      userId: number;
      rescored: number;
      at: string;
    },
  ) {
    await trx
      .insertInto('key_corrections')
      .values({
        exam_id: row.examId,
        item_id: row.itemId,
        old_key: row.oldKey,
        new_key: row.newKey,
        reason: row.reason,
        user_id: row.userId,
        rescored: row.rescored,
        created_at: row.at,
      })
      .execute();
  }
}

import type { Db } from '../../db/database.js';

/** Releasing an exam's scores (`exams.released_at`) and the log of releases (`score_releases`). */
export class ReleaseRepository {
  constructor(private readonly db: Db) {}

  /** What still stands in the way: unfinished attempts and answers without a final score. */
  async open(examId: number) {
    const [attempts, answers] = await Promise.all([
      this.db
        .selectFrom('attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .where('finished_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('marking_answers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .where('final_score', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { attempts: Number(attempts.n), answers: Number(answers.n) };
  }

  /** One conditional UPDATE: releasing twice, or withdrawing what is not released, changes nothing. */
  async setReleased(trx: Db, examId: number, releasedAt: string | null): Promise<boolean> {
    const result = await trx
      .updateTable('exams')
      .set({ released_at: releasedAt })
      .where('id', '=', examId)
      .where('released_at', releasedAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async log(
    trx: Db,
    entry: {
      examId: number;
      action: 'release' | 'withdraw';
      reason: string;
      userId: number;
      at: string;
    },
  ) {
    await trx
      .insertInto('score_releases')
      .values({
        exam_id: entry.examId,
        action: entry.action,
        reason: entry.reason,
        user_id: entry.userId,
        created_at: entry.at,
      })
      .execute();
  }

  /** Oldest first, with who acted (nickname and sign-in name; null once the user is gone). */
  history(examId: number) {
    return this.db
      .selectFrom('score_releases')
      .leftJoin('users', 'users.id', 'score_releases.user_id')
      .select([
        'score_releases.action',
        'score_releases.reason',
        'score_releases.user_id',
        'score_releases.created_at',
        'users.nick_name',
        'users.name',
      ])
      .where('score_releases.exam_id', '=', examId)
      .orderBy('score_releases.id')
      .execute();
  }
}

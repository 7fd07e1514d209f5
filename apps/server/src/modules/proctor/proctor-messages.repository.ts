import type { Db } from '../../db/database.js';

/** A kept message as a page receives it. */
export interface KeptMessage {
  id: number;
  content: string;
  created_at: string;
}

/**
 * The proctors' messages, kept (docs/features/proctoring.md): a page that joins later receives
 * those it has not seen. A message to all is one row for the exam (class_id null), or one per
 * batch when the proctor is limited to some.
 */
export class ProctorMessagesRepository {
  constructor(private readonly db: Db) {}

  /** Stores a message; answers its id. */
  async add(row: {
    examId: number;
    attemptId: number | null;
    classId: number | null;
    content: string;
    sentBy: number;
    at: string;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('proctor_messages')
      .values({
        exam_id: row.examId,
        attempt_id: row.attemptId,
        class_id: row.classId,
        content: row.content,
        sent_by: row.sentBy,
        created_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** The exam's running attempts (of `own`'s batches) with their batch. */
  runningByClass(examId: number, own: Set<number> | null) {
    let query = this.db
      .selectFrom('attempts')
      .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
      .select(['attempts.id', 'c.class_id'])
      .where('attempts.exam_id', '=', examId)
      .where('attempts.finished_at', 'is', null);
    if (own) query = query.where('c.class_id', 'in', [...own, 0]);
    return query.execute();
  }

  /** What choosing an attempt's messages needs: its exam, batch, state and the last one seen. */
  attempt(attemptId: number) {
    return this.db
      .selectFrom('attempts')
      .innerJoin('exam_candidates as c', 'c.id', 'attempts.candidate_id')
      .select(['attempts.exam_id', 'attempts.finished_at', 'attempts.messages_seen', 'c.class_id'])
      .where('attempts.id', '=', attemptId)
      .executeTakeFirst();
  }

  /** The messages meant for the attempt after `seen`, oldest first. */
  unseen(
    attempt: { id: number; examId: number; classId: number },
    seen: number,
  ): Promise<KeptMessage[]> {
    return this.db
      .selectFrom('proctor_messages')
      .select(['id', 'content', 'created_at'])
      .where('exam_id', '=', attempt.examId)
      .where('id', '>', seen)
      .where((eb) =>
        eb.or([
          eb('attempt_id', '=', attempt.id),
          eb.and([
            eb('attempt_id', 'is', null),
            eb.or([eb('class_id', 'is', null), eb('class_id', '=', attempt.classId)]),
          ]),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  /** The page has seen every message up to `id` (never moves back). */
  async markSeen(attemptId: number, id: number) {
    await this.db
      .updateTable('attempts')
      .set({ messages_seen: id })
      .where('id', '=', attemptId)
      .where('messages_seen', '<', id)
      .execute();
  }
}

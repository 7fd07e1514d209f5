import type { Db } from '../../db/database.js';

/** What the answer-file upload reads (docs/features/answer-file.md). */
export class AnswerFileRepository {
  constructor(private readonly db: Db) {}

  /** A candidate of the exam with their room, batch and attempt, and the exam's release. */
  candidate(examId: number, studentId: number) {
    return this.db
      .selectFrom('exam_candidates as c')
      .innerJoin('students as s', 's.id', 'c.student_id')
      .innerJoin('exams as e', 'e.id', 'c.exam_id')
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select([
        'c.id as candidate_id',
        'c.class_id',
        'c.room_id',
        'c.session_id',
        's.name',
        's.ticket_number',
        'e.released_at',
        'a.id as attempt_id',
        'a.started_at',
        'a.deadline',
        'a.finished_at',
        'a.finish_reason',
      ])
      .where('c.exam_id', '=', examId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  }

  /** The stored seq of each answered item of the attempt. */
  async storedSeqs(attemptId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('attempt_answers')
      .select(['item_id', 'seq'])
      .where('attempt_id', '=', attemptId)
      .execute();
    return new Map(rows.map((row) => [row.item_id, row.seq]));
  }

  /** Whether marking has taken any answer of the attempt (its scores may no longer move). */
  async markingStarted(attemptId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('marking_answers')
      .select('id')
      .where('attempt_id', '=', attemptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The events an earlier upload of a file already logged: `type@at`. */
  async eventsFromFiles(attemptId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('attempt_events')
      .select(['type', 'created_at', 'detail'])
      .where('attempt_id', '=', attemptId)
      .where('detail', 'like', '%"answerFile":true%')
      .execute();
    return new Set(rows.map((row) => `${row.type}@${row.created_at}`));
  }
}

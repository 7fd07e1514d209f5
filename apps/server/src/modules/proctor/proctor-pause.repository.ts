import type { Db } from '../../db/database.js';

/** The batches a proctor is limited to (null: all); 0 keeps `in` valid when the set is empty. */
const inOwn = (own: Set<number>) => [...own, 0];

/** What pausing from the proctor's view reads (docs/features/proctoring.md "Pausing"). */
export class ProctorPauseRepository {
  constructor(private readonly db: Db) {}

  /** The exam's running attempts (of `own`'s batches), paused or not, with whose they are. */
  runningAttempts(examId: number, own: Set<number> | null, paused: boolean) {
    let query = this.db
      .selectFrom('attempts as a')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .select(['a.id', 'a.student_id', 's.name', 's.ticket_number'])
      .where('a.exam_id', '=', examId)
      .where('a.finished_at', 'is', null)
      .where('a.paused_at', paused ? 'is not' : 'is', null);
    if (own) query = query.where('c.class_id', 'in', inOwn(own));
    return query.orderBy('a.id').execute();
  }

  /** The exam's attempts (of `own`'s batches) that were ever paused, with their totals. */
  pausedAttempts(examId: number, own: Set<number> | null) {
    let query = this.db
      .selectFrom('attempts as a')
      .innerJoin('exam_candidates as c', 'c.id', 'a.candidate_id')
      .select([
        'a.id',
        'a.student_id',
        'a.finished_at',
        'a.paused_at',
        'a.pause_reason',
        'a.paused_ms',
        'a.given_back_ms',
      ])
      .where('a.exam_id', '=', examId)
      .where((eb) => eb.or([eb('a.paused_at', 'is not', null), eb('a.paused_ms', '>', 0)]));
    if (own) query = query.where('c.class_id', 'in', inOwn(own));
    return query.orderBy('a.id').execute();
  }
}

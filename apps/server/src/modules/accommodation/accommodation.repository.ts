import type { Db } from '../../db/database.js';
import type { ClassAccommodationsTable, StudentAccommodationsTable } from '../../db/types.js';
import { candidateAccommodationQuery } from '../attempt/accommodation.repository.js';

type Columns = Omit<StudentAccommodationsTable, 'student_id'>;

/** Accommodations per batch and per student (docs/features/accommodations.md). */
export class AccommodationRepository {
  constructor(private readonly db: Db) {}

  student(studentId: number) {
    return this.db
      .selectFrom('student_accommodations')
      .selectAll()
      .where('student_id', '=', studentId)
      .executeTakeFirst();
  }

  batch(classId: number) {
    return this.db
      .selectFrom('class_accommodations')
      .selectAll()
      .where('class_id', '=', classId)
      .executeTakeFirst();
  }

  async setStudent(studentId: number, values: Columns) {
    await this.db
      .insertInto('student_accommodations')
      .values({ student_id: studentId, ...values })
      .onConflict((oc) => oc.column('student_id').doUpdateSet(values))
      .execute();
  }

  async setBatch(classId: number, values: Omit<ClassAccommodationsTable, 'class_id'>) {
    await this.db
      .insertInto('class_accommodations')
      .values({ class_id: classId, ...values })
      .onConflict((oc) => oc.column('class_id').doUpdateSet(values))
      .execute();
  }

  async clearStudent(studentId: number) {
    await this.db
      .deleteFrom('student_accommodations')
      .where('student_id', '=', studentId)
      .execute();
  }

  async clearBatch(classId: number) {
    await this.db.deleteFrom('class_accommodations').where('class_id', '=', classId).execute();
  }

  /**
   * The running attempts (not ended, deadline ahead) of one student's or one batch's candidates,
   * on exams that apply accommodations, with what their accommodations now say.
   */
  running(by: { studentId: number } | { classId: number }, now: string) {
    let query = candidateAccommodationQuery(this.db)
      .innerJoin('attempts as a', 'a.candidate_id', 'c.id')
      .innerJoin('exams as e', 'e.id', 'c.exam_id')
      .select([
        'a.id as attempt_id',
        'a.exam_id',
        'a.student_id',
        'a.accommodation_minutes',
        'e.duration_minutes',
      ])
      .where('a.finished_at', 'is', null)
      .where('a.deadline', '>', now)
      .where('e.apply_accommodations', '=', 1);
    query =
      'studentId' in by
        ? query.where('c.student_id', '=', by.studentId)
        : query.where('c.class_id', '=', by.classId);
    return query.execute();
  }

  async setAttemptMinutes(attemptId: number, minutes: number) {
    await this.db
      .updateTable('attempts')
      .set({ accommodation_minutes: minutes })
      .where('id', '=', attemptId)
      .execute();
  }

  exam(examId: number) {
    return this.db
      .selectFrom('exams')
      .select(['duration_minutes', 'apply_accommodations'])
      .where('id', '=', examId)
      .executeTakeFirst();
  }

  /** The exam's candidates that have an accommodation row (their own or their batch's). */
  examCandidates(examId: number) {
    return candidateAccommodationQuery(this.db)
      .leftJoin('attempts as a', 'a.candidate_id', 'c.id')
      .select(['c.student_id', 'c.class_id', 'a.id as attempt_id', 'a.accommodation_minutes'])
      .where('c.exam_id', '=', examId)
      .where((eb) =>
        eb.or([eb('sa.student_id', 'is not', null), eb('ca.class_id', 'is not', null)]),
      )
      .orderBy('c.seat_number')
      .execute();
  }
}

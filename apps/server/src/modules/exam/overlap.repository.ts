import type { ExamOverlap } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';

/** Overlaps listed at most; the total says how many more there are. */
export const OVERLAPS_LISTED = 100;

/** Candidates booked into two published exams at once. */
export class OverlapRepository {
  constructor(private readonly db: Db) {}

  /**
   * Students of an exam (its candidates, or the enabled students of the batches a draft names) who
   * are already candidates of another published exam whose window overlaps [startAt, endAt).
   */
  async of(exam: {
    examId: number;
    startAt: string;
    endAt: string;
    students: { candidatesOf: number } | { classIds: number[] };
  }): Promise<{ overlaps: ExamOverlap[]; overlapTotal: number }> {
    const { students } = exam;
    if ('classIds' in students && students.classIds.length === 0) {
      return { overlaps: [], overlapTotal: 0 };
    }
    const base = this.db
      .selectFrom('exam_candidates as other')
      .innerJoin('exams', 'exams.id', 'other.exam_id')
      .innerJoin('students', 'students.id', 'other.student_id')
      .where('exams.status', '=', 'published')
      .where('exams.id', '<>', exam.examId)
      .where('exams.start_at', '<', exam.endAt)
      .where('exams.end_at', '>', exam.startAt)
      .where('other.student_id', 'in', (eb) =>
        'candidatesOf' in students
          ? eb
              .selectFrom('exam_candidates')
              .select('student_id')
              .where('exam_id', '=', students.candidatesOf)
          : eb
              .selectFrom('students')
              .select('id')
              .where('class_id', 'in', students.classIds)
              .where('status', '=', 1),
      );
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'students.id as student_id',
        'students.name',
        'students.ticket_number',
        'exams.id as exam_id',
        'exams.name as exam_name',
        'exams.start_at',
        'exams.end_at',
      ])
      .orderBy('students.ticket_number')
      .orderBy('exams.start_at')
      .limit(OVERLAPS_LISTED)
      .execute();
    return {
      overlapTotal: Number(total),
      overlaps: rows.map((row) => ({
        studentId: row.student_id,
        name: row.name,
        ticketNumber: row.ticket_number,
        examId: row.exam_id,
        examName: row.exam_name,
        startAt: row.start_at,
        endAt: row.end_at,
      })),
    };
  }
}

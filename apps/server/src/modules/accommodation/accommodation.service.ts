import {
  accommodationMinutes,
  effectiveAccommodation,
  hasAccommodation,
  type AccommodationInput,
  type ClassAccommodationView,
  type ExamAccommodationsView,
  type SetClassAccommodationBody,
  type SetStudentAccommodationBody,
  type StudentAccommodationView,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { classAccess, examAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { effectiveOf, settingsOf } from '../attempt/accommodation.repository.js';
import {
  recomputeDeadlines,
  type DeadlineChange,
  type DeadlineNews,
} from '../attempt/deadlines.js';
import { StudentRepository } from '../base/student.repository.js';
import { AccommodationRepository } from './accommodation.repository.js';

const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/** The stored columns of a checked body (a multiplier in hundredths). */
const columnsOf = (input: AccommodationInput, userId: number) => ({
  extra_minutes: input.extraMinutes,
  time_multiplier: input.timeMultiplier === null ? null : Math.round(input.timeMultiplier * 100),
  large_font: flag(input.largeFont),
  screen_reader: flag(input.screenReader),
  break_count: input.breakCount,
  break_minutes: input.breakCount ? input.breakMinutes : null,
  note: input.note,
  updated_by: userId,
  updated_at: nowIso(),
});

/** Nothing set: the row is removed rather than kept empty. */
const isEmpty = (input: AccommodationInput) =>
  input.extraMinutes === null &&
  input.timeMultiplier === null &&
  input.largeFont === null &&
  input.screenReader === null &&
  input.breakCount === null &&
  input.note === '';

/**
 * Accommodations (docs/features/accommodations.md): a batch's and a student's, read and set
 * under the batch's and the student's row scope. A change applies to attempts not yet started;
 * a running attempt only gains (its accommodation minutes are raised, never lowered), and its
 * page hears the new deadline at once (DeadlineNews, as the proctor's extra time).
 */
export class AccommodationService {
  constructor(
    private readonly db: Db,
    private readonly deadlineNews: DeadlineNews,
  ) {}

  async getStudent(studentId: number, auth: AuthContext): Promise<StudentAccommodationView> {
    const student = await new StudentRepository(this.db).findById(studentId, auth);
    if (!student) throw notFound('student', studentId);
    const repo = new AccommodationRepository(this.db);
    const own = settingsOf((await repo.student(studentId)) ?? null);
    const batch = settingsOf((await repo.batch(student.class_id)) ?? null);
    return {
      studentId,
      classId: student.class_id,
      own,
      batch,
      effective: effectiveAccommodation(own, batch),
    };
  }

  async setStudent(body: SetStudentAccommodationBody, auth: AuthContext): Promise<void> {
    let moved: DeadlineChange[] = [];
    await inTransaction(this.db, async (trx) => {
      const student = await new StudentRepository(trx).findById(body.studentId, auth);
      if (!student) throw notFound('student', body.studentId);
      const repo = new AccommodationRepository(trx);
      if (isEmpty(body)) await repo.clearStudent(body.studentId);
      else await repo.setStudent(body.studentId, columnsOf(body, auth.user.id));
      moved = await this.raiseRunning(trx, { studentId: body.studentId });
    });
    this.deadlineNews.publish(moved);
  }

  async getBatch(classId: number, auth: AuthContext): Promise<ClassAccommodationView> {
    await classAccess(this.db, auth, classId);
    const row = await new AccommodationRepository(this.db).batch(classId);
    return { classId, own: settingsOf(row ?? null) };
  }

  async setBatch(body: SetClassAccommodationBody, auth: AuthContext): Promise<void> {
    let moved: DeadlineChange[] = [];
    await inTransaction(this.db, async (trx) => {
      await classAccess(trx, auth, body.classId);
      const repo = new AccommodationRepository(trx);
      if (isEmpty(body)) await repo.clearBatch(body.classId);
      else await repo.setBatch(body.classId, columnsOf(body, auth.user.id));
      moved = await this.raiseRunning(trx, { classId: body.classId });
    });
    this.deadlineNews.publish(moved);
  }

  /**
   * The running attempts the change reaches: each whose accommodations now give more minutes
   * than it has gets them, and its deadline anew (recomputeDeadlines). Never fewer: a candidate
   * is not told mid-exam that their time shrank.
   */
  private async raiseRunning(trx: Db, by: { studentId: number } | { classId: number }) {
    const repo = new AccommodationRepository(trx);
    const changes: DeadlineChange[] = [];
    for (const row of await repo.running(by, nowIso())) {
      const minutes = accommodationMinutes(effectiveOf(row), row.duration_minutes);
      if (minutes <= row.accommodation_minutes) continue;
      await repo.setAttemptMinutes(row.attempt_id, minutes);
      changes.push(...(await recomputeDeadlines(trx, row.exam_id, row.student_id)));
    }
    return changes;
  }

  /**
   * The exam's candidates (of the viewer's batches) with an accommodation: the proctor's and
   * the candidate list's tags. Extra minutes: the attempt's, or what a start would give now.
   */
  async examRows(examId: number, auth: AuthContext): Promise<ExamAccommodationsView> {
    const { own } = await examAccess(this.db, auth, examId, 'read');
    const repo = new AccommodationRepository(this.db);
    const exam = await repo.exam(examId);
    if (!exam) throw notFound('exam', examId);
    const applied = exam.apply_accommodations === 1;
    const rows = (await repo.examCandidates(examId))
      .filter((row) => own === null || own.has(row.class_id))
      .map((row) => ({ row, effective: effectiveOf(row) }))
      .filter(({ effective }) => hasAccommodation(effective))
      .map(({ row, effective }) => ({
        studentId: row.student_id,
        extraMinutes:
          row.attempt_id !== null
            ? (row.accommodation_minutes ?? 0)
            : applied
              ? accommodationMinutes(effective, exam.duration_minutes)
              : 0,
        timeMultiplier: applied ? effective.timeMultiplier : null,
        largeFont: effective.largeFont,
        screenReader: effective.screenReader,
        note: effective.note,
      }));
    return { applied, rows };
  }
}

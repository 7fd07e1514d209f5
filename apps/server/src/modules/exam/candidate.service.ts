import {
  CandidateStatus,
  ENTITY_NAMES,
  scoreFromHundredths,
  type AdmissionTicketQuery,
  type AdmissionTickets,
  type CandidateStatusCode,
  type CandidateStudentsBody,
  type CandidateView,
  type CertLevel,
  type ExportCandidateQuery,
  type ListCandidateQuery,
  type MessageLanguage,
  type SetExtraTimeBody,
  CANDIDATE_EXPORT_TEXTS,
  wordsIn,
} from '@kaoshi/shared';
import { sql } from 'kysely';
import { contains, inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { recomputeDeadlines, type DeadlineChange } from '../attempt/deadlines.js';
import type { AuthContext } from '../auth/auth.service.js';
import { maskIdNumber } from '../base/student.service.js';
import { ExamRepository, STARTED_STATUSES, examState, type ExamRow } from './exam.repository.js';
import type { ExamService } from './exam.service.js';

/**
 * A candidate's status as shown at `now`: one who never started is "expired" (absent) once the
 * window has closed. Stored rows keep 3 until the attempt issue's scheduler marks them.
 */
const shownStatus = (stored: number, endAt: string, now: string): CandidateStatusCode =>
  (stored === CandidateStatus.NOT_STARTED && endAt <= now
    ? CandidateStatus.EXPIRED
    : stored) as CandidateStatusCode;

/** The candidates of an exam: the list, adding and removing students, extra time, tickets. */
export class CandidateService {
  constructor(
    private readonly db: Db,
    private readonly exams: ExamService,
    private readonly initialPasswordsPrinted: boolean,
  ) {}

  private filtered(exam: ExamRow, query: Omit<ListCandidateQuery, 'page' | 'limit'>, now: string) {
    let base = this.db
      .selectFrom('exam_candidates')
      .innerJoin('students', 'students.id', 'exam_candidates.student_id')
      .innerJoin('classes', 'classes.id', 'exam_candidates.class_id')
      .where('exam_candidates.exam_id', '=', exam.id);
    if (query.classId !== undefined) {
      base = base.where('exam_candidates.class_id', '=', query.classId);
    }
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([
          contains('students.name', keyword),
          contains('students.ticket_number', keyword),
          contains('students.id_number', keyword),
        ]),
      );
    }
    if (query.status !== undefined) {
      const closed = exam.end_at <= now;
      if (query.status === CandidateStatus.EXPIRED) {
        base = closed
          ? base.where('exam_candidates.status', 'in', [
              CandidateStatus.EXPIRED,
              CandidateStatus.NOT_STARTED,
            ])
          : base.where('exam_candidates.status', '=', CandidateStatus.EXPIRED);
      } else if (query.status === CandidateStatus.NOT_STARTED && closed) {
        base = base.where(sql<boolean>`1 = 0`);
      } else {
        base = base.where('exam_candidates.status', '=', query.status);
      }
    }
    return base;
  }

  private rows(
    base: ReturnType<CandidateService['filtered']>,
    page: { limit: number; offset: number },
  ) {
    return base
      .select([
        'exam_candidates.student_id',
        'exam_candidates.class_id',
        'exam_candidates.seat_number',
        'exam_candidates.extra_minutes',
        'exam_candidates.status',
        'exam_candidates.score',
        'exam_candidates.passed',
        'exam_candidates.added_singly',
        'students.name',
        'students.ticket_number',
        'students.id_number',
        'classes.name as class_name',
      ])
      .orderBy('exam_candidates.seat_number')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  private view(
    row: Awaited<ReturnType<CandidateService['rows']>>[number],
    exam: ExamRow,
    now: string,
  ): CandidateView {
    return {
      studentId: row.student_id,
      name: row.name,
      ticketNumber: row.ticket_number,
      idNumber: maskIdNumber(row.id_number),
      classId: row.class_id,
      className: row.class_name,
      seatNumber: row.seat_number,
      extraMinutes: row.extra_minutes,
      status: shownStatus(row.status, exam.end_at, now),
      score: row.score === null ? null : scoreFromHundredths(row.score),
      passed: row.passed === null ? null : row.passed === 1,
      addedSingly: row.added_singly === 1,
    };
  }

  async list(
    query: ListCandidateQuery,
    auth: AuthContext,
  ): Promise<{ total: number; list: CandidateView[] }> {
    const exam = await this.exams.visibleExam(auth, query.examId);
    const now = nowIso();
    const base = this.filtered(exam, query, now);
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await this.rows(base, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return { total: Number(total), list: rows.map((row) => this.view(row, exam, now)) };
  }

  /** The candidates matching the list's filters as .xlsx, headers in `language`. */
  async export(query: ExportCandidateQuery, auth: AuthContext, language: MessageLanguage) {
    const exam = await this.exams.visibleExam(auth, query.examId);
    const now = nowIso();
    const texts = wordsIn(CANDIDATE_EXPORT_TEXTS, language);
    const base = this.filtered(exam, query, now);
    return writeExport(
      { local: `${exam.name}-${texts.fileName}`, english: `exam-${exam.id}-candidates` },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.sheet);
        sheet.columns = texts.columns.map((header, index) => ({
          header,
          width: [8, 18, 12, 22, 24, 12, 10, 10][index] ?? 12,
        }));
        styleHeader(sheet.getRow(1));
        sheet.getRow(1).commit();
        const PAGE = 2000;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await this.rows(base, { limit: PAGE, offset });
          for (const row of rows) {
            const view = this.view(row, exam, now);
            sheet
              .addRow([
                view.seatNumber,
                view.ticketNumber,
                view.name,
                view.idNumber,
                view.className,
                texts.status[view.status],
                view.extraMinutes,
                view.score ?? '',
              ])
              .commit();
          }
          if (rows.length < PAGE) break;
        }
        sheet.commit();
      },
    );
  }

  /** The exam, checked to be published, not closed, and the caller's to change. */
  private async changeable(trx: Db, examId: number, auth: AuthContext): Promise<ExamRow> {
    await this.exams.lock(trx, examId);
    const exam = await this.exams.visibleExam(auth, examId, trx);
    await this.exams.checkOwnExam(auth, examId, trx);
    if (exam.status !== 'published') throw conflict('examCandidateNotPublished', { id: examId });
    const state = examState(exam, nowIso());
    if (state === 'closed' || state === 'released') {
      throw conflict('examClosed', { id: examId, endAt: exam.end_at });
    }
    return exam;
  }

  /** The students named, each checked: enabled, of the exam's job type and level, and visible. */
  private async eligible(trx: Db, exam: ExamRow, studentIds: number[], auth: AuthContext) {
    const rows = await trx
      .selectFrom('students')
      .innerJoin('classes', 'classes.id', 'students.class_id')
      .select([
        'students.id',
        'students.name',
        'students.ticket_number',
        'students.status',
        'students.class_id',
        'classes.subject_id',
        'classes.level',
      ])
      .where('students.id', 'in', studentIds)
      .execute();
    const missing = studentIds.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) {
      throw invalid('studentIds', 'notFound', { entity: ENTITY_NAMES.student, id: missing });
    }
    const own = await this.exams.ownClasses(auth, trx);
    for (const row of rows) {
      const named = { name: row.name, ticket: row.ticket_number };
      if (own && !own.has(row.class_id)) throw forbidden('examStudentNotYours', named);
      if (row.subject_id !== exam.subject_id || row.level !== exam.level) {
        throw invalid('studentIds', 'examStudentOtherSubject', named);
      }
      if (row.status !== 1) throw invalid('studentIds', 'examStudentDisabled', named);
    }
    return rows;
  }

  /** Adds students one by one (seated after the rest); those already in are left as they are. */
  async add(body: CandidateStudentsBody, auth: AuthContext): Promise<{ added: number }> {
    return inTransaction(this.db, async (trx) => {
      const exam = await this.changeable(trx, body.examId, auth);
      const students = await this.eligible(trx, exam, body.studentIds, auth);
      const present = new Set(
        (
          await trx
            .selectFrom('exam_candidates')
            .select('student_id')
            .where('exam_id', '=', exam.id)
            .where('student_id', 'in', body.studentIds)
            .execute()
        ).map((row) => row.student_id),
      );
      const fresh = students
        .filter((row) => !present.has(row.id))
        .sort((a, b) => a.ticket_number.localeCompare(b.ticket_number));
      if (fresh.length === 0) return { added: 0 };
      const seated = await trx
        .selectFrom('exam_candidates')
        .select((eb) => eb.fn.max<number>('seat_number').as('seat'))
        .where('exam_id', '=', exam.id)
        .executeTakeFirst();
      const after = Number(seated?.seat ?? 0);
      const now = nowIso();
      await trx
        .insertInto('exam_candidates')
        .values(
          fresh.map((row, index) => ({
            exam_id: exam.id,
            student_id: row.id,
            class_id: row.class_id,
            seat_number: after + index + 1,
            added_singly: 1,
            extra_minutes: 0,
            status: CandidateStatus.NOT_STARTED,
            created_at: now,
          })),
        )
        .execute();
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'addCandidate',
        { students: fresh.map((row) => `${row.name} (${row.ticket_number})`) },
        now,
      );
      return { added: fresh.length };
    });
  }

  /** Removes candidates who have not started. */
  async remove(body: CandidateStudentsBody, auth: AuthContext): Promise<{ removed: number }> {
    return inTransaction(this.db, async (trx) => {
      const exam = await this.changeable(trx, body.examId, auth);
      const rows = await trx
        .selectFrom('exam_candidates')
        .innerJoin('students', 'students.id', 'exam_candidates.student_id')
        .select([
          'exam_candidates.student_id',
          'exam_candidates.status',
          'exam_candidates.class_id',
          'students.name',
          'students.ticket_number',
        ])
        .where('exam_candidates.exam_id', '=', exam.id)
        .where('exam_candidates.student_id', 'in', body.studentIds)
        .execute();
      const missing = body.studentIds.find((id) => !rows.some((row) => row.student_id === id));
      if (missing !== undefined) {
        throw invalid('studentIds', 'examNotCandidate', { id: missing, examId: exam.id });
      }
      const own = await this.exams.ownClasses(auth, trx);
      for (const row of rows) {
        const named = { name: row.name, ticket: row.ticket_number };
        if (own && !own.has(row.class_id)) throw forbidden('examStudentNotYours', named);
        if ((STARTED_STATUSES as number[]).includes(row.status)) {
          throw conflict('examCandidateStarted', named);
        }
      }
      await trx
        .deleteFrom('exam_candidates')
        .where('exam_id', '=', exam.id)
        .where('student_id', 'in', body.studentIds)
        .where('status', 'not in', STARTED_STATUSES)
        .execute();
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'removeCandidate',
        { students: rows.map((row) => `${row.name} (${row.ticket_number})`) },
        nowIso(),
      );
      return { removed: rows.length };
    });
  }

  /**
   * Extra minutes for one candidate (an accommodation); allowed until the exam closes. `note`
   * goes into the record (a proctor's reason).
   */
  async setExtraTime(
    body: SetExtraTimeBody,
    auth: AuthContext,
    note: Record<string, unknown> = {},
  ): Promise<void> {
    let moved: DeadlineChange[] = [];
    await inTransaction(this.db, async (trx) => {
      const exam = await this.changeable(trx, body.examId, auth);
      const row = await trx
        .selectFrom('exam_candidates')
        .innerJoin('students', 'students.id', 'exam_candidates.student_id')
        .select(['exam_candidates.extra_minutes', 'students.name', 'students.ticket_number'])
        .where('exam_candidates.exam_id', '=', exam.id)
        .where('exam_candidates.student_id', '=', body.studentId)
        .executeTakeFirst();
      if (!row) {
        throw invalid('studentId', 'examNotCandidate', { id: body.studentId, examId: exam.id });
      }
      if (row.extra_minutes === body.minutes) return;
      await trx
        .updateTable('exam_candidates')
        .set({ extra_minutes: body.minutes })
        .where('exam_id', '=', exam.id)
        .where('student_id', '=', body.studentId)
        .execute();
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'extraTime',
        {
          student: `${row.name} (${row.ticket_number})`,
          minutes: [row.extra_minutes, body.minutes],
          ...note,
        },
        nowIso(),
      );
      moved = await recomputeDeadlines(trx, exam.id, body.studentId);
    });
    // A running attempt's page shows the new time at once.
    this.exams.deadlineNews.publish(moved);
  }

  /**
   * Enabled students of the exam's job type and level, in the caller's batches, who are not yet
   * candidates: whom addCandidate accepts. At most 50, by keyword.
   */
  async eligibleStudents(examId: number, keyword: string | undefined, auth: AuthContext) {
    const exam = await this.exams.visibleExam(auth, examId);
    const own = await this.exams.ownClasses(auth);
    let query = this.db
      .selectFrom('students')
      .innerJoin('classes', 'classes.id', 'students.class_id')
      .select([
        'students.id',
        'students.name',
        'students.ticket_number',
        'classes.id as class_id',
        'classes.name as class_name',
      ])
      .where('classes.subject_id', '=', exam.subject_id)
      .where('classes.level', '=', exam.level)
      .where('students.status', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('exam_candidates')
              .select('exam_candidates.id')
              .where('exam_candidates.exam_id', '=', exam.id)
              .whereRef('exam_candidates.student_id', '=', 'students.id'),
          ),
        ),
      );
    if (own) query = query.where('students.class_id', 'in', [...own, 0]);
    if (keyword) {
      query = query.where((eb) =>
        eb.or([contains('students.name', keyword), contains('students.ticket_number', keyword)]),
      );
    }
    const rows = await query.orderBy('students.ticket_number').limit(50).execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      ticketNumber: row.ticket_number,
      classId: row.class_id,
      className: row.class_name,
    }));
  }

  /** What admission tickets print, per batch or for the whole exam, in seat order. */
  async admissionTickets(
    query: AdmissionTicketQuery,
    auth: AuthContext,
    signInUrl: string,
  ): Promise<AdmissionTickets> {
    const exam = await this.exams.visibleExam(auth, query.examId);
    const own = await this.exams.ownClasses(auth);
    let rows = this.db
      .selectFrom('exam_candidates')
      .innerJoin('students', 'students.id', 'exam_candidates.student_id')
      .innerJoin('classes', 'classes.id', 'exam_candidates.class_id')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select([
        'students.id',
        'students.name',
        'students.photo',
        'students.ticket_number',
        'students.id_number',
        'students.initial_password',
        'users.password_is_default',
        'classes.name as class_name',
        'exam_candidates.seat_number',
      ])
      .where('exam_candidates.exam_id', '=', exam.id);
    if (query.classId !== undefined) {
      rows = rows.where('exam_candidates.class_id', '=', query.classId);
    }
    if (own) rows = rows.where('exam_candidates.class_id', 'in', [...own, 0]);
    const subject = await this.db
      .selectFrom('subjects')
      .select('name')
      .where('id', '=', exam.subject_id)
      .executeTakeFirstOrThrow();
    return {
      examName: exam.name,
      subjectName: subject.name,
      level: exam.level as CertLevel,
      startAt: exam.start_at,
      endAt: exam.end_at,
      durationMinutes: exam.duration_minutes,
      signInUrl,
      tickets: (await rows.orderBy('exam_candidates.seat_number').execute()).map((row) => ({
        studentId: row.id,
        name: row.name,
        photo: row.photo,
        ticketNumber: row.ticket_number,
        idNumber: maskIdNumber(row.id_number),
        className: row.class_name,
        seatNumber: row.seat_number,
        // Printed only while the first password is random and still the one in use.
        initialPassword:
          this.initialPasswordsPrinted && row.password_is_default === 1
            ? row.initial_password
            : null,
      })),
    };
  }
}

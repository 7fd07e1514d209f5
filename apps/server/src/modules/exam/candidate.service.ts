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
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { recomputeDeadlines, type DeadlineChange } from '../attempt/deadlines.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { StudentRepository } from '../base/student.repository.js';
import { maskIdNumber } from '../base/student.service.js';
import { SubjectRepository } from '../school/subject.repository.js';
import { CandidateRepository } from './candidate.repository.js';
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

  private view(
    row: Awaited<ReturnType<CandidateRepository['page']>>[number],
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
      roomName: row.room_name,
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
    const candidates = new CandidateRepository(this.db);
    const base = candidates.filtered(exam, query, now);
    const total = await candidates.count(base);
    const rows = await candidates.page(base, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return { total, list: rows.map((row) => this.view(row, exam, now)) };
  }

  /** The candidates matching the list's filters as .xlsx, headers in `language`. */
  async export(query: ExportCandidateQuery, auth: AuthContext, language: MessageLanguage) {
    const exam = await this.exams.visibleExam(auth, query.examId);
    const now = nowIso();
    const texts = wordsIn(CANDIDATE_EXPORT_TEXTS, language);
    const candidates = new CandidateRepository(this.db);
    const base = candidates.filtered(exam, query, now);
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
          const rows = await candidates.page(base, { limit: PAGE, offset });
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
    const rows = await new StudentRepository(trx).withBatchFacts(studentIds);
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
      const candidates = new CandidateRepository(trx);
      const present = await candidates.present(exam.id, body.studentIds);
      const fresh = students
        .filter((row) => !present.has(row.id))
        .sort((a, b) => a.ticket_number.localeCompare(b.ticket_number));
      if (fresh.length === 0) return { added: 0 };
      const now = nowIso();
      await candidates.addSingly(exam.id, fresh, now);
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
      const candidates = new CandidateRepository(trx);
      const rows = await candidates.withNames(exam.id, body.studentIds);
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
      await candidates.removeNotStarted(exam.id, body.studentIds);
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
      const candidates = new CandidateRepository(trx);
      const row = await candidates.extraTimeOf(exam.id, body.studentId);
      if (!row) {
        throw invalid('studentId', 'examNotCandidate', { id: body.studentId, examId: exam.id });
      }
      if (row.extra_minutes === body.minutes) return;
      await candidates.setExtraMinutes(exam.id, body.studentId, body.minutes);
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
    const rows = await new StudentRepository(this.db).notCandidatesOf(exam, own, keyword);
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
    const rows = await new CandidateRepository(this.db).tickets(exam.id, query.classId, own);
    const subject = await new SubjectRepository(this.db).findById(exam.subject_id);
    return {
      examName: exam.name,
      subjectName: subject!.name,
      level: exam.level as CertLevel,
      startAt: exam.start_at,
      endAt: exam.end_at,
      durationMinutes: exam.duration_minutes,
      signInUrl,
      tickets: rows.map((row) => ({
        studentId: row.id,
        name: row.name,
        photo: row.photo,
        ticketNumber: row.ticket_number,
        idNumber: maskIdNumber(row.id_number),
        className: row.class_name,
        seatNumber: row.seat_number,
        venueName: row.venue_name,
        roomName: row.room_name,
        session:
          row.session_name === null
            ? null
            : {
                name: row.session_name,
                startAt: row.session_start_at!,
                endAt: row.session_end_at!,
              },
        // Printed only while the first password is random and still the one in use.
        initialPassword:
          this.initialPasswordsPrinted && row.password_is_default === 1
            ? row.initial_password
            : null,
      })),
    };
  }
}

import {
  SEAT_PLAN_IMPORT_PROBLEMS_MAX,
  SEAT_PLAN_XLSX_COLUMNS,
  SEAT_PLAN_XLSX_TEXTS,
  localized,
  wordsIn,
  type MessageLanguage,
  type SeatPlanImportPreview,
  type SeatPlanImportResult,
} from '@kaoshi/shared';
import { isUniqueViolation } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import { examAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { maskIdNumber } from '../base/student.service.js';
import { ExamRepository, type ExamRow } from '../exam/exam.repository.js';
import { ExamSessionRepository } from './exam-session.repository.js';
import { SeatPlanRepository } from './seat-plan.repository.js';
import type { SeatPlanService } from './seat-plan.service.js';
import {
  SEAT_PLAN_COLUMN_WIDTHS,
  checkPlanFile,
  problemView,
  problemsText,
  readPlanFile,
  type PlanCheck,
  type PlanFile,
} from './seat-plan-xlsx.js';
import { SeatPlanTransferRepository } from './seat-plan-xlsx.repository.js';

/**
 * The seat plan as .xlsx (docs/features/venues.md): exported in plan order, edited by the centre
 * (room and seat per ticket number) and imported back: a preview lists every problem by row and
 * column, or the moves; the import checks again and writes all of it in one transaction, or
 * nothing.
 */
export class SeatPlanTransferService {
  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
    private readonly plans: SeatPlanService,
  ) {}

  /** The plan's rows the viewer may read (their batches' candidates), headers in `language`. */
  async export(examId: number, auth: AuthContext, language: MessageLanguage) {
    const { own } = await examAccess(this.db, auth, examId, 'read');
    const exam = (await new ExamRepository(this.db).find(examId))!;
    const repo = new SeatPlanTransferRepository(this.db);
    const [rows, rooms] = await Promise.all([repo.exportRows(examId), repo.allRooms()]);
    const texts = wordsIn(SEAT_PLAN_XLSX_TEXTS, language);
    return writeExport(
      { local: `${exam.name}-${texts.fileName}`, english: `exam-${exam.id}-seat-plan` },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.sheet);
        sheet.columns = SEAT_PLAN_XLSX_COLUMNS.map((column) => ({
          header: texts.columns[column],
          width: SEAT_PLAN_COLUMN_WIDTHS[column],
        }));
        styleHeader(sheet.getRow(1));
        sheet.getRow(1).commit();
        for (const row of rows) {
          if (own && !own.has(row.class_id)) continue;
          const seated = row.room_id !== null;
          sheet
            .addRow([
              seated ? row.venue_name : '',
              seated ? row.room_name : '',
              seated ? row.seat_number : '',
              row.ticket_number,
              row.name,
              row.class_name,
              maskIdNumber(row.id_number),
              row.session_name ?? '',
            ])
            .commit();
        }
        sheet.commit();
        const list = workbook.addWorksheet(texts.roomsSheet);
        list.columns = texts.roomColumns.map((header, index) => ({
          header,
          width: [20, 16, 8][index],
        }));
        styleHeader(list.getRow(1));
        list.getRow(1).commit();
        for (const room of rooms) list.addRow([room.venue_name, room.name, room.seats]).commit();
        list.commit();
      },
    );
  }

  /** Checks the exam is the caller's to change, as planSeats does, before the upload is read. */
  async assertChangeable(examId: number, auth: AuthContext): Promise<void> {
    await examAccess(this.db, auth, examId, 'manage');
  }

  /** Every problem of the file by row and column, or the moves it makes; nothing is written. */
  async preview(
    examId: number,
    file: Buffer,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<SeatPlanImportPreview> {
    const planFile = await readPlanFile(file);
    // A transaction for the same checks as the import (the exam locked on PostgreSQL), rolled
    // back by nothing being written.
    const check = await inTransaction(this.db, async (trx) => {
      const exam = await this.plans.changeable(trx, examId, auth, true);
      return this.check(trx, exam, planFile);
    });
    const listed = check.problems.slice(0, SEAT_PLAN_IMPORT_PROBLEMS_MAX);
    return {
      rows: planFile.rows.length,
      problems: listed.map((p) => problemView(p, planFile.columnIndex, language)),
      moreProblems: check.problems.length - listed.length,
      moves: check.problems.length > 0 ? [] : check.moves,
      unchanged: check.unchanged,
      notInFile: check.notInFile,
    };
  }

  /**
   * Applies the file in one transaction: checked again (the plan may have changed since the
   * preview); any problem refuses it (10002 naming rows and columns) and nothing is written.
   */
  async import(examId: number, file: Buffer, auth: AuthContext): Promise<SeatPlanImportResult> {
    const planFile = await readPlanFile(file);
    try {
      return await inTransaction(this.db, async (trx) => {
        const exam = await this.plans.changeable(trx, examId, auth, true);
        const check = await this.check(trx, exam, planFile);
        if (check.problems.length > 0) {
          throw invalid('file', 'seatPlanImportProblems', {
            problems: problemsText(check.problems, planFile.columnIndex, 20),
          });
        }
        await new SeatPlanTransferRepository(trx).place(check.places);
        const plan = new SeatPlanRepository(trx);
        for (const roomId of check.roomsUsed.keys()) await plan.includeRoom(exam.id, roomId);
        await new ExamRepository(trx).record(
          exam.id,
          auth.user.id,
          'importSeatPlan',
          {
            rows: planFile.rows.length,
            moved: check.moves.length,
            unchanged: check.unchanged,
            notInFile: check.notInFile,
          },
          nowIso(),
        );
        return {
          moved: check.moves.length,
          unchanged: check.unchanged,
          notInFile: check.notInFile,
        };
      });
    } catch (error) {
      // Someone took a seat between the check and the write.
      if (isUniqueViolation(error)) throw conflict('stillInUseReload', {}, 'file');
      throw error;
    }
  }

  /**
   * The file against the exam's candidates and the rooms as they are in `trx`, and the rooms it
   * uses against other published exams in an overlapping window (named on the first row that
   * seats someone in such a room).
   */
  private async check(trx: Db, exam: ExamRow, file: PlanFile): Promise<PlanCheck> {
    const repo = new SeatPlanTransferRepository(trx);
    const [rows, rooms, sessions] = await Promise.all([
      repo.exportRows(exam.id),
      repo.allRooms(),
      new ExamSessionRepository(trx).list(exam.id),
    ]);
    const check = checkPlanFile(
      file,
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        ticket: row.ticket_number,
        roomId: row.room_id,
        seat: row.seat_number,
        sessionId: row.session_id,
      })),
      rooms.map((room) => ({
        id: room.id,
        name: room.name,
        seats: room.seats,
        venueName: room.venue_name,
      })),
      sessions,
    );
    const used = [...check.roomsUsed.keys()];
    if (used.length === 0) return check;
    const plan = new SeatPlanRepository(trx);
    if (this.postgres) await plan.lockRooms(used);
    // Each room in the window of the session it is used in (the exam's without one), as a move.
    const clashes = [];
    for (const [sessionId, inSession] of check.sessionRoomsUsed) {
      const session = sessions.find((row) => row.id === sessionId);
      const window = session ?? exam;
      const found = await plan.roomClashes(
        exam.id,
        [...inSession.keys()],
        window.start_at,
        window.end_at,
      );
      clashes.push(...found.map((clash) => ({ ...clash, row: inSession.get(clash.room_id)! })));
    }
    const named = new Set<number>();
    for (const clash of clashes) {
      if (named.has(clash.room_id)) continue;
      named.add(clash.room_id);
      check.problems.push({
        row: clash.row,
        column: 'room',
        problem: localized('roomUsedByOtherExam', {
          room: clash.room_name,
          exam: clash.name,
          startAt: clash.start_at,
          endAt: clash.end_at,
        }),
      });
    }
    check.problems.sort(
      (a, b) =>
        a.row - b.row ||
        SEAT_PLAN_XLSX_COLUMNS.indexOf(a.column) - SEAT_PLAN_XLSX_COLUMNS.indexOf(b.column),
    );
    return check;
  }
}

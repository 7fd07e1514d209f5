import type {
  ExportSupplementaryStatisticsQuery,
  MakeUpResultView,
  SupplementaryRow,
  SupplementaryStatisticsView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pointsOrNull, rate } from './quantiles.js';
import { ABSENT_STATUSES, type CandidateRow, type ExamFacts } from './statistics.repository.js';
import { StatisticsAccess, examView } from './statistics.service.js';

/** How deep make-ups of make-ups are followed (each is one query). */
const MAKE_UP_DEPTH_MAX = 10;

const neverStarted = (row: CandidateRow) => ABSENT_STATUSES.includes(row.status as 3 | 5);

/**
 * Make-up statistics (docs/features/analysis.md). A make-up is an exam whose `make_up_of` names the exam it
 * repeats (exam module, make-up.service.ts); make-ups of make-ups are followed too. The
 * candidates concerned are the original's failed and absent ones (of the batches the user
 * reads); a student's make-up result is the make-up they passed, else the latest they sat, else
 * the latest published for them. A make-up whose scores are not released counts as sat with its
 * result unknown (pending), unless unreleased scores are asked for (then shown and marked).
 * A candidate who has not sat a make-up still to come is scheduled, not absent: absence is
 * known only once its window has closed. The final pass rate: those who passed the original or
 * a make-up, over those who sat at least once.
 */
export class SupplementaryService {
  private readonly access: StatisticsAccess;

  constructor(db: Db) {
    this.access = new StatisticsAccess(db);
  }

  async statistics(
    query: ExportSupplementaryStatisticsQuery,
    auth: AuthContext,
    page?: { page: number; limit: number },
  ): Promise<SupplementaryStatisticsView> {
    const { exam, classIds } = await this.access.exam(query.examId, auth, query);
    const makeUps: ExamFacts[] = [];
    let level = [exam.id];
    for (let depth = 0; depth < MAKE_UP_DEPTH_MAX && level.length > 0; depth++) {
      const found = await this.access.repo.makeUpsOf(level);
      makeUps.push(...found);
      level = found.map((row) => row.id);
    }
    makeUps.sort((a, b) =>
      a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : a.id - b.id,
    );
    const [originals, makeUpRows] = await Promise.all([
      this.access.repo.candidates([exam.id], classIds),
      makeUps.length
        ? this.access.repo.candidates(
            makeUps.map((row) => row.id),
            classIds,
          )
        : Promise.resolve([]),
    ]);
    const makeUpById = new Map(makeUps.map((row) => [row.id, row]));
    const order = new Map(makeUps.map((row, index) => [row.id, index]));
    const byStudent = new Map<number, CandidateRow[]>();
    for (const row of makeUpRows) {
      const rows = byStudent.get(row.student_id);
      if (rows) rows.push(row);
      else byStudent.set(row.student_id, [row]);
    }
    const shown = (makeUp: ExamFacts) => makeUp.released_at !== null || query.includeUnreleased;
    const now = nowIso();
    const closed = (examFacts: ExamFacts) => examFacts.end_at <= now;
    const isAbsent = (row: CandidateRow) =>
      neverStarted(row) && (row.exam_id === exam.id || closed(makeUpById.get(row.exam_id)!));
    const isScheduled = (row: CandidateRow) =>
      neverStarted(row) && row.exam_id !== exam.id && !closed(makeUpById.get(row.exam_id)!);

    const summary = {
      candidates: originals.length,
      sat: 0,
      passed: 0,
      failed: 0,
      absent: 0,
      makeUpPublished: 0,
      makeUpSat: 0,
      makeUpPassed: 0,
      makeUpStillFailed: 0,
      makeUpPending: 0,
      makeUpScheduled: 0,
    };
    let finalPassed = 0;
    let satOnce = 0;
    const list: SupplementaryRow[] = [];
    for (const row of originals) {
      const absent = isAbsent(row);
      if (absent) summary.absent += 1;
      else summary.sat += 1;
      if (!absent && row.passed === 1) summary.passed += 1;
      if (!absent && row.passed === 0) summary.failed += 1;
      const concerned = absent || row.passed === 0;
      const rows = (byStudent.get(row.student_id) ?? []).sort(
        (a, b) => order.get(a.exam_id)! - order.get(b.exam_id)!,
      );
      const sitting = rows.filter((r) => !neverStarted(r));
      const scheduled = rows.some(isScheduled);
      const passedRow = sitting.find((r) => shown(makeUpById.get(r.exam_id)!) && r.passed === 1);
      const chosen = passedRow ?? sitting.at(-1) ?? rows.find(isScheduled) ?? rows.at(-1);
      const makeUpPassed = passedRow !== undefined;
      const passedFinally = (!absent && row.passed === 1) || (concerned && makeUpPassed);
      if (!absent || (concerned && sitting.length > 0)) satOnce += 1;
      if (passedFinally) finalPassed += 1;
      if (!concerned) continue;

      let makeUp: MakeUpResultView | null = null;
      if (chosen) {
        const makeUpExam = makeUpById.get(chosen.exam_id)!;
        const visible = shown(makeUpExam);
        const chosenAbsent = isAbsent(chosen);
        makeUp = {
          examId: makeUpExam.id,
          examName: makeUpExam.name,
          absent: chosenAbsent,
          score: visible && !chosenAbsent ? pointsOrNull(chosen.score) : null,
          passed: visible && !chosenAbsent && chosen.passed !== null ? chosen.passed === 1 : null,
          released: makeUpExam.released_at !== null,
          scheduled: isScheduled(chosen),
        };
        summary.makeUpPublished += 1;
      }
      if (sitting.length > 0) summary.makeUpSat += 1;
      let final: SupplementaryRow['final'];
      if (makeUpPassed) {
        summary.makeUpPassed += 1;
        final = 'passed';
      } else if (sitting.length > 0) {
        if (makeUp?.passed === false) {
          summary.makeUpStillFailed += 1;
          final = 'failed';
        } else {
          summary.makeUpPending += 1;
          final = 'pending';
        }
      } else if (scheduled) {
        summary.makeUpScheduled += 1;
        final = 'scheduled';
      } else {
        final = absent ? 'absent' : 'failed';
      }
      list.push({
        candidateId: row.id,
        studentId: row.student_id,
        ticketNumber: row.ticket_number,
        name: row.name,
        classId: row.class_id,
        className: row.class_name,
        original: {
          absent,
          score: absent ? null : pointsOrNull(row.score),
          passed: absent || row.passed === null ? null : row.passed === 1,
        },
        makeUp,
        final,
      });
    }
    const counted = makeUps.filter(shown);
    return {
      exam: examView(exam),
      makeUps: makeUps.map((row) => ({
        ...examView(row),
        who: row.make_up_who,
        closed: closed(row),
      })),
      summary: {
        ...summary,
        originalPassRate: rate(summary.passed, summary.sat),
        finalPassRate: rate(finalPassed, satOnce),
        released:
          exam.released_at !== null && counted.every((makeUp) => makeUp.released_at !== null),
      },
      list: page ? list.slice((page.page - 1) * page.limit, page.page * page.limit) : list,
      total: list.length,
    };
  }
}

import type {
  ExportPassStatisticsQuery,
  FailedCandidateRow,
  PassStatisticsQuery,
  PassStatisticsView,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { points, pointsOrNull, quantile, rate } from './quantiles.js';
import type { ExamCounts, ExamFacts } from './statistics.repository.js';
import { StatisticsAccess, examView } from './statistics.service.js';

/** A day alone (2026-03-31) is the whole day: from its first instant, to its last. */
const instant = (value: string | undefined, end: boolean) => {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return `${value}${end ? 'T23:59:59.999Z' : 'T00:00:00.000Z'}`;
  }
  return new Date(value).toISOString();
};

const NO_COUNTS: ExamCounts = { candidates: 0, absent: 0, passed: 0, failed: 0, pending: 0 };

/**
 * Failed-score statistics (docs/features/analysis.md): for one exam, or a job type and level's exams in a time
 * range (make-ups left out: they count their candidates again, §3 has them), over the batches
 * the user reads or the one asked for. Counts are grouped in SQL per exam; the median reads the
 * known scores once, sorted by the database. The pass rate is passed / sat (absentees are not
 * in it). The trend is every exam of the same job type and level in the range, oldest first.
 */
export class PassStatisticsService {
  private readonly access: StatisticsAccess;

  constructor(db: Db) {
    this.access = new StatisticsAccess(db);
  }

  /** The exams counted, the trend's exams and the batches read. */
  private async scope(query: ExportPassStatisticsQuery, auth: AuthContext) {
    const from = instant(query.from, false);
    const to = instant(query.to, true);
    let exams: ExamFacts[];
    let classIds: number[] | null;
    let own: Set<number> | null;
    let subject: { subjectId: number; level: number };
    /** The job type and level's exams in the range, of the batches the user reads. */
    const examsInRange = (of: typeof subject, visible: Set<number> | null) =>
      this.access.repo.examsOf({
        ...of,
        from,
        to,
        released: !query.includeUnreleased,
        visible: visible ? [...visible] : null,
        classId: query.classId,
      });
    if (query.examId !== undefined) {
      const found = await this.access.exam(query.examId, auth, query);
      own = await this.access.ownClasses(auth);
      exams = [found.exam];
      classIds = found.classIds;
      subject = { subjectId: found.exam.subject_id, level: found.exam.level };
    } else {
      own = await this.access.ownClasses(auth);
      if (query.classId !== undefined && own && !own.has(query.classId)) throw forbidden();
      subject = { subjectId: query.subjectId!, level: query.level! };
      classIds = query.classId !== undefined ? [query.classId] : own ? [...own] : null;
      exams = await examsInRange(subject, own);
    }
    const trend = query.examId === undefined ? exams : await examsInRange(subject, own);
    return { exams, trend, classIds };
  }

  async statistics(
    query: PassStatisticsQuery | ExportPassStatisticsQuery,
    auth: AuthContext,
    page?: { page: number; limit: number },
  ): Promise<PassStatisticsView> {
    const { exams, trend, classIds } = await this.scope(query, auth);
    const examIds = exams.map((exam) => exam.id);
    const [counts, scores, failed] = await Promise.all([
      this.access.repo.counts([...new Set([...examIds, ...trend.map((e) => e.id)])], classIds),
      this.access.repo.scores(examIds, classIds),
      this.access.repo.failed(
        examIds,
        classIds,
        page && { limit: page.limit, offset: (page.page - 1) * page.limit },
      ),
    ]);
    const sum = examIds.reduce(
      (total, id) => {
        const c = counts.get(id) ?? NO_COUNTS;
        return {
          candidates: total.candidates + c.candidates,
          absent: total.absent + c.absent,
          passed: total.passed + c.passed,
          failed: total.failed + c.failed,
          pending: total.pending + c.pending,
        };
      },
      { ...NO_COUNTS },
    );
    const sat = sum.candidates - sum.absent;
    const mean = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
    return {
      exams: exams.map(examView),
      summary: {
        candidates: sum.candidates,
        sat,
        absent: sum.absent,
        passed: sum.passed,
        failed: sum.failed,
        pending: sum.pending,
        passRate: rate(sum.passed, sat),
        mean: mean === null ? null : points(mean),
        median: pointsOrNull(quantile(scores, 0.5)),
        released: exams.every((exam) => exam.released_at !== null),
      },
      failed: {
        total: failed.total,
        list: failed.rows.map((row): FailedCandidateRow => ({
          examId: row.exam_id,
          examName: row.exam_name,
          candidateId: row.id,
          ticketNumber: row.ticket_number,
          name: row.name,
          classId: row.class_id,
          className: row.class_name,
          score: points(row.score!),
          passScore: points(row.pass_score),
          lacking: points(row.pass_score - row.score!),
          released: row.released_at !== null,
        })),
      },
      trend: trend.map((exam) => {
        const c = counts.get(exam.id) ?? NO_COUNTS;
        const examSat = c.candidates - c.absent;
        return {
          examId: exam.id,
          examName: exam.name,
          startAt: exam.start_at,
          sat: examSat,
          passed: c.passed,
          passRate: rate(c.passed, examSat),
          released: exam.released_at !== null,
        };
      }),
    };
  }
}

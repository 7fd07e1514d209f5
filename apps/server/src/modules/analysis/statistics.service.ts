import {
  UserType,
  type AnalysisExamOptionView,
  type AnalysisExamView,
  type ListAnalysisExamQuery,
  type ListResult,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { examAccess } from '../../lib/access.js';
import { AccessRepository } from '../../lib/access.repository.js';
import { points } from './quantiles.js';
import { StatisticsRepository, type ExamFacts } from './statistics.repository.js';

/**
 * Who may read which statistics (docs/features/analysis.md). The route's permission key comes first (the access
 * plugin); then:
 * - a student (userType 3) reads none, whatever role they were given;
 * - a holder of SCHOOL-ALLCLASSES or a SUPER_ADMIN reads every batch (`seesEveryClass`, as the
 *   school and exam modules decide it); anyone else only the batches they teach (class_teachers):
 *   an exam with none of them is not found, a batch not theirs is refused, and every figure is
 *   computed over their batches' candidates only;
 * - scores not released are read only when asked for (`includeUnreleased`), and marked.
 */
export class StatisticsAccess {
  readonly repo: StatisticsRepository;

  constructor(private readonly db: Db) {
    this.repo = new StatisticsRepository(db);
  }

  /** The batch ids `auth` may read, or null for all. */
  async ownClasses(auth: AuthContext): Promise<Set<number> | null> {
    if (auth.user.user_type === UserType.STUDENT) throw forbidden();
    return new AccessRepository(this.db).ownClasses(auth);
  }

  /** The exams `auth` may analyse (closed or released, of their batches), to choose from. */
  async analysableExams(
    query: ListAnalysisExamQuery,
    auth: AuthContext,
  ): Promise<ListResult<AnalysisExamOptionView>> {
    const own = await this.ownClasses(auth);
    const { rows, total, classes } = await this.repo.analysableExams(
      own,
      query,
      new Date().toISOString(),
    );
    return {
      total,
      list: rows.map((row) => ({
        id: row.id,
        name: row.name,
        startAt: row.start_at,
        endAt: row.end_at,
        released: row.released_at !== null,
        classes: classes
          .filter((one) => one.exam_id === row.id && (!own || own.has(one.id)))
          .map((one) => ({ id: one.id, name: one.name })),
      })),
    };
  }

  /**
   * A published exam `auth` may read, and the batches of it they read (`classId` alone when
   * given). Refuses unreleased scores unless `includeUnreleased`.
   */
  async exam(
    examId: number,
    auth: AuthContext,
    options: { classId?: number; includeUnreleased: boolean },
  ): Promise<{ exam: ExamFacts; classIds: number[] | null; examClassIds: number[] }> {
    if (auth.user.user_type === UserType.STUDENT) throw forbidden();
    const { own, examClassIds } = await examAccess(this.db, auth, examId, 'read');
    const [exam] = await this.repo.exams([examId]);
    if (!exam) throw notFound('exam', examId);
    // Rows of the exam's other batches are left out.
    const mine = own ? examClassIds.filter((id) => own.has(id)) : examClassIds;
    if (exam.released_at === null && !options.includeUnreleased) {
      throw conflict('scoresNotReleased', { id: examId });
    }
    if (options.classId !== undefined) {
      if (!examClassIds.includes(options.classId)) throw notFound('classes', options.classId);
      if (!mine.includes(options.classId)) throw forbidden();
      return { exam, classIds: [options.classId], examClassIds };
    }
    // By the candidates' batches, so that one added singly from a teacher's batch counts too.
    return { exam, classIds: own ? [...own] : null, examClassIds };
  }
}

export const examView = (exam: ExamFacts): AnalysisExamView => ({
  id: exam.id,
  name: exam.name,
  subjectId: exam.subject_id,
  level: exam.level,
  startAt: exam.start_at,
  endAt: exam.end_at,
  total: points(exam.total_score),
  passScore: points(exam.pass_score),
  released: exam.released_at !== null,
  releasedAt: exam.released_at,
});

/** Seconds from start to finish, or null. */
export const secondsBetween = (start: string | null, end: string | null) =>
  start === null || end === null ? null : Math.round((Date.parse(end) - Date.parse(start)) / 1000);

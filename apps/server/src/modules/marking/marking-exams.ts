import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../errors.js';
import { examAccess, type ExamNeed } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { MarkingRepository } from './marking.repository.js';

/** The exam every marking use case starts from: published, so it has a version to mark. */
export class MarkingExams {
  private readonly repo: MarkingRepository;

  constructor(private readonly db: Db) {
    this.repo = new MarkingRepository(db);
  }

  async published(examId: number) {
    const exam = await this.repo.exam(examId);
    if (!exam) throw notFound('exam', examId);
    if (exam.paper_version_id === null) {
      throw conflict('examNotPublishedForMarking', { id: examId }, 'examId');
    }
    return { ...exam, paper_version_id: exam.paper_version_id };
  }

  /** A published exam `auth` may use as `need` says (lib/access examAccess). */
  async of(examId: number, auth: AuthContext, need: ExamNeed) {
    await examAccess(this.db, auth, examId, need);
    return this.published(examId);
  }
}

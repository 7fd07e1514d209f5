import { Perm, type ReleaseView } from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { News } from '../../lib/news.js';
import { conflict, forbidden } from '../../errors.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import {
  issueCertificatesOnRelease,
  revokeCertificatesOnWithdrawal,
} from '../certificate/certificate.issue.js';
import { shownTime } from '../../lib/shown-time.js';
import { AuditRepository } from './audit.repository.js';
import type { AuditService } from './audit.service.js';
import type { MarkingEnrolment } from './marking-enrolment.js';
import type { MarkingExams } from './marking-exams.js';
import type { MarkingService } from './marking.service.js';
import { ReleaseRepository } from './release.repository.js';

/**
 * Score release (docs/features/marking.md): the publisher (PUBLISHMANAGE) releases an exam's scores once it
 * has closed, every attempt is finished, every marked answer is final and, with an audit share,
 * every question's group audit has passed. A release can be withdrawn with a reason; both logged.
 */
export class ReleaseService {
  private readonly repo: ReleaseRepository;
  private readonly auditRows: AuditRepository;

  constructor(
    private readonly db: Db,
    private readonly marking: MarkingService,
    private readonly exams: MarkingExams,
    private readonly enrolment: MarkingEnrolment,
    private readonly audits: AuditService,
    /** Told each exam whose scores were released, once committed (score analysis warms up). */
    private readonly released?: News<number>,
  ) {
    this.repo = new ReleaseRepository(db);
    this.auditRows = new AuditRepository(db);
  }

  private requirePublisher(auth: AuthContext) {
    if (!hasAnyPermission(auth, [Perm.PUBLISH])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.PUBLISH });
    }
  }

  async release(examId: number, auth: AuthContext): Promise<ReleaseView> {
    this.requirePublisher(auth);
    const exam = await this.exams.of(examId, auth, 'manage');
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    const at = nowIso();
    if (exam.end_at > at) {
      throw conflict('releaseExamOpen', { name: exam.name, end: shownTime(exam.end_at) });
    }
    await this.enrolment.enroll(exam.id, exam.paper_version_id);
    const open = await this.repo.open(examId);
    if (open.attempts > 0) {
      throw conflict('releaseAttemptsRunning', { name: exam.name, count: open.attempts });
    }
    if (open.answers > 0) throw conflict('releaseMarkingOpen', { count: open.answers });
    const plan = await this.marking.planView(examId);
    if (plan && plan.auditShare > 0) {
      await this.audits.openDue(examId);
      const latest = new Map(
        (await this.auditRows.audits(examId)).map((row) => [row.item_id, row.state]),
      );
      const unpassed = (await this.auditRows.itemStates(examId))
        .map((item) => item.item_id)
        .filter((itemId) => latest.get(itemId) !== 1);
      if (unpassed.length > 0) throw conflict('releaseAuditOpen', { items: unpassed.join(', ') });
    }
    await inTransaction(this.db, async (trx) => {
      if (!(await this.repo.setReleased(trx, examId, at))) {
        throw conflict('scoresReleased', { name: exam.name });
      }
      await this.repo.log(trx, { examId, action: 'release', reason: '', userId: auth.user.id, at });
      await issueCertificatesOnRelease(trx, examId, at);
    });
    this.released?.publish(examId);
    return this.view(examId);
  }

  async withdraw(examId: number, reason: string, auth: AuthContext): Promise<ReleaseView> {
    this.requirePublisher(auth);
    await this.exams.of(examId, auth, 'manage');
    const at = nowIso();
    await inTransaction(this.db, async (trx) => {
      if (!(await this.repo.setReleased(trx, examId, null))) {
        throw conflict('scoresNotReleased', { id: examId });
      }
      await this.repo.log(trx, { examId, action: 'withdraw', reason, userId: auth.user.id, at });
      await revokeCertificatesOnWithdrawal(trx, examId, { userId: auth.user.id, reason, at });
    });
    return this.view(examId);
  }

  /** getRelease: the release state and its history, for the publisher. */
  async get(examId: number, auth: AuthContext): Promise<ReleaseView> {
    this.requirePublisher(auth);
    await this.exams.of(examId, auth, 'read');
    return this.view(examId);
  }

  async view(examId: number): Promise<ReleaseView> {
    const exam = await this.exams.published(examId);
    return {
      examId,
      releasedAt: exam.released_at,
      history: (await this.repo.history(examId)).map((row) => ({
        action: row.action as 'release' | 'withdraw',
        reason: row.reason,
        userId: row.user_id,
        userName: row.nick_name || row.name || '',
        at: row.created_at,
      })),
    };
  }
}

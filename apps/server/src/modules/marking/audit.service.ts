import { randomInt } from 'node:crypto';
import {
  MarkingAudit,
  Perm,
  scoreFromHundredths,
  type AuditGroupBody,
  type AuditSampleView,
  type MarkingAuditState,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden } from '../../errors.js';
import { examAccess } from '../../lib/access.js';
import { parseJson } from '../../lib/json.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { AuditRepository } from './audit.repository.js';
import { MarkingScoresRepository } from './marking-scores.repository.js';
import type { MarkingEnrolment } from './marking-enrolment.js';
import type { MarkingExams } from './marking-exams.js';
import { marksOn } from './mark-views.js';
import type { MarkingService } from './marking.service.js';

/** `count` distinct values of `ids` drawn at random (a partial Fisher–Yates). */
function drawn(ids: readonly number[], count: number): number[] {
  const pool = [...ids];
  for (let i = 0; i < count && i < pool.length; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/**
 * Group audit (docs/features/marking.md): once every answer of a question is final and the exam has closed,
 * a sample of the plan's share is drawn; a chief passes the question (its marking closes) or
 * fails it with a reason (its answers go back to marking in a new cycle).
 */
export class AuditService {
  private readonly repo: AuditRepository;
  private readonly marks: MarkingScoresRepository;

  constructor(
    private readonly db: Db,
    private readonly marking: MarkingService,
    private readonly exams: MarkingExams,
    private readonly enrolment: MarkingEnrolment,
  ) {
    this.repo = new AuditRepository(db);
    this.marks = new MarkingScoresRepository(db);
  }

  /**
   * Opens the audits that are due. Done when someone looks rather than when the last answer
   * becomes final: two last answers finalized at once could each think the other still open.
   */
  async openDue(examId: number) {
    const exam = await this.exams.published(examId);
    const plan = await this.marking.requirePlan(examId);
    const at = nowIso();
    if (plan.audit_share === 0 || exam.end_at > at) return;
    await this.enrolment.enroll(exam.id, exam.paper_version_id);
    const audits = await this.repo.audits(examId);
    const opened = new Set(audits.map((a) => `${a.item_id}/${a.cycle}`));
    for (const item of await this.repo.itemStates(examId)) {
      const cycle = Number(item.cycle);
      if (Number(item.final) !== Number(item.answers) || opened.has(`${item.item_id}/${cycle}`)) {
        continue;
      }
      const ids = (await this.repo.answerIds(examId, item.item_id)).map((row) => row.id);
      const size = Math.max(1, Math.ceil((ids.length * plan.audit_share) / 100));
      await this.repo.open({
        examId,
        itemId: item.item_id,
        cycle,
        sample: drawn(ids, size),
        at,
      });
    }
  }

  private requireChief(auth: AuthContext) {
    if (!hasAnyPermission(auth, [Perm.MARKING_ARBITRATE])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.MARKING_ARBITRATE });
    }
  }

  private async latest(examId: number, itemId: string) {
    const audits = (await this.repo.audits(examId)).filter((a) => a.item_id === itemId);
    return audits[audits.length - 1];
  }

  /** The question's latest audit with its sample as the chief reads it (blind), or null. */
  async sample(
    query: { examId: number; itemId: string },
    auth: AuthContext,
  ): Promise<AuditSampleView | null> {
    this.requireChief(auth);
    await examAccess(this.db, auth, query.examId, 'read');
    await this.openDue(query.examId);
    const audit = await this.latest(query.examId, query.itemId);
    if (!audit) return null;
    const rows = await this.repo.sampleAnswers(parseJson<number[]>(audit.sample, []));
    const marks = await this.marks.marksOfAnswers(rows.map((row) => row.id));
    return {
      examId: audit.exam_id,
      itemId: audit.item_id,
      cycle: audit.cycle,
      state: audit.state as MarkingAuditState,
      reason: audit.reason,
      sample: rows.map((row) => ({
        answerId: row.id,
        anonCode: row.anon_code,
        value: parseJson<string | string[]>(row.value, ''),
        final: row.final_score === null ? null : scoreFromHundredths(row.final_score),
        marks: marksOn(marks, row.id),
      })),
    };
  }

  /** Passes or fails the audit under review; a failure sends every answer back, logged. */
  async decide(body: AuditGroupBody, auth: AuthContext): Promise<AuditSampleView | null> {
    this.requireChief(auth);
    const exam = await this.exams.of(body.examId, auth, 'manage');
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    await this.openDue(exam.id);
    const audit = await this.latest(exam.id, body.itemId);
    const refused = () => conflict('noAuditUnderReview', { itemId: body.itemId });
    if (!audit || audit.state !== MarkingAudit.UNDER_REVIEW) throw refused();
    const at = nowIso();
    await inTransaction(this.db, async (trx) => {
      const decision = { state: body.result, reason: body.reason, reviewerId: auth.user.id, at };
      if (!(await this.repo.decide(trx, audit.id, decision))) throw refused();
      if (body.result !== MarkingAudit.FAILED) return;
      const answers = await this.repo.finals(trx, exam.id, body.itemId);
      await this.repo.sendBack(trx, exam.id, body.itemId);
      await this.marks.log(
        trx,
        answers.map((answer) => ({
          exam_id: exam.id,
          attempt_id: answer.attempt_id,
          item_id: body.itemId,
          answer_id: answer.id,
          kind: 'audit',
          old_score: answer.final_score,
          new_score: null,
          reason: body.reason,
          user_id: auth.user.id,
          created_at: at,
        })),
      );
      for (const attemptId of new Set(answers.map((answer) => answer.attempt_id))) {
        await this.marks.refreshAttempt(trx, attemptId);
      }
    });
    return this.sample(body, auth);
  }
}

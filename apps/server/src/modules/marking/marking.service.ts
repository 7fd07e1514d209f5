import {
  MARKING_BASE,
  MARKING_LEASE_MS,
  inEveryLanguage,
  listIn,
  fieldLabel,
  Perm,
  scoreFromHundredths,
  scoreToHundredths,
  type ArbitrationView,
  type DeskAnswer,
  type MarkingMode,
  type MarkingPlanView,
  type NextAnswerResult,
  type ScoreAnswerBody,
  type ScoreAnswerResult,
  type ScoreLogEntry,
  type MessageLanguage,
  type SetMarkingPlanBody,
  SCORE_LOG_EXPORT_TEXTS,
  type ScoreLogKind,
  wordsIn,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { answerAccess, examAccess, visibleExams } from '../../lib/access.js';
import { parseJson } from '../../lib/json.js';
import { shownTime } from '../../lib/shown-time.js';
import { styleHeader, writeExport } from '../../lib/spreadsheet.js';
import { hasAnyPermission, type AuthContext } from '../../lib/auth-context.js';
import { isMarkedType } from '../paper/scoring.js';
import { paperVersions } from '../paper/paper-version-cache.js';
import { onStep, outcomeOf } from './agreed-score.js';
import type { MarkingEnrolment } from './marking-enrolment.js';
import type { MarkingExams } from './marking-exams.js';
import { marksOn } from './mark-views.js';
import { MarkingScoresRepository } from './marking-scores.repository.js';
import { MarkingRepository } from './marking.repository.js';

/** Answers "Next" looks at per try: markers racing for the first ones spread over them. */
const CLAIM_WINDOW = 20;
const CLAIM_TRIES = 5;
/** Candidate mode: the next candidate is one of the first this many with answers left. */
const CANDIDATE_WINDOW = 5;

/**
 * Marking (docs/features/marking.md): plan, blind desk with leases, double marking, arbitration.
 * Each score set or changed is logged in its transaction; a total is set once all are final.
 */
export class MarkingService {
  private readonly repo: MarkingRepository;
  private readonly scores: MarkingScoresRepository;
  private readonly versions = () => paperVersions(this.db);

  constructor(
    private readonly db: Db,
    private readonly exams: MarkingExams,
    private readonly enrolment: MarkingEnrolment,
  ) {
    [this.repo, this.scores] = [new MarkingRepository(db), new MarkingScoresRepository(db)];
  }

  private requireArbiter(auth: AuthContext) {
    if (!hasAnyPermission(auth, [Perm.MARKING_ARBITRATE])) {
      throw forbidden('permissionDeniedNeeds', { keys: Perm.MARKING_ARBITRATE });
    }
  }

  async requirePlan(examId: number) {
    const plan = await this.repo.plan(examId);
    if (!plan) throw conflict('noMarkingPlan', { id: examId });
    return plan;
  }

  // ── The plan ──────────────────────────────────────────────────────────────────────────

  /** Set by a chief (MARKINGPAPERS-ARBITRATE): who marks what, and how. */
  async setPlan(body: SetMarkingPlanBody, auth: AuthContext): Promise<MarkingPlanView> {
    this.requireArbiter(auth);
    const exam = await this.exams.of(body.examId, auth, 'manage');
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    const items = await this.versions().items(exam.paper_version_id);
    const markerIds = [...new Set(body.assignments.flatMap((a) => a.markerIds))];
    const markers = await this.repo.usersHolding(markerIds, Perm.MARKING);
    body.assignments.forEach((assignment, i) => {
      const item = items.get(assignment.itemId);
      if (!item) {
        throw invalid(`assignments.${i}.itemId`, 'itemNotInPaper', { itemId: assignment.itemId });
      }
      if (!isMarkedType(item.type)) {
        throw invalid(`assignments.${i}.itemId`, 'itemNotForMarkers', {
          itemId: assignment.itemId,
        });
      }
      const lacking = assignment.markerIds.find((id) => !markers.has(id));
      if (lacking !== undefined) {
        throw invalid(`assignments.${i}.markerIds`, 'notAMarker', {
          id: lacking,
          key: Perm.MARKING,
        });
      }
      if (body.double && assignment.markerIds.length < 2) {
        throw invalid(`assignments.${i}.markerIds`, 'doubleNeedsTwoMarkers', {
          itemId: assignment.itemId,
        });
      }
    });
    const values = {
      mode: body.mode,
      double_marking: body.double ? 1 : 0,
      tolerance: scoreToHundredths(body.tolerance),
      step: scoreToHundredths(body.step),
      audit_share: body.auditShare,
    };
    const before = await this.repo.plan(exam.id);
    if (before && (await this.repo.hasMarks(exam.id))) {
      // Marks already given were judged by these rules.
      const changed = (['mode', 'double_marking', 'tolerance', 'step'] as const).filter(
        (field) => before[field] !== values[field],
      );
      if (changed.length > 0) {
        const names = {
          mode: 'mode',
          double_marking: 'double',
          tolerance: 'tolerance',
          step: 'step',
        };
        // The fields as the form names them, in each language.
        const fields = inEveryLanguage((language) =>
          listIn(
            changed.map((f) => fieldLabel(names[f], language, `${MARKING_BASE}/setMarkingPlan`)),
            language,
          ),
        );
        throw conflict('markingPlanLocked', { fields });
      }
    }
    const assignments = body.assignments.flatMap((a) =>
      a.markerIds.map((markerId) => ({ itemId: a.itemId, markerId })),
    );
    await inTransaction(this.db, (trx) =>
      this.repo.savePlan(trx, exam.id, values, assignments, { userId: auth.user.id, at: nowIso() }),
    );
    return (await this.planView(exam.id))!;
  }

  async planView(examId: number): Promise<MarkingPlanView | null> {
    const plan = await this.repo.plan(examId);
    if (!plan) return null;
    const byItem = new Map<string, number[]>();
    for (const row of await this.repo.assignments(examId)) {
      byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row.marker_id]);
    }
    return {
      examId,
      mode: plan.mode as MarkingMode,
      double: plan.double_marking === 1,
      tolerance: scoreFromHundredths(plan.tolerance),
      step: scoreFromHundredths(plan.step),
      auditShare: plan.audit_share,
      assignments: [...byItem].map(([itemId, markerIds]) => ({ itemId, markerIds })),
    };
  }

  private async deskChecks(examId: number, itemId: string, auth: AuthContext) {
    const exam = await this.exams.of(examId, auth, 'mark');
    const plan = await this.requirePlan(examId);
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    if (!(await this.repo.isAssigned(examId, itemId, auth.user.id))) {
      throw forbidden('notYourQuestion', { itemId });
    }
    if (await this.repo.itemClosed(examId, itemId)) throw conflict('markingClosed', { itemId });
    return { exam, plan, needed: plan.double_marking === 1 ? 2 : 1 };
  }

  /**
   * "Next": the answer this marker holds, else one claimed from the pool with a lease. By
   * question, of the question named; by candidate, see nextByCandidate.
   */
  async next(
    body: { examId: number; itemId?: string | undefined },
    auth: AuthContext,
  ): Promise<NextAnswerResult> {
    const plan = await this.requirePlan((await this.exams.of(body.examId, auth, 'mark')).id);
    if (plan.mode === 'candidate') return this.nextByCandidate(body.examId, body.itemId, auth);
    if (body.itemId === undefined) throw invalid('itemId', 'required');
    return this.nextOfItem({ examId: body.examId, itemId: body.itemId }, auth);
  }

  private async nextOfItem(
    body: { examId: number; itemId: string },
    auth: AuthContext,
  ): Promise<NextAnswerResult> {
    const { exam, plan, needed } = await this.deskChecks(body.examId, body.itemId, auth);
    await this.enrolment.enroll(exam.id, exam.paper_version_id);
    const markerId = auth.user.id;
    let answerId = await this.repo.held(exam.id, body.itemId, markerId, nowIso());
    for (let tries = 0; answerId === undefined && tries < CLAIM_TRIES; tries++) {
      const now = new Date();
      const ids = await this.repo.claimable(
        exam.id,
        body.itemId,
        markerId,
        needed,
        now.toISOString(),
        CLAIM_WINDOW,
      );
      if (ids.length === 0) break;
      // Start at a random place so that markers pressing Next together rarely collide.
      const offset = Math.floor(Math.random() * ids.length);
      const until = new Date(now.getTime() + MARKING_LEASE_MS).toISOString();
      for (let i = 0; i < ids.length && answerId === undefined; i++) {
        const id = ids[(offset + i) % ids.length]!;
        if (await this.repo.claim(id, markerId, needed, now.toISOString(), until)) answerId = id;
      }
    }
    const counts = await this.repo.deskCounts(exam.id, body.itemId, markerId, needed);
    return {
      answer: answerId === undefined ? null : await this.deskAnswer(answerId, markerId, plan.step),
      ...counts,
    };
  }

  /**
   * "Next" when marking by candidate: every one of this marker's (open) questions of a candidate
   * before the next candidate. The held answer first; else one of the candidate of the marker's
   * latest mark, while any is left for them; else the next candidate (a random one of the first
   * few, so that markers pressing Next together rarely collide). Within a candidate `preferred`
   * comes first, then the paper's order.
   */
  private async nextByCandidate(
    examId: number,
    preferred: string | undefined,
    auth: AuthContext,
  ): Promise<NextAnswerResult> {
    const exam = await this.exams.published(examId);
    const plan = await this.requirePlan(examId);
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    const markerId = auth.user.id;
    const needed = plan.double_marking === 1 ? 2 : 1;
    const assigned = (await this.repo.assignments(examId))
      .filter((row) => row.marker_id === markerId)
      .map((row) => row.item_id);
    if (preferred !== undefined && !assigned.includes(preferred)) {
      throw forbidden('notYourQuestion', { itemId: preferred });
    }
    if (assigned.length === 0) throw forbidden('noQuestionsToMark', { id: examId });
    const open: string[] = [];
    for (const itemId of assigned) {
      if (!(await this.repo.itemClosed(examId, itemId))) open.push(itemId);
    }
    if (preferred !== undefined && !open.includes(preferred)) {
      throw conflict('markingClosed', { itemId: preferred });
    }
    if (open.length === 0) throw conflict('markingClosed', { itemId: assigned.join(', ') });
    await this.enrolment.enroll(exam.id, exam.paper_version_id);
    const paperOrder = new Map(
      [...(await this.versions().items(exam.paper_version_id)).keys()].map((id, i) => [id, i]),
    );
    const rank = (itemId: string) => (itemId === preferred ? -1 : (paperOrder.get(itemId) ?? 0));

    let answerId = await this.repo.heldAmong(examId, open, markerId, nowIso());
    for (let tries = 0; answerId === undefined && tries < CLAIM_TRIES; tries++) {
      const now = new Date();
      const claimable = (attemptId?: number) =>
        this.repo.claimableByCandidate(examId, open, markerId, needed, now.toISOString(), {
          attemptId,
          limit: CLAIM_WINDOW * open.length,
        });
      const current = await this.repo.lastMarkedAttempt(examId, markerId);
      let rows = current === undefined ? [] : await claimable(current);
      if (rows.length === 0) {
        const pool = await claimable();
        if (pool.length === 0) break;
        const candidates = [...new Set(pool.map((row) => row.attempt_id))];
        const first =
          candidates[Math.floor(Math.random() * Math.min(candidates.length, CANDIDATE_WINDOW))]!;
        rows = [
          ...pool.filter((row) => row.attempt_id === first),
          ...pool.filter((row) => row.attempt_id !== first),
        ];
      }
      // Candidate by candidate as listed; within one, the preferred question, then paper order.
      const position = new Map<number, number>();
      for (const row of rows)
        if (!position.has(row.attempt_id)) position.set(row.attempt_id, position.size);
      rows.sort(
        (a, b) =>
          position.get(a.attempt_id)! - position.get(b.attempt_id)! ||
          rank(a.item_id) - rank(b.item_id),
      );
      const until = new Date(now.getTime() + MARKING_LEASE_MS).toISOString();
      for (const row of rows) {
        if (await this.repo.claim(row.id, markerId, needed, now.toISOString(), until)) {
          answerId = row.id;
          break;
        }
      }
    }
    let left = 0;
    let mine = 0;
    for (const itemId of assigned) {
      const counts = await this.repo.deskCounts(examId, itemId, markerId, needed);
      left += counts.left;
      mine += counts.mine;
    }
    return {
      answer: answerId === undefined ? null : await this.deskAnswer(answerId, markerId, plan.step),
      left,
      mine,
    };
  }

  /** The answer as the desk shows it: blind, with the stem, the model answer and the analysis. */
  private async deskAnswer(answerId: number, markerId: number, step: number): Promise<DeskAnswer> {
    const row = await this.repo.answer(answerId);
    if (!row) throw notFound('markingAnswer', answerId);
    const item = (await this.versions().items(row.paper_version_id)).get(row.item_id)!;
    const mine = (await this.scores.marksOf(this.db, row.id, row.cycle)).find(
      (mark) => mark.marker_id === markerId,
    );
    return {
      answerId: row.id,
      anonCode: row.anon_code,
      itemId: row.item_id,
      type: item.type,
      fullScore: scoreFromHundredths(row.full_score),
      step: scoreFromHundredths(step),
      content: item.content,
      modelAnswer: item.answer,
      analysis: item.analysis,
      linkUrl: item.linkUrl,
      value: parseJson<string | string[]>(row.value, ''),
      myScore: mine ? scoreFromHundredths(mine.score) : null,
      myComment: mine?.comment ?? '',
      leaseUntil: row.lease_marker_id === markerId ? row.lease_until : null,
    };
  }

  /** A score in hundredths, checked against the question and the plan's step. */
  private checkedScore(points: number, full: number, step: number) {
    const score = scoreToHundredths(points);
    if (score > full) {
      throw invalid('score', 'scoreOutOfRange', { max: scoreFromHundredths(full) });
    }
    if (!onStep(score, step, full)) {
      throw invalid('score', 'scoreOffStep', { step: scoreFromHundredths(step) });
    }
    return score;
  }

  // ── Scoring ───────────────────────────────────────────────────────────────────────────

  /**
   * A marker's score: a new mark by the lease holder, or a revision of their own mark of this
   * cycle until the answer is arbitrated or the question's marking closes. Under double marking
   * the reply is the same whatever the other marker gave: the mean or an arbitration would tell
   * a marker the other score (a few revisions solve for it) and let them steer the mean. A
   * revision is weighed against the other mark again, so one past the tolerance goes to
   * arbitration.
   */
  async score(body: ScoreAnswerBody, auth: AuthContext): Promise<ScoreAnswerResult> {
    const found = await this.repo.answer(body.answerId);
    if (!found) throw notFound('markingAnswer', body.answerId);
    const { plan, needed } = await this.deskChecks(found.exam_id, found.item_id, auth);
    const score = this.checkedScore(body.score, found.full_score, plan.step);
    const markerId = auth.user.id;
    const at = nowIso();
    const result = await inTransaction(this.db, async (trx) => {
      const answer = await this.scores.lockAnswer(trx, found.id);
      const marks = await this.scores.marksOf(trx, answer.id, answer.cycle);
      const mine = marks.find((mark) => mark.marker_id === markerId);
      const entry = {
        exam_id: answer.exam_id,
        attempt_id: answer.attempt_id,
        item_id: answer.item_id,
        answer_id: answer.id,
        user_id: markerId,
        created_at: at,
      };
      if (mine) {
        if (await this.scores.arbitrated(answer.id, answer.cycle, trx)) {
          throw conflict('answerArbitrated');
        }
        await this.scores.reviseMark(trx, mine.id, score, body.comment, at);
        if (mine.score !== score) {
          await this.scores.log(trx, [
            { ...entry, kind: 'revise', old_score: mine.score, new_score: score },
          ]);
        }
      } else {
        if (
          !(await this.scores.addMark(trx, answer, { markerId, score, comment: body.comment, at }))
        ) {
          throw conflict('notYourLease');
        }
        await this.scores.log(trx, [{ ...entry, kind: 'mark', old_score: null, new_score: score }]);
      }
      const now = await this.scores.marksOf(trx, answer.id, answer.cycle);
      const outcome = outcomeOf(
        now,
        { needed, tolerance: plan.tolerance, step: plan.step },
        answer.full_score,
      );
      if (
        outcome.final !== answer.final_score ||
        outcome.arbitration !== (answer.arbitration === 1)
      ) {
        await this.scores.setOutcome(trx, answer, { ...outcome, at });
        if (outcome.final !== answer.final_score) {
          await this.scores.log(trx, [
            {
              ...entry,
              // The mean of two marks is the system's, not either marker's.
              user_id: needed === 1 ? markerId : 0,
              kind: 'final',
              old_score: answer.final_score,
              new_score: outcome.final,
            },
          ]);
        }
        await this.scores.refreshAttempt(trx, answer.attempt_id);
      }
      return outcome;
    });
    if (needed > 1) return { answerId: found.id, final: null, arbitration: false, blind: true };
    return {
      answerId: found.id,
      final: result.final === null ? null : scoreFromHundredths(result.final),
      arbitration: result.arbitration,
      blind: false,
    };
  }

  // ── Arbitration ───────────────────────────────────────────────────────────────────────

  async listArbitration(
    query: { examId?: number; page: number; limit: number },
    auth: AuthContext,
  ): Promise<{ list: ArbitrationView[]; total: number }> {
    this.requireArbiter(auth);
    if (query.examId !== undefined) await examAccess(this.db, auth, query.examId, 'read');
    const [rows, count] = await this.scores.arbitrationList(
      query.examId,
      visibleExams(this.db, auth),
      query.page,
      query.limit,
    );
    const marks = await this.scores.marksOfAnswers(rows.map((row) => row.id));
    const list: ArbitrationView[] = [];
    for (const row of rows) {
      const item = (await this.versions().items(row.paper_version_id)).get(row.item_id)!;
      list.push({
        answerId: row.id,
        anonCode: row.anon_code,
        examId: row.exam_id,
        itemId: row.item_id,
        fullScore: scoreFromHundredths(row.full_score),
        content: item.content,
        modelAnswer: item.answer,
        value: parseJson<string | string[]>(row.value, ''),
        marks: marksOn(marks, row.id),
      });
    }
    return { list, total: Number(count.n) };
  }

  /** The arbiter's score is final; an arbiter who marked the answer may not decide it. */
  async arbitrate(body: ScoreAnswerBody, auth: AuthContext): Promise<ScoreAnswerResult> {
    this.requireArbiter(auth);
    await answerAccess(this.db, auth, body.answerId, 'read');
    const answer = await this.repo.answer(body.answerId);
    if (!answer) throw notFound('markingAnswer', body.answerId);
    const exam = await this.exams.published(answer.exam_id);
    if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
    if (answer.arbitration !== 1) throw conflict('notInArbitration');
    const marks = await this.scores.marksOf(this.db, answer.id, answer.cycle);
    if (marks.some((mark) => mark.marker_id === auth.user.id)) throw forbidden('arbiterMarkedIt');
    const plan = await this.requirePlan(answer.exam_id);
    const score = this.checkedScore(body.score, answer.full_score, plan.step);
    const at = nowIso();
    await inTransaction(this.db, async (trx) => {
      const decision = { score, arbiterId: auth.user.id, comment: body.comment, at };
      if (!(await this.scores.arbitrate(trx, answer, decision))) throw conflict('notInArbitration');
      await this.scores.setOutcome(trx, answer, { final: score, arbitration: false, at });
      await this.scores.log(trx, [
        {
          exam_id: answer.exam_id,
          attempt_id: answer.attempt_id,
          item_id: answer.item_id,
          answer_id: answer.id,
          kind: 'arbitration',
          old_score: null,
          new_score: score,
          reason: body.comment,
          user_id: auth.user.id,
          created_at: at,
        },
      ]);
      await this.scores.refreshAttempt(trx, answer.attempt_id);
    });
    return {
      answerId: answer.id,
      final: scoreFromHundredths(score),
      arbitration: false,
      blind: false,
    };
  }

  // ── The score log ─────────────────────────────────────────────────────────────────────

  /**
   * An exam's score record. A marker reads only their own entries: with double marking the
   * other's mark must stay unseen; a chief reads everything.
   */
  async scoreLog(
    query: { examId: number; answerId?: number; page: number; limit: number },
    auth: AuthContext,
  ): Promise<{ list: ScoreLogEntry[]; total: number }> {
    await this.exams.of(query.examId, auth, 'mark');
    const onlyUser = hasAnyPermission(auth, [Perm.MARKING_ARBITRATE]) ? undefined : auth.user.id;
    const [rows, count] = await this.scores.scoreLog(
      query.examId,
      query.answerId,
      onlyUser,
      query.page,
      query.limit,
    );
    const points = (value: number | null) => (value === null ? null : scoreFromHundredths(value));
    return {
      list: rows.map((row) => ({
        id: row.id,
        examId: row.exam_id,
        answerId: row.answer_id,
        itemId: row.item_id,
        anonCode: row.anon_code,
        kind: row.kind,
        oldScore: points(row.old_score),
        newScore: points(row.new_score),
        reason: row.reason,
        userId: row.user_id,
        createdAt: row.created_at,
      })),
      total: Number(count.n),
    };
  }

  /**
   * The exam's whole score log as .xlsx (headers, kinds and the system's name in `language`),
   * read by the same rule as listScoreLog: a marker's own entries, a chief's all.
   */
  async exportScoreLog(examId: number, auth: AuthContext, language: MessageLanguage) {
    const exam = await this.exams.of(examId, auth, 'mark');
    const onlyUser = hasAnyPermission(auth, [Perm.MARKING_ARBITRATE]) ? undefined : auth.user.id;
    const texts = wordsIn(SCORE_LOG_EXPORT_TEXTS, language);
    const points = (value: number | null) => (value === null ? '' : scoreFromHundredths(value));
    return writeExport(
      { local: `${exam.name}-${texts.fileName}`, english: `exam-${exam.id}-score-log` },
      async (workbook) => {
        const sheet = workbook.addWorksheet(texts.sheet);
        sheet.columns = texts.columns.map((header, index) => ({
          header,
          width: [20, 10, 16, 18, 10, 10, 40, 16][index] ?? 12,
        }));
        styleHeader(sheet.getRow(1));
        sheet.getRow(1).commit();
        const PAGE = 2000;
        for (let afterId = 0; ;) {
          const rows = await this.scores.scoreLogAfter(exam.id, onlyUser, afterId, PAGE);
          for (const row of rows) {
            sheet
              .addRow([
                shownTime(row.created_at),
                row.item_id,
                row.anon_code ?? '',
                texts.kinds[row.kind as ScoreLogKind] ?? row.kind,
                points(row.old_score),
                points(row.new_score),
                row.reason,
                row.user_id === 0
                  ? texts.system
                  : row.nick_name || row.user_name || `#${row.user_id}`,
              ])
              .commit();
          }
          if (rows.length < PAGE) break;
          afterId = rows.at(-1)!.id;
        }
        sheet.commit();
      },
    );
  }
}

import {
  ApiStatus,
  CandidateStatus,
  SAVE_GRACE_MS,
  type AnswerSave,
  type AttemptResultView,
  type FinishReason,
  type MessageLanguage,
  type Receipt,
  type SaveAck,
} from '@kaoshi/shared';
import { afterCommit, inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { parseJson } from '../../lib/json.js';
import { isAnswered, isMarkedType, scoreAnswer } from '../paper/scoring.js';
import { storedValue } from './answer-values.js';
import type { AttemptCore } from './attempt-core.js';
import { presentResult } from './attempt-result.presenter.js';
import {
  answersOf,
  attemptById,
  attemptsDue,
  claimAttempt,
  deadlineOfAttempt,
  endAttempt,
  resultFactsOf,
  scoreAnswers,
  settleCandidate,
  type AttemptEnding,
  upsertAnswers,
  type AttemptRow,
  type StoredSave,
} from './attempt.repository.js';
import { onBreak } from './attempt-break.repository.js';
import { closePause } from './attempt-pause.repository.js';
import { remainingOf } from './deadlines.js';
import type { Variant } from './variant.js';
import { receiptCodeOf } from './receipt-code.js';

/** An attempt to end, with what its ending reads before the transaction (readyToEnd). */
export interface ReadyToEnd {
  before: AttemptRow;
  variant: Variant;
  key: Buffer;
}

/**
 * Saving answers, submitting and finalizing an attempt, and its result
 * (docs/features/taking-an-exam.md). Acknowledged saves are committed by the grouped writer
 * before an attempt closes; a finalization claims the attempt once, whatever process runs it.
 */
export class AttemptAnswering {
  private readonly db: Db;

  constructor(private readonly core: AttemptCore) {
    this.db = core.db;
  }

  // ── Saving ─────────────────────────────────────────────────────────────────────────────

  /**
   * Saves answers of the attempt `row` (its owner checked by the caller): each is checked
   * against its question, turned into the paper's option keys and written by the grouped
   * writer; each ack says whether it is stored.
   */
  async save(
    row: AttemptRow,
    saves: readonly AnswerSave[],
    language: MessageLanguage,
  ): Promise<SaveAck[]> {
    const variant = await this.core.variantOf(row);
    const savedAt = nowIso();
    return Promise.all(
      saves.map(async (save): Promise<SaveAck> => {
        let refused: AppError | null = null;
        try {
          const value = storedValue(variant, save.itemId, save.value);
          const outcome = await this.core.writer.save({
            attemptId: row.id,
            itemId: save.itemId,
            seq: save.seq,
            value,
            savedAt,
            answered: isAnswered(parseJson<unknown>(value, '')),
          });
          if (outcome instanceof AppError) refused = outcome;
          else {
            this.core.news.publish({
              kind: 'saved',
              row,
              itemId: save.itemId,
              answeredCount: outcome.answeredCount,
            });
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused = error;
        }
        return refused === null
          ? { itemId: save.itemId, seq: save.seq, ok: true }
          : {
              itemId: save.itemId,
              seq: save.seq,
              ok: false,
              code: refused.status,
              message: refused.render(language),
            };
      }),
    );
  }

  /** Remaining milliseconds of the attempt by the server's clock (never below 0). */
  async remainingMs(attemptId: number): Promise<number> {
    const row = await deadlineOfAttempt(this.db, attemptId);
    return row === undefined ? 0 : remainingOf(row, Date.now());
  }

  // ── Submitting and finalizing ──────────────────────────────────────────────────────────

  /** The candidate submits: refused before the exam's minimum time; idempotent after. */
  async submit(attemptId: number, auth: AuthContext): Promise<Receipt> {
    const row = await this.core.ownAttempt(attemptId, auth);
    if (row.finished_at === null && row.paused_at !== null) {
      if (onBreak(row)) throw new AppError(ApiStatus.ATTEMPT_PAUSED, 'attemptOnBreak');
      throw new AppError(ApiStatus.ATTEMPT_PAUSED, 'attemptPaused', {
        reason: row.pause_reason ?? '',
      });
    }
    if (row.finished_at === null) {
      const now = Date.now();
      const overdue = now > Date.parse(row.deadline) + SAVE_GRACE_MS;
      const allowedFrom = Date.parse(row.started_at) + row.min_submit_minutes * 60_000;
      if (!overdue && now < allowedFrom) {
        throw conflict('submitTooEarly', { minutes: Math.ceil((allowedFrom - now) / 60_000) });
      }
      // Saves already acknowledged are committed; those still gathering go in first.
      await this.core.writer.drain();
      const receipt = await this.finalize(attemptId, overdue ? 'deadline' : 'submitted');
      if (receipt) return receipt;
    }
    return this.receipt(attemptId);
  }

  /** The receipt of a finished attempt. */
  async receipt(attemptId: number): Promise<Receipt> {
    const row = await attemptById(this.db, attemptId);
    if (!row) throw notFound('attempt', attemptId);
    return this.core.receiptOf(
      row,
      await this.core.storedAnswers(attemptId),
      await this.core.variantOf(row),
      await this.core.key(),
    );
  }

  /**
   * Ends the attempt once: the conditional UPDATE claims it (with several processes, exactly
   * one wins), then the objective questions are scored in the same transaction. Answers null
   * when the attempt had already ended.
   */
  async finalize(
    attemptId: number,
    reason: FinishReason,
    /** More to write in the same transaction, once the attempt is claimed (a proctor's record). */
    within?: (trx: Db) => Promise<void>,
  ): Promise<Receipt | null> {
    const [ready] = await this.readyToEnd([attemptId]);
    if (!ready) return null;
    return inTransaction(this.db, (trx) => this.endWithin(trx, ready, reason, within));
  }

  /**
   * Ends several attempts inside the caller's transaction, all or none: an attempt that has
   * ended meanwhile (or was not prepared) throws `refusal(attemptId)`, so the caller's
   * transaction rolls back with everything it wrote. Each page is told after the commit.
   * `attemptIds` must have been given to readyToEnd before the transaction (see there).
   */
  async endAllWithin(
    trx: Db,
    ready: readonly ReadyToEnd[],
    attemptIds: readonly number[],
    reason: FinishReason,
    refusal: (attemptId: number) => Error,
  ): Promise<Receipt[]> {
    const receipts: Receipt[] = [];
    for (const attemptId of attemptIds) {
      const one = ready.find((entry) => entry.before.id === attemptId);
      const receipt = one ? await this.endWithin(trx, one, reason) : null;
      if (!receipt) throw refusal(attemptId);
      receipts.push(receipt);
    }
    return receipts;
  }

  /**
   * What ending an attempt reads before its transaction: on SQLite the transaction holds the one
   * connection, and reading the paper version inside it through this.db would wait for itself (a
   * server restarted with attempts overdue and no variant cached hung so, found by the crash
   * test). Attempts ended already are left out.
   */
  async readyToEnd(attemptIds: readonly number[]): Promise<ReadyToEnd[]> {
    const ready: ReadyToEnd[] = [];
    for (const attemptId of attemptIds) {
      const before = await attemptById(this.db, attemptId);
      if (!before || before.finished_at !== null) continue;
      ready.push({
        before,
        variant: await this.core.variantOf(before),
        key: await this.core.key(),
      });
    }
    return ready;
  }

  /**
   * Scores the attempt's objective answers as stored (in hundredths; marked types wait for
   * marking) in the caller's transaction: what finalizing writes on the attempt.
   */
  private async score(trx: Db, row: AttemptRow, variant: Variant, key: Buffer) {
    const stored = await answersOf(trx, row.id);
    const policy = {
      multipleScoring: row.multiple_scoring as 'all' | 'partial',
      partialShare: row.partial_share,
    };
    let objective = 0;
    let pending = 0;
    /** Score → items: one UPDATE per distinct score (0, full, a partial share), not per answer. */
    const itemsByScore = new Map<number, string[]>();
    for (const answer of stored) {
      const item = variant.byItemId.get(answer.item_id);
      if (!item) continue;
      const value = parseJson<unknown>(answer.value, '');
      if (isMarkedType(item.item.type)) {
        if (isAnswered(value)) pending += 1;
        continue;
      }
      const score = scoreAnswer(item.item, item.score, value, policy) ?? 0;
      objective += score;
      itemsByScore.set(score, [...(itemsByScore.get(score) ?? []), answer.item_id]);
    }
    for (const [score, itemIds] of itemsByScore) {
      await scoreAnswers(trx, row.id, score, itemIds);
    }
    const ended: AttemptEnding = {
      objective_score: objective,
      pending_marking: pending,
      receipt_code: receiptCodeOf(key, row.id, row.candidate_id, stored),
      live_token: null,
      // An absence ends with the attempt (a reopened one starts with none).
      away_since: null,
      away_kind: null,
      paused_at: null,
      pause_reason: null,
    };
    return { ended, stored, objective, pending };
  }

  /**
   * Answers of an answer file for an attempt the scheduler ended at its deadline while the
   * candidate's machine was offline (docs/features/answer-file.md): each written only if newer
   * than the stored one (the seq rule of every save), then, when any was written, the objective
   * answers scored again, the receipt code and the candidate's score recomputed, all in one
   * transaction. The caller has checked the answers' times, and that marking and the release
   * have not begun. Answers per save: 'applied', 'ignored' (not newer) or the refusal.
   */
  async amendEnded(
    attemptId: number,
    saves: readonly AnswerSave[],
  ): Promise<(AppError | 'applied' | 'ignored')[]> {
    const before = await attemptById(this.db, attemptId);
    if (!before) throw notFound('attempt', attemptId);
    const variant = await this.core.variantOf(before);
    const key = await this.core.key();
    const outcome = await inTransaction(this.db, async (trx) => {
      const row = (await attemptById(trx, attemptId))!;
      if (row.finished_at === null || row.finish_reason !== 'deadline') {
        throw conflict('attemptEnded', { at: row.finished_at ?? '' });
      }
      const seqs = new Map((await answersOf(trx, attemptId)).map((a) => [a.item_id, a.seq]));
      const savedAt = nowIso();
      const rows: StoredSave[] = [];
      const outcomes = saves.map((save): AppError | 'applied' | 'ignored' => {
        let value: string;
        try {
          value = storedValue(variant, save.itemId, save.value);
        } catch (error) {
          if (error instanceof AppError) return error;
          throw error;
        }
        if (save.seq <= (seqs.get(save.itemId) ?? 0)) return 'ignored';
        seqs.set(save.itemId, save.seq);
        const answered = isAnswered(parseJson<unknown>(value, ''));
        rows.push({ attemptId, itemId: save.itemId, seq: save.seq, value, savedAt, answered });
        return 'applied';
      });
      if (rows.length === 0) return { outcomes, receipt: null };
      await upsertAnswers(trx, rows);
      const { ended, stored, objective, pending } = await this.score(trx, row, variant, key);
      await endAttempt(trx, attemptId, ended);
      await settleCandidate(trx, row.candidate_id, {
        status: CandidateStatus.SAVED,
        score: pending === 0 ? objective : null,
        passed: pending === 0 ? (objective >= row.pass_score ? 1 : 0) : null,
      });
      return { outcomes, receipt: this.core.receiptOf({ ...row, ...ended }, stored, variant, key) };
    });
    this.core.forgetVariant(attemptId);
    if (outcome.receipt) {
      this.core.news.publish({
        kind: 'finalized',
        attemptId,
        receipt: outcome.receipt,
        examId: before.exam_id,
      });
    }
    return outcome.outcomes;
  }

  /** Claims and ends one attempt in `trx`; its page is told once `trx` commits. */
  private async endWithin(
    trx: Db,
    { before, variant, key }: ReadyToEnd,
    reason: FinishReason,
    within?: (trx: Db) => Promise<void>,
  ): Promise<Receipt | null> {
    const attemptId = before.id;
    const at = nowIso();
    if (!(await claimAttempt(trx, attemptId, at, reason))) return null;
    const row = (await attemptById(trx, attemptId))!;
    const { ended, stored, objective, pending } = await this.score(trx, row, variant, key);
    await endAttempt(trx, attemptId, ended);
    // Ended during a pause (a proctor submitted it): the pause ends with it, nothing given back.
    if (row.paused_at !== null) {
      await closePause(trx, attemptId, { at, by: null, reason: null, givenBackMs: 0 });
    }
    await within?.(trx);
    await settleCandidate(trx, row.candidate_id, {
      // Handed in, by the candidate or collected by the proctor; else saved at the end.
      status:
        reason === 'submitted' || reason === 'proctor_submit' || reason === 'terminated'
          ? CandidateStatus.SUBMITTED
          : CandidateStatus.SAVED,
      score: pending === 0 ? objective : null,
      passed: pending === 0 ? (objective >= row.pass_score ? 1 : 0) : null,
    });
    // The receipt from what this transaction read and wrote: no second read of the attempt.
    const receipt = this.core.receiptOf({ ...row, ...ended }, stored, variant, key);
    afterCommit(trx, () => {
      this.core.forgetVariant(attemptId);
      this.core.news.publish({ kind: 'finalized', attemptId, receipt, examId: before.exam_id });
    });
    return receipt;
  }

  /** Finalizes attempts whose deadline (and grace) has passed; answers how many it ended. */
  async finalizeDue(limit = 200): Promise<number> {
    const before = new Date(Date.now() - SAVE_GRACE_MS).toISOString();
    const due = await attemptsDue(this.db, before, limit);
    let ended = 0;
    for (const { id } of due) {
      if (await this.finalize(id, 'deadline')) ended += 1;
    }
    return ended;
  }

  // ── The result ─────────────────────────────────────────────────────────────────────────

  /**
   * getResult: the candidate's own finished attempt. Before release only what the exam's
   * policy shows (resultOf); after release the total, each section's score and, when the exam
   * allows review, every question as they saw it with their answer, the points, the key as it
   * stands after any correction (their option letters) and the marker's comment. An exam that
   * shows nothing ('none') shows nothing after release either.
   */
  async result(attemptId: number, auth: AuthContext): Promise<AttemptResultView> {
    const row = await this.core.ownAttempt(attemptId, auth);
    if (row.finished_at === null) throw conflict('attemptNotFinished', { id: attemptId });
    const [facts, variant] = await Promise.all([
      resultFactsOf(this.db, row.id),
      this.core.variantOf(row),
    ]);
    return presentResult(this.db, row, variant, facts);
  }
}

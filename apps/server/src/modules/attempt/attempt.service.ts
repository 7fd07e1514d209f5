import type {
  AnswerSave,
  AttemptResultView,
  AttemptView,
  ClientEventType,
  FinishReason,
  JoinView,
  LogEventResult,
  MessageLanguage,
  MyExamsView,
  NoticeOpened,
  ProctorReceiptCheck,
  Receipt,
  SaveAck,
  StartAttemptInput,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { AppError } from '../../errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AnswerWriter } from './answer-writer.js';
import { addressAllowed } from './address-allowed.js';
import { AttemptAnswering, type ReadyToEnd } from './attempt-answering.js';
import { AttemptCore, type StudentRow } from './attempt-core.js';
import { AttemptIntegrity, LEAVE_SWEEP_PAGE } from './attempt-integrity.js';
import { AttemptPausing } from './attempt-pausing.js';
import { AttemptBreaks } from './attempt-breaks.js';
import { remainingOf } from './deadlines.js';
import type { AttemptNews } from './attempt-news.js';
import { resultOf } from './attempt-result.presenter.js';
import { AttemptStarting, lateEntryUntil } from './attempt-starting.js';
import type { AttemptRow } from './attempt.repository.js';
import type { EventLimiter } from './event-limiter.js';
import { receiptCodeOf } from './receipt-code.js';
import type { Variant } from './variant.js';

// Callers outside this module import these from here (marking.test.ts: resultOf).
export { addressAllowed, receiptCodeOf, resultOf };
export { LEAVE_SWEEP_PAGE, lateEntryUntil };

/**
 * Starting, resuming, saving, submitting and finalizing attempts (docs/features/taking-an-exam.md):
 * the one entry the routes, the socket channel and the proctor use. Each use case lives in its
 * own file (attempt-starting, attempt-answering, attempt-integrity) over what they share
 * (attempt-core). Every answer a candidate receives goes through `view` and the variant's
 * delivered items: never a key.
 */
export class AttemptService {
  private readonly core: AttemptCore;
  private readonly starting: AttemptStarting;
  private readonly answering: AttemptAnswering;
  private readonly integrity: AttemptIntegrity;
  /** Pausing and resuming attempts (attempt-pausing.ts): the proctor's calls use it. */
  readonly pausing: AttemptPausing;
  /** Rest breaks the candidate takes (attempt-breaks.ts); the scheduler ends those run out. */
  readonly breaks: AttemptBreaks;
  readonly writer: AnswerWriter;
  /** Saves, events, locks and finalizations, for the socket channel and the proctor's view. */
  readonly news: AttemptNews;
  readonly eventLimiter: EventLimiter;

  constructor(
    db: Db,
    postgres: boolean,
    /** A leave counts only after the page has been away this long, on `clock`. */
    leaves: { graceMs: number; clock: Clock } = {
      graceMs: 10_000,
      clock: systemClock,
    },
    /** Paused time given back per attempt at most (COMPENSATORY_MINUTES_LIMIT). */
    compensatoryLimitMs = 45 * 60_000,
  ) {
    this.core = new AttemptCore(db, postgres);
    this.starting = new AttemptStarting(this.core, postgres);
    this.answering = new AttemptAnswering(this.core);
    this.integrity = new AttemptIntegrity(this.core, this.answering, leaves);
    this.pausing = new AttemptPausing(this.core, leaves.clock, compensatoryLimitMs);
    this.breaks = new AttemptBreaks(this.core, leaves.clock);
    this.writer = this.core.writer;
    this.news = this.core.news;
    this.eventLimiter = this.integrity.eventLimiter;
  }

  /** Whether a connection holds the attempt now, on any process (the socket channel answers). */
  get heldLive(): (attemptId: number) => Promise<boolean> {
    return this.core.heldLive;
  }
  set heldLive(held: (attemptId: number) => Promise<boolean>) {
    this.core.heldLive = held;
  }

  // ── Shared lookups (attempt-core.ts) ───────────────────────────────────────────────────

  variantOf(row: AttemptRow): Promise<Variant> {
    return this.core.variantOf(row);
  }

  studentOf(auth: AuthContext): Promise<StudentRow> {
    return this.core.studentOf(auth);
  }

  ownAttempt(attemptId: number, auth: AuthContext, db?: Db): Promise<AttemptRow> {
    return this.core.ownAttempt(attemptId, auth, db);
  }

  logServerEvent(row: AttemptRow, type: string, ip: string, detail?: object): Promise<void> {
    return this.core.logServerEvent(row, type, ip, detail);
  }

  drainWrites(): Promise<void> {
    return this.core.drainWrites();
  }

  /** The attempt's answer-file key (docs/features/answer-file.md). */
  answerFileKey(row: { id: number; started_at: string }): Promise<string> {
    return this.core.answerFileKey(row);
  }

  // ── A student's exams, starting and resuming (attempt-starting.ts) ─────────────────────

  listMyExams(auth: AuthContext): Promise<MyExamsView> {
    return this.starting.listMyExams(auth);
  }

  /** Starts (or continues); paused at once while the exam or the room stands paused. */
  async start(input: StartAttemptInput, auth: AuthContext, ip: string): Promise<AttemptView> {
    const view = await this.starting.start(input, auth, ip);
    if (view.paused !== null || view.finished !== null) return view;
    const paused = await this.pausing.pauseIfStanding(view.attemptId);
    if (!paused) return view;
    return {
      ...view,
      paused: { since: paused.since, reason: paused.reason },
      remainingMs: remainingOf({ deadline: paused.deadline, paused_at: paused.since }, 0),
    };
  }

  openNotice(examId: number, auth: AuthContext): Promise<NoticeOpened> {
    return this.starting.openNotice(examId, auth);
  }

  checkCaller(row: AttemptRow, ip: string, liveToken?: string): Promise<void> {
    return this.starting.checkCaller(row, ip, liveToken);
  }

  logRefusal(row: AttemptRow, type: string, ip: string, detail: object): Promise<void> {
    return this.starting.logRefusal(row, type, ip, detail);
  }

  holdLive(row: AttemptRow, presented?: string): Promise<string> {
    return this.starting.holdLive(row, presented);
  }

  view(
    attemptId: number,
    auth: AuthContext,
    ip?: string,
    options?: { fresh?: boolean },
  ): Promise<AttemptView> {
    return this.starting.view(attemptId, auth, ip, options);
  }

  /** A page's join; paused first while the exam or the room stands paused. */
  async joinView(row: AttemptRow, ip: string): Promise<JoinView> {
    if (row.finished_at === null && row.paused_at === null) {
      const paused = await this.pausing.pauseIfStanding(row.id);
      if (paused) row = { ...row, paused_at: paused.since, pause_reason: paused.reason };
    }
    return this.starting.joinView(row, ip);
  }

  // ── Saving, submitting, finalizing, the result (attempt-answering.ts) ──────────────────

  save(
    row: AttemptRow,
    saves: readonly AnswerSave[],
    language: MessageLanguage,
  ): Promise<SaveAck[]> {
    return this.answering.save(row, saves, language);
  }

  remainingMs(attemptId: number): Promise<number> {
    return this.answering.remainingMs(attemptId);
  }

  submit(attemptId: number, auth: AuthContext): Promise<Receipt> {
    return this.answering.submit(attemptId, auth);
  }

  receipt(attemptId: number): Promise<Receipt> {
    return this.answering.receipt(attemptId);
  }

  finalize(
    attemptId: number,
    reason: FinishReason,
    within?: (trx: Db) => Promise<void>,
  ): Promise<Receipt | null> {
    return this.answering.finalize(attemptId, reason, within);
  }

  /** An answer file's answers for an attempt ended at its deadline (attempt-answering.ts). */
  amendEnded(
    attemptId: number,
    saves: readonly AnswerSave[],
  ): Promise<(AppError | 'applied' | 'ignored')[]> {
    return this.answering.amendEnded(attemptId, saves);
  }

  /** Before a transaction that ends several attempts together (endAllWithin). */
  readyToEnd(attemptIds: readonly number[]): Promise<ReadyToEnd[]> {
    return this.answering.readyToEnd(attemptIds);
  }

  /** Ends these attempts in the caller's transaction, all or none (irregularities). */
  endAllWithin(
    trx: Db,
    ready: readonly ReadyToEnd[],
    attemptIds: readonly number[],
    reason: FinishReason,
    refusal: (attemptId: number) => Error,
  ): Promise<Receipt[]> {
    return this.answering.endAllWithin(trx, ready, attemptIds, reason, refusal);
  }

  finalizeDue(limit?: number): Promise<number> {
    return this.answering.finalizeDue(limit);
  }

  result(attemptId: number, auth: AuthContext): Promise<AttemptResultView> {
    return this.answering.result(attemptId, auth);
  }

  // ── Integrity events and receipts checked by staff (attempt-integrity.ts) ──────────────

  limitEvents(attemptId: number): void {
    this.integrity.limitEvents(attemptId);
  }

  logEvent(
    attemptId: number,
    type: ClientEventType,
    auth: AuthContext,
    ip: string,
    connected?: boolean,
    raisedAt?: string,
  ): Promise<LogEventResult> {
    return this.integrity.logEvent(attemptId, type, auth, ip, connected, raisedAt);
  }

  awayFrom(row: AttemptRow, kind: 'hidden' | 'fullscreen' | 'offline'): Promise<void> {
    return this.integrity.awayFrom(row, kind);
  }

  connectionLost(row: AttemptRow): Promise<void> {
    return this.integrity.connectionLost(row);
  }

  joined(row: AttemptRow, present: boolean, ip: string): Promise<LogEventResult> {
    return this.integrity.joined(row, present, ip);
  }

  countLeavesDue(limit?: number): Promise<number> {
    return this.integrity.countLeavesDue(limit);
  }

  checkReceipt(
    examId: number,
    code: string,
    classIds: readonly number[] | null,
  ): Promise<ProctorReceiptCheck> {
    return this.integrity.checkReceipt(examId, code, classIds);
  }
}

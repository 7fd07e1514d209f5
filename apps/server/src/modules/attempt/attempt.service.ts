import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  ACCESS_CODE_TRIES,
  ACCESS_LOCK_MINUTES,
  ApiStatus,
  CandidateStatus,
  EVENT_BURST,
  EVENT_REFILL_MS,
  SAVE_GRACE_MS,
  UserType,
  scoreFromHundredths,
  type AnswerSave,
  type AttemptResultView,
  type AttemptView,
  type CertLevel,
  type ClientEventType,
  type FinishReason,
  type JoinView,
  type LogEventResult,
  type MessageLanguage,
  type MyExamView,
  type MyExamsView,
  type ProctorReceiptCheck,
  type NoticeOpened,
  type Receipt,
  type SaveAck,
  type ShowResult,
  type StartAttemptInput,
} from '@kaoshi/shared';
import { inTransaction, nowIso, precompiled, type Db } from '../../db/database.js';
import type { AttemptsTable } from '../../db/types.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { parseJson } from '../../lib/json.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { itemsFor } from '../paper/candidate-view.js';
import type { PaperSnapshot } from '../paper/paper-version.js';
import { paperVersions } from '../paper/paper-version-cache.js';
import { shownTime } from '../../lib/shown-time.js';
import { AnswerWriter } from './answer-writer.js';
import {
  answersOf,
  answersQuery,
  attemptByReceipt,
  attemptById,
  attemptsDue,
  claimAttempt,
  deadlineOfAttempt,
  endAttempt,
  ownAttemptQuery,
  scoreAnswers,
  settleCandidate,
  type AttemptEnding,
  awayOf,
  awayPast,
  markAway,
  markLinkTask,
  candidateLock,
  setLiveTokens,
  clearAccessFailures,
  countAccessFailure,
  lockAccess,
  markNoticeOpened,
  recordEvent,
  recordEvents,
  resultFactsOf,
  serverSecret,
  settleAway,
  UNCOUNTED_AWAY,
  type AttemptEventInput,
  type AttemptRow,
} from './attempt.repository.js';
import {
  attemptIdOfCandidate,
  candidateExamQuery,
  insertAttempt,
  myExamRows,
  setCandidateStatus,
  startAttemptAtOnce,
  studentByUserQuery,
} from './attempt-start.repository.js';
import { AttemptNews } from './attempt-news.js';
import { addressAllowed } from './address-allowed.js';
import { savedAnswers, storedValue } from './answer-values.js';
import {
  hasMarkedItems,
  presentResult,
  resultOf,
  variantTotal,
} from './attempt-result.presenter.js';
import { receiptCodeOf, sameText } from './receipt-code.js';
import { deadlineOf } from './deadlines.js';
import { EventLimiter } from './event-limiter.js';
import { WriteGroup } from './write-group.js';
import { isAnswered, isMarkedType, scoreAnswer } from '../paper/scoring.js';
import { buildVariant, deliveredItem, type Variant } from './variant.js';

// Callers outside this module import these from here (marking.test.ts: resultOf).
export { addressAllowed, receiptCodeOf, resultOf };

/** The signed-in student, as the exam page shows them. */
interface StudentRow {
  id: number;
  name: string;
  ticket_number: string;
  photo: string;
}

/** Variants kept in memory (one per live attempt); past this the oldest goes first. */
const VARIANT_CACHE_SIZE = 20_000;

/** The receipt key's name in server_secrets. */
const RECEIPT_KEY = 'receipt-hmac-sha256';

/** How many absences one sweep settles (a full page: the sweep goes on). */
export const LEAVE_SWEEP_PAGE = 200;

/**
 * Starting, resuming, saving, submitting and finalizing attempts (docs/features/taking-an-exam.md). Every answer a
 * candidate receives goes through `view` and the variant's delivered items: never a key.
 */
export class AttemptService {
  private readonly variants = new Map<number, Variant>();
  readonly writer: AnswerWriter;
  private readonly serverEvents: WriteGroup<AttemptEventInput, void>;
  /** Saves, events, locks and finalizations, for the socket channel and the proctor's view. */
  readonly news = new AttemptNews();
  /** Whether a connection holds the attempt now, on any process (the socket channel answers). */
  heldLive: (attemptId: number) => Promise<boolean> = () => Promise.resolve(false);
  private readonly liveTokens: WriteGroup<{ attemptId: number; token: string }, void>;
  readonly eventLimiter = new EventLimiter(EVENT_BURST, EVENT_REFILL_MS);
  /**
   * The student of a signed-in context, looked up once per request or socket connection (a
   * start asks three times; a connection's joins and saves share one context).
   */
  private readonly students = new WeakMap<AuthContext, StudentRow>();
  // Every start, resume and join runs these: compiled once (placeholders bound per call).
  private readonly studentByUser;
  private readonly ownAttemptRow;
  private readonly candidateExam;
  private readonly storedAnswers;
  private receiptKey: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
    /** A leave counts only after the page has been away this long, on `clock`. */
    private readonly leaves: { graceMs: number; clock: Clock } = {
      graceMs: 10_000,
      clock: systemClock,
    },
  ) {
    this.writer = new AnswerWriter(db, postgres);
    this.serverEvents = new WriteGroup<AttemptEventInput, void>(async (events) => {
      await inTransaction(db, (trx) => recordEvents(trx, events));
      return events.map(() => undefined);
    });
    this.liveTokens = new WriteGroup<{ attemptId: number; token: string }, void>(async (holds) => {
      await inTransaction(db, (trx) => setLiveTokens(trx, holds));
      return holds.map(() => undefined);
    });
    this.studentByUser = precompiled(db, studentByUserQuery(db));
    this.storedAnswers = precompiled(db, answersQuery(db, 0));
    // The exam as the student's candidate row sees it, with the attempt if one was started.
    this.candidateExam = precompiled(db, candidateExamQuery(db));
    this.ownAttemptRow = precompiled(db, ownAttemptQuery(db, 0, 0));
  }

  /** The receipt key: made once per deployment, kept in the database (every process signs alike). */
  private key(): Promise<Buffer> {
    if (!this.receiptKey) {
      const key = serverSecret(this.db, RECEIPT_KEY, () => randomBytes(32).toString('hex')).then(
        (hex) => Buffer.from(hex, 'hex'),
      );
      key.catch(() => {
        this.receiptKey = null;
      });
      this.receiptKey = key;
    }
    return this.receiptKey;
  }

  /** The one cache of paper versions (paper/paper-version-cache.ts), shared with marking. */
  private snapshot(versionId: number): Promise<PaperSnapshot> {
    return paperVersions(this.db).snapshot(versionId);
  }

  async variantOf(row: AttemptRow): Promise<Variant> {
    const cached = this.variants.get(row.id);
    if (cached) return cached;
    const variant = buildVariant(await this.snapshot(row.paper_version_id), row.seed, {
      shuffleQuestions: row.shuffle_questions === 1,
      shuffleOptions: row.shuffle_options === 1,
    });
    if (this.variants.size >= VARIANT_CACHE_SIZE) {
      this.variants.delete(this.variants.keys().next().value!);
    }
    this.variants.set(row.id, variant);
    return variant;
  }

  /** The signed-in student's row; other users cannot take exams. */
  async studentOf(auth: AuthContext): Promise<StudentRow> {
    const known = this.students.get(auth);
    if (known) return known;
    const student =
      auth.user.user_type === UserType.STUDENT
        ? (await this.studentByUser(auth.user.id))[0]
        : undefined;
    if (!student) throw forbidden('notAStudent');
    this.students.set(auth, student);
    return student;
  }

  /** The attempt, if it is the signed-in student's own (otherwise: not found, as if absent). */
  async ownAttempt(attemptId: number, auth: AuthContext, db: Db = this.db): Promise<AttemptRow> {
    const student = await this.studentOf(auth);
    const row =
      db === this.db
        ? (await this.ownAttemptRow(attemptId, student.id))[0]
        : await ownAttemptQuery(db, attemptId, student.id).executeTakeFirst();
    if (!row) throw notFound('attempt', attemptId);
    return row;
  }

  // ── A student's exams ──────────────────────────────────────────────────────────────────

  async listMyExams(auth: AuthContext): Promise<MyExamsView> {
    const student = await this.studentOf(auth);
    const now = nowIso();
    const rows = await myExamRows(this.db, student.id);
    // Whether each finished attempt's paper has a question for markers (its own draw).
    const marked = new Map(
      await Promise.all(
        rows
          .filter((row) => row.finished_at !== null)
          .map(async (row) => {
            const snapshot = await this.snapshot(row.paper_version_id!);
            const items = itemsFor(snapshot, row.seed!).flat();
            return [row.attempt_id!, items.some(({ item }) => isMarkedType(item.type))] as const;
          }),
      ),
    );
    const exams = rows.map((row): MyExamView => {
      const running = row.attempt_id !== null && row.finished_at === null && row.deadline! > now;
      const state =
        now < row.start_at
          ? 'upcoming'
          : running || (row.attempt_id === null && now < row.end_at)
            ? 'open'
            : 'finished';
      const status =
        row.status === CandidateStatus.NOT_STARTED && row.end_at <= now
          ? CandidateStatus.EXPIRED
          : row.status;
      return {
        examId: row.exam_id,
        name: row.name,
        subjectName: row.subject_name,
        level: row.level as CertLevel,
        startAt: row.start_at,
        endAt: row.end_at,
        durationMinutes: row.duration_minutes,
        extraMinutes: row.extra_minutes,
        lateEntryUntil: lateEntryUntil(row.start_at, row.late_entry_minutes),
        state,
        status: status as MyExamView['status'],
        accessCodeRequired: row.access_code !== '',
        notice:
          row.notice_title === null
            ? null
            : {
                title: row.notice_title,
                body: row.notice_body!,
                minReadSeconds: row.min_read_seconds ?? 0,
              },
        attempt:
          row.attempt_id === null
            ? null
            : {
                id: row.attempt_id,
                deadline: row.deadline!,
                finishedAt: row.finished_at,
                finishReason: row.finish_reason as FinishReason | null,
              },
        showResult: row.show_result as ShowResult,
        result: resultOf({
          finished: row.finished_at !== null,
          showResult: row.show_result,
          released: row.released_at !== null,
          objective: row.objective_score,
          pending: row.pending_marking,
          candidateScore: row.candidate_score,
          total: row.total_score,
          passScore: row.pass_score,
          hasMarked: row.attempt_id === null || (marked.get(row.attempt_id) ?? true),
        }),
      };
    });
    return { serverNow: nowIso(), exams };
  }

  // ── Starting and resuming ──────────────────────────────────────────────────────────────

  /**
   * Starts the student's attempt at the exam, or answers the running one (Continue). Checks the
   * window, late entry, the access code and the address allow-list, each refusal saying why.
   */
  async start(input: StartAttemptInput, auth: AuthContext, ip: string): Promise<AttemptView> {
    const student = await this.studentOf(auth);
    const [exam] = await this.candidateExam(input.examId, student.id);
    if (!exam || exam.status !== 'published' || exam.paper_version_id === null) {
      throw forbidden('notYourExam', { id: input.examId });
    }
    this.checkAddress(ip, exam.ip_allow_list);
    if (exam.attempt_id !== null) return this.view(exam.attempt_id, auth, ip);

    const now = new Date();
    const at = now.toISOString();
    if (at < exam.start_at) throw conflict('examNotOpenYet', { start: shownTime(exam.start_at) });
    if (at >= exam.end_at) throw conflict('examClosedForStart', { end: shownTime(exam.end_at) });
    const lateUntil = lateEntryUntil(exam.start_at, exam.late_entry_minutes);
    if (lateUntil !== null && at > lateUntil) {
      throw conflict('lateEntryOver', { until: shownTime(lateUntil) });
    }
    this.checkNoticeRead(exam.notice_opened_at, exam.min_read_seconds ?? 0, now.getTime());
    if (exam.access_code !== '') {
      await this.checkAccessCode(exam, input.accessCode, student.id, now);
    }
    const deadline = deadlineOf(at, exam.duration_minutes, exam.extra_minutes, exam.end_at);
    const attempt: Insertable<AttemptsTable> = {
      exam_id: exam.id,
      candidate_id: exam.candidate_id,
      student_id: student.id,
      paper_version_id: exam.paper_version_id!,
      seed: randomBytes(12).toString('hex'),
      started_at: at,
      deadline,
      finished_at: null,
      finish_reason: null,
      objective_score: null,
      pending_marking: null,
      receipt_code: null,
      live_token: null,
      start_ip: ip,
    };
    let attemptId: number;
    try {
      attemptId = await this.insertAttempt(attempt);
    } catch (error) {
      // Two starts at once (two tabs): the unique candidate refused the second; both resume.
      const raced = await attemptIdOfCandidate(this.db, exam.candidate_id);
      if (raced === undefined) throw error;
      return this.view(raced, auth, ip);
    }
    // A new attempt has no answers yet: nothing to read back.
    return this.view(attemptId, auth, ip, { fresh: true });
  }

  /**
   * The attempt's row and its candidate marked in progress, both or neither. On PostgreSQL one
   * statement (a round trip instead of four: a start storm waits on round trips, not on work);
   * on SQLite, in the process, a transaction costs nothing extra.
   */
  private async insertAttempt(attempt: Insertable<AttemptsTable>): Promise<number> {
    const status = CandidateStatus.IN_PROGRESS;
    if (this.postgres) return startAttemptAtOnce(this.db, attempt, status);
    return inTransaction(this.db, async (trx) => {
      const id = await insertAttempt(trx, attempt);
      await setCandidateStatus(trx, attempt.candidate_id, status);
      return id;
    });
  }

  /**
   * The exam's notice has been open its minimum reading time, by the server's clock (the time it
   * recorded at openNotice): nothing the page says about time counts.
   */
  private checkNoticeRead(openedAt: string | null, minSeconds: number, now: number) {
    if (minSeconds <= 0) return;
    if (openedAt === null) throw conflict('noticeNotOpened');
    const left = Date.parse(openedAt) + minSeconds * 1000 - now;
    if (left > 0) throw conflict('noticeReadingTime', { seconds: Math.ceil(left / 1000) });
  }

  /**
   * The access code, guessed at most ACCESS_CODE_TRIES times (docs/operations/security.md): each wrong one
   * is counted on the candidate's row, the last locks starting for ACCESS_LOCK_MINUTES and tells
   * the proctor. Every step is one conditional UPDATE, so requests sent at once cannot slip past
   * the lock: a right code counts only while the row is not locked either.
   */
  private async checkAccessCode(
    exam: { id: number; candidate_id: number; access_code: string },
    given: string,
    studentId: number,
    now: Date,
  ) {
    const at = now.toISOString();
    const locked = async () => {
      const until = (await candidateLock(this.db, exam.candidate_id)) ?? at;
      return new AppError(ApiStatus.TOO_MANY_REQUESTS, 'accessCodeLocked', {
        until: shownTime(until),
      });
    };
    if (sameText(given, exam.access_code)) {
      if (!(await clearAccessFailures(this.db, exam.candidate_id, at))) throw await locked();
      return;
    }
    const failures = await countAccessFailure(this.db, exam.candidate_id, at);
    if (failures === null) throw await locked();
    if (failures < ACCESS_CODE_TRIES) {
      throw invalid('accessCode', 'accessCodeWrongTries', { left: ACCESS_CODE_TRIES - failures });
    }
    const until = new Date(now.getTime() + ACCESS_LOCK_MINUTES * 60_000).toISOString();
    await lockAccess(this.db, exam.candidate_id, until);
    this.news.publish({ kind: 'accessLocked', examId: exam.id, studentId, until });
    throw new AppError(ApiStatus.TOO_MANY_REQUESTS, 'accessCodeLocked', {
      until: shownTime(until),
    });
  }

  /**
   * openNotice: the candidate opened the exam's notice. The first opening is kept (the reading
   * time runs from it); answers how many seconds are still to read before starting.
   */
  async openNotice(examId: number, auth: AuthContext): Promise<NoticeOpened> {
    const student = await this.studentOf(auth);
    const [exam] = await this.candidateExam(examId, student.id);
    if (!exam || exam.status !== 'published') throw forbidden('notYourExam', { id: examId });
    const openedAt = await markNoticeOpened(this.db, exam.candidate_id, nowIso());
    const left = Date.parse(openedAt) + (exam.min_read_seconds ?? 0) * 1000 - Date.now();
    return { openedAt, remainingSeconds: Math.max(0, Math.ceil(left / 1000)) };
  }

  /**
   * A call of the exam page on a running attempt (join, save, submit, event; docs/operations/security.md):
   * from an address in the exam's allow-list, and, while a connection holds the attempt live,
   * from that page (the live token its join answered). A refusal is logged for the proctor.
   */
  async checkCaller(row: AttemptRow, ip: string, liveToken?: string) {
    if (row.finished_at !== null) return;
    if (!addressAllowed(ip, parseJson<string[]>(row.ip_allow_list, []))) {
      await this.logRefusal(row, 'address_refused', ip, { ip });
      throw forbidden('addressNotAllowed', { ip });
    }
    if (liveToken === undefined) return;
    const holder = row.live_token;
    if (holder === null || sameText(liveToken, holder) || !(await this.heldLive(row.id))) return;
    await this.logRefusal(row, 'takeover', ip, { refused: true, via: 'http' });
    throw new AppError(
      ApiStatus.TAKEN_OVER,
      row.takeover === 'refuse' ? 'takeoverRefused' : 'takenOver',
    );
  }

  /** A refused call, in the attempt's log and on the proctor's screen. */
  async logRefusal(row: AttemptRow, type: string, ip: string, detail: object) {
    await this.logServerEvent(row, type, ip, detail);
    this.news.publish({ kind: 'logged', row, type, ip, detail });
  }

  /**
   * The page that holds the attempt now: its HTTP calls carry this token. A page that reconnects
   * with the token it holds keeps it (an HTTP call it sends meanwhile still counts as its own).
   */
  async holdLive(row: AttemptRow, presented?: string): Promise<string> {
    if (presented && row.live_token !== null && sameText(presented, row.live_token)) {
      return row.live_token;
    }
    const token = randomBytes(16).toString('base64url');
    await this.liveTokens.add({ attemptId: row.id, token });
    return token;
  }

  /**
   * An integrity event a page may report now (docs/operations/security.md): EVENT_BURST at once, then one
   * every EVENT_REFILL_MS per attempt; past that refused, before any database work.
   */
  limitEvents(attemptId: number) {
    const waitMs = this.eventLimiter.take(attemptId);
    if (waitMs > 0) {
      throw new AppError(ApiStatus.TOO_MANY_REQUESTS, 'eventsTooFast', {
        seconds: Math.ceil(waitMs / 1000),
      });
    }
  }

  private checkAddress(ip: string, allowList: string) {
    if (!addressAllowed(ip, parseJson<string[]>(allowList, []))) {
      throw forbidden('addressNotAllowed', { ip });
    }
  }

  /** Everything the exam page needs: the candidate's paper, saved answers and the clock. */
  async view(
    attemptId: number,
    auth: AuthContext,
    ip?: string,
    { fresh = false } = {},
  ): Promise<AttemptView> {
    const row = await this.ownAttempt(attemptId, auth);
    if (ip !== undefined) await this.checkCaller(row, ip);
    const student = await this.studentOf(auth);
    const variant = await this.variantOf(row);
    const snapshot = await this.snapshot(row.paper_version_id);
    const stored = fresh ? [] : await this.storedAnswers(row.id);
    const now = Date.now();
    return {
      attemptId: row.id,
      examId: row.exam_id,
      examName: row.exam_name,
      candidate: { name: student.name, ticketNumber: student.ticket_number, photo: student.photo },
      serverNow: new Date(now).toISOString(),
      deadline: row.deadline,
      remainingMs: Math.max(0, Date.parse(row.deadline) - now),
      submitAfter: new Date(
        Date.parse(row.started_at) + row.min_submit_minutes * 60_000,
      ).toISOString(),
      fullscreen: row.fullscreen === 1,
      leaveLimit: row.leave_limit,
      leaveCount: row.leave_count,
      paper: {
        name: snapshot.paper.name,
        total: scoreFromHundredths(
          variant.sections.reduce(
            (sum, section) => sum + section.items.reduce((s, item) => s + item.score, 0),
            0,
          ),
        ),
        sections: variant.sections.map((section) => ({
          title: section.title,
          description: section.description,
          items: section.items.map(deliveredItem),
        })),
      },
      answers: savedAnswers(variant, stored),
      finished:
        row.finished_at === null ? null : this.receiptOf(row, stored, variant, await this.key()),
    };
  }

  /**
   * What a join answers (a page's connect or reconnect): the clock and the answers as stored,
   * without the paper the page already has. `row` is the student's own attempt.
   */
  async joinView(row: AttemptRow, ip: string): Promise<JoinView> {
    await this.checkCaller(row, ip);
    const variant = await this.variantOf(row);
    const stored = await this.storedAnswers(row.id);
    const now = Date.now();
    return {
      attemptId: row.id,
      serverNow: new Date(now).toISOString(),
      deadline: row.deadline,
      remainingMs: Math.max(0, Date.parse(row.deadline) - now),
      leaveCount: row.leave_count,
      leaveLimit: row.leave_limit,
      answers: savedAnswers(variant, stored),
      finished:
        row.finished_at === null ? null : this.receiptOf(row, stored, variant, await this.key()),
    };
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
    const variant = await this.variantOf(row);
    const savedAt = nowIso();
    return Promise.all(
      saves.map(async (save): Promise<SaveAck> => {
        let refused: AppError | null;
        try {
          const value = storedValue(variant, save.itemId, save.value);
          refused = await this.writer.save({
            attemptId: row.id,
            itemId: save.itemId,
            seq: save.seq,
            value,
            savedAt,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused = error;
        }
        if (refused === null) {
          this.news.publish({
            kind: 'saved',
            row,
            itemId: save.itemId,
            answered: isAnswered(save.value),
          });
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
    const deadline = await deadlineOfAttempt(this.db, attemptId);
    return deadline === undefined ? 0 : Math.max(0, Date.parse(deadline) - Date.now());
  }

  // ── Submitting and finalizing ──────────────────────────────────────────────────────────

  /** The candidate submits: refused before the exam's minimum time; idempotent after. */
  async submit(attemptId: number, auth: AuthContext): Promise<Receipt> {
    const row = await this.ownAttempt(attemptId, auth);
    if (row.finished_at === null) {
      const now = Date.now();
      const overdue = now > Date.parse(row.deadline) + SAVE_GRACE_MS;
      const allowedFrom = Date.parse(row.started_at) + row.min_submit_minutes * 60_000;
      if (!overdue && now < allowedFrom) {
        throw conflict('submitTooEarly', { minutes: Math.ceil((allowedFrom - now) / 60_000) });
      }
      // Saves already acknowledged are committed; those still gathering go in first.
      await this.writer.drain();
      const receipt = await this.finalize(attemptId, overdue ? 'deadline' : 'submitted');
      if (receipt) return receipt;
    }
    return this.receipt(attemptId);
  }

  /** The receipt of a finished attempt. */
  async receipt(attemptId: number): Promise<Receipt> {
    const row = await attemptById(this.db, attemptId);
    if (!row) throw notFound('attempt', attemptId);
    return this.receiptOf(
      row,
      await this.storedAnswers(attemptId),
      await this.variantOf(row),
      await this.key(),
    );
  }

  private receiptOf(
    row: AttemptRow,
    stored: readonly { item_id: string; seq: number; value: string }[],
    variant: Variant,
    key: Buffer,
  ): Receipt {
    return {
      attemptId: row.id,
      finishedAt: row.finished_at!,
      finishReason: row.finish_reason as FinishReason,
      answeredCount: stored.filter((answer) => isAnswered(parseJson(answer.value, ''))).length,
      itemCount: variant.itemCount,
      receiptCode: row.receipt_code ?? receiptCodeOf(key, row.id, row.candidate_id, stored),
      result: resultOf({
        finished: true,
        showResult: row.show_result,
        released: row.released_at !== null,
        objective: row.objective_score,
        pending: row.pending_marking,
        candidateScore: null,
        total: variantTotal(variant),
        passScore: row.pass_score,
        hasMarked: hasMarkedItems(variant),
      }),
    };
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
    const before = await attemptById(this.db, attemptId);
    if (!before || before.finished_at !== null) return null;
    // Read before the transaction: on SQLite it holds the one connection, and reading the paper
    // version inside it through this.db would wait for itself (a server restarted with attempts
    // overdue and no variant cached hung so, found by the crash test).
    const variant = await this.variantOf(before);
    const key = await this.key();
    const finished = await inTransaction(this.db, async (trx): Promise<Receipt | null> => {
      const at = nowIso();
      if (!(await claimAttempt(trx, attemptId, at, reason))) return null;
      const row = (await attemptById(trx, attemptId))!;
      const stored = await answersOf(trx, attemptId);
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
        await scoreAnswers(trx, attemptId, score, itemIds);
      }
      const ended: AttemptEnding = {
        objective_score: objective,
        pending_marking: pending,
        receipt_code: receiptCodeOf(key, attemptId, row.candidate_id, stored),
        live_token: null,
        // An absence ends with the attempt (a reopened one starts with none).
        away_since: null,
        away_kind: null,
      };
      await endAttempt(trx, attemptId, ended);
      await within?.(trx);
      await settleCandidate(trx, row.candidate_id, {
        // Handed in, by the candidate or collected by the proctor; else saved at the end.
        status:
          reason === 'submitted' || reason === 'proctor_submit'
            ? CandidateStatus.SUBMITTED
            : CandidateStatus.SAVED,
        score: pending === 0 ? objective : null,
        passed: pending === 0 ? (objective >= row.pass_score ? 1 : 0) : null,
      });
      // The receipt from what this transaction read and wrote: no second read of the attempt.
      return this.receiptOf({ ...row, ...ended }, stored, variant, key);
    });
    if (!finished) return null;
    this.variants.delete(attemptId);
    this.news.publish({
      kind: 'finalized',
      attemptId,
      receipt: finished,
      examId: before.exam_id,
    });
    return finished;
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
    const row = await this.ownAttempt(attemptId, auth);
    if (row.finished_at === null) throw conflict('attemptNotFinished', { id: attemptId });
    const [facts, variant] = await Promise.all([
      resultFactsOf(this.db, row.id),
      this.variantOf(row),
    ]);
    return presentResult(this.db, row, variant, facts);
  }

  // ── Integrity events ───────────────────────────────────────────────────────────────────

  /**
   * Logs what the page reports. Leaving is an absence measured on the server's clock: it starts
   * when the page says it is hidden (or out of full screen) and counts as one leave only if the
   * page is not back within the grace (page_back, or a join of a page in view). A reload comes
   * back within seconds; the link task's own tab is the candidate's work; an absence during which
   * the page lost its connection (or that only HTTP reported) cannot be told from a reload or a
   * network drop and is never counted. Past the exam's limit, the attempt is handed in.
   * `connected`: the page holds a live connection (socket.io), not the HTTP fallback.
   */
  async logEvent(
    attemptId: number,
    type: ClientEventType,
    auth: AuthContext,
    ip: string,
    connected = false,
  ): Promise<LogEventResult> {
    const row = await this.ownAttempt(attemptId, auth);
    if (row.finished_at !== null) {
      throw new AppError(ApiStatus.ATTEMPT_ENDED, 'attemptEnded', {
        at: shownTime(row.finished_at),
      });
    }
    // Written with the other events of the same few milliseconds (an event flood, docs/operations/security.md).
    await this.logServerEvent(row, type, ip);
    this.news.publish({ kind: 'logged', row, type, ip });
    if (type === 'page_hidden' || type === 'fullscreen_left') {
      await this.awayFrom(
        row,
        connected ? (type === 'page_hidden' ? 'hidden' : 'fullscreen') : 'offline',
      );
    } else if (type === 'link_task_opened') {
      await this.linkTaskOpened(row);
    } else if (type === 'page_back') {
      return this.back(row, ip);
    }
    const { leave_count: leaveCount } = await awayOf(this.db, attemptId);
    return { leaveCount, leaveLimit: row.leave_limit, finished: null };
  }

  private nowOnClock() {
    const now = this.leaves.clock.now();
    return { now, at: new Date(now).toISOString() };
  }

  /** The page is away from now, unless an absence goes on; just after the link task opened, exempt. */
  async awayFrom(row: AttemptRow, kind: 'hidden' | 'fullscreen' | 'offline') {
    const { now, at } = this.nowOnClock();
    const state = await awayOf(this.db, row.id);
    const ownTask =
      state.link_task_at !== null && now - Date.parse(state.link_task_at) <= this.leaves.graceMs;
    await markAway(this.db, row.id, at, ownTask && kind !== 'offline' ? 'link_task' : kind);
  }

  /**
   * The page opens the link task's tab: the page's hiding that follows (or that came just before,
   * the two messages racing) is the candidate's own work.
   */
  private async linkTaskOpened(row: AttemptRow) {
    const { now, at } = this.nowOnClock();
    await markLinkTask(this.db, row.id, at);
    const state = await awayOf(this.db, row.id);
    if (
      state.away_since !== null &&
      state.away_kind !== null &&
      !UNCOUNTED_AWAY.includes(state.away_kind) &&
      now - Date.parse(state.away_since) <= this.leaves.graceMs
    ) {
      await settleAway(this.db, row.id, state.away_since, state.away_kind, { to: 'link_task' });
    }
  }

  /**
   * The holder's connection went away while the page was away: a reload, a closed tab or a
   * network drop, which the server cannot tell apart; that absence no longer counts.
   */
  async connectionLost(row: AttemptRow) {
    const state = await awayOf(this.db, row.id);
    if (state.away_since === null || state.away_kind === null) return;
    if (UNCOUNTED_AWAY.includes(state.away_kind)) return;
    await settleAway(this.db, row.id, state.away_since, state.away_kind, { to: 'offline' });
  }

  /**
   * A page joined (a load, a reload, a reconnect): in view, it ends the absence; hidden (it
   * reconnected behind another window), an absence starts now.
   */
  async joined(row: AttemptRow, present: boolean, ip: string): Promise<LogEventResult> {
    if (row.finished_at !== null) {
      return { leaveCount: row.leave_count, leaveLimit: row.leave_limit, finished: null };
    }
    if (present) return this.back(row, ip);
    const { at } = this.nowOnClock();
    const state = await awayOf(this.db, row.id);
    if (state.away_since === null) await markAway(this.db, row.id, at, 'hidden');
    else if (state.away_kind === 'offline') {
      await settleAway(this.db, row.id, state.away_since, 'offline', { to: 'hidden', since: at });
    }
    return { leaveCount: state.leave_count, leaveLimit: row.leave_limit, finished: null };
  }

  /** The page is in view again: an absence past the grace is one leave (once, whoever saw it first). */
  private async back(row: AttemptRow, ip: string): Promise<LogEventResult> {
    const state = await awayOf(this.db, row.id);
    let finished: Receipt | null = null;
    if (state.away_since !== null && state.away_kind !== null) {
      const awayMs = this.leaves.clock.now() - Date.parse(state.away_since);
      const leave = !UNCOUNTED_AWAY.includes(state.away_kind) && awayMs > this.leaves.graceMs;
      const settled = await settleAway(this.db, row.id, state.away_since, state.away_kind, {
        end: true,
        leave,
      });
      if (settled && leave) finished = await this.leaveCounted(row.id, state.away_kind, awayMs, ip);
    }
    const after = await awayOf(this.db, row.id);
    return { leaveCount: after.leave_count, leaveLimit: row.leave_limit, finished };
  }

  /**
   * Counts the absences that outlasted the grace with the page still away (the scheduler, every
   * second): each once, with several processes too. Answers how many it counted.
   */
  async countLeavesDue(limit = LEAVE_SWEEP_PAGE): Promise<number> {
    const { now } = this.nowOnClock();
    const due = await awayPast(this.db, new Date(now - this.leaves.graceMs).toISOString(), limit);
    let counted = 0;
    for (const { id, away_since: since, away_kind: kind } of due) {
      if (since === null || kind === null) continue;
      const settled = await settleAway(this.db, id, since, kind, { to: 'counted', leave: true });
      if (!settled) continue;
      counted += 1;
      await this.leaveCounted(id, kind, now - Date.parse(since), '');
    }
    return counted;
  }

  /** One leave more: logged for the proctor; past the exam's limit, the attempt is handed in. */
  private async leaveCounted(
    attemptId: number,
    kind: string,
    awayMs: number,
    ip: string,
  ): Promise<Receipt | null> {
    const row = await attemptById(this.db, attemptId);
    if (!row) throw notFound('attempt', attemptId);
    await recordEvent(this.db, {
      attemptId,
      examId: row.exam_id,
      type: 'left_page',
      detail: { kind, seconds: Math.round(awayMs / 1000) },
      ip,
      at: nowIso(),
    });
    this.news.publish({ kind: 'logged', row, type: 'left_page', ip });
    if (row.leave_limit === 0 || row.leave_count <= row.leave_limit) return null;
    await this.writer.drain();
    return (await this.finalize(attemptId, 'leave_limit')) ?? (await this.receipt(attemptId));
  }

  // ── Receipts checked by staff ──────────────────────────────────────────────────────────

  /**
   * A receipt code a candidate shows, checked by staff: whose finished attempt of the exam it is
   * (within `classIds` when given), and whether their answers as stored still give it.
   */
  async checkReceipt(
    examId: number,
    code: string,
    classIds: readonly number[] | null,
  ): Promise<ProctorReceiptCheck> {
    const row = await attemptByReceipt(this.db, examId, code);
    if (!row || (classIds !== null && !classIds.includes(row.class_id))) {
      return { result: 'unknown', candidate: null };
    }
    const stored = await this.storedAnswers(row.id);
    const now = receiptCodeOf(await this.key(), row.id, row.candidate_id, stored);
    return {
      result: sameText(now, code) ? 'valid' : 'changed',
      candidate: {
        studentId: row.student_id,
        name: row.name,
        ticketNumber: row.ticket_number,
        finishedAt: row.finished_at!,
        finishReason: row.finish_reason as FinishReason,
        answeredCount: stored.filter((answer) => isAnswered(parseJson(answer.value, ''))).length,
      },
    };
  }

  /**
   * Logs an event the server noticed itself (a takeover, an address change, a join), grouped
   * with the others of the same few milliseconds: a start storm joins thousands a minute.
   */
  async logServerEvent(row: AttemptRow, type: string, ip: string, detail: object = {}) {
    await this.serverEvents.add({
      attemptId: row.id,
      examId: row.exam_id,
      type,
      detail,
      ip,
      at: nowIso(),
    });
  }

  /** Writes the grouped answers and events still gathering (on shutdown). */
  async drainWrites(): Promise<void> {
    await Promise.all([this.writer.drain(), this.serverEvents.drain(), this.liveTokens.drain()]);
  }
}

/** No one may start after this instant (late-entry policy); null: until the window closes. */
export const lateEntryUntil = (startAt: string, lateMinutes: number) =>
  lateMinutes > 0 ? new Date(Date.parse(startAt) + lateMinutes * 60_000).toISOString() : null;

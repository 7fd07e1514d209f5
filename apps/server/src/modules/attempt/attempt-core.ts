import { createHmac, randomBytes } from 'node:crypto';
import { UserType, type FinishReason, type Receipt } from '@kaoshi/shared';
import { inTransaction, nowIso, precompiled, type Db } from '../../db/database.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { parseJson } from '../../lib/json.js';
import type { PaperSnapshot } from '../paper/paper-version.js';
import { paperVersions } from '../paper/paper-version-cache.js';
import { isAnswered } from '../paper/scoring.js';
import { AnswerWriter } from './answer-writer.js';
import { AttemptNews } from './attempt-news.js';
import { hasMarkedItems, resultOf, variantTotal } from './attempt-result.presenter.js';
import {
  answersQuery,
  ownAttemptQuery,
  recordEvents,
  serverSecret,
  setLiveTokens,
  type AttemptEventInput,
  type AttemptRow,
} from './attempt.repository.js';
import { studentByUserQuery } from './attempt-start.repository.js';
import { receiptCodeOf } from './receipt-code.js';
import { buildVariant, type Variant } from './variant.js';
import { WriteGroup } from './write-group.js';

/** The signed-in student, as the exam page shows them. */
export interface StudentRow {
  id: number;
  name: string;
  ticket_number: string;
  photo: string;
}

/** Variants kept in memory (one per live attempt); past this the oldest goes first. */
const VARIANT_CACHE_SIZE = 20_000;

/** The receipt key's name in server_secrets. */
const RECEIPT_KEY = 'receipt-hmac-sha256';
/** The secret the answer files' keys are derived from (docs/features/answer-file.md). */
const ANSWER_FILE_SECRET = 'answer-file-hmac-sha256';

/**
 * What every attempt use case shares (attempt.service.ts puts them together): the student and
 * attempt lookups, the variant cache, the receipt key and receipts, and the grouped writers of
 * answers, server events and live tokens.
 */
export class AttemptCore {
  private readonly variants = new Map<number, Variant>();
  readonly writer: AnswerWriter;
  private readonly serverEvents: WriteGroup<AttemptEventInput, void>;
  /** Saves, events, locks and finalizations, for the socket channel and the proctor's view. */
  readonly news = new AttemptNews();
  /** Whether a connection holds the attempt now, on any process (the socket channel answers). */
  heldLive: (attemptId: number) => Promise<boolean> = () => Promise.resolve(false);
  readonly liveTokens: WriteGroup<{ attemptId: number; token: string }, void>;
  /**
   * The student of a signed-in context, looked up once per request or socket connection (a
   * start asks three times; a connection's joins and saves share one context).
   */
  private readonly students = new WeakMap<AuthContext, StudentRow>();
  // Every start, resume and join runs these: compiled once (placeholders bound per call).
  private readonly studentByUser;
  private readonly ownAttemptRow;
  readonly storedAnswers;
  private receiptKey: Promise<Buffer> | null = null;
  private answerFileSecret: Promise<Buffer> | null = null;

  constructor(
    readonly db: Db,
    postgres: boolean,
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
    this.ownAttemptRow = precompiled(db, ownAttemptQuery(db, 0, 0));
  }

  /** The receipt key: made once per deployment, kept in the database (every process signs alike). */
  key(): Promise<Buffer> {
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

  /**
   * The attempt's answer-file key (base64, 32 bytes): HMAC-SHA256 under the server's answer-file
   * secret over the attempt and its start, so no two attempts share one and none is stored.
   */
  async answerFileKey(row: { id: number; started_at: string }): Promise<string> {
    if (!this.answerFileSecret) {
      const secret = serverSecret(this.db, ANSWER_FILE_SECRET, () =>
        randomBytes(32).toString('hex'),
      ).then((hex) => Buffer.from(hex, 'hex'));
      secret.catch(() => {
        this.answerFileSecret = null;
      });
      this.answerFileSecret = secret;
    }
    return createHmac('sha256', await this.answerFileSecret)
      .update(`answer-file:${row.id}:${row.started_at}`)
      .digest('base64');
  }

  /** The one cache of paper versions (paper/paper-version-cache.ts), shared with marking. */
  snapshot(versionId: number): Promise<PaperSnapshot> {
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

  /** A finished attempt's variant is no longer needed in memory. */
  forgetVariant(attemptId: number) {
    this.variants.delete(attemptId);
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

  receiptOf(
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
   * Logs an event the server noticed itself (a takeover, an address change, a join), grouped
   * with the others of the same few milliseconds: a start storm joins thousands a minute.
   */
  async logServerEvent(
    row: AttemptRow,
    type: string,
    ip: string,
    detail: object = {},
    at = nowIso(),
  ) {
    await this.serverEvents.add({ attemptId: row.id, examId: row.exam_id, type, detail, ip, at });
  }

  /** Writes the grouped answers and events still gathering (on shutdown). */
  async drainWrites(): Promise<void> {
    await Promise.all([this.writer.drain(), this.serverEvents.drain(), this.liveTokens.drain()]);
  }
}

import {
  ApiStatus,
  EVENT_BURST,
  EVENT_REFILL_MS,
  type ClientEventType,
  type FinishReason,
  type LogEventResult,
  type ProctorReceiptCheck,
  type Receipt,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { parseJson } from '../../lib/json.js';
import { shownTime } from '../../lib/shown-time.js';
import { isAnswered } from '../paper/scoring.js';
import type { AttemptAnswering } from './attempt-answering.js';
import type { AttemptCore } from './attempt-core.js';
import {
  attemptById,
  attemptByReceipt,
  awayOf,
  awayPast,
  markAway,
  markLinkTask,
  recordEvent,
  settleAway,
  UNCOUNTED_AWAY,
  type AttemptRow,
} from './attempt.repository.js';
import { EventLimiter } from './event-limiter.js';
import { receiptCodeOf, sameText } from './receipt-code.js';

/** How many absences one sweep settles (a full page: the sweep goes on). */
export const LEAVE_SWEEP_PAGE = 200;

/**
 * Integrity events (docs/features/taking-an-exam.md, docs/operations/security.md): what the page
 * reports, absences measured on the server's clock and counted as leaves, and the receipt codes
 * staff check.
 */
export class AttemptIntegrity {
  private readonly db: Db;
  readonly eventLimiter = new EventLimiter(EVENT_BURST, EVENT_REFILL_MS);

  constructor(
    private readonly core: AttemptCore,
    private readonly answering: AttemptAnswering,
    /** A leave counts only after the page has been away this long, on `clock`. */
    private readonly leaves: { graceMs: number; clock: Clock },
  ) {
    this.db = core.db;
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

  /**
   * Logs what the page reports. Leaving is an absence measured on the server's clock: it starts
   * when the page says it is hidden (or out of full screen) and counts as one leave only if the
   * page is not back within the grace (page_back, or a join of a page in view). A reload comes
   * back within seconds; the link task's own tab is the candidate's work; an absence during which
   * the page lost its connection (or that only HTTP reported) cannot be told from a reload or a
   * network drop and is never counted. Past the exam's limit, the attempt is handed in.
   * `connected`: the page holds a live connection (socket.io), not the HTTP fallback.
   * `raisedAt`: an event the page raised offline and sends now (see queuedEvent).
   */
  async logEvent(
    attemptId: number,
    type: ClientEventType,
    auth: AuthContext,
    ip: string,
    connected = false,
    raisedAt?: string,
  ): Promise<LogEventResult> {
    const row = await this.core.ownAttempt(attemptId, auth);
    if (row.finished_at !== null) {
      throw new AppError(ApiStatus.ATTEMPT_ENDED, 'attemptEnded', {
        at: shownTime(row.finished_at),
      });
    }
    if (raisedAt !== undefined) return this.queuedEvent(row, type, ip, raisedAt);
    // Written with the other events of the same few milliseconds (an event flood, docs/operations/security.md).
    await this.core.logServerEvent(row, type, ip);
    this.core.news.publish({ kind: 'logged', row, type, ip });
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

  /**
   * An event the page raised while offline, sent when the network came back: logged for the
   * proctor at the time the page gives (held within the attempt's start and now), marked
   * `offline`. It neither starts nor ends an absence: time the page spent offline cannot be
   * told from a network drop and is never counted as leaving.
   */
  private async queuedEvent(
    row: AttemptRow,
    type: ClientEventType,
    ip: string,
    raisedAt: string,
  ): Promise<LogEventResult> {
    const at = Math.min(Date.now(), Math.max(Date.parse(row.started_at), Date.parse(raisedAt)));
    await this.core.logServerEvent(row, type, ip, { offline: true }, new Date(at).toISOString());
    this.core.news.publish({ kind: 'logged', row, type, ip });
    const { leave_count: leaveCount } = await awayOf(this.db, row.id);
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
    this.core.news.publish({ kind: 'logged', row, type: 'left_page', ip });
    if (row.leave_limit === 0 || row.leave_count <= row.leave_limit) return null;
    await this.core.writer.drain();
    return (
      (await this.answering.finalize(attemptId, 'leave_limit')) ??
      (await this.answering.receipt(attemptId))
    );
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
    const stored = await this.core.storedAnswers(row.id);
    const now = receiptCodeOf(await this.core.key(), row.id, row.candidate_id, stored);
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
}

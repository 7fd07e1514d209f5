import {
  CandidateStatus,
  PROCTOR_LATEST_EVENTS,
  type CandidateStatusCode,
  type FinishReason,
  type LiveExamView,
  type ProctorActionResult,
  type ProctorCandidateEvents,
  type ProctorCandidateQuery,
  type ProctorCounts,
  type ProctorEventView,
  type ProctorExtraTimeBody,
  type ProctorMessageBody,
  type ProctorMessageResult,
  type ProctorReceiptBody,
  type ProctorReceiptCheck,
  type ProctorReopenBody,
  type ProctorRow,
  type ProctorState,
  type ProctorSubmitBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { CandidateService } from '../exam/candidate.service.js';
import { onBreak } from '../attempt/attempt-break.repository.js';
import { extraMinutesCovering, pausedSoFar } from '../attempt/deadlines.js';
import { ExamRepository, examState } from '../exam/exam.repository.js';
import type { ExamService } from '../exam/exam.service.js';
import type { ProctorHub } from './proctor-hub.js';
import { keepMessage } from './proctor-inbox.js';
import { ProctorLiveRepository } from './proctor-live.repository.js';
import { ProctorRepository } from './proctor.repository.js';

/** A candidate of the exam with their attempt, as the actions need it. */
interface CandidateFacts {
  candidateId: number;
  classId: number;
  name: string;
  ticketNumber: string;
  extraMinutes: number;
  attemptId: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The attempt's accommodation minutes (fixed at start), paused and break time given back. */
  accommodationMinutes: number;
  givenBackMs: number;
}

const detailOf = (json: string) => parseJson<Record<string, unknown>>(json, {});

/** Who the record names: "张三 (KS001)", as the exam's other records do. */
const named = (facts: Pick<CandidateFacts, 'name' | 'ticketNumber'>) =>
  `${facts.name} (${facts.ticketNumber})`;

/**
 * The proctor's live view and actions (docs/features/proctoring.md). Rows say what a candidate does (state,
 * how many questions hold an answer, when they last saved, connected or not, integrity events),
 * never what they answered. Each action is logged in the exam's record with its reason.
 */
export class ProctorService {
  constructor(
    private readonly db: Db,
    private readonly exams: ExamService,
    private readonly candidates: CandidateService,
    private readonly hub: ProctorHub,
  ) {}

  /** The exam if `auth` may proctor it, with the batches they are limited to (null: all). */
  async access(auth: AuthContext, examId: number, db: Db = this.db) {
    const exam = await this.exams.visibleExam(auth, examId, db);
    if (exam.status !== 'published') throw conflict('examNotPublished', { id: examId });
    return { exam, own: await this.exams.ownClasses(auth, db) };
  }

  /** One candidate of the exam, in `auth`'s batches (the pausing calls use it too). */
  async candidate(
    db: Db,
    examId: number,
    studentId: number,
    own: Set<number> | null,
  ): Promise<CandidateFacts> {
    const row = await new ProctorRepository(db).candidate(examId, studentId);
    if (!row) throw invalid('studentId', 'examNotCandidate', { id: studentId, examId });
    const facts: CandidateFacts = {
      candidateId: row.candidate_id,
      classId: row.class_id,
      name: row.name,
      ticketNumber: row.ticket_number,
      extraMinutes: row.extra_minutes,
      attemptId: row.attempt_id,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      accommodationMinutes: row.accommodation_minutes ?? 0,
      givenBackMs: (row.given_back_ms ?? 0) + (row.break_ms ?? 0),
    };
    if (own && !own.has(facts.classId)) {
      throw forbidden('examStudentNotYours', { name: facts.name, ticket: facts.ticketNumber });
    }
    return facts;
  }

  // ── The view ───────────────────────────────────────────────────────────────────────────

  async liveExam(examId: number, auth: AuthContext): Promise<LiveExamView> {
    const { exam, own } = await this.access(auth, examId);
    const now = nowIso();
    const repository = new ProctorRepository(this.db);
    // One row per candidate: the answered count and latest save are kept on the attempt by
    // the grouped writer, so no answer is read here.
    const [candidates, latest] = await Promise.all([
      repository.liveCandidates(examId, own),
      this.latestEvents(examId),
    ]);
    const counts = latest.counts;
    const total: ProctorCounts = {
      notStarted: 0,
      inProgress: 0,
      submitted: 0,
      absent: 0,
      offline: 0,
    };
    // Connected on whichever process holds the page.
    const live = await this.hub.liveAmong(
      candidates.flatMap((row) => (row.attempt_id === null ? [] : [row.attempt_id])),
    );
    // Paused time is measured on the pauses' clock (attempt-pausing.ts).
    const pausedAt = this.hub.attempts.pausing.now();
    const rows = candidates.map((row): ProctorRow => {
      const state: ProctorState =
        row.attempt_id === null
          ? row.status === CandidateStatus.EXPIRED || exam.end_at <= now
            ? 'absent'
            : 'not_started'
          : row.finished_at === null
            ? 'in_progress'
            : 'submitted';
      const connected = row.attempt_id !== null && live.has(row.attempt_id);
      if (state === 'not_started') total.notStarted += 1;
      else if (state === 'absent') total.absent += 1;
      else if (state === 'submitted') total.submitted += 1;
      else {
        total.inProgress += 1;
        if (!connected) total.offline += 1;
      }
      const events = row.attempt_id === null ? undefined : latest.byAttempt.get(row.attempt_id);
      return {
        studentId: row.student_id,
        name: row.name,
        ticketNumber: row.ticket_number,
        className: row.class_name,
        status: row.status as CandidateStatusCode,
        state,
        attemptId: row.attempt_id,
        startedAt: row.started_at,
        deadline: row.deadline,
        finishedAt: row.finished_at,
        finishReason: row.finish_reason as FinishReason | null,
        extraMinutes: row.extra_minutes,
        answered: row.attempt_id === null ? 0 : Number(row.answered_count ?? 0),
        lastSaveAt: row.last_saved_at ?? null,
        connected,
        address:
          (row.attempt_id === null ? undefined : latest.address.get(row.attempt_id)) ??
          row.start_ip ??
          '',
        eventCounts: row.attempt_id === null ? {} : (counts.get(row.attempt_id) ?? {}),
        latestEvents: events ?? [],
        accessLockedUntil:
          row.access_locked_until !== null && row.access_locked_until > now
            ? row.access_locked_until
            : null,
        room:
          row.room_id === null
            ? null
            : {
                roomId: row.room_id,
                name: `${row.venue_name ?? ''} / ${row.room_name ?? ''}`,
                seat: row.seat_number,
              },
        breaks: {
          allowed: row.breaks_allowed ?? 0,
          taken: row.breaks_taken ?? 0,
          onBreak: row.finished_at === null && onBreak(row),
        },
        pausedMs: row.attempt_id === null ? 0 : pausedSoFar(row, pausedAt),
      };
    });
    return {
      exam: {
        id: exam.id,
        name: exam.name,
        state: examState(exam, now),
        startAt: exam.start_at,
        endAt: exam.end_at,
        durationMinutes: exam.duration_minutes,
      },
      serverNow: nowIso(),
      counts: total,
      rows,
    };
  }

  /**
   * Per attempt: its events' counts by type, the latest integrity events (joins left out: a page
   * reconnects often, and they are most of the exam's events, so they are counted, not read) and
   * the address of the latest event of any kind.
   */
  private async latestEvents(examId: number) {
    const live = new ProctorLiveRepository(this.db);
    const [eventCounts, signals] = await Promise.all([
      live.eventCounts(examId),
      live.signals(examId),
    ]);
    const counts = new Map<number, Record<string, number>>();
    const lastIds = new Map<number, number>();
    for (const row of eventCounts) {
      const byType = counts.get(row.attempt_id) ?? {};
      byType[row.type] = Number(row.count);
      counts.set(row.attempt_id, byType);
      lastIds.set(row.attempt_id, Math.max(lastIds.get(row.attempt_id) ?? 0, Number(row.last_id)));
    }
    const address = new Map<number, string>();
    for (const row of await live.addresses([...lastIds.values()])) {
      if (row.ip !== '') address.set(row.attempt_id, row.ip);
    }
    const byAttempt = new Map<number, ProctorEventView[]>();
    for (const row of signals) {
      const list = byAttempt.get(row.attempt_id) ?? [];
      if (list.length >= PROCTOR_LATEST_EVENTS) continue;
      list.push(eventView(row));
      byAttempt.set(row.attempt_id, list);
    }
    return { counts, byAttempt, address };
  }

  /** The drawer: every event of one candidate's attempt and the proctors' actions about them. */
  async candidateEvents(
    query: ProctorCandidateQuery,
    auth: AuthContext,
  ): Promise<ProctorCandidateEvents> {
    const { own } = await this.access(auth, query.examId);
    const facts = await this.candidate(this.db, query.examId, query.studentId, own);
    const [events, changes] = await Promise.all([
      facts.attemptId === null ? [] : new ProctorRepository(this.db).attemptEvents(facts.attemptId),
      new ExamRepository(this.db).changes(query.examId),
    ]);
    return {
      events: events.map(eventView),
      actions: changes
        .map((change) => ({ ...change, detail: detailOf(change.detail) }))
        .filter((change) => change.detail.studentId === query.studentId)
        .map((change) => ({
          id: change.id,
          action: change.action,
          at: change.created_at,
          by: change.nick_name ?? change.login ?? '',
          detail: change.detail,
        })),
    };
  }

  // ── Actions ────────────────────────────────────────────────────────────────────────────

  /** Extra time for one candidate: setExtraTime's rules, the reason in its record. */
  async extraTime(body: ProctorExtraTimeBody, auth: AuthContext): Promise<ProctorActionResult> {
    const { own } = await this.access(auth, body.examId);
    const facts = await this.candidate(this.db, body.examId, body.studentId, own);
    const changed = facts.extraMinutes !== body.minutes;
    await this.candidates.setExtraTime(body, auth, {
      reason: body.reason,
      studentId: body.studentId,
    });
    const deadline =
      facts.attemptId === null
        ? undefined
        : await new ProctorRepository(this.db).deadline(facts.attemptId);
    if (facts.attemptId !== null) {
      this.hub.send({
        examId: body.examId,
        attemptId: facts.attemptId,
        studentId: body.studentId,
        kind: 'changed',
      });
    }
    return { changed, deadline };
  }

  /**
   * Submits one candidate's running attempt through the attempt service's finalization (so
   * exactly once, their page told); the record lands in the same transaction.
   */
  async submit(body: ProctorSubmitBody, auth: AuthContext): Promise<ProctorActionResult> {
    const { own } = await this.access(auth, body.examId);
    const facts = await this.candidate(this.db, body.examId, body.studentId, own);
    if (facts.attemptId === null) {
      throw conflict('proctorNotStarted', { name: facts.name, ticket: facts.ticketNumber });
    }
    if (facts.finishedAt !== null) return { changed: false };
    const attempts = this.hub.attempts;
    // Saves already acknowledged go in before the attempt closes.
    await attempts.writer.drain();
    // Collected by the proctor: the table, the receipt and the log say so, not "by the candidate".
    const receipt = await attempts.finalize(facts.attemptId, 'proctor_submit', (trx) =>
      new ExamRepository(trx).record(
        body.examId,
        auth.user.id,
        'proctorSubmit',
        { studentId: body.studentId, student: named(facts), reason: body.reason },
        nowIso(),
      ),
    );
    return { changed: receipt !== null };
  }

  /** A receipt code a candidate shows: whose it is, and whether their stored answers still give it. */
  async checkReceipt(body: ProctorReceiptBody, auth: AuthContext): Promise<ProctorReceiptCheck> {
    const { own } = await this.access(auth, body.examId);
    return this.hub.attempts.checkReceipt(body.examId, body.code, own ? [...own] : null);
  }

  /**
   * Reopens an ended attempt after a technical failure: running again until now + `minutes`
   * (the candidate continues with every answer kept), scores cleared until it ends again.
   * Refused once marking has begun on it or the scores are released.
   */
  async reopen(body: ProctorReopenBody, auth: AuthContext): Promise<ProctorActionResult> {
    const result = await inTransaction(this.db, async (trx) => {
      await this.exams.lock(trx, body.examId);
      const { exam, own } = await this.access(auth, body.examId, trx);
      const facts = await this.candidate(trx, body.examId, body.studentId, own);
      const who = { name: facts.name, ticket: facts.ticketNumber };
      if (facts.attemptId === null) throw conflict('proctorNotStarted', who);
      if (facts.finishedAt === null) throw conflict('proctorStillRunning', who);
      if (exam.released_at !== null) throw conflict('scoresReleased', { name: exam.name });
      const repository = new ProctorRepository(trx);
      if (await repository.markingStarted(facts.attemptId))
        throw conflict('proctorMarkingStarted', who);

      const now = Date.now();
      const deadline = new Date(now + body.minutes * 60_000).toISOString();
      // The candidate's extra time covers the new deadline, so that a later change of the
      // window or of extra time (recomputeDeadlines) does not take the minutes back — nor add
      // the accommodations and given-back pauses on top, which the computation counts itself.
      const needed = extraMinutesCovering(deadline, {
        startedAt: facts.startedAt!,
        durationMinutes: exam.duration_minutes,
        accommodationMinutes: facts.accommodationMinutes,
        givenBackMs: facts.givenBackMs,
      });
      const extraMinutes = Math.max(facts.extraMinutes, needed);
      await repository.reopen(facts.candidateId, facts.attemptId, deadline, extraMinutes);
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'proctorReopen',
        {
          studentId: body.studentId,
          student: named(facts),
          minutes: body.minutes,
          deadline,
          reason: body.reason,
        },
        nowIso(),
      );
      return { attemptId: facts.attemptId, deadline };
    });
    this.hub.send({
      examId: body.examId,
      attemptId: result.attemptId,
      studentId: body.studentId,
      kind: 'changed',
    });
    // The candidate's page, perhaps on the receipt, returns to the questions.
    this.hub.reopened(result.attemptId, result.deadline);
    return { changed: true, deadline: result.deadline };
  }

  /**
   * A message on the exam page of one candidate, or of every candidate of the exam (of the
   * proctor's batches): kept, so that a page that joins later receives it (proctor-inbox.ts).
   */
  async message(body: ProctorMessageBody, auth: AuthContext): Promise<ProctorMessageResult> {
    const at = nowIso();
    const groups = await inTransaction(this.db, async (trx) => {
      const { own } = await this.access(auth, body.examId, trx);
      let attemptId: number | undefined;
      let detail: Record<string, unknown>;
      if (body.studentId) {
        const facts = await this.candidate(trx, body.examId, body.studentId, own);
        const who = { name: facts.name, ticket: facts.ticketNumber };
        if (facts.attemptId === null) throw conflict('proctorNotStarted', who);
        if (facts.finishedAt !== null) throw conflict('attemptEnded', { at: facts.finishedAt });
        attemptId = facts.attemptId;
        detail = { studentId: body.studentId, student: named(facts) };
      } else {
        detail = { all: true };
      }
      const kept = await keepMessage(trx, {
        examId: body.examId,
        attemptId,
        own,
        content: body.content,
        sentBy: auth.user.id,
        at,
      });
      const recipients = kept.reduce((sum, group) => sum + group.attemptIds.length, 0);
      await new ExamRepository(trx).record(
        body.examId,
        auth.user.id,
        'proctorMessage',
        { ...detail, content: body.content, recipients },
        at,
      );
      return kept;
    });
    const delivered = await this.hub.message(groups);
    return {
      delivered,
      recipients: groups.reduce((sum, group) => sum + group.attemptIds.length, 0),
    };
  }
}

const eventView = (row: {
  id: number;
  type: string;
  ip: string;
  detail: string;
  created_at: string;
}): ProctorEventView => ({
  id: row.id,
  type: row.type,
  at: row.created_at,
  ip: row.ip,
  detail: detailOf(row.detail),
});

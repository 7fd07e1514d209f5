import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  ACCESS_CODE_TRIES,
  ACCESS_LOCK_MINUTES,
  ApiStatus,
  CandidateStatus,
  scoreFromHundredths,
  type AttemptPause,
  type AttemptView,
  type BreakAllowance,
  type CertLevel,
  type FinishReason,
  type JoinView,
  type MyExamView,
  type MyExamsView,
  type NoticeOpened,
  type ShowResult,
  type StartWaitTiming,
  type StartAttemptInput,
} from '@kaoshi/shared';
import { inTransaction, nowIso, precompiled, type Db } from '../../db/database.js';
import type { AttemptsTable } from '../../db/types.js';
import { AppError, WaitRefusal, conflict, forbidden, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { parseJson } from '../../lib/json.js';
import { shownTime } from '../../lib/shown-time.js';
import { itemsFor } from '../paper/candidate-view.js';
import { isMarkedType } from '../paper/scoring.js';
import { addressAllowed } from './address-allowed.js';
import { savedAnswers } from './answer-values.js';
import type { AttemptCore } from './attempt-core.js';
import { resultOf } from './attempt-result.presenter.js';
import {
  candidateLock,
  clearAccessFailures,
  countAccessFailure,
  lockAccess,
  markNoticeOpened,
  type AttemptRow,
} from './attempt.repository.js';
import {
  attemptIdOfCandidate,
  candidateExamQuery,
  insertAttempt,
  myExamRows,
  setCandidateStatus,
  startAttemptAtOnce,
} from './attempt-start.repository.js';
import { pageAccommodation, startAccommodation } from './accommodation.repository.js';
import { onBreak } from './attempt-break.repository.js';
import { deadlineOf, later, remainingOf, windowEndOf } from './deadlines.js';
import { sameText } from './receipt-code.js';
import { deliveredItem } from './variant.js';

/**
 * A student's exams, starting and resuming an attempt (docs/features/taking-an-exam.md), and the
 * checks every call of the exam page passes. What a candidate receives is built here from the
 * variant's delivered items: never a key.
 */
export class AttemptStarting {
  private readonly db: Db;
  // The exam as the student's candidate row sees it, with the attempt if one was started:
  // every start runs it, compiled once.
  private readonly candidateExam;

  constructor(
    private readonly core: AttemptCore,
    private readonly postgres: boolean,
  ) {
    this.db = core.db;
    this.candidateExam = precompiled(this.db, candidateExamQuery(this.db));
  }

  // ── A student's exams ──────────────────────────────────────────────────────────────────

  async listMyExams(auth: AuthContext): Promise<MyExamsView> {
    const student = await this.core.studentOf(auth);
    const now = nowIso();
    // A candidate with a session sees its window as the exam's (docs/features/venues.md).
    const rows = (await myExamRows(this.db, student.id)).map((row) =>
      row.session_start_at === null
        ? row
        : {
            ...row,
            start_at: row.session_start_at,
            end_at: windowEndOf(row.end_at, row.session_end_at),
          },
    );
    // Whether each finished attempt's paper has a question for markers (its own draw).
    const marked = new Map(
      await Promise.all(
        rows
          .filter((row) => row.finished_at !== null)
          .map(async (row) => {
            const snapshot = await this.core.snapshot(row.paper_version_id!);
            const items = itemsFor(snapshot, row.seed!).flat();
            return [row.attempt_id!, items.some(({ item }) => isMarkedType(item.type))] as const;
          }),
      ),
    );
    const exams = rows.map((row): MyExamView => {
      // Paused: running still, whatever its deadline says (it moves when the pause ends).
      const running =
        row.attempt_id !== null &&
        row.finished_at === null &&
        (row.deadline! > now || row.paused_at !== null);
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
    const student = await this.core.studentOf(auth);
    const [exam] = await this.candidateExam(input.examId, student.id);
    if (!exam || exam.status !== 'published' || exam.paper_version_id === null) {
      throw forbidden('notYourExam', { id: input.examId });
    }
    this.checkAddress(ip, exam.ip_allow_list);
    if (exam.attempt_id !== null) return this.view(exam.attempt_id, auth, ip);

    const now = new Date();
    const at = now.toISOString();
    const window = checkSessionWindow(exam, at);
    if (at < exam.start_at) throw conflict('examNotOpenYet', { start: shownTime(exam.start_at) });
    if (at >= exam.end_at) throw conflict('examClosedForStart', { end: shownTime(exam.end_at) });
    const lateUntil = lateEntryUntil(window.startAt, exam.late_entry_minutes);
    if (lateUntil !== null && at > lateUntil) {
      throw conflict('lateEntryOver', { until: shownTime(lateUntil) });
    }
    // A room started for an earlier session does not start this one's clock early.
    const roomStart = await checkRoomAndCheckIn(exam, () => this.waitTiming(exam, window));
    const durationFrom =
      exam.session_name !== null && roomStart !== null && roomStart < window.startAt
        ? window.startAt
        : roomStart;
    this.checkNoticeRead(exam.notice_opened_at, exam.min_read_seconds ?? 0, now.getTime());
    if (exam.access_code !== '') {
      await this.checkAccessCode(exam, input.accessCode, student.id, now);
    }
    // Accommodations' extra time and rest breaks, fixed on the attempt
    // (docs/features/accommodations.md).
    const accommodations =
      exam.apply_accommodations === 1
        ? await startAccommodation(this.db, exam.candidate_id, exam.duration_minutes)
        : { minutes: 0, breakCount: 0, breakMinutes: 0 };
    const accommodation = accommodations.minutes;
    const deadline = deadlineOf(
      durationFrom ?? at,
      exam.duration_minutes,
      exam.extra_minutes + accommodation,
      window.endAt,
    );
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
      accommodation_minutes: accommodation,
      breaks_allowed: accommodations.breakCount,
      break_minutes: accommodations.breakMinutes,
      duration_from: durationFrom,
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

  /** What the waiting page of a candidate held until the room's start shows (StartWaitTiming). */
  private async waitTiming(
    exam: {
      candidate_id: number;
      duration_minutes: number;
      extra_minutes: number;
      apply_accommodations: number;
      session_name: string | null;
    },
    window: { startAt: string; endAt: string },
  ): Promise<StartWaitTiming> {
    const accommodation =
      exam.apply_accommodations === 1
        ? (await startAccommodation(this.db, exam.candidate_id, exam.duration_minutes)).minutes
        : 0;
    return {
      ...window,
      minutes: exam.duration_minutes + exam.extra_minutes + accommodation,
      session: exam.session_name === null ? null : { name: exam.session_name, ...window },
    };
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
    this.core.news.publish({ kind: 'accessLocked', examId: exam.id, studentId, until });
    throw new AppError(ApiStatus.TOO_MANY_REQUESTS, 'accessCodeLocked', {
      until: shownTime(until),
    });
  }

  /**
   * openNotice: the candidate opened the exam's notice. The first opening is kept (the reading
   * time runs from it); answers how many seconds are still to read before starting.
   */
  async openNotice(examId: number, auth: AuthContext): Promise<NoticeOpened> {
    const student = await this.core.studentOf(auth);
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
    if (holder === null || sameText(liveToken, holder) || !(await this.core.heldLive(row.id)))
      return;
    await this.logRefusal(row, 'takeover', ip, { refused: true, via: 'http' });
    throw new AppError(
      ApiStatus.TAKEN_OVER,
      row.takeover === 'refuse' ? 'takeoverRefused' : 'takenOver',
    );
  }

  /** A refused call, in the attempt's log and on the proctor's screen. */
  async logRefusal(row: AttemptRow, type: string, ip: string, detail: object) {
    await this.core.logServerEvent(row, type, ip, detail);
    this.core.news.publish({ kind: 'logged', row, type, ip, detail });
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
    await this.core.liveTokens.add({ attemptId: row.id, token });
    return token;
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
    const row = await this.core.ownAttempt(attemptId, auth);
    if (ip !== undefined) await this.checkCaller(row, ip);
    const student = await this.core.studentOf(auth);
    const variant = await this.core.variantOf(row);
    const snapshot = await this.core.snapshot(row.paper_version_id);
    const stored = fresh ? [] : await this.core.storedAnswers(row.id);
    const now = Date.now();
    return {
      attemptId: row.id,
      examId: row.exam_id,
      examName: row.exam_name,
      candidate: { name: student.name, ticketNumber: student.ticket_number, photo: student.photo },
      serverNow: new Date(now).toISOString(),
      deadline: row.deadline,
      remainingMs: remainingOf(row, now),
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
        row.finished_at === null
          ? null
          : this.core.receiptOf(row, stored, variant, await this.core.key()),
      paused: pauseOf(row),
      accommodation: await pageAccommodation(this.db, row.id),
      answerFileKey: await this.core.answerFileKey(row),
      breaks: breaksOf(row),
    };
  }

  /**
   * What a join answers (a page's connect or reconnect): the clock and the answers as stored,
   * without the paper the page already has. `row` is the student's own attempt.
   */
  async joinView(row: AttemptRow, ip: string): Promise<JoinView> {
    await this.checkCaller(row, ip);
    const variant = await this.core.variantOf(row);
    const stored = await this.core.storedAnswers(row.id);
    const now = Date.now();
    return {
      attemptId: row.id,
      serverNow: new Date(now).toISOString(),
      deadline: row.deadline,
      remainingMs: remainingOf(row, now),
      leaveCount: row.leave_count,
      leaveLimit: row.leave_limit,
      answers: savedAnswers(variant, stored),
      finished:
        row.finished_at === null
          ? null
          : this.core.receiptOf(row, stored, variant, await this.core.key()),
      paused: pauseOf(row),
      accommodation: await pageAccommodation(this.db, row.id),
      breaks: breaksOf(row),
    };
  }
}

/**
 * Whether a proctor has paused the attempt, since when and why (the page's overlay); or the
 * candidate is on a rest break, until when.
 */
const pauseOf = (row: AttemptRow): AttemptPause | null => {
  if (row.finished_at !== null || row.paused_at === null) return null;
  if (!onBreak(row)) return { since: row.paused_at, reason: row.pause_reason ?? '' };
  return {
    since: row.paused_at,
    reason: '',
    breakUntil: later(row.paused_at, row.break_minutes * 60_000),
  };
};

/** The attempt's rest breaks (fixed at start). */
const breaksOf = (row: AttemptRow): BreakAllowance => ({
  allowed: row.breaks_allowed,
  taken: row.breaks_taken,
  minutes: row.break_minutes,
});

/** No one may start after this instant (late-entry policy); null: until the window closes. */
export const lateEntryUntil = (startAt: string, lateMinutes: number) =>
  lateMinutes > 0 ? new Date(Date.parse(startAt) + lateMinutes * 60_000).toISOString() : null;

/**
 * A candidate with a session (docs/features/venues.md "Sessions") starts only within it (10004
 * saying its times). Answers the candidate's window: the session's, or the exam's.
 */
function checkSessionWindow(
  exam: {
    start_at: string;
    end_at: string;
    session_name: string | null;
    session_start_at: string | null;
    session_end_at: string | null;
  },
  at: string,
): { startAt: string; endAt: string } {
  if (exam.session_name === null) return { startAt: exam.start_at, endAt: exam.end_at };
  const startAt = exam.session_start_at!;
  const endAt = windowEndOf(exam.end_at, exam.session_end_at);
  const times = { name: exam.session_name, start: shownTime(startAt), end: shownTime(endAt) };
  if (at < startAt) throw conflict('sessionNotOpenYet', times);
  if (at >= endAt) throw conflict('sessionClosedForStart', times);
  return { startAt, endAt };
}

/**
 * The invigilator's gates (docs/features/invigilation.md): check-in before Start when the exam
 * asks for it, and a candidate seated in a room of an exam that holds them waits until the room
 * is started (the refusal carries `timing()` for the waiting page). Answers the instant the
 * duration counts from (the room's start), else null.
 */
async function checkRoomAndCheckIn(
  exam: {
    require_check_in: number;
    hold_until_room_start: number;
    room_id: number | null;
    checked_in_at: string | null;
    check_in_refused: string | null;
    room_started_at: string | null;
  },
  timing: () => Promise<StartWaitTiming>,
): Promise<string | null> {
  if (exam.require_check_in === 1 && exam.checked_in_at === null) {
    if (exam.check_in_refused !== null) {
      throw new WaitRefusal('checkInWasRefused', 'checkIn', { reason: exam.check_in_refused });
    }
    throw new WaitRefusal('checkInRequired', 'checkIn');
  }
  // Candidates in no room have no invigilator to start them: the exam's window holds them.
  if (exam.hold_until_room_start !== 1 || exam.room_id === null) return null;
  if (exam.room_started_at === null) {
    throw new WaitRefusal('roomNotStarted', 'roomStart', {}, await timing());
  }
  return exam.room_started_at;
}

import type {
  ProctorActionResult,
  ProctorPauseBody,
  ProctorPauseExamBody,
  ProctorPauseExamResult,
  ProctorPausesView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PauseRefusal, Paused, Resumed } from '../attempt/attempt-pausing.js';
import { ExamRepository } from '../exam/exam.repository.js';
import type { ProctorHub } from './proctor-hub.js';
import { ProctorPauseRepository } from './proctor-pause.repository.js';
import type { ProctorService } from './proctor.service.js';

const MINUTE = 60_000;

/** Who a record names: "张三 (KS001)", as the exam's other records do. */
interface Named {
  studentId: number;
  student: string;
}

/**
 * Pausing and resuming from the proctor's view (docs/features/proctoring.md "Pausing"): one
 * candidate, or every running (paused) attempt of the exam in the proctor's batches; a room
 * later is another set of attempts. The attempt module does the pausing (attempt-pausing.ts);
 * here are the access checks, the refusals by name and the exam's record: one entry per
 * attempt, with who, when, the reason and, on resume, how long and how much was given back.
 */
export class ProctorPausing {
  constructor(
    private readonly db: Db,
    private readonly proctor: ProctorService,
    private readonly hub: ProctorHub,
  ) {}

  private get pausing() {
    return this.hub.attempts.pausing;
  }

  /** One candidate's running attempt: refused when already paused, ended or not started. */
  async pauseOne(body: ProctorPauseBody, auth: AuthContext): Promise<ProctorActionResult> {
    const { who, attemptId } = await this.one(body, auth);
    const [paused] = await this.pausing.pause(
      [attemptId],
      { userId: auth.user.id, reason: body.reason },
      {
        strict: (why) => refusal(why, who),
        within: (trx, done) => this.recordPauses(trx, body.examId, auth, done, [who], false),
      },
    );
    this.changed(body.examId, attemptId, body.studentId);
    return { changed: paused !== undefined, deadline: paused?.deadline };
  }

  /** One candidate's paused attempt: refused when not paused. */
  async resumeOne(body: ProctorPauseBody, auth: AuthContext): Promise<ProctorActionResult> {
    const { who, attemptId } = await this.one(body, auth);
    const [resumed] = await this.pausing.resume(
      [attemptId],
      { userId: auth.user.id, reason: body.reason },
      {
        strict: (why) => refusal(why, who),
        within: (trx, done) => this.recordResumes(trx, body.examId, auth, done, [who], false),
      },
    );
    this.changed(body.examId, attemptId, body.studentId);
    return { changed: resumed !== undefined, deadline: resumed?.deadline };
  }

  /** Every running attempt of the exam (in the proctor's batches) that is not paused yet. */
  async pauseAll(body: ProctorPauseExamBody, auth: AuthContext): Promise<ProctorPauseExamResult> {
    const { own } = await this.proctor.access(auth, body.examId);
    const targets = await new ProctorPauseRepository(this.db).runningAttempts(
      body.examId,
      own,
      false,
    );
    const paused = await this.pausing.pause(
      targets.map((row) => row.id),
      { userId: auth.user.id, reason: body.reason },
      {
        within: (trx, done) =>
          this.recordPauses(trx, body.examId, auth, done, namesOf(targets), true),
      },
    );
    if (paused.length > 0) this.changed(body.examId, 0, 0);
    return { count: paused.length };
  }

  /** Every paused attempt of the exam (in the proctor's batches). */
  async resumeAll(body: ProctorPauseExamBody, auth: AuthContext): Promise<ProctorPauseExamResult> {
    const { own } = await this.proctor.access(auth, body.examId);
    const targets = await new ProctorPauseRepository(this.db).runningAttempts(
      body.examId,
      own,
      true,
    );
    const resumed = await this.pausing.resume(
      targets.map((row) => row.id),
      { userId: auth.user.id, reason: body.reason },
      {
        within: (trx, done) =>
          this.recordResumes(trx, body.examId, auth, done, namesOf(targets), true),
      },
    );
    if (resumed.length > 0) this.changed(body.examId, 0, 0);
    return { count: resumed.length };
  }

  /**
   * The exam's attempts that were ever paused: paused since, every pause's length so far (the
   * one going on included), what was given back, and "reschedule" at or past the limit.
   */
  async pauses(examId: number, auth: AuthContext): Promise<ProctorPausesView> {
    const { own } = await this.proctor.access(auth, examId);
    const rows = await new ProctorPauseRepository(this.db).pausedAttempts(examId, own);
    const now = this.pausing.now();
    const limitMs = this.pausing.limitMs;
    return {
      serverNow: nowIso(),
      limitMinutes: Math.round(limitMs / MINUTE),
      rows: rows.map((row) => {
        const going =
          row.paused_at !== null && row.finished_at === null
            ? Math.max(0, now - Date.parse(row.paused_at))
            : 0;
        const pausedMs = row.paused_ms + going;
        const reschedule = pausedMs > 0 && pausedMs >= limitMs;
        return {
          attemptId: row.id,
          studentId: row.student_id,
          pausedSince: row.finished_at === null ? row.paused_at : null,
          reason: row.finished_at === null ? row.pause_reason : null,
          pausedMs,
          givenBackMs: row.given_back_ms,
          reschedule,
          minutesOver: reschedule ? Math.floor((pausedMs - limitMs) / MINUTE) : 0,
        };
      }),
    };
  }

  /** The candidate (access, batches) and their attempt, which must have started. */
  private async one(body: ProctorPauseBody, auth: AuthContext) {
    const { own } = await this.proctor.access(auth, body.examId);
    const facts = await this.proctor.candidate(this.db, body.examId, body.studentId, own);
    const who = { name: facts.name, ticket: facts.ticketNumber };
    if (facts.attemptId === null) throw conflict('proctorNotStarted', who);
    return {
      attemptId: facts.attemptId,
      who: { ...who, studentId: body.studentId, student: `${facts.name} (${facts.ticketNumber})` },
    };
  }

  private async recordPauses(
    trx: Db,
    examId: number,
    auth: AuthContext,
    done: Paused[],
    names: Named[],
    all: boolean,
  ) {
    const repository = new ExamRepository(trx);
    for (const change of done) {
      const named = names.find((name) => name.studentId === change.studentId);
      await repository.record(
        examId,
        auth.user.id,
        'proctorPause',
        {
          studentId: change.studentId,
          student: named?.student ?? '',
          reason: change.reason,
          since: change.since,
          ...(all ? { wholeExam: true } : {}),
        },
        change.since,
      );
    }
  }

  private async recordResumes(
    trx: Db,
    examId: number,
    auth: AuthContext,
    done: Resumed[],
    names: Named[],
    all: boolean,
  ) {
    const repository = new ExamRepository(trx);
    for (const change of done) {
      const named = names.find((name) => name.studentId === change.studentId);
      await repository.record(
        examId,
        auth.user.id,
        'proctorResume',
        {
          studentId: change.studentId,
          student: named?.student ?? '',
          reason: change.reason,
          since: change.since,
          pausedSeconds: Math.round(change.pausedMs / 1000),
          givenBackSeconds: Math.round(change.givenBackMs / 1000),
          deadline: change.deadline,
          ...(all ? { wholeExam: true } : {}),
        },
        change.at,
      );
    }
  }

  /** The proctors' rows are read again (one delta; 0: the whole exam). */
  private changed(examId: number, attemptId: number, studentId: number) {
    this.hub.send({ examId, attemptId, studentId, kind: 'changed' });
  }
}

const namesOf = (rows: { student_id: number; name: string; ticket_number: string }[]): Named[] =>
  rows.map((row) => ({ studentId: row.student_id, student: `${row.name} (${row.ticket_number})` }));

const refusal = (why: PauseRefusal, who: { name: string; ticket: string }) =>
  conflict(
    why === 'paused'
      ? 'proctorAlreadyPaused'
      : why === 'notPaused'
        ? 'proctorNotPaused'
        : 'proctorPauseEnded',
    { name: who.name, ticket: who.ticket },
  );

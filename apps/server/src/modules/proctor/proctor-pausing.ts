import {
  proposesReschedule,
  type ProctorActionResult,
  type ProctorPauseBody,
  type ProctorPauseExamBody,
  type ProctorPauseExamResult,
  type ProctorPausesView,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { pausedSoFar } from '../attempt/deadlines.js';
import type { ProctorHub } from './proctor-hub.js';
import { ProctorPauseRepository } from './proctor-pause.repository.js';
import type { ProctorService } from './proctor.service.js';
import { RecordedPausing, type PauseCall } from './recorded-pausing.js';

const MINUTE = 60_000;

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
  ) {
    this.recorded = new RecordedPausing(hub);
  }

  private readonly recorded: RecordedPausing;

  private get pausing() {
    return this.hub.attempts.pausing;
  }

  /** One candidate's running attempt: refused when already paused, ended or not started. */
  async pauseOne(body: ProctorPauseBody, auth: AuthContext): Promise<ProctorActionResult> {
    const [paused] = await this.recorded.pause(await this.one(body, auth), auth);
    return { changed: paused !== undefined, deadline: paused?.deadline };
  }

  /** One candidate's paused attempt: refused when not paused. */
  async resumeOne(body: ProctorPauseBody, auth: AuthContext): Promise<ProctorActionResult> {
    const [resumed] = await this.recorded.resume(await this.one(body, auth), auth);
    return { changed: resumed !== undefined, deadline: resumed?.deadline };
  }

  /**
   * Every running attempt of the exam (in the proctor's batches) that is not paused yet. A
   * proctor of every batch pauses the exam as such: who starts or joins meanwhile starts paused.
   */
  async pauseAll(body: ProctorPauseExamBody, auth: AuthContext): Promise<ProctorPauseExamResult> {
    const paused = await this.recorded.pause(await this.all(body, auth, false), auth);
    return { count: paused.length };
  }

  /** Every paused attempt of the exam (in the proctor's batches); a standing pause ends. */
  async resumeAll(body: ProctorPauseExamBody, auth: AuthContext): Promise<ProctorPauseExamResult> {
    const resumed = await this.recorded.resume(await this.all(body, auth, true), auth);
    return { count: resumed.length };
  }

  /** The exam's running (`paused`: paused) attempts in the proctor's batches, as one call. */
  private async all(
    body: ProctorPauseExamBody,
    auth: AuthContext,
    paused: boolean,
  ): Promise<PauseCall> {
    const { own } = await this.proctor.access(auth, body.examId);
    const standing = own === null ? { examId: body.examId, roomId: 0 } : undefined;
    // Lifted before the paused attempts are read: a late start paused meanwhile is among them.
    if (paused && standing) await this.hub.attempts.pausing.lift(standing);
    const targets = await new ProctorPauseRepository(this.db).runningAttempts(
      body.examId,
      own,
      paused,
    );
    return {
      examId: body.examId,
      attemptIds: targets.map((row) => row.id),
      names: targets,
      reason: body.reason,
      extra: { wholeExam: true },
      // A proctor limited to some batches pauses their attempts, not the exam.
      standing: paused ? undefined : standing,
    };
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
        const pausedMs = pausedSoFar(row, now);
        const reschedule = proposesReschedule(pausedMs, limitMs / MINUTE);
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
  private async one(body: ProctorPauseBody, auth: AuthContext): Promise<PauseCall> {
    const { own } = await this.proctor.access(auth, body.examId);
    const facts = await this.proctor.candidate(this.db, body.examId, body.studentId, own);
    const who = { name: facts.name, ticket: facts.ticketNumber };
    if (facts.attemptId === null) throw conflict('proctorNotStarted', who);
    const candidate = {
      student_id: body.studentId,
      name: facts.name,
      ticket_number: facts.ticketNumber,
    };
    return {
      examId: body.examId,
      attemptIds: [facts.attemptId],
      names: [candidate],
      reason: body.reason,
      extra: {},
      one: candidate,
    };
  }
}

import {
  SocketEvent,
  type CheckedInMessage,
  type CheckInBody,
  type ConsoleCandidate,
  type ConsoleRoom,
  type ConsoleState,
  type MyRoom,
  type RoomActionResult,
  type RoomCandidatePauseBody,
  type RoomPauseBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid } from '../../errors.js';
import { roomAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { shownTime } from '../../lib/shown-time.js';
import { onBreak } from '../attempt/attempt-break.repository.js';
import { pausedSoFar } from '../attempt/deadlines.js';
import { maskIdNumber } from '../base/student.service.js';
import { isOwnUploadedImage } from '../files/uploaded-image.js';
import { ExamRepository } from '../exam/exam.repository.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { RecordedPausing, type PauseCall } from '../proctor/recorded-pausing.js';
import { InvigilationRepository } from './invigilation.repository.js';

const MINUTE = 60_000;

/**
 * The invigilator's console, per room (docs/features/invigilation.md). Every call goes through
 * roomAccess (lib/access.ts): an invigilator reaches only the rooms assigned to them. Pauses go
 * through the attempt module's AttemptPausing with the room's attempts; every action is on the
 * exam's change record with the room named.
 */
export class InvigilationService {
  private readonly repo: InvigilationRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: ProctorHub,
  ) {
    this.repo = new InvigilationRepository(db);
    this.recorded = new RecordedPausing(hub);
  }

  private readonly recorded: RecordedPausing;

  private get pausing() {
    return this.hub.attempts.pausing;
  }

  /** "我的监考": the rooms the user invigilates of exams not closed yet. */
  async myRooms(auth: AuthContext): Promise<MyRoom[]> {
    const rows = await this.repo.myRooms(auth.user.id, nowIso());
    return rows.map((row) => ({
      examId: row.exam_id,
      examName: row.exam_name,
      roomId: row.room_id,
      roomName: row.room_name,
      venueName: row.venue_name,
      sessionId: row.session_id,
      sessionName: row.session_name,
      startAt: row.start_at,
      endAt: row.end_at,
      startedAt: row.started_at,
      candidates: Number(row.candidates ?? 0),
    }));
  }

  /**
   * The console: the candidates of the room's session (null: those without one) in seat order
   * with their state; the session's window and the room's start in it.
   */
  async room(
    examId: number,
    roomId: number,
    sessionId: number | null,
    auth: AuthContext,
  ): Promise<ConsoleRoom> {
    const access = await roomAccess(this.db, auth, examId, roomId, sessionId);
    const [head, rows] = await Promise.all([
      this.repo.roomHead(examId, roomId),
      this.repo.candidates(examId, roomId, sessionId),
    ]);
    const window = access.session ?? { startAt: head.start_at, endAt: head.end_at };
    const live = await this.hub.liveAmong(
      rows.flatMap((row) => (row.attempt_id === null ? [] : [row.attempt_id])),
    );
    const now = nowIso();
    // Paused time is measured on the pauses' clock (attempt-pausing.ts).
    const pausedAt = this.pausing.now();
    const candidates: ConsoleCandidate[] = rows.map((row) => ({
      studentId: row.student_id,
      seat: row.seat_number,
      name: row.name,
      ticketNumber: row.ticket_number,
      idNumberMasked: maskIdNumber(row.id_number),
      photo: row.photo,
      state: stateOf(row, window.endAt <= now),
      checkedInAt: row.checked_in_at,
      refusedReason: row.check_in_refused,
      doorPhoto: row.door_photo,
      attemptId: row.attempt_id,
      startedAt: row.started_at,
      deadline: row.deadline,
      pausedAt: row.finished_at === null ? row.paused_at : null,
      onBreak: row.finished_at === null && onBreak(row),
      pausedMs: row.attempt_id === null ? 0 : pausedSoFar(row, pausedAt),
      answered: row.answered_count ?? 0,
      connected: row.attempt_id !== null && live.has(row.attempt_id),
      extraMinutes: row.extra_minutes,
      accommodationMinutes: row.accommodation_minutes ?? 0,
    }));
    return {
      examId,
      examName: head.name,
      roomId,
      roomName: head.room_name,
      venueName: head.venue_name,
      sessionId: access.session?.id ?? null,
      sessionName: access.session?.name ?? null,
      startAt: window.startAt,
      endAt: window.endAt,
      durationMinutes: head.duration_minutes,
      requireCheckIn: head.require_check_in === 1,
      holdUntilRoomStart: head.hold_until_room_start === 1,
      startedAt: access.startedAt,
      limitMinutes: Math.round(this.pausing.limitMs / MINUTE),
      serverNow: now,
      candidates,
    };
  }

  /** Confirms a candidate's identity at the door, or refuses it with a reason. */
  async checkIn(body: CheckInBody, auth: AuthContext): Promise<void> {
    const room = await roomAccess(this.db, auth, body.examId, body.roomId, body.sessionId ?? null);
    const who = await this.inRoom(body, room.name);
    if (!body.confirmed && who.attempt_id !== null) {
      throw conflict('alreadyStartedCheckIn', { name: who.name });
    }
    // The photo taken at the door: an image this invigilator uploaded, not any path or address.
    if (body.doorPhoto && !(await isOwnUploadedImage(this.db, body.doorPhoto, auth.user.id))) {
      throw invalid('doorPhoto', 'notOwnUploadedImage');
    }
    const at = nowIso();
    await inTransaction(this.db, async (trx) => {
      await new InvigilationRepository(trx).setCheckIn(who.candidate_id, {
        checkedInAt: body.confirmed ? at : null,
        by: auth.user.id,
        refused: body.confirmed ? null : body.reason,
        doorPhoto: body.doorPhoto,
      });
      await new ExamRepository(trx).record(
        body.examId,
        auth.user.id,
        body.confirmed ? 'checkIn' : 'checkInRefused',
        {
          room: room.name,
          studentId: body.studentId,
          student: `${who.name} (${who.ticket_number})`,
          ...(body.confirmed ? {} : { reason: body.reason }),
          ...(body.doorPhoto ? { doorPhoto: true } : {}),
        },
        at,
      );
    });
    this.changed(body.examId, who.attempt_id ?? 0, body.studentId);
    // The candidate's waiting page moves on (or says the refusal) without a reload.
    const sessions = await this.repo.sessionsOfStudent(body.studentId, nowIso());
    const message: CheckedInMessage = { examId: body.examId, confirmed: body.confirmed };
    this.hub.toSessions(sessions, SocketEvent.CHECKED_IN, message);
  }

  /**
   * Starts the room (once, within the exam's window): its held candidates may Start, and their
   * duration counts from now. Their waiting pages are told at once.
   */
  async startRoom(
    body: { examId: number; roomId: number; sessionId?: number },
    auth: AuthContext,
  ): Promise<{ startedAt: string }> {
    const sessionId = body.sessionId ?? null;
    const room = await roomAccess(this.db, auth, body.examId, body.roomId, sessionId);
    const head = await this.repo.roomHead(body.examId, body.roomId);
    const window = room.session ?? { startAt: head.start_at, endAt: head.end_at };
    const at = nowIso();
    if (at < window.startAt || at >= window.endAt) {
      throw conflict('roomStartOutsideWindow', {
        start: shownTime(window.startAt),
        end: shownTime(window.endAt),
      });
    }
    const named = room.session ? `${room.name} · ${room.session.name}` : room.name;
    const started = await inTransaction(this.db, async (trx) => {
      const repo = new InvigilationRepository(trx);
      if (!(await repo.startRoom(body.examId, body.roomId, sessionId, at, auth.user.id))) {
        return false;
      }
      await new ExamRepository(trx).record(
        body.examId,
        auth.user.id,
        'startRoom',
        { room: room.name, ...(room.session ? { session: room.session.name } : {}) },
        at,
      );
      return true;
    });
    if (!started) {
      const again = await roomAccess(this.db, auth, body.examId, body.roomId, sessionId);
      throw conflict('roomAlreadyStarted', { room: named, at: shownTime(again.startedAt ?? at) });
    }
    const sessions = await this.repo.sessionsOfRoom(body.examId, body.roomId, sessionId, at);
    this.hub.toSessions(sessions, SocketEvent.ROOM_STARTED, { examId: body.examId, startedAt: at });
    this.changed(body.examId, 0, 0);
    return { startedAt: at };
  }

  /**
   * Every running attempt of the room not paused yet (a power cut); the room stays paused as
   * such: who starts or joins meanwhile starts paused.
   */
  async pauseRoom(body: RoomPauseBody, auth: AuthContext): Promise<RoomActionResult> {
    const paused = await this.recorded.pause(await this.wholeRoom(body, auth, false), auth);
    return { count: paused.length };
  }

  /** Every paused attempt of the room: the paused time given back (up to the limit). */
  async resumeRoom(body: RoomPauseBody, auth: AuthContext): Promise<RoomActionResult> {
    const resumed = await this.recorded.resume(await this.wholeRoom(body, auth, true), auth);
    return { count: resumed.length };
  }

  /** One candidate of the room: refused when already paused, ended or not started. */
  async pauseCandidate(body: RoomCandidatePauseBody, auth: AuthContext): Promise<RoomActionResult> {
    const done = await this.recorded.pause(await this.one(body, auth), auth);
    return { count: done.length };
  }

  async resumeCandidate(
    body: RoomCandidatePauseBody,
    auth: AuthContext,
  ): Promise<RoomActionResult> {
    const done = await this.recorded.resume(await this.one(body, auth), auth);
    return { count: done.length };
  }

  /** The room's running (`paused`: paused) attempts, as one call. */
  private async wholeRoom(body: RoomPauseBody, auth: AuthContext, paused: boolean) {
    const sessionId = body.sessionId ?? null;
    const room = await roomAccess(this.db, auth, body.examId, body.roomId, sessionId);
    // The standing pause is the room's (migration 0030 keys it by room, whatever the session).
    const standing = { examId: body.examId, roomId: body.roomId };
    // Lifted before the paused attempts are read: a late start paused meanwhile is among them.
    if (paused) await this.pausing.lift(standing);
    const targets = await this.repo.runningAttempts(body.examId, body.roomId, sessionId, paused);
    return {
      examId: body.examId,
      attemptIds: targets.map((row) => row.id),
      names: targets,
      reason: body.reason,
      extra: { room: room.name, wholeRoom: true },
      standing: paused ? undefined : standing,
    };
  }

  private async one(body: RoomCandidatePauseBody, auth: AuthContext): Promise<PauseCall> {
    const room = await roomAccess(this.db, auth, body.examId, body.roomId, body.sessionId ?? null);
    const row = await this.inRoom(body, room.name);
    if (row.attempt_id === null) {
      throw conflict('proctorNotStarted', { name: row.name, ticket: row.ticket_number });
    }
    const who = { student_id: body.studentId, name: row.name, ticket_number: row.ticket_number };
    return {
      examId: body.examId,
      attemptIds: [row.attempt_id],
      names: [who],
      reason: body.reason,
      extra: { room: room.name },
      one: who,
    };
  }

  /** The candidate seated in the room for the session (10004 naming the room otherwise). */
  private async inRoom(
    at: { examId: number; roomId: number; sessionId?: number; studentId: number },
    roomName: string,
  ) {
    const row = await this.repo.candidateInRoom(
      at.examId,
      at.roomId,
      at.sessionId ?? null,
      at.studentId,
    );
    if (!row) throw conflict('notInThisRoom', { room: roomName });
    return row;
  }

  /** The consoles and proctors read their rows again (0: the whole exam). */
  private changed(examId: number, attemptId: number, studentId: number) {
    this.hub.send({ examId, attemptId, studentId, kind: 'changed' });
  }
}

/** Where a candidate of the room stands, as the console colours it. */
function stateOf(
  row: {
    attempt_id: number | null;
    finished_at: string | null;
    paused_at: string | null;
    checked_in_at: string | null;
    check_in_refused: string | null;
  },
  closed: boolean,
): ConsoleState {
  if (row.attempt_id !== null) {
    if (row.finished_at !== null) return 'submitted';
    return row.paused_at !== null ? 'paused' : 'inProgress';
  }
  if (closed) return 'absent';
  if (row.checked_in_at !== null) return 'checkedIn';
  return row.check_in_refused !== null ? 'refused' : 'notArrived';
}

import {
  ApiStatus,
  ProctorEvent,
  invigilationRoomQuery,
  proctorExamParams,
  type BreakAllowance,
  type ProctorDelta,
  type ProctorEventView,
  type Receipt,
  type ReopenedMessage,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { AppError, invalid } from '../../errors.js';
import type { AttemptRow } from '../attempt/attempt.repository.js';
import type { AttemptService } from '../attempt/attempt.service.js';
import type {
  AttemptChannel,
  AttemptWatcher,
  ExamIo,
  ExamSocket,
} from '../attempt/attempt.socket.js';
import { socketRefusal } from '../../realtime.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { attachInbox, type MessageGroup } from './proctor-inbox.js';
import { ProctorRepository } from './proctor.repository.js';

/** At most one 'saved' delta per candidate in this many milliseconds. */
export const SAVE_DELTA_EVERY_MS = 1000;

const proctorRoom = (examId: number) => `proctor:${examId}`;
/** Between processes (Redis): the exams a process's proctors watch, so the others send deltas. */
const PEER_WATCHING = 'proctor:watching';
/** How often a process says what its proctors watch, and how long the others believe it. */
export const WATCHING_SAID_EVERY_MS = 20_000;
const WATCHING_BELIEVED_MS = 3 * WATCHING_SAID_EVERY_MS;
const attemptRoom = (attemptId: number) => `attempt:${attemptId}`;
/** An exam room's invigilators (the console): they hear only that something changed there. */
const invigilateRoom = (examId: number, roomId: number) => `invigilate:${examId}:${roomId}`;

/** What one watched attempt looks like to its proctors: how many items hold an answer. */
interface Tracked {
  studentId: number;
  /** Items holding an answer, as the writer last counted them (null: not known here yet). */
  answered: number | null;
  lastSaveAt: string | null;
  /** When its last 'saved' delta went, and whether a later one waits for its turn. */
  sentAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * The proctors' side of the exam channel (docs/features/proctoring.md). A proctor joins the room
 * `proctor:<examId>` (checked against their session's permission and scope); the attempt channel
 * tells the hub what candidates do, and the hub sends the room small deltas: never an answer's
 * value. An exam with no proctor watching costs one Map lookup per save.
 */
export class ProctorHub implements AttemptWatcher {
  private channel: AttemptChannel | null = null;
  /** Watched exams: their attempts as the proctors see them. */
  private readonly exams = new Map<number, Map<number, Tracked>>();
  /** Watched exams: which room each seated candidate is in (student id → room id). */
  private readonly seats = new Map<number, Map<number, number>>();
  /** Exams watched by proctors on other processes, until when (several processes). */
  private readonly watchedElsewhere = new Map<number, number>();
  /** Whether `auth` may watch the exam (permission and scope): set by the proctor module. */
  canWatch: (auth: AuthContext, examId: number) => Promise<void> = () =>
    Promise.reject(new AppError(ApiStatus.FORBIDDEN, 'permissionDenied'));
  /** Whether `auth` may watch a room of the exam (roomAccess): set by the invigilation module. */
  canWatchRoom: (auth: AuthContext, examId: number, roomId: number) => Promise<void> = () =>
    Promise.reject(new AppError(ApiStatus.FORBIDDEN, 'permissionDenied'));

  constructor(private readonly db: Db) {}

  get attempts(): AttemptService {
    if (!this.channel) throw new Error('The attempt channel is not attached yet');
    return this.channel.attempts;
  }

  private get io(): ExamIo | null {
    return this.channel?.io ?? null;
  }

  isLive(attemptId: number): boolean {
    return this.channel?.isLive(attemptId) ?? false;
  }

  /** Which of these attempts a page holds now, on whichever process. */
  liveAmong(attemptIds: readonly number[]): Promise<Set<number>> {
    return this.channel?.liveAmong(attemptIds) ?? Promise.resolve(new Set());
  }

  private watchedHere(examId: number) {
    const rooms = this.io?.sockets.adapter.rooms;
    if (!rooms) return false;
    if ((rooms.get(proctorRoom(examId))?.size ?? 0) > 0) return true;
    const prefix = invigilateRoom(examId, 0).slice(0, -1);
    for (const [name, members] of rooms) {
      if (members.size > 0 && name.startsWith(prefix)) return true;
    }
    return false;
  }

  /** Several processes: tells the others which exams are watched here (they send deltas too). */
  private sayWatching(examIds: number[]) {
    if (this.channel?.severalProcesses && examIds.length > 0) {
      this.io?.serverSideEmit(PEER_WATCHING, examIds);
    }
  }

  /** Another process's proctors watch these exams: saves made here must reach them too. */
  private watchedByOthers(examIds: unknown) {
    if (!Array.isArray(examIds)) return;
    for (const examId of examIds) {
      if (typeof examId !== 'number') continue;
      this.watchedElsewhere.set(examId, Date.now() + WATCHING_BELIEVED_MS);
      this.track(examId).catch(() => {
        // Seeding failed (the database away): the next saves are still tracked.
      });
    }
  }

  attach(channel: AttemptChannel) {
    this.channel = channel;
    // Kept messages: a page that joins asks for those it has not seen.
    attachInbox(channel.io, this.db);
    if (channel.severalProcesses) {
      channel.io.on(PEER_WATCHING, (examIds: unknown) => this.watchedByOthers(examIds));
      const timer = setInterval(() => {
        this.sayWatching([...this.exams.keys()].filter((examId) => this.watchedHere(examId)));
        for (const examId of this.exams.keys()) this.forgetIfUnwatched(examId);
      }, WATCHING_SAID_EVERY_MS);
      timer.unref();
    }
    channel.io.on('connection', (socket: ExamSocket) => {
      const watched = new Set<number>();
      socket.on(ProctorEvent.WATCH, (payload: unknown, ack?: (answer: unknown) => void) => {
        if (typeof ack !== 'function') return;
        this.watch(socket, payload).then(
          (examId) => {
            watched.add(examId);
            ack({ ok: true, examId });
          },
          (error: unknown) => ack(socketRefusal(error, socket.data.language)),
        );
      });
      socket.on(ProctorEvent.UNWATCH, (payload: unknown) => {
        const parsed = proctorExamParams.safeParse(payload);
        if (!parsed.success) return;
        watched.delete(parsed.data.examId);
        void socket.leave(proctorRoom(parsed.data.examId));
        this.forgetIfUnwatched(parsed.data.examId);
      });
      socket.on(ProctorEvent.WATCH_ROOM, (payload: unknown, ack?: (answer: unknown) => void) => {
        if (typeof ack !== 'function') return;
        this.watchRoom(socket, payload).then(
          (examId) => {
            watched.add(examId);
            ack({ ok: true, examId });
          },
          (error: unknown) => ack(socketRefusal(error, socket.data.language)),
        );
      });
      socket.on(ProctorEvent.UNWATCH_ROOM, (payload: unknown) => {
        const parsed = invigilationRoomQuery.safeParse(payload);
        if (!parsed.success) return;
        void socket.leave(invigilateRoom(parsed.data.examId, parsed.data.roomId));
        this.forgetIfUnwatched(parsed.data.examId);
      });
      socket.on('disconnect', () => {
        for (const examId of watched) this.forgetIfUnwatched(examId);
      });
    });
  }

  private async watch(socket: ExamSocket, payload: unknown): Promise<number> {
    const parsed = proctorExamParams.safeParse(payload);
    if (!parsed.success) throw invalid('examId', 'invalidValue');
    const { examId } = parsed.data;
    await this.canWatch(socket.data.auth, examId);
    const first = !this.watchedHere(examId);
    await socket.join(proctorRoom(examId));
    if (first) this.sayWatching([examId]);
    await this.track(examId);
    return examId;
  }

  /** An invigilator's console joins its room's changes (the room checked as its calls are). */
  private async watchRoom(socket: ExamSocket, payload: unknown): Promise<number> {
    const parsed = invigilationRoomQuery.safeParse(payload);
    if (!parsed.success) throw invalid('roomId', 'invalidValue');
    const { examId, roomId } = parsed.data;
    await this.canWatchRoom(socket.data.auth, examId, roomId);
    const first = !this.watchedHere(examId);
    await socket.join(invigilateRoom(examId, roomId));
    if (first) this.sayWatching([examId]);
    await this.track(examId);
    // The seat plan may have changed since the exam was first watched here.
    await this.seatRooms(examId);
    return examId;
  }

  /** Tracks the exam's attempts from now on (saves arriving while the seed is read are newer). */
  private async track(examId: number) {
    if (this.exams.has(examId)) return;
    const attempts = new Map<number, Tracked>();
    this.exams.set(examId, attempts);
    await Promise.all([this.seed(examId, attempts), this.seatRooms(examId)]);
  }

  private async seatRooms(examId: number) {
    const rows = await new ProctorRepository(this.db).seatedRooms(examId);
    const seated = new Map<number, number>();
    for (const row of rows) if (row.room_id !== null) seated.set(row.student_id, row.room_id);
    if (this.exams.has(examId)) this.seats.set(examId, seated);
  }

  /** The running attempts' counts as stored (one row each), under whatever arrived meanwhile. */
  private async seed(examId: number, attempts: Map<number, Tracked>) {
    const rows = await new ProctorRepository(this.db).runningProgress(examId);
    for (const row of rows) {
      const tracked = this.trackedOf(attempts, row.id, row.student_id);
      tracked.answered ??= row.answered_count;
      if (row.last_saved_at !== null && (tracked.lastSaveAt ?? '') < row.last_saved_at) {
        tracked.lastSaveAt = row.last_saved_at;
      }
    }
  }

  private trackedOf(attempts: Map<number, Tracked>, attemptId: number, studentId: number) {
    let tracked = attempts.get(attemptId);
    if (!tracked) {
      tracked = { studentId, answered: null, lastSaveAt: null, sentAt: 0, timer: null };
      attempts.set(attemptId, tracked);
    }
    return tracked;
  }

  private forgetIfUnwatched(examId: number) {
    if (this.watchedHere(examId)) return;
    if ((this.watchedElsewhere.get(examId) ?? 0) > Date.now()) return;
    this.watchedElsewhere.delete(examId);
    for (const tracked of this.exams.get(examId)?.values() ?? []) {
      if (tracked.timer) clearTimeout(tracked.timer);
    }
    this.exams.delete(examId);
    this.seats.delete(examId);
  }

  watches(examId: number): boolean {
    return this.exams.has(examId);
  }

  /** Sends the exam's proctors one delta (after their own action, or what a candidate did). */
  send(delta: Omit<ProctorDelta, 'at'> & { at?: string }) {
    if (!this.exams.has(delta.examId)) return;
    this.io
      ?.to(proctorRoom(delta.examId))
      .emit(ProctorEvent.DELTA, { at: new Date().toISOString(), ...delta });
    this.toRooms(delta.examId, delta.studentId);
  }

  /** The candidate's room (every room of the exam for studentId 0) hears that it changed. */
  private toRooms(examId: number, studentId: number) {
    const seated = this.seats.get(examId);
    if (!seated || !this.io) return;
    const roomIds = studentId === 0 ? new Set(seated.values()) : [seated.get(studentId)];
    for (const roomId of roomIds) {
      if (roomId === undefined) continue;
      this.io.to(invigilateRoom(examId, roomId)).emit(ProctorEvent.ROOM_CHANGED, {
        examId,
        roomId,
      });
    }
  }

  private base(row: AttemptRow) {
    return { examId: row.exam_id, attemptId: row.id, studentId: row.student_id };
  }

  joined(row: AttemptRow, ip: string) {
    // Known from now on, so that its finalization names the student.
    const attempts = this.exams.get(row.exam_id);
    if (attempts) this.trackedOf(attempts, row.id, row.student_id);
    this.send({
      ...this.base(row),
      kind: 'joined',
      connected: true,
      address: ip,
      startedAt: row.started_at,
      deadline: row.deadline,
    });
  }

  left(row: AttemptRow) {
    this.send({ ...this.base(row), kind: 'left', connected: this.isLive(row.id) });
  }

  saved(row: AttemptRow, answeredCount: number) {
    const attempts = this.exams.get(row.exam_id);
    if (!attempts) return;
    const tracked = this.trackedOf(attempts, row.id, row.student_id);
    tracked.answered = answeredCount;
    tracked.lastSaveAt = new Date().toISOString();
    if (tracked.timer) return;
    const wait = tracked.sentAt + SAVE_DELTA_EVERY_MS - Date.now();
    const flush = () => {
      tracked.timer = null;
      tracked.sentAt = Date.now();
      this.send({
        ...this.base(row),
        kind: 'saved',
        answered: tracked.answered ?? undefined,
        lastSaveAt: tracked.lastSaveAt ?? undefined,
      });
    };
    if (wait <= 0) flush();
    else {
      tracked.timer = setTimeout(flush, wait);
      tracked.timer.unref();
    }
  }

  event(row: AttemptRow, type: string, ip: string, detail: object = {}) {
    const at = new Date().toISOString();
    const event: ProctorEventView = {
      id: 0,
      type,
      at,
      ip,
      detail: detail as Record<string, unknown>,
    };
    this.send({ ...this.base(row), kind: 'event', at, event, address: ip });
  }

  /** A candidate's start locked after wrong access codes: the rows are read again. */
  accessLocked(examId: number, studentId: number) {
    this.send({ examId, attemptId: 0, studentId, kind: 'changed' });
  }

  /** A rest break began or ended: the row's breaks (and deadline) change, the room's console reads. */
  breakChanged(
    examId: number,
    attemptId: number,
    studentId: number,
    change: { breaks: BreakAllowance; onBreak: boolean; deadline: string },
  ) {
    this.send({
      examId,
      attemptId,
      studentId,
      kind: 'break',
      breaks: {
        allowed: change.breaks.allowed,
        taken: change.breaks.taken,
        onBreak: change.onBreak,
      },
      deadline: change.deadline,
    });
  }

  finalized(examId: number, attemptId: number, receipt: Receipt) {
    const tracked = this.exams.get(examId)?.get(attemptId);
    if (tracked?.timer) clearTimeout(tracked.timer);
    this.exams.get(examId)?.delete(attemptId);
    this.send({
      examId,
      attemptId,
      studentId: tracked?.studentId ?? 0,
      kind: 'finalized',
      answered: receipt.answeredCount,
      finishReason: receipt.finishReason,
    });
  }

  /** An event to every page of these sessions (on whichever process): the waiting pages. */
  toSessions(sessionIds: readonly string[], event: string, payload: unknown) {
    if (sessionIds.length === 0) return;
    this.io?.to(sessionIds.map((id) => `session:${id}`)).emit(event as never, payload as never);
  }

  /** Kept messages on the exam pages of their attempts; answers how many pages were open. */
  async message(groups: readonly MessageGroup[]): Promise<number> {
    const io = this.io;
    if (!io) return 0;
    let open = 0;
    for (const { message, attemptIds } of groups) {
      if (attemptIds.length === 0) continue;
      io.to(attemptIds.map(attemptRoom)).emit(ProctorEvent.MESSAGE, message);
      open += (await this.liveAmong(attemptIds)).size;
    }
    return open;
  }

  /**
   * The attempt was reopened: its page (perhaps showing the receipt, on whichever process)
   * returns to the questions at once.
   */
  reopened(attemptId: number, deadline: string) {
    const message: ReopenedMessage = {
      deadline,
      remainingMs: Math.max(0, Date.parse(deadline) - Date.now()),
    };
    this.io?.to(attemptRoom(attemptId)).emit(ProctorEvent.REOPENED, message);
  }
}

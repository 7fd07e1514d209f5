import {
  ENTITY_NAMES,
  Perm,
  type MoveCandidateInput,
  type PlanSeatsInput,
  type PersonOption,
  type SeatPlan,
  type SeatPlanRoom,
  type SeatedCandidate,
  type SetRoomInvigilatorsInput,
} from '@kaoshi/shared';
import { isUniqueViolation } from '../../db/constraint.js';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { examAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { parseJson } from '../../lib/json.js';
import { ExamRepository, examState, type ExamRow } from '../exam/exam.repository.js';
import { MarkingRepository } from '../marking/marking.repository.js';
import { AssessmentRepository } from '../skills/assessment.repository.js';
import { ExamSessionRepository, type SessionRow } from './exam-session.repository.js';
import { planSessionSeats, type Placement } from './seat-plan.js';
import { SeatPlanRepository } from './seat-plan.repository.js';
import { VenueRepository } from './venue.repository.js';

const person = (row: { id: number; name: string; nick_name: string | null }): PersonOption => ({
  id: row.id,
  name: row.name,
  nickName: row.nick_name ?? '',
});

/**
 * An exam's seat plan (座位安排): its candidates in rooms and seats, planned automatically or
 * moved one by one before anyone starts, and the invigilators of each room.
 */
export class SeatPlanService {
  constructor(
    private readonly db: Db,
    private readonly postgres: boolean,
  ) {}

  /** The plan as the viewer may read it: candidates of their own batches by name, others counted. */
  async get(examId: number, auth: AuthContext): Promise<SeatPlan> {
    const { own } = await examAccess(this.db, auth, examId, 'read');
    const exams = new ExamRepository(this.db);
    const exam = (await exams.find(examId))!;
    const plan = new SeatPlanRepository(this.db);
    const [rooms, seated, invigilators, started, sessions] = await Promise.all([
      plan.planRooms(examId),
      plan.seated(examId),
      plan.invigilators(examId),
      exams.startedCount(examId),
      new ExamSessionRepository(this.db).list(examId),
    ]);
    const view = (row: (typeof seated)[number]): SeatedCandidate => ({
      studentId: row.student_id,
      name: row.name,
      ticketNumber: row.ticket_number,
      classId: row.class_id,
      className: row.class_name,
      seat: row.seat_number,
      sessionId: row.session_id,
    });
    const mine = (row: (typeof seated)[number]) => !own || own.has(row.class_id);
    const byRoom = new Map<number, SeatPlanRoom>(
      rooms.map((room) => [
        room.id,
        {
          roomId: room.id,
          roomName: room.name,
          venueId: room.venue_id,
          venueName: room.venue_name,
          seats: room.seats,
          ipAllowList: parseJson<string[]>(room.ip_allow_list, []),
          invigilators: invigilators
            .filter((row) => row.room_id === room.id && row.session_id === null)
            .map(person),
          invigilatorsBySession: Object.fromEntries(
            sessions.map((session) => [
              String(session.id),
              invigilators
                .filter((row) => row.room_id === room.id && row.session_id === session.id)
                .map(person),
            ]),
          ),
          candidates: [],
          othersSeated: 0,
          othersSeatedBySession: {},
        },
      ]),
    );
    const unseated: SeatedCandidate[] = [];
    for (const row of seated) {
      const room = row.room_id === null ? undefined : byRoom.get(row.room_id);
      if (!mine(row)) {
        if (room) {
          room.othersSeated++;
          const key = String(row.session_id ?? 'none');
          room.othersSeatedBySession[key] = (room.othersSeatedBySession[key] ?? 0) + 1;
        }
      } else if (room) {
        room.candidates.push(view(row));
      } else {
        unseated.push(view(row));
      }
    }
    return {
      examId,
      examName: exam.name,
      startAt: exam.start_at,
      endAt: exam.end_at,
      started,
      candidateCount: seated.filter(mine).length,
      rooms: [...byRoom.values()],
      unseated,
      sessions: sessions.map((session) => ({
        id: session.id,
        name: session.name,
        startAt: session.start_at,
        endAt: session.end_at,
        candidates: seated.filter((row) => row.session_id === session.id).length,
      })),
    };
  }

  /**
   * The exam, locked for this transaction, checked to be the caller's to change (every batch of
   * it) and published and not closed; with `beforeStart`, also that no candidate has started.
   * (Also the sessions' editor's check, exam-session.service.ts.)
   */
  async changeable(
    trx: Db,
    examId: number,
    auth: AuthContext,
    beforeStart: boolean,
  ): Promise<ExamRow> {
    const exams = new ExamRepository(trx);
    if (this.postgres) await exams.lock(examId);
    await examAccess(trx, auth, examId, 'manage');
    const exam = (await exams.find(examId))!;
    if (exam.status !== 'published') throw conflict('seatPlanNoCandidates', { id: examId });
    const state = examState(exam, nowIso());
    if (state === 'closed' || state === 'released') {
      throw conflict('examClosed', { id: examId, endAt: exam.end_at });
    }
    if (beforeStart) {
      const started = await exams.startedCount(examId);
      if (started > 0) throw conflict('seatPlanStarted', { count: started });
    }
    return exam;
  }

  /**
   * Refuses (10004 on `field`) a room another exam uses in an overlapping window, naming it.
   * `windows`: the rooms this plan holds in each window (a session's; by default the exam's).
   */
  private async refuseRoomsInUse(
    trx: Db,
    exam: ExamRow,
    roomIds: number[],
    field: 'roomIds' | 'roomId',
    windows: { roomIds: number[]; startAt: string; endAt: string }[] = [
      { roomIds, startAt: exam.start_at, endAt: exam.end_at },
    ],
  ): Promise<void> {
    const plan = new SeatPlanRepository(trx);
    if (this.postgres) await plan.lockRooms(roomIds);
    let clash: Awaited<ReturnType<SeatPlanRepository['roomClashes']>>[number] | undefined;
    for (const window of windows) {
      if (clash || window.roomIds.length === 0) continue;
      [clash] = await plan.roomClashes(exam.id, window.roomIds, window.startAt, window.endAt);
    }
    if (!clash) return;
    throw conflict(
      'roomUsedByOtherExam',
      { room: clash.room_name, exam: clash.name, startAt: clash.start_at, endAt: clash.end_at },
      field,
    );
  }

  /** Every candidate seated anew in the rooms given, in order (10004 when seats are short). */
  plan(body: PlanSeatsInput, auth: AuthContext): Promise<{ seated: number }> {
    return inTransaction(this.db, async (trx) => {
      const exam = await this.changeable(trx, body.examId, auth, true);
      const found = await new VenueRepository(trx).roomsWithVenue(body.roomIds);
      const rooms = body.roomIds.map((id) => {
        const room = found.find((row) => row.id === id);
        if (!room) throw notFound('room', id);
        return room;
      });
      const sessions = await new ExamSessionRepository(trx).list(exam.id);
      // Without sessions the rooms are checked before seating (the exam's window is known).
      if (sessions.length === 0) await this.refuseRoomsInUse(trx, exam, body.roomIds, 'roomIds');
      const plan = new SeatPlanRepository(trx);
      const candidates = (await plan.toSeat(exam.id)).map((row) => ({
        id: row.id,
        classId: row.class_id,
      }));
      if (candidates.length === 0) throw conflict('seatPlanNoCandidates', { id: exam.id });
      // With sessions, candidates are shared out over them and each reuses the rooms.
      const outcome = planSessionSeats(
        candidates,
        rooms,
        sessions.map((session) => session.id),
        { mode: body.mode, gap: body.gap },
      );
      if (!outcome.ok) {
        throw conflict(
          'seatPlanTooFewSeats',
          {
            candidates: candidates.length,
            needed: outcome.needed,
            seats: outcome.seats,
            missing: outcome.missing,
          },
          'roomIds',
        );
      }
      if (sessions.length > 0) {
        const windows = sessionWindows(sessions, outcome.placements);
        await this.refuseRoomsInUse(trx, exam, body.roomIds, 'roomIds', windows);
      }
      await plan.replace(exam.id, body.roomIds, outcome.placements);
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'planSeats',
        {
          rooms: rooms.map((room) => `${room.venue_name} ${room.name}`),
          mode: body.mode,
          gap: body.gap,
          candidates: candidates.length,
          ...(sessions.length === 0 ? {} : { sessions: sessions.map((session) => session.name) }),
        },
        nowIso(),
      );
      return { seated: candidates.length };
    });
  }

  /** One candidate to a room and seat by hand (the room joins the plan if it was not in it). */
  async move(body: MoveCandidateInput, auth: AuthContext): Promise<void> {
    try {
      await inTransaction(this.db, async (trx) => {
        const exam = await this.changeable(trx, body.examId, auth, true);
        const plan = new SeatPlanRepository(trx);
        const candidate = await plan.candidate(exam.id, body.studentId);
        if (!candidate) {
          throw invalid('studentId', 'examNotCandidate', { id: body.studentId, examId: exam.id });
        }
        const [room] = await new VenueRepository(trx).roomsWithVenue([body.roomId]);
        if (!room) throw notFound('room', body.roomId);
        // The session sat in: the one asked for, else the candidate's own.
        const sessions = await new ExamSessionRepository(trx).list(exam.id);
        const sessionId = body.sessionId ?? candidate.session_id;
        const session = sessions.find((row) => row.id === sessionId);
        if (body.sessionId !== undefined && !session) {
          throw invalid('sessionId', 'sessionNotOfExam', { id: body.sessionId });
        }
        await this.refuseRoomsInUse(
          trx,
          exam,
          [room.id],
          'roomId',
          session && [{ roomIds: [room.id], startAt: session.start_at, endAt: session.end_at }],
        );
        if (body.seat > room.seats) {
          throw invalid('seat', 'seatBeyondRoom', { name: room.name, seats: room.seats });
        }
        const holder = await plan.occupant(exam.id, room.id, body.seat, session?.id ?? null);
        if (holder && holder.id !== candidate.id) {
          throw conflict(
            'seatTaken',
            { room: room.name, seat: body.seat, name: holder.name, ticket: holder.ticket_number },
            'seat',
          );
        }
        await plan.move(candidate.id, room.id, body.seat, session?.id ?? null);
        await plan.includeRoom(exam.id, room.id);
        await new ExamRepository(trx).record(
          exam.id,
          auth.user.id,
          'moveCandidate',
          {
            student: `${candidate.name} (${candidate.ticket_number})`,
            to: `${room.venue_name} ${room.name} ${body.seat}${session ? ` (${session.name})` : ''}`,
          },
          nowIso(),
        );
      });
    } catch (error) {
      // Someone took the seat between the check and the write.
      if (isUniqueViolation(error)) throw conflict('stillInUseReload', {}, 'seat');
      throw error;
    }
  }

  /** Staff who may invigilate (EXAM-INVIGILATE), by keyword; at most 100. */
  async invigilatorOptions(keyword: string | undefined): Promise<PersonOption[]> {
    const rows = await new AssessmentRepository(this.db).staffHolding(
      Perm.INVIGILATE,
      keyword,
      100,
    );
    return rows.map(person);
  }

  /**
   * One or two users holding EXAM-INVIGILATE for a room of the plan, for one session of the exam
   * or for all of them (no session given), until the exam closes. A user invigilates one room
   * at a time: not another room in the same session (or in any, when either is for all).
   */
  setInvigilators(body: SetRoomInvigilatorsInput, auth: AuthContext): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const exam = await this.changeable(trx, body.examId, auth, false);
      const plan = new SeatPlanRepository(trx);
      const rooms = await plan.planRooms(exam.id);
      const room = rooms.find((row) => row.id === body.roomId);
      if (!room) {
        const [other] = await new VenueRepository(trx).roomsWithVenue([body.roomId]);
        if (!other) throw notFound('room', body.roomId);
        throw invalid('roomId', 'roomNotInPlan', { name: other.name });
      }
      const people = await new AssessmentRepository(trx).people(body.userIds);
      const holders = await new MarkingRepository(trx).usersHolding(body.userIds, Perm.INVIGILATE);
      for (const id of body.userIds) {
        const user = people.find((row) => row.id === id);
        if (!user) throw invalid('userIds', 'notFound', { entity: ENTITY_NAMES.user, id });
        if (!holders.has(id)) throw invalid('userIds', 'notAnInvigilator', { name: user.name });
      }
      const sessionId = body.sessionId ?? null;
      const session =
        sessionId === null
          ? null
          : (await new ExamSessionRepository(trx).list(exam.id)).find(
              (row) => row.id === sessionId,
            );
      if (session === undefined) {
        throw invalid('sessionId', 'sessionNotOfExam', { id: sessionId! });
      }
      const elsewhere = (await plan.invigilators(exam.id)).find(
        (row) =>
          row.room_id !== room.id &&
          body.userIds.includes(row.id) &&
          (row.session_id === null || sessionId === null || row.session_id === sessionId),
      );
      if (elsewhere) {
        const other = rooms.find((row) => row.id === elsewhere.room_id);
        throw conflict(
          'invigilatorElsewhere',
          { name: elsewhere.name, room: other?.name ?? '' },
          'userIds',
        );
      }
      await plan.setInvigilators(exam.id, room.id, sessionId, body.userIds);
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'setInvigilators',
        {
          room: `${room.venue_name} ${room.name}`,
          ...(session ? { session: session.name } : {}),
          users: people.map((row) => row.name),
        },
        nowIso(),
      );
    });
  }
}

/** The rooms a plan across sessions holds in each session's window (those it seats anyone in). */
function sessionWindows(sessions: SessionRow[], placements: Placement[]) {
  return sessions.map((session) => ({
    roomIds: [
      ...new Set(placements.filter((p) => p.sessionId === session.id).map((p) => p.roomId)),
    ],
    startAt: session.start_at,
    endAt: session.end_at,
  }));
}

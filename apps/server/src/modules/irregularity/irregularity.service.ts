import {
  renderMessage,
  type IrregularityAction,
  type IrregularityCategory,
  type IrregularityListView,
  type IrregularityView,
  type ListIrregularityQuery,
  type MessageLanguage,
  type RecordIrregularityBody,
  type ReverseIrregularityBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { candidateInRoomScope, examRoomsScope, type RoomScope } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { ExamRepository } from '../exam/exam.repository.js';
import type { ReadyToEnd } from '../attempt/attempt-answering.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { keepMessage, type MessageGroup } from '../proctor/proctor-inbox.js';
import type { ProctorService } from '../proctor/proctor.service.js';
import { IrregularityRepository, person } from './irregularity.repository.js';

type ListedRow = Awaited<ReturnType<IrregularityRepository['list']>>[number];
type CandidateRow = Awaited<ReturnType<IrregularityRepository['candidatesOf']>>[number];

/** The irregularity records of an exam as the panel and the room record show them. */
export function irregularityViews(
  rows: ListedRow[],
  candidates: CandidateRow[],
): IrregularityView[] {
  return rows.map((row) => ({
    id: row.id,
    examId: row.exam_id,
    roomId: row.room_id,
    roomName: row.room_name,
    category: row.category as IrregularityCategory,
    note: row.note,
    action: row.action as IrregularityAction,
    reason: row.reason,
    recordedBy: person(row.recorder_nick, row.recorder_name),
    recordedAt: row.recorded_at,
    reversedBy: row.reversed_by === null ? null : person(row.reverser_nick, row.reverser_name),
    reversedAt: row.reversed_at,
    reverseReason: row.reverse_reason,
    candidates: candidates
      .filter((candidate) => candidate.irregularity_id === row.id)
      .map((candidate) => ({
        studentId: candidate.student_id,
        name: candidate.name,
        ticketNumber: candidate.ticket_number,
        seatNumber: candidate.seat_number,
        terminated: candidate.remaining_ms !== null,
      })),
  }));
}

/**
 * Irregularities (docs/features/irregularities.md): recorded by a room's invigilators for their
 * room's candidates, or by publishers for their batches' (lib/access.ts examRoomsScope). A warning
 * reaches the candidate's page as a kept proctor message (at once, and again after a reload); a
 * termination ends the attempt through the attempt service's finalization, and a chief's
 * reversal reopens it through the proctor's reopen, for the time it had left.
 */
export class IrregularityService {
  constructor(
    private readonly db: Db,
    private readonly proctor: ProctorService,
    private readonly hub: ProctorHub,
  ) {}

  async list(query: ListIrregularityQuery, auth: AuthContext): Promise<IrregularityListView> {
    const scope = await examRoomsScope(this.db, auth, query.examId, 'read', query.roomId ?? null);
    const repository = new IrregularityRepository(this.db);
    const roomIds = query.roomId !== undefined ? [query.roomId] : scope.rooms;
    const rows = await repository.list(query.examId, roomIds);
    const candidates = await repository.candidatesOf(rows.map((row) => row.id));
    // A teacher through batches reads the records about their batches' candidates, and those
    // about no candidate.
    const shown = rows.filter((row) => {
      if (scope.rooms || !scope.own) return true;
      const concerned = candidates.filter((c) => c.irregularity_id === row.id);
      return concerned.length === 0 || concerned.some((c) => scope.own!.has(c.class_id ?? -1));
    });
    const canReverse = await examRoomsScope(this.db, auth, query.examId, 'manage').then(
      () => true,
      () => false,
    );
    return { rows: irregularityViews(shown, candidates), canReverse, roomIds: scope.rooms };
  }

  async record(
    body: RecordIrregularityBody,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<IrregularityView> {
    const roomId = body.roomId ?? null;
    const studentIds = [...new Set(body.studentIds)];
    const at = nowIso();
    const now = Date.parse(at);
    const attempts = this.hub.attempts;
    // Saves already acknowledged go in before a terminated attempt closes; what ending an
    // attempt reads is read before the transaction (readyToEnd), which checks them again.
    let ready: ReadyToEnd[] = [];
    if (body.action === 'terminate') {
      await attempts.writer.drain();
      const named = await new IrregularityRepository(this.db).candidates(body.examId, studentIds);
      ready = await attempts.readyToEnd(
        named.flatMap((row) => (row.attempt_id === null ? [] : [row.attempt_id])),
      );
    }
    // One transaction: the record and every termination, all or none; the pages are told after
    // the commit.
    const { id, notices } = await inTransaction(this.db, async (trx) => {
      const scope: RoomScope = await examRoomsScope(trx, auth, body.examId, 'read', roomId);
      // An invigilator's record is about a room of theirs.
      if (scope.rooms && roomId === null && scope.rooms.length !== 1) {
        throw invalid('roomId', 'required');
      }
      const room = roomId ?? (scope.rooms ? scope.rooms[0]! : null);
      const repository = new IrregularityRepository(trx);
      const found = await repository.candidates(body.examId, studentIds);
      for (const studentId of studentIds) {
        const row = found.find((candidate) => candidate.student_id === studentId);
        if (!row)
          throw invalid('studentIds', 'examNotCandidate', { id: studentId, examId: body.examId });
        const who = { name: row.name, ticket: row.ticket_number };
        candidateInRoomScope(scope, {
          classId: row.class_id,
          roomId: row.room_id,
          name: row.name,
          ticketNumber: row.ticket_number,
        });
        if (room !== null && row.room_id !== room && scope.rooms) {
          throw invalid('studentIds', 'irregularityNotYourRoom', who);
        }
        if (body.action === 'terminate') {
          if (row.attempt_id === null) throw conflict('proctorNotStarted', who);
          if (row.finished_at !== null) throw conflict('irregularityAttemptEnded', who);
        }
      }
      const id = await repository.add({
        examId: body.examId,
        roomId: room,
        category: body.category,
        note: body.note,
        action: body.action,
        reason: body.action === 'terminate' ? body.reason : '',
        by: auth.user.id,
        at,
      });
      await repository.addCandidates(
        found.map((row) => ({
          irregularity_id: id,
          student_id: row.student_id,
          attempt_id: row.attempt_id,
          remaining_ms:
            body.action === 'terminate' ? Math.max(0, Date.parse(row.deadline!) - now) : null,
        })),
      );
      await new ExamRepository(trx).record(
        body.examId,
        auth.user.id,
        'irregularityRecord',
        {
          irregularityId: id,
          category: body.category,
          action: body.action,
          students: found.map((row) => `${row.name} (${row.ticket_number})`),
          note: body.note,
          reason: body.reason,
        },
        at,
      );
      // A warning is said on the candidate's page (kept: a page that joins later shows it too).
      const notices: MessageGroup[] = [];
      if (body.action === 'warning') {
        const content = renderMessage('irregularityWarningNotice', { note: body.note }, language);
        for (const row of found) {
          if (row.attempt_id === null || row.finished_at !== null) continue;
          notices.push(
            ...(await keepMessage(trx, {
              examId: body.examId,
              attemptId: row.attempt_id,
              own: null,
              content,
              sentBy: auth.user.id,
              at,
            })),
          );
        }
      }
      if (body.action === 'terminate') {
        // Exactly once each; a candidate who handed in meanwhile keeps their hand-in, and the
        // invigilator is told so with nothing written.
        await attempts.endAllWithin(
          trx,
          ready,
          found.map((row) => row.attempt_id!),
          'terminated',
          (attemptId) => {
            const row = found.find((candidate) => candidate.attempt_id === attemptId)!;
            return conflict('irregularityAttemptEnded', {
              name: row.name,
              ticket: row.ticket_number,
            });
          },
        );
      }
      return { id, notices };
    });
    if (notices.length > 0) await this.hub.message(notices);
    return this.one(id);
  }

  /**
   * A chief (every batch of the exam) reverses a termination: each attempt it ended reopens with
   * its answers for the time it had left (the proctor's reopen: marking not begun, scores not
   * released), and the record keeps who reversed it, when and why. A retry after a partial
   * failure reopens the rest.
   */
  async reverse(body: ReverseIrregularityBody, auth: AuthContext): Promise<IrregularityView> {
    const repository = new IrregularityRepository(this.db);
    const record = await repository.one(body.id);
    if (!record) throw notFound('irregularity', body.id);
    await examRoomsScope(this.db, auth, record.exam_id, 'manage');
    if (record.action !== 'terminate') throw conflict('irregularityNotTermination');
    if (record.reversed_at !== null) {
      throw conflict('irregularityAlreadyReversed', { at: record.reversed_at });
    }
    const candidates = await repository.candidatesOf([record.id]);
    const attempts = await repository.candidates(
      record.exam_id,
      candidates.map((c) => c.student_id),
    );
    for (const candidate of candidates) {
      const attempt = attempts.find((row) => row.attempt_id === candidate.attempt_id);
      // Reopened already (an earlier try, or by a proctor): nothing to do.
      if (!attempt || attempt.finished_at === null || candidate.remaining_ms === null) continue;
      await this.proctor.reopen(
        {
          examId: record.exam_id,
          studentId: candidate.student_id,
          minutes: Math.max(1, Math.ceil(candidate.remaining_ms / 60_000)),
          reason: body.reason,
        },
        auth,
      );
    }
    await inTransaction(this.db, async (trx) => {
      const at = nowIso();
      const done = await new IrregularityRepository(trx).reverse(
        record.id,
        auth.user.id,
        at,
        body.reason,
      );
      if (!done) throw conflict('irregularityAlreadyReversed', { at });
      await new ExamRepository(trx).record(
        record.exam_id,
        auth.user.id,
        'irregularityReverse',
        { irregularityId: record.id, reason: body.reason },
        at,
      );
    });
    return this.one(record.id);
  }

  private async one(id: number): Promise<IrregularityView> {
    const repository = new IrregularityRepository(this.db);
    const record = await repository.one(id);
    const rows = (await repository.list(record!.exam_id, null)).filter((row) => row.id === id);
    return irregularityViews(rows, await repository.candidatesOf([id]))[0]!;
  }
}

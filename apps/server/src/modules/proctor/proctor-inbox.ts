import {
  ProctorEvent,
  proctorMessageSeenPayload,
  proctorMessagesPayload,
  type ProctorMessage,
  type ProctorMessagesAck,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { AppError, invalid } from '../../errors.js';
import { ApiStatus } from '@kaoshi/shared';
import { socketRefusal } from '../../realtime.js';
import type { ExamIo, ExamSocket } from '../attempt/attempt.socket.js';
import { ProctorMessagesRepository, type KeptMessage } from './proctor-messages.repository.js';

/** Messages of one send: the same id reaches these attempts. */
export interface MessageGroup {
  message: ProctorMessage;
  attemptIds: number[];
}

const asMessage = (row: KeptMessage): ProctorMessage => ({
  id: row.id,
  content: row.content,
  at: row.created_at,
});

/**
 * Keeps a proctor's message (in the caller's transaction): to one attempt, or to every candidate
 * of the exam (`own` null) or of each of `own`'s batches (one row per batch). Answers which
 * running attempts each kept row reaches now; pages that join later ask for it (attempt:messages).
 */
export async function keepMessage(
  trx: Db,
  sent: {
    examId: number;
    attemptId?: number;
    own: Set<number> | null;
    content: string;
    sentBy: number;
    at: string;
  },
): Promise<MessageGroup[]> {
  const repository = new ProctorMessagesRepository(trx);
  const add = (attemptId: number | null, classId: number | null) =>
    repository.add({
      examId: sent.examId,
      attemptId,
      classId,
      content: sent.content,
      sentBy: sent.sentBy,
      at: sent.at,
    });
  const message = (id: number): ProctorMessage => ({ id, content: sent.content, at: sent.at });
  if (sent.attemptId !== undefined) {
    return [{ message: message(await add(sent.attemptId, null)), attemptIds: [sent.attemptId] }];
  }
  const running = await repository.runningByClass(sent.examId, sent.own);
  if (!sent.own) {
    return [{ message: message(await add(null, null)), attemptIds: running.map((r) => r.id) }];
  }
  const groups: MessageGroup[] = [];
  for (const classId of [...sent.own].sort((a, b) => a - b)) {
    groups.push({
      message: message(await add(null, classId)),
      attemptIds: running.filter((row) => row.class_id === classId).map((row) => row.id),
    });
  }
  return groups;
}

/**
 * The exam page's side of the kept messages: after each join the page asks for those it has not
 * seen (attempt:messages), and says which it has shown (attempt:message-seen); only a connection
 * that holds the attempt may. A finished attempt receives none.
 */
export function attachInbox(io: ExamIo, db: Db) {
  const repository = new ProctorMessagesRepository(db);
  const holds = (socket: ExamSocket, attemptId: number) => {
    if (!socket.data.joined?.has(attemptId)) {
      throw new AppError(ApiStatus.TAKEN_OVER, 'takenOver');
    }
  };
  const unseen = async (socket: ExamSocket, payload: unknown): Promise<ProctorMessagesAck> => {
    const parsed = proctorMessagesPayload.safeParse(payload);
    if (!parsed.success) throw invalid('attemptId', 'invalidValue');
    const attemptId = parsed.data.attemptId;
    holds(socket, attemptId);
    const attempt = await repository.attempt(attemptId);
    if (!attempt || attempt.finished_at !== null) return { ok: true, messages: [] };
    const rows = await repository.unseen(
      { id: attemptId, examId: attempt.exam_id, classId: attempt.class_id },
      attempt.messages_seen,
    );
    return { ok: true, messages: rows.map(asMessage) };
  };
  io.on('connection', (socket: ExamSocket) => {
    socket.on(ProctorEvent.MESSAGES, (payload: unknown, ack?: (answer: unknown) => void) => {
      if (typeof ack !== 'function') return;
      unseen(socket, payload).then(ack, (error: unknown) =>
        ack(socketRefusal(error, socket.data.language)),
      );
    });
    socket.on(ProctorEvent.MESSAGE_SEEN, (payload: unknown, ack?: (answer: unknown) => void) => {
      const parsed = proctorMessageSeenPayload.safeParse(payload);
      const answer = (result: unknown) => (typeof ack === 'function' ? ack(result) : undefined);
      if (!parsed.success)
        return answer(socketRefusal(invalid('id', 'invalidValue'), socket.data.language));
      const { attemptId, id } = parsed.data;
      Promise.resolve()
        .then(() => holds(socket, attemptId))
        .then(() => repository.markSeen(attemptId, id))
        .then(
          () => answer({ ok: true }),
          (error: unknown) => answer(socketRefusal(error, socket.data.language)),
        );
    });
  });
}

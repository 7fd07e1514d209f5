import {
  AnswerFileProblem,
  ApiStatus,
  answerFileAttempt,
  openAnswerFile,
  type AnswerFilePayload,
  type AnswerFileRefusal,
  type AnswerFileResult,
  type AnswerSave,
  type MessageLanguage,
  type UploadAnswerFileBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { AppError, conflict, invalid } from '../../errors.js';
import { examAccess, examRoomsScope, roomAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { shownTime } from '../../lib/shown-time.js';
import { attemptById, recordEvents } from '../attempt/attempt.repository.js';
import { ExamRepository } from '../exam/exam.repository.js';
import type { ProctorHub } from '../proctor/proctor-hub.js';
import { AnswerFileRepository } from './answer-file.repository.js';

/**
 * The encrypted answer file's upload (docs/features/answer-file.md): an invigilator of the
 * candidate's room (or a publisher holding every batch of the exam: roomAccess, examAccess
 * 'manage') uploads the file a candidate's offline machine made. It applies only to the attempt
 * it names, which must be the chosen candidate's; its answers go through the attempt module's
 * own paths (the grouped writer for a running attempt; amendEnded, which scores again, for one
 * the scheduler ended at its deadline), so the seq rule holds: a second upload applies nothing.
 */
export class AnswerFileService {
  private readonly repo: AnswerFileRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: ProctorHub,
  ) {
    this.repo = new AnswerFileRepository(db);
  }

  private get attempts() {
    return this.hub.attempts;
  }

  async upload(
    body: UploadAnswerFileBody,
    auth: AuthContext,
    language: MessageLanguage,
  ): Promise<AnswerFileResult> {
    const who = await this.reachable(body.examId, body.studentId, auth);
    const named = { name: who.name, ticket: who.ticket_number };
    const file = body.fileName;
    if (who.attempt_id === null || who.started_at === null) {
      throw conflict('proctorNotStarted', named);
    }
    const attemptId = who.attempt_id;
    const payload = await this.open(body.content, file, attemptId, who.started_at, named);

    // Read again now: the deadline may have moved (a resume, extra time) since the lookup.
    const row = (await attemptById(this.db, attemptId))!;
    if (row.finished_at !== null) {
      if (row.finish_reason !== 'deadline') {
        throw conflict('answerFileHandedIn', { ...named, at: shownTime(row.finished_at) });
      }
      if (who.released_at !== null) throw conflict('scoresReleased', { name: row.exam_name });
      if (await this.repo.markingStarted(attemptId)) {
        throw conflict('answerFileMarkingStarted', named);
      }
    }

    const deadline = Date.parse(row.deadline);
    const refused: AnswerFileRefusal[] = [];
    const inTime: AnswerSave[] = [];
    for (const answer of payload.answers) {
      if (Date.parse(answer.at) > deadline) {
        const late = new AppError(ApiStatus.TIME_UP, 'answerFileAfterDeadline', {
          at: shownTime(answer.at),
          deadline: shownTime(row.deadline),
        });
        refused.push(refusalOf(answer, late, language));
      } else inTime.push({ itemId: answer.itemId, seq: answer.seq, value: answer.value });
    }

    let applied = 0;
    let ignored = 0;
    const rescored = row.finished_at !== null;
    if (rescored) {
      const outcomes = await this.attempts.amendEnded(attemptId, inTime);
      outcomes.forEach((outcome, i) => {
        if (outcome === 'applied') applied += 1;
        else if (outcome === 'ignored') ignored += 1;
        else refused.push(refusalOf(inTime[i]!, outcome, language));
      });
    } else {
      // Running (or paused: the writer refuses with 10009): only what is newer goes to the writer.
      const stored = await this.repo.storedSeqs(attemptId);
      const newer = latestPerItem(inTime).filter(
        (save) => save.seq > (stored.get(save.itemId) ?? 0),
      );
      ignored = inTime.length - newer.length;
      for (const ack of await this.attempts.save(row, newer, language)) {
        if (ack.ok) applied += 1;
        else
          refused.push({ itemId: ack.itemId, seq: ack.seq, code: ack.code, message: ack.message });
      }
    }

    const events = await this.logEvents(row, payload, body.examId, auth, {
      studentId: body.studentId,
      student: `${who.name} (${who.ticket_number})`,
      file,
      attemptId,
      applied,
      ignored,
      refused: refused.length,
      rescored: rescored && applied > 0,
    });
    this.hub.send({ examId: body.examId, attemptId, studentId: body.studentId, kind: 'changed' });
    return { attemptId, applied, ignored, refused, events, rescored: rescored && applied > 0 };
  }

  /**
   * The candidate, if the caller may reach them: the invigilator of their room or a publisher
   * with every batch (roomAccess); a candidate without a room, such a publisher only.
   */
  private async reachable(examId: number, studentId: number, auth: AuthContext) {
    const who = await this.repo.candidate(examId, studentId);
    if (!who) {
      // Whether the exam is theirs at all first: a stranger learns nothing of its candidates.
      await examRoomsScope(this.db, auth, examId, 'read');
      throw invalid('studentId', 'examNotCandidate', { id: studentId, examId });
    }
    if (who.room_id !== null) await roomAccess(this.db, auth, examId, who.room_id, who.session_id);
    else await examAccess(this.db, auth, examId, 'manage');
    return who;
  }

  /** The file opened with its attempt's key: 10002 naming the file when it is not one, or changed. */
  private async open(
    content: string,
    file: string,
    attemptId: number,
    startedAt: string,
    named: { name: string; ticket: string },
  ): Promise<AnswerFilePayload> {
    try {
      const namedAttempt = answerFileAttempt(content);
      if (namedAttempt !== attemptId) {
        throw conflict('answerFileOtherCandidate', { file, attemptId: namedAttempt, ...named });
      }
      const key = await this.attempts.answerFileKey({ id: attemptId, started_at: startedAt });
      return await openAnswerFile(content, key);
    } catch (error) {
      if (!(error instanceof AnswerFileProblem)) throw error;
      throw error.kind === 'format'
        ? invalid('file', 'answerFileUnreadable', { file })
        : invalid('file', 'answerFileTampered', { file });
    }
  }

  /**
   * The file's integrity events logged at their time (held within the attempt's start and now),
   * marked offline and from the file, each once however often the file comes; and the upload on
   * the exam's change record with who did it and what it applied. One transaction.
   */
  private async logEvents(
    row: { id: number; exam_id: number; started_at: string },
    payload: AnswerFilePayload,
    examId: number,
    auth: AuthContext,
    detail: Record<string, unknown>,
  ): Promise<number> {
    const now = nowIso();
    const logged = await this.repo.eventsFromFiles(row.id);
    const events = payload.events
      .map((event) => ({
        type: event.type,
        at: event.at < row.started_at ? row.started_at : event.at > now ? now : event.at,
      }))
      .filter((event) => !logged.has(`${event.type}@${event.at}`));
    await inTransaction(this.db, async (trx) => {
      await recordEvents(
        trx,
        events.map((event) => ({
          attemptId: row.id,
          examId: row.exam_id,
          type: event.type,
          detail: { offline: true, answerFile: true, by: auth.user.id },
          at: event.at,
        })),
      );
      await new ExamRepository(trx).record(
        examId,
        auth.user.id,
        'answerFileUpload',
        { ...detail, events: events.length },
        now,
      );
    });
    return events.length;
  }
}

/** Several answers of one item in a file: its latest (the seq rule keeps it anyway). */
function latestPerItem(saves: readonly AnswerSave[]): AnswerSave[] {
  const latest = new Map<string, AnswerSave>();
  for (const save of saves) {
    const kept = latest.get(save.itemId);
    if (!kept || kept.seq < save.seq) latest.set(save.itemId, save);
  }
  return [...latest.values()];
}

const refusalOf = (
  answer: { itemId: string; seq: number },
  error: AppError,
  language: MessageLanguage,
): AnswerFileRefusal => ({
  itemId: answer.itemId,
  seq: answer.seq,
  code: error.status,
  message: error.render(language),
});

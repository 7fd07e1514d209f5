import type { Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PauseRefusal, Paused, Resumed } from '../attempt/attempt-pausing.js';
import { ExamRepository } from '../exam/exam.repository.js';
import type { ProctorHub } from './proctor-hub.js';

/** A candidate as the records name them: "张三 (KS001)". */
export interface PauseCandidate {
  student_id: number;
  name: string;
  ticket_number: string;
}

/** A set of attempts to pause or resume, and how the exam's change record names the call. */
export interface PauseCall {
  examId: number;
  attemptIds: readonly number[];
  /** Whose attempts they are (the record names each candidate). */
  names: readonly PauseCandidate[];
  reason: string;
  /** Added to every record entry after the common fields: `{ room }`, `{ wholeExam: true }`… */
  extra: Record<string, unknown>;
  /** One candidate's button: refused by name when their attempt is left as it was. */
  one?: PauseCandidate;
  /** The whole exam (room 0) or a room paused as such (AttemptPausing `standing`). */
  standing?: { examId: number; roomId: number };
}

/**
 * Pausing and resuming with the exam's record, for the proctor's view (proctor-pausing.ts) and
 * the invigilator's console (invigilation.service.ts) alike: the attempt module pauses
 * (attempt-pausing.ts), one record entry per attempt is written in the same transaction (one
 * INSERT per 500), and the consoles and proctors hear one delta after the commit.
 */
export class RecordedPausing {
  constructor(private readonly hub: ProctorHub) {}

  private get pausing() {
    return this.hub.attempts.pausing;
  }

  async pause(call: PauseCall, auth: AuthContext): Promise<Paused[]> {
    const paused = await this.pausing.pause(
      call.attemptIds,
      { userId: auth.user.id, reason: call.reason },
      {
        strict: call.one ? (why) => pauseRefusal(why, call.one!) : undefined,
        standing: call.standing,
        within: (trx, done) =>
          record(
            trx,
            done.map((change) => ({
              examId: call.examId,
              userId: auth.user.id,
              action: 'proctorPause',
              detail: {
                ...common(change, call.names),
                ...call.extra,
              },
              at: change.since,
            })),
          ),
      },
    );
    this.changed(call, paused.length);
    return paused;
  }

  async resume(call: PauseCall, auth: AuthContext): Promise<Resumed[]> {
    const resumed = await this.pausing.resume(
      call.attemptIds,
      { userId: auth.user.id, reason: call.reason },
      {
        strict: call.one ? () => pauseRefusal('notPaused', call.one!) : undefined,
        standing: call.standing,
        within: (trx, done) =>
          record(
            trx,
            done.map((change) => ({
              examId: call.examId,
              userId: auth.user.id,
              action: 'proctorResume',
              detail: {
                ...common(change, call.names),
                pausedSeconds: Math.round(change.pausedMs / 1000),
                givenBackSeconds: Math.round(change.givenBackMs / 1000),
                deadline: change.deadline,
                ...call.extra,
              },
              at: change.at,
            })),
          ),
      },
    );
    this.changed(call, resumed.length);
    return resumed;
  }

  /**
   * The consoles and proctors read their rows again: one candidate's row after their button
   * (whatever came of it), the whole exam's (0) after a set that changed something.
   */
  private changed(call: PauseCall, count: number) {
    if (call.one) {
      const attemptId = call.attemptIds[0] ?? 0;
      this.hub.send({
        examId: call.examId,
        attemptId,
        studentId: call.one.student_id,
        kind: 'changed',
      });
    } else if (count > 0) {
      this.hub.send({ examId: call.examId, attemptId: 0, studentId: 0, kind: 'changed' });
    }
  }
}

type Entry = Parameters<ExamRepository['recordMany']>[0][number];

const record = (trx: Db, entries: Entry[]) => new ExamRepository(trx).recordMany(entries);

/** The fields every pause and resume entry has, in the order the records always had them. */
function common(change: Paused | Resumed, names: readonly PauseCandidate[]) {
  return {
    studentId: change.studentId,
    student: nameOf(names, change.studentId),
    reason: change.reason,
    since: change.since,
  };
}

// Looked up once per call: a whole exam of 10,000 is not searched 10,000 times.
const nameMaps = new WeakMap<readonly PauseCandidate[], Map<number, string>>();

function nameOf(names: readonly PauseCandidate[], studentId: number) {
  let map = nameMaps.get(names);
  if (!map) {
    map = new Map(names.map((row) => [row.student_id, `${row.name} (${row.ticket_number})`]));
    nameMaps.set(names, map);
  }
  return map.get(studentId) ?? '';
}

/** A single candidate's button refused, naming them (10004). */
export const pauseRefusal = (why: PauseRefusal, who: PauseCandidate) =>
  conflict(
    why === 'paused'
      ? 'proctorAlreadyPaused'
      : why === 'notPaused'
        ? 'proctorNotPaused'
        : 'proctorPauseEnded',
    { name: who.name, ticket: who.ticket_number },
  );

import type { ExamSessionView, SetSessionsInput } from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { examAccess } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { shownTime } from '../../lib/shown-time.js';
import { ExamRepository } from '../exam/exam.repository.js';
import { ExamSessionRepository } from './exam-session.repository.js';
import type { SeatPlanService } from './seat-plan.service.js';

/**
 * An exam's sessions (场次, docs/features/venues.md "Sessions"): each its own window inside the
 * exam's, set as a whole list before anyone starts. Reached through the exam as the seat plan is.
 */
export class ExamSessionService {
  constructor(
    private readonly db: Db,
    private readonly seatPlans: SeatPlanService,
  ) {}

  async list(examId: number, auth: AuthContext): Promise<ExamSessionView[]> {
    await examAccess(this.db, auth, examId, 'read');
    return this.listIn(this.db, examId);
  }

  /**
   * The whole list at once: sessions keeping their id are changed in place (their candidates stay
   * seated), new ones added, those left out removed with their candidates' seats. Refused once
   * any candidate has started; each window must end after it starts, inside the exam's window.
   */
  set(body: SetSessionsInput, auth: AuthContext): Promise<ExamSessionView[]> {
    return inTransaction(this.db, async (trx) => {
      const exam = await this.seatPlans.changeable(trx, body.examId, auth, true);
      const sessions = new ExamSessionRepository(trx);
      const existing = await sessions.list(exam.id);
      body.sessions.forEach((session, index) => {
        if (session.endAt <= session.startAt) {
          throw invalid(`sessions.${index}.endAt`, 'sessionEndBeforeStart');
        }
        const window = { start: shownTime(exam.start_at), end: shownTime(exam.end_at) };
        if (session.startAt < exam.start_at) {
          throw invalid(`sessions.${index}.startAt`, 'sessionOutsideExam', window);
        }
        if (session.endAt > exam.end_at) {
          throw invalid(`sessions.${index}.endAt`, 'sessionOutsideExam', window);
        }
        if (session.id !== undefined && !existing.some((row) => row.id === session.id)) {
          throw invalid(`sessions.${index}.id`, 'sessionNotOfExam', { id: session.id });
        }
      });
      const kept = new Set(body.sessions.map((session) => session.id));
      await sessions.remove(
        exam.id,
        existing.filter((row) => !kept.has(row.id)).map((row) => row.id),
      );
      for (const [sort, session] of body.sessions.entries()) {
        const values = {
          name: session.name,
          sort,
          start_at: session.startAt,
          end_at: session.endAt,
        };
        if (session.id === undefined) await sessions.insert(exam.id, values);
        else await sessions.update(session.id, values);
      }
      await new ExamRepository(trx).record(
        exam.id,
        auth.user.id,
        'setSessions',
        {
          sessions: body.sessions.map(
            (session) =>
              `${session.name} ${shownTime(session.startAt)}–${shownTime(session.endAt)}`,
          ),
        },
        nowIso(),
      );
      return this.listIn(trx, exam.id);
    });
  }

  private async listIn(trx: Db, examId: number): Promise<ExamSessionView[]> {
    const sessions = new ExamSessionRepository(trx);
    const [rows, counts] = await Promise.all([
      sessions.list(examId),
      sessions.candidateCounts(examId),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      startAt: row.start_at,
      endAt: row.end_at,
      candidates: counts.get(row.id) ?? 0,
    }));
  }
}

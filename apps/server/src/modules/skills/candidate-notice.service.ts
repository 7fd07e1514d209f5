import { UserType, type CertLevel, type MySkillAssessmentView } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { AssessmentRepository } from './assessment.repository.js';

/**
 * A student's admission notices for skills assessments (their "My exams"): their own seats in
 * published assessments, with the time their turn starts.
 */
export class CandidateNoticeService {
  constructor(private readonly db: Db) {}

  async listMine(auth: AuthContext): Promise<MySkillAssessmentView[]> {
    const repo = new AssessmentRepository(this.db);
    const student =
      auth.user.user_type === UserType.STUDENT ? await repo.studentOfUser(auth.user.id) : undefined;
    if (!student) throw forbidden('notAStudent');
    const rows = await repo.mySeats(student.id);
    return rows.map((row) => ({
      assessmentId: row.assessment_id,
      name: row.name,
      subjectName: row.subject_name,
      level: row.level as CertLevel,
      sessionStartsAt: row.starts_at,
      sessionEndsAt: row.ends_at,
      turn: row.turn,
      turnStartsAt: new Date(
        Date.parse(row.starts_at) + (row.turn - 1) * row.time_limit_minutes * 60_000,
      ).toISOString(),
      timeLimitMinutes: row.time_limit_minutes,
      place: row.place,
      station: row.station,
      ticketNumber: row.ticket_number,
    }));
  }
}

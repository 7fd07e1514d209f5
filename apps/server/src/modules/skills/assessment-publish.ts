import type { SkillAssessmentInput } from '@kaoshi/shared';
import { scoreFromHundredths } from '@kaoshi/shared';
import type { Insertable } from 'kysely';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { SkillCandidatesTable } from '../../db/types.js';
import { conflict, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { skillAssessmentAccess } from '../../lib/access.js';
import { checkAssessment, turnsOf } from './assessment-rules.js';
import { AssessmentRepository } from './assessment.repository.js';

/** A seat: the session (by index), its turn and station. */
export interface Seat {
  session: number;
  turn: number;
  station: number;
}

/**
 * The seats in the order candidates fill them: session 1's turn 1 at stations 1…N, then its
 * turn 2, …, then session 2. `sessions`: each one's turns and stations.
 */
export function seatsInOrder(sessions: { turns: number; stations: number }[]): Seat[] {
  return sessions.flatMap(({ turns, stations }, session) =>
    Array.from({ length: turns * stations }, (_, i) => ({
      session,
      turn: Math.floor(i / stations) + 1,
      station: (i % stations) + 1,
    })),
  );
}

/**
 * Publishing an assessment, in one transaction: its rules checked again as stored (roles may
 * have changed), then one candidate per enabled student of its batches, in ticket order, seated
 * session by session, turn by turn, station by station; refused when the seats are too few.
 */
export class AssessmentPublisher {
  constructor(private readonly db: Db) {}

  async publish(id: number, auth: AuthContext): Promise<{ candidates: number }> {
    return inTransaction(this.db, async (trx) => {
      await skillAssessmentAccess(trx, auth, id, 'manage');
      const repo = new AssessmentRepository(trx);
      const now = nowIso();
      // Claims the draft first: a second publish waits here and then finds it published.
      const moved = await repo.moveStatus(id, 'draft', {
        status: 'published',
        published_at: now,
        updated_at: now,
      });
      if (!moved) {
        const row = await repo.find(id);
        throw conflict(
          row?.status === 'published'
            ? 'skillAssessmentAlreadyPublished'
            : 'skillAssessmentNotDraft',
          { id },
        );
      }
      const row = (await repo.find(id))!;
      const version = (await repo.version(row.sheet_version_id))!;
      const [classIds, sessions] = await Promise.all([repo.classIds(id), repo.sessions(id)]);
      const examiners = await repo.examiners(sessions.map((s) => s.id));
      const input: SkillAssessmentInput = {
        name: row.name,
        sheetId: version.sheet_id,
        schemeId: null,
        classIds,
        examinersPerCandidate: row.examiners_per_candidate as 2 | 3,
        tolerance: scoreFromHundredths(row.tolerance),
        chiefId: row.chief_id ?? 0,
        checkerId: row.checker_id ?? 0,
        sessions: sessions.map((session) => ({
          startsAt: session.starts_at,
          endsAt: session.ends_at,
          place: session.place,
          stations: session.stations,
          examiners: Array.from({ length: session.stations }, (_, i) => ({
            station: i + 1,
            userIds: examiners
              .filter((e) => e.session_id === session.id && e.station === i + 1)
              .map((e) => e.id),
          })),
        })),
      };
      await checkAssessment(trx, input, version, auth);

      const students = await repo.studentsToSeat(classIds);
      if (students.length === 0) throw invalid('classIds', 'examNoCandidates');
      const seats = seatsInOrder(
        sessions.map((session) => ({
          turns: turnsOf(session, version.time_limit_minutes),
          stations: session.stations,
        })),
      );
      if (students.length > seats.length) {
        throw conflict(
          'skillCapacityShort',
          {
            capacity: seats.length,
            candidates: students.length,
            missing: students.length - seats.length,
          },
          'sessions',
        );
      }
      const rows: Insertable<SkillCandidatesTable>[] = students.map((student, i) => {
        const seat = seats[i]!;
        return {
          assessment_id: id,
          session_id: sessions[seat.session]!.id,
          station: seat.station,
          turn: seat.turn,
          student_id: student.id,
          class_id: student.class_id,
          ticket_number: student.ticket_number,
        };
      });
      await repo.insertCandidates(rows);
      return { candidates: rows.length };
    });
  }
}

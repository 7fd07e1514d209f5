import { UserType, scoreFromHundredths, type DashboardView } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { round4 } from './psychometrics.js';
import { DashboardRepository } from './dashboard.repository.js';

const DAY = 86_400_000;
export const PASS_RATE_DAYS = 30;

/** The UTC day of `at` (YYYY-MM-DD) and its start as an instant. */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const dayStart = (at: number) => Date.parse(`${utcDay(at)}T00:00:00.000Z`);

/**
 * Who sees which block: by user type, the one thing every user has. SUPER_ADMIN and
 * administrators (type 1) see the administrator's figures, teachers (2) theirs, students (3)
 * theirs. A teacher's block holds only their own batches (class_teachers) and the questions
 * assigned to them to mark; a student's only their own candidacies.
 */
export const dashboardRole = (auth: AuthContext): DashboardView['role'] =>
  auth.superAdmin || auth.user.user_type === UserType.ADMIN
    ? 'admin'
    : auth.user.user_type === UserType.STUDENT
      ? 'student'
      : 'teacher';

export class DashboardService {
  private readonly repo: DashboardRepository;

  constructor(db: Db) {
    this.repo = new DashboardRepository(db);
  }

  async dashboard(auth: AuthContext, nowMs = Date.now()): Promise<DashboardView> {
    const role = dashboardRole(auth);
    const now = new Date(nowMs).toISOString();
    const view: DashboardView = {
      role,
      serverTime: now,
      admin: null,
      teacher: null,
      student: null,
    };
    if (role === 'admin') {
      const today = dayStart(nowMs);
      const from = today - (PASS_RATE_DAYS - 1) * DAY;
      const [students, questionsByState, exams, days] = await Promise.all([
        this.repo.students(),
        this.repo.questionsByState(),
        this.repo.examCounts(
          now,
          new Date(today).toISOString(),
          new Date(today + DAY).toISOString(),
        ),
        this.repo.passByDay(new Date(from).toISOString(), new Date(today + DAY).toISOString()),
      ]);
      const byDay = new Map(days.map((d) => [d.day, d]));
      view.admin = {
        students,
        questionsByState: questionsByState.sort((a, b) => a.state - b.state),
        exams,
        passRate: Array.from({ length: PASS_RATE_DAYS }, (_, i) => {
          const day = utcDay(from + i * DAY);
          const found = byDay.get(day);
          const sat = found?.sat ?? 0;
          const passed = found?.passed ?? 0;
          return { day, sat, passed, rate: sat > 0 ? round4(passed / sat) : null };
        }),
      };
    } else if (role === 'teacher') {
      const [batches, marking] = await Promise.all([
        this.repo.teacherBatches(auth.user.id),
        this.repo.markingFor(auth.user.id),
      ]);
      view.teacher = { batches, marking };
    } else {
      const [upcoming, results] = await Promise.all([
        this.repo.upcomingFor(auth.user.id, now),
        this.repo.resultsFor(auth.user.id),
      ]);
      view.student = {
        upcoming: upcoming.map((exam) => {
          const startsInMs = Math.max(0, Date.parse(exam.startAt) - nowMs);
          return { ...exam, startsInMs, open: startsInMs === 0 };
        }),
        results: results.map((r) => ({
          examId: r.examId,
          attemptId: r.attemptId,
          name: r.name,
          score: scoreFromHundredths(r.score!),
          total: scoreFromHundredths(r.total),
          passScore: scoreFromHundredths(r.passScore),
          passed: r.passed === 1,
          releasedAt: r.releasedAt!,
        })),
      };
    }
    return view;
  }
}

import { Perm, RoleKey } from '@kaoshi/shared';
import { contains, type Db } from '../../db/database.js';
import type { visibleExams } from '../../lib/access.js';

/** The counts of the marking overview (examinationSituation). */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  /** Published exams that have opened, newest first; with `markerId`, only theirs. */
  /** `visible`: the exams the viewer may read (lib/access visibleExams), null for all. */
  exams(
    markerId: number | undefined,
    visible: ReturnType<typeof visibleExams>,
    now: string,
    page: number,
    limit: number,
  ) {
    let base = this.db
      .selectFrom('exams')
      .where('exams.status', '=', 'published')
      .where('exams.start_at', '<=', now);
    if (visible) base = base.where('exams.id', 'in', visible);
    if (markerId !== undefined) {
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('marking_assignments')
            .select('marking_assignments.exam_id')
            .whereRef('marking_assignments.exam_id', '=', 'exams.id')
            .where('marking_assignments.marker_id', '=', markerId),
        ),
      );
    }
    return Promise.all([
      base
        .select(['exams.id', 'exams.name', 'exams.end_at', 'exams.released_at'])
        .orderBy('exams.start_at', 'desc')
        .orderBy('exams.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  async candidates(examId: number) {
    const [candidates, attempts] = await Promise.all([
      this.db
        .selectFrom('exam_candidates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('attempts')
        .select((eb) => [
          eb.fn.countAll<number>().as('started'),
          eb.fn.count<number>('finished_at').as('finished'),
          eb.fn.count<number>('objective_score').as('scored'),
        ])
        .where('exam_id', '=', examId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      candidates: Number(candidates.n),
      started: Number(attempts.started),
      finished: Number(attempts.finished),
      scored: Number(attempts.scored),
    };
  }

  items(examId: number, now: string) {
    return this.db
      .selectFrom('marking_answers')
      .select((eb) => [
        'item_id',
        // A paper drawn per candidate has no score per question: each candidate's own.
        eb.fn.max<number>('full_score').as('full_score'),
        eb.fn.countAll<number>().as('answers'),
        eb.fn.count<number>('final_score').as('marked'),
        eb.fn.sum<number>('arbitration').as('arbitration'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('final_score', 'is', null),
                  eb('arbitration', '=', 0),
                  eb.or([eb('marks_done', '>', 0), eb('lease_until', '>', now)]),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('in_progress'),
      ])
      .where('exam_id', '=', examId)
      .groupBy('item_id')
      .execute();
  }

  /** Marks per question and marker in each answer's current cycle, with the marker's name. */
  markers(examId: number) {
    return this.db
      .selectFrom('marking_marks as mk')
      .innerJoin('marking_answers as ma', 'ma.id', 'mk.answer_id')
      .leftJoin('users', 'users.id', 'mk.marker_id')
      .select((eb) => [
        'ma.item_id',
        'mk.marker_id',
        'users.nick_name',
        eb.fn.countAll<number>().as('marks'),
      ])
      .where('ma.exam_id', '=', examId)
      .whereRef('mk.cycle', '=', 'ma.cycle')
      .groupBy(['ma.item_id', 'mk.marker_id', 'users.nick_name'])
      .execute();
  }

  /**
   * Enabled users who may mark: MARKINGPAPERS through a role, or SUPER_ADMIN (as
   * setMarkingPlan accepts them), by nickname then id; `keyword` in the nickname or sign-in name.
   */
  markerOptions(keyword: string, limit: number) {
    let query = this.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['users.id', 'users.nick_name', 'users.name', 'users.end_date'])
      .distinct()
      .where('users.status', '=', 1)
      .where((eb) =>
        eb.or([
          eb('roles.key', '=', RoleKey.SUPER_ADMIN),
          eb('permissions.key', '=', Perm.MARKING),
        ]),
      );
    if (keyword) {
      query = query.where((eb) =>
        eb.or([contains('users.nick_name', keyword), contains('users.name', keyword)]),
      );
    }
    return query.orderBy('users.nick_name').orderBy('users.id').limit(limit).execute();
  }

  /** Names of users (the assigned markers who have not marked yet). */
  names(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'nick_name', 'name'])
      .where('id', 'in', [...ids])
      .execute();
  }

  audits(examId: number) {
    return this.db
      .selectFrom('marking_audits')
      .select(['item_id', 'cycle', 'state'])
      .where('exam_id', '=', examId)
      .orderBy('cycle')
      .execute();
  }
}

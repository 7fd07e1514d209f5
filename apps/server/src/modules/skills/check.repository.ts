import type { Db } from '../../db/database.js';

/**
 * What the chief examiner's and checker's desk reads besides the sheets: their assessments, and
 * for the printed 评分记录表 the photos and the session.
 */
export class CheckRepository {
  constructor(private readonly db: Db) {}

  /** The photos of these examiners' sheets: file name and when taken, in the order taken. */
  photosOf(scoringIds: readonly number[]) {
    if (scoringIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('skill_photos as p')
      .innerJoin('uploads as u', 'u.id', 'p.upload_id')
      .select(['p.scoring_id', 'p.item_id', 'p.taken_at', 'u.original_name'])
      .where('p.scoring_id', 'in', scoringIds)
      .orderBy('p.taken_at')
      .orderBy('p.id')
      .execute();
  }

  session(id: number) {
    return this.db
      .selectFrom('skill_sessions')
      .select(['place', 'starts_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Published and closed assessments where the user is the chief examiner or the score
   * checker, newest first, with their candidates by state.
   */
  checkAssessments(userId: number) {
    return this.db
      .selectFrom('skill_assessments as a')
      .leftJoin('skill_candidates as c', 'c.assessment_id', 'a.id')
      .select((eb) => [
        'a.id',
        'a.name',
        'a.status',
        'a.chief_id',
        'a.checker_id',
        'a.published_at',
        eb.fn.count<number>('c.id').as('candidates'),
        eb.fn
          .count<number>(eb.case().when('c.state', '=', 'disputed').then(1).end())
          .as('disputed'),
        eb.fn
          .count<number>(eb.case().when('c.state', 'in', ['agreed', 'decided']).then(1).end())
          .as('to_check'),
        eb.fn.count<number>(eb.case().when('c.state', '=', 'checked').then(1).end()).as('checked'),
      ])
      .where('a.status', '!=', 'draft')
      .where((eb) => eb.or([eb('a.chief_id', '=', userId), eb('a.checker_id', '=', userId)]))
      .groupBy(['a.id', 'a.name', 'a.status', 'a.chief_id', 'a.checker_id', 'a.published_at'])
      .orderBy('a.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
  }

  /** Per candidate of the assessment: its station's examiners and the sheets signed. */
  async sheetCounts(assessmentId: number) {
    const [examiners, signed] = await Promise.all([
      this.db
        .selectFrom('skill_candidates as c')
        .innerJoin('skill_session_examiners as e', (join) =>
          join.onRef('e.session_id', '=', 'c.session_id').onRef('e.station', '=', 'c.station'),
        )
        .select((eb) => ['c.id', eb.fn.count<number>('e.user_id').as('count')])
        .where('c.assessment_id', '=', assessmentId)
        .groupBy('c.id')
        .execute(),
      this.db
        .selectFrom('skill_candidates as c')
        .innerJoin('skill_scorings as s', 's.candidate_id', 'c.id')
        .select((eb) => ['c.id', eb.fn.count<number>('s.id').as('count')])
        .where('c.assessment_id', '=', assessmentId)
        .where('s.signed_at', 'is not', null)
        .groupBy('c.id')
        .execute(),
    ]);
    const byId = (rows: { id: number; count: number | string }[]) =>
      new Map(rows.map((row) => [row.id, Number(row.count)]));
    return { examiners: byId(examiners), signed: byId(signed) };
  }
}

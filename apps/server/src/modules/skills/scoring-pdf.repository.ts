import type { Db } from '../../db/database.js';

/** What the printed 评分记录表 reads besides the sheets: the photos and the session. */
export class ScoringPdfRepository {
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
}

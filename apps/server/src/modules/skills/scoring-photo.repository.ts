import type { Db } from '../../db/database.js';

/** The photos of the work piece kept with an examiner's sheet, with their stored uploads. */
export class ScoringPhotoRepository {
  constructor(private readonly db: Db) {}

  async insert(scoringId: number, uploadId: number, itemId: number | null, at: string) {
    const row = await this.db
      .insertInto('skill_photos')
      .values({ scoring_id: scoringId, upload_id: uploadId, item_id: itemId, taken_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  photosOf(scoringId: number) {
    return this.db
      .selectFrom('skill_photos as p')
      .innerJoin('uploads as u', 'u.id', 'p.upload_id')
      .select(['p.id', 'p.item_id', 'p.taken_at', 'u.stored_name', 'u.original_name'])
      .where('p.scoring_id', '=', scoringId)
      .orderBy('p.id')
      .execute();
  }

  /** A photo with the candidate and examiner of its sheet. */
  photo(id: number) {
    return this.db
      .selectFrom('skill_photos as p')
      .innerJoin('skill_scorings as s', 's.id', 'p.scoring_id')
      .select(['p.id', 'p.scoring_id', 'p.item_id', 's.candidate_id', 's.examiner_id'])
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  async delete(id: number) {
    await this.db.deleteFrom('skill_photos').where('id', '=', id).execute();
  }
}

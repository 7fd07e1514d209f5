import type { Db } from '../../db/database.js';

/** A photo on an examiner's sheet, as the examiner's upload would store it; the upload's name. */
export async function addSheetPhoto(
  db: Db,
  photo: {
    scoringId: number;
    ownerId: number;
    itemId: number | null;
    name: string;
    takenAt: string;
  },
): Promise<void> {
  const upload = await db
    .insertInto('uploads')
    .values({
      owner_id: photo.ownerId,
      kind: 'skill-photo',
      original_name: photo.name,
      stored_name: `${photo.scoringId}-${photo.name}`,
      stored_path: `skills/${photo.scoringId}-${photo.name}`,
      mime: 'image/jpeg',
      size: 1,
      sha256: '0'.repeat(64),
      created_at: photo.takenAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('skill_photos')
    .values({
      scoring_id: photo.scoringId,
      upload_id: upload.id,
      item_id: photo.itemId,
      taken_at: photo.takenAt,
    })
    .execute();
}

/** Links the assessment to the batch its candidates come from (the world writes no link). */
export async function linkAssessmentBatch(db: Db, assessmentId: number, classId: number) {
  await db
    .insertInto('skill_assessment_classes')
    .values({ assessment_id: assessmentId, class_id: classId })
    .execute();
}

import { z } from 'zod';
import { dbId } from './common.js';

/**
 * Photos of the work piece an examiner takes with the device's camera, kept with their own sheet
 * (issue 26 §3). Uploaded as multipart: the image in "file", the candidate in "candidateId" and
 * optionally the item in "itemId"; stored and served as the editor's uploads are.
 */
export const SHEET_PHOTO_FILE_FIELD = 'file';

export const sheetPhotoFields = z.object({
  candidateId: dbId,
  itemId: dbId.optional(),
});
export type SheetPhotoFields = z.infer<typeof sheetPhotoFields>;

export const sheetPhotoIdParams = z.object({ id: dbId });

export interface SheetPhotoView {
  id: number;
  itemId: number | null;
  /** Where the image is served (FILE_SERVE_PATH + stored name). */
  url: string;
  originalName: string;
  takenAt: string;
}

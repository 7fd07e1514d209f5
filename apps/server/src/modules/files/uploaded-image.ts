import { FILE_SERVE_PATH } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { FilesRepository } from './files.repository.js';
import { STORED_NAME } from './files.service.js';

/**
 * Whether `url` is where the files module serves an image that `ownerId` uploaded
 * (FILE_SERVE_PATH + stored name, as the upload answered): for fields that keep an uploaded
 * path (a door photo), so that no one links another's file or any address.
 */
export async function isOwnUploadedImage(db: Db, url: string, ownerId: number): Promise<boolean> {
  if (!url.startsWith(FILE_SERVE_PATH)) return false;
  const storedName = url.slice(FILE_SERVE_PATH.length);
  if (!STORED_NAME.test(storedName)) return false;
  const row = await new FilesRepository(db).findOwnImage(storedName, ownerId);
  return row !== undefined && row.mime.startsWith('image/');
}

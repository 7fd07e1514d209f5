import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UploadsTable } from '../../db/types.js';

export type UploadRow = Selectable<UploadsTable>;

export class FilesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: Insertable<UploadsTable>): Promise<number> {
    const row = await this.db
      .insertInto('uploads')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findByStoredName(storedName: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('stored_name', '=', storedName)
      .executeTakeFirst();
  }

  /** The uploads stored under these names (at most a room's or a page's worth). */
  async findByStoredNames(storedNames: readonly string[]): Promise<UploadRow[]> {
    if (storedNames.length === 0) return [];
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('stored_name', 'in', storedNames)
      .execute();
  }

  /** The image `ownerId` uploaded under this stored name, if any. */
  findOwnImage(storedName: string, ownerId: number): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('stored_name', '=', storedName)
      .where('owner_id', '=', ownerId)
      .where('kind', '=', 'image')
      .executeTakeFirst();
  }

  async deleteByStoredName(storedName: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('stored_name', '=', storedName).execute();
  }
}

import { FILE_SERVE_PATH, type SheetPhotoFields, type SheetPhotoView } from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { invalid, notFound } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { FilesRepository } from '../files/files.repository.js';
import { cleanOriginalName, type FilesService } from '../files/files.service.js';
import { UploadRefused } from '../files/refused.js';
import { ScoringPhotoRepository } from './scoring-photo.repository.js';
import { ScoringRepository } from './scoring.repository.js';
import { examined, refuseClosed, refuseSigned } from './scoring.service.js';

type PhotoRow = Awaited<ReturnType<ScoringPhotoRepository['photosOf']>>[number];

const photoView = (row: PhotoRow): SheetPhotoView => ({
  id: row.id,
  itemId: row.item_id,
  url: `${FILE_SERVE_PATH}${row.stored_name}`,
  originalName: row.original_name,
  takenAt: row.taken_at,
});

/** An upload refusal (wrong type, empty, not what its name says) as the API's field error. */
function asFieldError(error: unknown): unknown {
  return error instanceof UploadRefused ? invalid('file', error.key, error.params) : error;
}

function refuseItemNotOnSheet(items: ReadonlyMap<number, unknown>, itemId: number | null) {
  if (itemId !== null && !items.has(itemId)) throw invalid('itemId', 'itemNotOnSheet', { itemId });
}

/**
 * Photos of the work piece on the examiner's own sheet (issue 26 §3): taken with the device's
 * camera, stored as the editor's uploads are (files module) and listed with the sheet; added and
 * removed only while the sheet is unsigned.
 */
export class ScoringPhotoService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
  ) {}

  /** The examiner's own sheet of the candidate, open for changes, inside `trx`'s transaction. */
  private async openSheet(candidateId: number, auth: AuthContext, at: string, trx: Db) {
    const repo = new ScoringRepository(trx);
    await repo.lockCandidate(candidateId);
    const found = await examined(repo, candidateId, auth.user.id);
    refuseClosed(found.row);
    const scoring = await repo.ensureScoring(candidateId, auth.user.id, at);
    refuseSigned(scoring);
    return { repo, scoring, ...found };
  }

  async upload(
    fields: SheetPhotoFields,
    file: { content: Buffer; fileName: string },
    auth: AuthContext,
  ): Promise<SheetPhotoView> {
    // Refused before anything is stored: another's candidate, a signed sheet, an item not on
    // the sheet, not an image.
    const itemId = fields.itemId ?? null;
    await inTransaction(this.db, async (trx) => {
      const { sheet } = await this.openSheet(fields.candidateId, auth, nowIso(), trx);
      refuseItemNotOnSheet(sheet.items, itemId);
    });
    let storedName: string;
    try {
      const extension = this.files.allowedExtension('image', file.fileName);
      const name = cleanOriginalName(file.fileName);
      const stored = await this.files.storeBuffer(
        'image',
        name,
        extension,
        file.content,
        auth.user.id,
      );
      storedName = stored.title;
    } catch (error) {
      throw asFieldError(error);
    }
    const upload = await new FilesRepository(this.db).findByStoredName(storedName);
    if (!upload) throw notFound('file', storedName);
    try {
      return await this.attach(fields.candidateId, itemId, upload, auth);
    } catch (error) {
      // Signed or closed while the file was stored: the file goes with the refusal.
      await this.files.discard(storedName);
      throw error;
    }
  }

  /** The stored `upload` as a photo of the examiner's sheet, while it is still open. */
  private attach(
    candidateId: number,
    itemId: number | null,
    upload: { id: number; stored_name: string; original_name: string },
    auth: AuthContext,
  ): Promise<SheetPhotoView> {
    return inTransaction(this.db, async (trx) => {
      const at = nowIso();
      const { repo, scoring, sheet } = await this.openSheet(candidateId, auth, at, trx);
      refuseItemNotOnSheet(sheet.items, itemId);
      const photos = new ScoringPhotoRepository(trx);
      const id = await photos.insert(scoring.id, upload.id, itemId, at);
      await repo.log([
        {
          candidateId,
          scoringId: scoring.id,
          actorId: auth.user.id,
          action: 'photo',
          itemId,
          detail: { photoId: id, file: upload.stored_name },
          at,
        },
      ]);
      return photoView({
        id,
        item_id: itemId,
        taken_at: at,
        stored_name: upload.stored_name,
        original_name: upload.original_name,
      });
    });
  }

  /** The photos of the examiner's own sheet (never another examiner's). */
  async list(candidateId: number, auth: AuthContext): Promise<SheetPhotoView[]> {
    const repo = new ScoringRepository(this.db);
    await examined(repo, candidateId, auth.user.id);
    const scoring = await repo.scoring(candidateId, auth.user.id);
    if (!scoring) return [];
    return (await new ScoringPhotoRepository(this.db).photosOf(scoring.id)).map(photoView);
  }

  /** Removes a photo of the examiner's own unsigned sheet; another's answers "not found". */
  delete(id: number, auth: AuthContext): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const photos = new ScoringPhotoRepository(trx);
      const photo = await photos.photo(id);
      if (!photo || photo.examiner_id !== auth.user.id) throw notFound('skillPhoto', id);
      const at = nowIso();
      const { repo, scoring } = await this.openSheet(photo.candidate_id, auth, at, trx);
      await photos.delete(id);
      await repo.log([
        {
          candidateId: photo.candidate_id,
          scoringId: scoring.id,
          actorId: auth.user.id,
          action: 'photoDelete',
          itemId: photo.item_id,
          detail: { photoId: id },
          at,
        },
      ]);
    });
  }
}

import {
  Perm,
  SKILLS_SCORING_BASE,
  UPLOAD_MAX_BYTES,
  candidateIdParams,
  sheetPhotoFields,
  sheetPhotoIdParams,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { readImportUpload, registerImportMultipart } from '../../lib/import-upload.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { zodRefusal } from '../../plugins/envelope.js';
import { routeTable } from '../../plugins/route-table.js';
import type { ScoringPhotoService } from './scoring-photo.service.js';

/** Photos of the work piece on the examiner's own sheet (SKILLS-SCORE). */
export async function scoringPhotoRoutes(
  app: FastifyInstance,
  opts: { photos: ScoringPhotoService },
) {
  const { photos } = opts;
  await registerImportMultipart(app, { maxBytes: UPLOAD_MAX_BYTES.image, fields: 2 });
  const route = routeTable(app, SKILLS_SCORING_BASE, {
    access: needs(Perm.SKILLS_SCORE),
    tags: ['skills scoring'],
  });

  route.post(
    'uploadSheetPhoto',
    {
      consumes: ['multipart/form-data'],
      summary:
        'A photo of the work piece on my unsigned sheet: multipart "file" (an image), "candidateId", optional "itemId"',
    },
    async (request) => {
      const upload = await readImportUpload(request, { maxBytes: UPLOAD_MAX_BYTES.image });
      const fields = sheetPhotoFields.safeParse(upload.fields, { reportInput: true });
      if (!fields.success) throw zodRefusal(fields.error.issues);
      return photos.upload(
        fields.data,
        { content: upload.file, fileName: upload.fileName },
        requireAuth(request),
      );
    },
  );

  route.get(
    'listSheetPhotos/:candidateId',
    { summary: 'The photos of my sheet of the candidate', params: candidateIdParams },
    (request) => photos.list(request.params.candidateId, requireAuth(request)),
  );

  route.delete(
    'deleteSheetPhoto/:id',
    { summary: 'Remove a photo of my unsigned sheet', params: sheetPhotoIdParams },
    (request) => photos.delete(request.params.id, requireAuth(request)),
  );
}

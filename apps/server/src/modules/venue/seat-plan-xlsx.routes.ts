import { Perm, RoleKey, SEAT_PLAN_IMPORT_MAX_BYTES, examIdQuery } from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readImportUpload, registerImportMultipart } from '../../lib/import-upload.js';
import { requestLanguage } from '../../lib/request-language.js';
import { requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { SeatPlanTransferService } from './seat-plan-xlsx.service.js';
import { VENUE_BASE } from './venue.routes.js';

/**
 * The seat plan as .xlsx (docs/features/venues.md), in a plugin of its own for its multipart
 * parser: export, and import with a preview first.
 */
export async function seatPlanTransferRoutes(
  app: FastifyInstance,
  opts: { transfers: SeatPlanTransferService },
) {
  await registerImportMultipart(app, { maxBytes: SEAT_PLAN_IMPORT_MAX_BYTES, fields: 2 });
  const { transfers } = opts;
  const publishing = { permission: [Perm.PUBLISH], role: RoleKey.SUPER };
  const route = routeTable(app, VENUE_BASE, { access: publishing, tags: ['venues'] });

  /** The exam checked to be the caller's to change before the upload is read. */
  const upload = async (request: FastifyRequest, examId: number) => {
    await transfers.assertChangeable(examId, requireAuth(request));
    const { file } = await readImportUpload(request, { maxBytes: SEAT_PLAN_IMPORT_MAX_BYTES });
    return file;
  };

  route.xlsx(
    'exportSeatPlan',
    {
      summary:
        "The seat plan as .xlsx: venue, room, seat, ticket number, name, batch, masked ID (the viewer's candidates; those in no room last), and a sheet of every room",
      querystring: examIdQuery,
    },
    (request) =>
      transfers.export(request.query.examId, requireAuth(request), requestLanguage(request)),
  );

  route.post(
    'previewSeatPlanImport',
    {
      consumes: ['multipart/form-data'],
      summary:
        'Check an edited seat plan (multipart "file", exportSeatPlan\'s columns) without writing: every problem by row and column, or the moves',
      querystring: examIdQuery,
    },
    async (request) =>
      transfers.preview(
        request.query.examId,
        await upload(request, request.query.examId),
        requireAuth(request),
        requestLanguage(request),
      ),
  );

  route.post(
    'importSeatPlan',
    {
      consumes: ['multipart/form-data'],
      summary:
        'Apply an edited seat plan (as previewSeatPlanImport) in one transaction; any problem refuses the file naming rows and columns, and nothing is written. Tickets not in the file stay where they are',
      querystring: examIdQuery,
    },
    async (request) =>
      transfers.import(
        request.query.examId,
        await upload(request, request.query.examId),
        requireAuth(request),
      ),
  );
}

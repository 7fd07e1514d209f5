import {
  IRREGULARITY_BASE,
  Perm,
  RoleKey,
  listIrregularityQuery,
  recordIrregularityBody,
  reverseIrregularityBody,
  roomDocumentQuery,
  type RoomDocument,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import { requestLanguage } from '../../lib/request-language.js';
import { attachmentDisposition } from '../../lib/spreadsheet.js';
import type { IrregularityService } from './irregularity.service.js';
import type { RoomDocumentsService } from './room-documents.service.js';

/**
 * Irregularities and the room documents (docs/features/irregularities.md): the proctor's keys
 * (publishers and invigilators, role SUPER); which rooms and candidates, lib/access.ts examRoomsScope.
 */
export async function irregularityRoutes(
  app: FastifyInstance,
  opts: { irregularities: IrregularityService; documents: RoomDocumentsService },
) {
  const { irregularities, documents } = opts;
  const access = { permission: [Perm.PUBLISH, Perm.INVIGILATE], role: RoleKey.SUPER };
  const tags = ['irregularity'];
  const route = routeTable(app, IRREGULARITY_BASE, { access, tags });

  route.get(
    'listIrregularity',
    {
      summary: "An exam's irregularity records (of a room, or those the caller may read)",
      querystring: listIrregularityQuery,
    },
    (request) => irregularities.list(request.query, requireAuth(request)),
  );

  route.post(
    'recordIrregularity',
    {
      summary:
        'Record an irregularity: category, note, candidates concerned, and a warning (shown on their pages) or the termination of their attempts',
      body: recordIrregularityBody,
    },
    (request) =>
      irregularities.record(request.body, requireAuth(request), requestLanguage(request)),
  );

  route.post(
    'reverseIrregularity',
    {
      summary:
        'A chief reverses a termination: the attempts reopen with their answers and the time they had left',
      body: reverseIrregularityBody,
    },
    (request) => irregularities.reverse(request.body, requireAuth(request)),
  );

  const pdfs: [string, RoomDocument, string][] = [
    ['getSignInSheet', 'signInSheet', "A room's sign-in sheet (签到表) as an A4 PDF"],
    ['getDoorList', 'doorList', "A room's door list as an A4 PDF"],
    ['getRoomRecord', 'roomRecord', "A room's record (考场记录) as an A4 PDF"],
  ];
  for (const [path, kind, summary] of pdfs) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        `${IRREGULARITY_BASE}/${path}`,
        { config: { access }, schema: { tags, summary, querystring: roomDocumentQuery } },
        async (request, reply) => {
          const file = await documents.pdf(
            kind,
            request.query,
            requireAuth(request),
            requestLanguage(request),
          );
          return reply
            .header('content-disposition', attachmentDisposition(file.fileName, file.asciiName))
            .header('cache-control', 'no-store')
            .type('application/pdf')
            .send(file.buffer);
        },
      );
  }

  route.xlsx(
    'exportRoomRecord',
    { summary: "A room's record as .xlsx, for the centre", querystring: roomDocumentQuery },
    (request) =>
      documents.recordXlsx(request.query, requireAuth(request), requestLanguage(request)),
  );
}

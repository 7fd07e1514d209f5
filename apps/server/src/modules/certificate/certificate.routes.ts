import {
  CERTIFICATE_BASE,
  PUBLIC_VERIFY_BASE,
  Perm,
  idParams,
  listCertificateQuery,
  revokeCertificateBody,
  verifyCodeParams,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../plugins/route-table.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { attachmentDisposition } from '../../lib/spreadsheet.js';
import { requireAuth } from '../../plugins/access.js';
import { requestLanguage } from '../../lib/request-language.js';
import type { CertificateService } from './certificate.service.js';

/**
 * Checks one address may make of the public page per minute: enough for a hall of employers
 * scanning certificates, far too few to try codes (144 random bits each) by the million.
 */
export const VERIFY_RATE_PER_MINUTE = 120;

export async function certificateRoutes(
  app: FastifyInstance,
  opts: { certificates: CertificateService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { certificates } = opts;
  const tags = ['certificate'];
  const staff = { permission: [Perm.ANALYSIS] };

  const route = routeTable(app, CERTIFICATE_BASE, { access: staff, tags });

  route.get(
    'listCertificate',
    {
      summary:
        'Certificates, newest first: keyword (number, name, ticket number), examId, state; a teacher only their batches',
      querystring: listCertificateQuery,
    },
    (request) => certificates.list(request.query, requireAuth(request)),
  );

  r.get(
    `${CERTIFICATE_BASE}/getCertificatePdf/:id`,
    {
      config: { access: { permission: [Perm.ANALYSIS, Perm.STUDENT_EXAM] } },
      schema: {
        tags,
        summary:
          'The printable A4 PDF of a valid certificate: staff in scope, or the student it is for',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await certificates.pdf(
        request.params.id,
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

  route.post(
    'revokeCertificate',
    {
      summary: 'Revoke a certificate with a reason (also needs PUBLISHMANAGE); recorded on it',
      body: revokeCertificateBody,
    },
    async (request) => {
      const auth = requireAuth(request);
      const view = await certificates.revoke(request.body, auth);
      request.log.info(
        { certificate: view.number, userId: auth.user.id, reason: request.body.reason },
        'certificate revoked',
      );
      return view;
    },
  );

  route.get(
    'myCertificates',
    {
      access: { permission: [Perm.STUDENT_EXAM] },
      summary: "The signed-in student's certificates, revoked ones included",
    },
    (request) => certificates.mine(requireAuth(request)),
  );

  r.get(
    `${PUBLIC_VERIFY_BASE}/:code`,
    {
      config: {
        access: 'public',
        rateLimit: { max: VERIFY_RATE_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Public check of a certificate by its code: valid, revoked or unknown, ID masked',
        params: verifyCodeParams,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await certificates.verify(request.params.code));
    },
  );
}

import { idParams, type ImportJobView, type MessageLanguage } from '@kaoshi/shared';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import { invalid } from '../errors.js';
import type { AuthContext } from '../lib/auth-context.js';
import type { JobOrigin } from '../lib/import-job.js';
import { jobOrigin } from '../lib/import-reply.js';
import { registerImportMultipart } from '../lib/import-upload.js';
import { requestLanguage } from '../lib/request-language.js';
import { requireAuth } from './access.js';
import type { RouteTable } from './route-table.js';

/** An import as its routes see it: checking and writing start jobs, which are then asked about. */
export interface JobImports<Upload, Mode> {
  startPreview(upload: Upload, actor: AuthContext, origin: JobOrigin): Promise<unknown>;
  startApply(upload: Upload, mode: Mode, actor: AuthContext, origin: JobOrigin): Promise<unknown>;
  job(id: number, actor: AuthContext, language: MessageLanguage): Promise<ImportJobView>;
  /** Waits for the jobs this process runs. */
  settle(): Promise<unknown>;
}

/**
 * Readies an import's plugin context: only its routes take multipart (one file of at most
 * `maxBytes`, up to `fields` text fields), and the server waits for its jobs before closing.
 */
export async function prepareImportContext(
  app: FastifyInstance,
  imports: { settle(): Promise<unknown> },
  limits: { maxBytes: number; fields: number },
) {
  await registerImportMultipart(app, limits);
  // preClose: before the root's onClose closes the database the jobs still write to.
  app.addHook('preClose', () => imports.settle());
}

/**
 * importPreview, importApply and importJob/{id} of one import (docs/features/students.md,
 * question-bank.md): the uploads start a job and answer it at once; the job is then asked about.
 */
export function importJobRoutes<Upload, Mode>(
  route: RouteTable,
  imports: JobImports<Upload, Mode>,
  how: {
    /** The upload's file as the import reads it, and the form's text fields. */
    read: (request: FastifyRequest) => Promise<{ upload: Upload; fields: Record<string, string> }>;
    /** The apply modes: the form field `mode` must be one. */
    mode: { schema: ZodType<Mode>; values: readonly string[] };
    summaries: { preview: string; apply: string };
    preHandler?: preHandlerHookHandler;
  },
) {
  const { read, mode, summaries, preHandler } = how;
  const multipart = { preHandler, consumes: ['multipart/form-data'] };

  route.post('importPreview', { ...multipart, summary: summaries.preview }, async (request) => {
    const { upload } = await read(request);
    return imports.startPreview(upload, requireAuth(request), jobOrigin(request));
  });

  route.post('importApply', { ...multipart, summary: summaries.apply }, async (request) => {
    const auth = requireAuth(request);
    const { upload, fields } = await read(request);
    const chosen = mode.schema.safeParse(fields.mode);
    if (!chosen.success) throw invalid('mode', 'oneOf', { values: mode.values.join(', ') });
    return imports.startApply(upload, chosen.data, auth, jobOrigin(request));
  });

  route.get(
    'importJob/:id',
    {
      preHandler,
      summary:
        'An import job you started: phase (check, write, done, failed), done of total, then the result or the error',
      params: idParams,
    },
    (request) => imports.job(request.params.id, requireAuth(request), requestLanguage(request)),
  );
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../errors.js';

/**
 * The upload of an import: one file in the field `file`, and the few text fields given with it.
 * `maxBytes` is the multipart fileSize limit the routes registered, said back when a file
 * passes it.
 */
export async function readImportUpload(
  request: FastifyRequest,
  { maxBytes }: { maxBytes: number },
) {
  if (!request.isMultipart()) {
    throw invalid('body', 'sendMultipart');
  }
  let file: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        throw invalid('file', 'wrongPartField', { field: part.fieldname });
      }
      fileName = part.filename ?? '';
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalid('file', 'fileTooLarge', { mb: maxBytes / 1024 / 1024 });
    }
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'oneFileAtATime');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('body', 'tooManyFormFields');
    }
    if (isMalformedMultipart(error)) {
      throw invalid('body', 'multipartUnreadable', { detail: (error as Error).message });
    }
    throw error;
  }
  if (!file) throw invalid('file', 'noFileSent');
  return { file, fileName, fields };
}

/**
 * The multipart parser's refusals of a body it cannot read (no boundary in the content type, a
 * body cut short): plain errors without a code, unlike its limits, so they would be a 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !('code' in error) && /multipart|boundary/i.test(error.message);
}

/**
 * The multipart parser for an import's routes, registered in their plugin's own context: one
 * file of at most `maxBytes` and up to `fields` text fields.
 */
export async function registerImportMultipart(
  app: FastifyInstance,
  { maxBytes, fields }: { maxBytes: number; fields: number },
) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields,
      parts: fields + 1,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
}

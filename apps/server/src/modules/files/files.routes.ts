import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import {
  EDITOR_CATCHER_FIELD,
  EDITOR_CATCHER_MAX_SOURCES,
  EDITOR_CATCHER_TIMEOUT_MS,
  EDITOR_PATH,
  EDITOR_UPLOAD_FIELD,
  EditorAction,
  FILE_SERVE_PATH,
  Perm,
  UPLOAD_EXTENSIONS,
  UPLOAD_KIND_NAMES,
  UPLOAD_MAX_BYTES,
  renderMessage,
  formatFileSize,
  type EditorCatchResult,
  type EditorConfig,
  type EditorUploadResult,
  type UploadKind,
} from '@kaoshi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.js';
import { needs, requireAuth } from '../../plugins/access.js';
import { isMalformedMultipart } from '../../lib/import-upload.js';
import { attachmentDisposition } from '../../lib/spreadsheet.js';
import { requestLanguage } from '../../lib/request-language.js';
import { cleanOriginalName, type FilesService } from './files.service.js';
import { UploadRefused } from './refused.js';
import { isInlineMedia } from './sniff.js';

/** Everyone who writes rich text: question bank, papers, exam notices. */
// EXAM-INVIGILATE: the photo taken at the door at check-in (docs/features/invigilation.md).
export const EDITOR_PERMISSIONS = [Perm.QUESTION, Perm.PAPER, Perm.INSTRUCTION, Perm.INVIGILATE];

// A scrawl is base64 (4/3 of the bytes) in a form field, possibly behind a data: URL prefix.
const SCRAWL_FIELD_BYTES = Math.ceil((UPLOAD_MAX_BYTES.image * 4) / 3) + 1024;
const FORM_BODY_LIMIT = SCRAWL_FIELD_BYTES + 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const ONE_YEAR_S = 365 * 24 * 3600;

const UPLOAD_ACTIONS: Partial<Record<string, UploadKind>> = {
  [EditorAction.UPLOAD_IMAGE]: 'image',
  [EditorAction.UPLOAD_SNAPSHOT]: 'image',
  [EditorAction.UPLOAD_VIDEO]: 'video',
  [EditorAction.UPLOAD_FILE]: 'file',
};

const editorQuery = z.object({ action: z.string().max(40).optional() });

export function editorConfig(): EditorConfig {
  const field = EDITOR_UPLOAD_FIELD;
  const images = [...UPLOAD_EXTENSIONS.image];
  return {
    imageActionName: EditorAction.UPLOAD_IMAGE,
    imageFieldName: field,
    imageMaxSize: UPLOAD_MAX_BYTES.image,
    imageAllowFiles: images,
    imageUrlPrefix: '',
    scrawlActionName: EditorAction.UPLOAD_SCRAWL,
    scrawlFieldName: field,
    scrawlMaxSize: UPLOAD_MAX_BYTES.image,
    scrawlUrlPrefix: '',
    snapscreenActionName: EditorAction.UPLOAD_SNAPSHOT,
    snapscreenFieldName: field,
    snapscreenMaxSize: UPLOAD_MAX_BYTES.image,
    snapscreenAllowFiles: images,
    snapscreenUrlPrefix: '',
    videoActionName: EditorAction.UPLOAD_VIDEO,
    videoFieldName: field,
    videoMaxSize: UPLOAD_MAX_BYTES.video,
    videoAllowFiles: [...UPLOAD_EXTENSIONS.video],
    videoUrlPrefix: '',
    fileActionName: EditorAction.UPLOAD_FILE,
    fileFieldName: field,
    fileMaxSize: UPLOAD_MAX_BYTES.file,
    fileAllowFiles: [...UPLOAD_EXTENSIONS.file],
    fileUrlPrefix: '',
    catcherActionName: EditorAction.CATCH_IMAGE,
    catcherFieldName: EDITOR_CATCHER_FIELD,
    catcherMaxSize: UPLOAD_MAX_BYTES.image,
    catcherAllowFiles: images,
    catcherUrlPrefix: '',
    catcherTimeout: EDITOR_CATCHER_TIMEOUT_MS,
    catcherMaxSources: EDITOR_CATCHER_MAX_SOURCES,
    catcherLocalDomain: [],
    fileServePath: FILE_SERVE_PATH,
    actions: EditorAction,
  };
}

/** The editor reads its own JSON from a 200 answer: `state` says whether the call worked. */
function editorAnswer(reply: FastifyReply, body: object) {
  return reply.code(200).header('cache-control', 'no-store').type('application/json').send(body);
}

/** A refused call's answer: the reason, worded in the request's language, as its state. */
function refusedAnswer(request: FastifyRequest, reply: FastifyReply, refused: UploadRefused) {
  const body: EditorUploadResult = {
    state: refused.render(requestLanguage(request)),
    url: '',
    title: '',
    original: '',
    type: '',
    size: 0,
  };
  return editorAnswer(reply, body);
}

/**
 * The editor's calls answer a state even when the body is refused before the handler runs (too
 * large, malformed). Session and permission refusals keep the envelope: the client signs in again.
 */
function editorErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) throw error;
  const code = error.statusCode ?? 500;
  if (code === 413) {
    const size = formatFileSize(FORM_BODY_LIMIT);
    return refusedAnswer(request, reply, new UploadRefused('uploadRequestTooLarge', { size }));
  }
  if (code >= 400 && code < 500) {
    request.log.info({ err: error }, 'editor call refused before its handler');
    return refusedAnswer(request, reply, new UploadRefused('uploadUnreadable'));
  }
  throw error;
}

/** Multipart parser limits, translated into the state the editor shows. */
function multipartRefusal(error: unknown): UploadRefused | undefined {
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return new UploadRefused('uploadOneFileAtATime');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new UploadRefused('uploadTooManyFields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new UploadRefused('uploadMalformed');
    default:
      return isMalformedMultipart(error) ? new UploadRefused('uploadMalformed') : undefined;
  }
}

async function receiveFile(
  request: FastifyRequest,
  files: FilesService,
  kind: UploadKind,
  action: string,
): Promise<EditorUploadResult> {
  const missing = () => new UploadRefused('uploadNoFile', { field: EDITOR_UPLOAD_FIELD });
  if (!request.isMultipart()) throw missing();
  const ownerId = requireAuth(request).user.id;
  let result: EditorUploadResult | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_MAX_BYTES[kind], fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== EDITOR_UPLOAD_FIELD) {
        part.file.resume();
        throw new UploadRefused('uploadWrongField', { field: EDITOR_UPLOAD_FIELD });
      }
      const original = cleanOriginalName(part.filename);
      // A screen snapshot is a canvas blob, often sent with no name: PNG unless it says otherwise.
      const named = action === EditorAction.UPLOAD_SNAPSHOT && !/\.\w+$/.test(original);
      let extension: string;
      try {
        extension = files.allowedExtension(kind, named ? `${original}.png` : original);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const file = part.file;
      result = await files.storeStream(
        kind,
        original,
        extension,
        file,
        ownerId,
        () => file.truncated,
      );
    }
  } catch (error) {
    throw multipartRefusal(error) ?? error;
  }
  if (!result) throw missing();
  return result;
}

/** The scrawl's base64 PNG from a form field (urlencoded or multipart). */
async function scrawlContent(request: FastifyRequest): Promise<Buffer> {
  let text: unknown;
  if (request.isMultipart()) {
    try {
      const parts = request.parts({ limits: { fieldSize: SCRAWL_FIELD_BYTES, files: 0 } });
      for await (const part of parts) {
        if (part.type === 'field' && part.fieldname === EDITOR_UPLOAD_FIELD) text = part.value;
        if (part.type === 'file') part.file.resume();
      }
    } catch (error) {
      throw multipartRefusal(error) ?? error;
    }
  } else if (request.body && typeof request.body === 'object') {
    text = (request.body as Record<string, unknown>)[EDITOR_UPLOAD_FIELD];
  }
  if (typeof text !== 'string' || text.length === 0) {
    throw new UploadRefused('uploadNoDrawing', { field: EDITOR_UPLOAD_FIELD });
  }
  if (text.length > SCRAWL_FIELD_BYTES) {
    throw new UploadRefused('uploadTooLarge', {
      size: formatFileSize(UPLOAD_MAX_BYTES.image),
      kind: UPLOAD_KIND_NAMES.image,
    });
  }
  // A client that did not encode the form turns '+' into ' '.
  const base64 = text
    .replace(/^data:image\/png;base64,/, '')
    .replace(/[\r\n\t]/g, '')
    .replaceAll(' ', '+');
  if (!BASE64.test(base64)) throw new UploadRefused('uploadDrawingNotBase64');
  return Buffer.from(base64, 'base64');
}

function catchSources(body: unknown): string[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const value = record[`${EDITOR_CATCHER_FIELD}[]`] ?? record[EDITOR_CATCHER_FIELD];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) return undefined;
  return list as string[];
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` → the inclusive range, or null when unsatisfiable. */
function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

export async function filesRoutes(app: FastifyInstance, opts: { files: FilesService }) {
  // Limits per call are set where the parts are read (per kind); these are the ceilings.
  await app.register(fastifyMultipart, {
    // A file over its limit is cut and flagged `truncated`: storeStream answers the refusal.
    throwFileSizeLimit: false,
    limits: {
      fileSize: Math.max(...Object.values(UPLOAD_MAX_BYTES)),
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: SCRAWL_FIELD_BYTES,
      headerPairs: 50,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { files } = opts;
  const editing = { access: needs(...EDITOR_PERMISSIONS) };
  const tags = ['files'];

  r.get(
    EDITOR_PATH,
    {
      config: editing,
      errorHandler: editorErrorHandler,
      schema: {
        tags,
        summary:
          'Editor protocol: `?action=config` answers the upload configuration (field name, limits, ' +
          'extensions, action names) as the editor reads it, not in the envelope',
        querystring: editorQuery,
      },
    },
    async (request, reply) => {
      if (request.query.action !== EditorAction.CONFIG) {
        const action = request.query.action ?? '';
        return refusedAnswer(request, reply, new UploadRefused('uploadUnknownAction', { action }));
      }
      return editorAnswer(reply, editorConfig());
    },
  );

  r.post(
    EDITOR_PATH,
    {
      config: editing,
      bodyLimit: FORM_BODY_LIMIT,
      errorHandler: editorErrorHandler,
      schema: {
        tags,
        summary:
          `Editor protocol: \`?action=\` ${Object.values(EditorAction).join(' | ')}. Uploads: multipart, ` +
          `the file in "${EDITOR_UPLOAD_FIELD}" (scrawl: base64 PNG in that form field). Answers ` +
          '{ state, url, title, original, type, size } (catchimage: { state, list: [{ source, state, url }] }) ' +
          "with HTTP 200; state is 'SUCCESS' or the reason for the refusal",
        querystring: editorQuery,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
      },
    },
    async (request, reply) => {
      const action = request.query.action ?? '';
      const ownerId = requireAuth(request).user.id;
      try {
        const kind = UPLOAD_ACTIONS[action];
        if (kind) return editorAnswer(reply, await receiveFile(request, files, kind, action));
        if (action === EditorAction.UPLOAD_SCRAWL) {
          const content = await scrawlContent(request);
          return editorAnswer(
            reply,
            await files.storeBuffer('image', 'scrawl.png', '.png', content, ownerId),
          );
        }
        if (action === EditorAction.CATCH_IMAGE) {
          const sources = catchSources(request.body);
          const language = requestLanguage(request);
          const field = `${EDITOR_CATCHER_FIELD}[]`;
          const answer: EditorCatchResult = sources
            ? await files.catchImages(sources, ownerId, language)
            : { state: renderMessage('catchSendUrls', { field }, language), list: [] };
          return editorAnswer(reply, answer);
        }
        throw new UploadRefused('uploadUnknownAction', { action });
      } catch (error) {
        if (error instanceof UploadRefused) return refusedAnswer(request, reply, error);
        request.log.error({ err: error, action }, 'editor upload failed');
        const failed = new UploadRefused('uploadFailed', { requestId: request.id });
        return refusedAnswer(request, reply, failed);
      }
    },
  );

  r.get(
    `${FILE_SERVE_PATH}:name`,
    {
      // Rich text shows uploads as images and media, and links attachments the user opens.
      config: { access: 'session', browserLoads: ['image', 'audio', 'video', 'track', 'document'] },
      schema: {
        tags,
        summary:
          'A stored upload by its stored name: nosniff, sandboxing CSP, images and videos inline, ' +
          'everything else as a download; byte ranges for video',
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const found = await files.find(request.params.name);
      if (!found) throw notFound('file');
      const { row, absolute } = found;
      const size = Number(row.size);
      const etag = `"${row.sha256}"`;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${ONE_YEAR_S}, immutable`)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header(
          'content-disposition',
          isInlineMedia(row.mime)
            ? 'inline'
            : attachmentDisposition(row.original_name, row.stored_name),
        )
        .type(row.mime);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = request.headers.range;
      if (range) {
        const wanted = parseRange(range, size);
        if (!wanted) return reply.code(416).header('content-range', `bytes */${size}`).send();
        return reply
          .code(206)
          .header('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`)
          .header('content-length', wanted.end - wanted.start + 1)
          .send(fs.createReadStream(absolute, wanted));
      }
      return reply.header('content-length', size).send(fs.createReadStream(absolute));
    },
  );
}

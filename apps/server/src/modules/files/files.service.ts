import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EDITOR_CATCHER_MAX_SOURCES,
  EDITOR_CATCHER_TIMEOUT_MS,
  EDITOR_STATE_SUCCESS,
  FILE_SERVE_PATH,
  UPLOAD_EXTENSIONS,
  UPLOAD_KIND_NAMES,
  formatFileSize,
  renderMessage,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
  UPLOAD_MAX_BYTES,
  type EditorCatchResult,
  type EditorUploadResult,
  type UploadKind,
} from '@kaoshi/shared';
import { nowIso, type Db } from '../../db/database.js';
import { isPublicAddress } from './address.js';
import { FilesRepository, type UploadRow } from './files.repository.js';
import { UploadRefused } from './refused.js';
import { fetchRemote, systemResolver, type Resolver } from './remote-fetch.js';
import { SNIFF_BYTES, looksLikeMarkup, sniffAs, sniffImage } from './sniff.js';

export const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;
const MAX_REDIRECTS = 3;
// The editor gives up at EDITOR_CATCHER_TIMEOUT_MS: answer a little before, whatever is left.
const CATCH_BUDGET_MS = EDITOR_CATCHER_TIMEOUT_MS - 5_000;
const PER_SOURCE_MS = 20_000;
const CATCH_CONCURRENCY = 4;

const ORIGINAL_NAME_MAX = 200;
/** Longer than any extension of UPLOAD_EXTENSIONS: what follows the last dot is then no extension. */
const EXTENSION_MAX = 10;

/**
 * The name as the user's machine had it, without any folder part or control characters, at most
 * 200 characters: a longer one is cut before its extension, which decides the file's type.
 */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const characters = [...base].filter((c) => c >= ' ' && c !== '\u007f');
  const printable = characters.join('').trim();
  if ([...printable].length <= ORIGINAL_NAME_MAX) return printable || 'unnamed';
  const found = path.extname(printable);
  const extension = found.length <= EXTENSION_MAX ? found : '';
  const stem = [...printable.slice(0, printable.length - extension.length)];
  return (
    stem
      .slice(0, ORIGINAL_NAME_MAX - extension.length)
      .join('')
      .trimEnd() + extension
  );
}

export interface FilesOptions {
  dataDir: string;
  /** Tests only (UPLOAD_ALLOW_PRIVATE_FETCH): remote capture may reach any address. */
  allowPrivateFetch: boolean;
  resolve?: Resolver;
  catchBudgetMs?: number;
  perSourceMs?: number;
}

interface Received {
  size: number;
  sha256: string;
  head: Buffer;
}

export class FilesService {
  readonly uploadsDir: string;
  private readonly repository: FilesRepository;

  constructor(
    db: Db,
    private readonly options: FilesOptions,
  ) {
    this.uploadsDir = path.join(options.dataDir, 'uploads');
    this.repository = new FilesRepository(db);
  }

  /** The extension of `name` when its kind allows it; refuses otherwise. */
  allowedExtension(kind: UploadKind, name: string): string {
    const extension = path.extname(name).toLowerCase();
    const allowed = UPLOAD_EXTENSIONS[kind];
    if (!allowed.includes(extension)) {
      const params = { kind: UPLOAD_KIND_NAMES[kind], extension, allowed: allowed.join(' ') };
      throw new UploadRefused(extension ? 'uploadTypeNotAllowed' : 'uploadNoExtension', params);
    }
    return extension;
  }

  /**
   * Streams an upload to disk (hashing it and keeping its first bytes), then keeps it only when
   * it is not empty, not over the limit and its content is what its extension says.
   * `truncated` reports whether the multipart parser cut the file at its size limit.
   */
  async storeStream(
    kind: UploadKind,
    originalName: string,
    extension: string,
    stream: Readable,
    ownerId: number,
    truncated: () => boolean,
  ): Promise<EditorUploadResult> {
    const target = this.newTarget(extension);
    try {
      await fs.promises.mkdir(path.dirname(target.absolute), { recursive: true });
      const received = await receive(stream, target.partial, kind);
      if (truncated() || received.size > UPLOAD_MAX_BYTES[kind]) throw tooLarge(kind);
      return await this.keep(kind, originalName, extension, target, received, ownerId);
    } finally {
      await fs.promises.rm(target.partial, { force: true });
    }
  }

  /** Stores bytes already in memory (scrawl, captured remote images) under the same rules. */
  async storeBuffer(
    kind: UploadKind,
    originalName: string,
    extension: string,
    content: Buffer,
    ownerId: number,
  ): Promise<EditorUploadResult> {
    if (content.length > UPLOAD_MAX_BYTES[kind]) throw tooLarge(kind);
    const target = this.newTarget(extension);
    try {
      await fs.promises.mkdir(path.dirname(target.absolute), { recursive: true });
      await fs.promises.writeFile(target.partial, content, { flag: 'wx' });
      const received: Received = {
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        head: content.subarray(0, SNIFF_BYTES),
      };
      return await this.keep(kind, originalName, extension, target, received, ownerId);
    } finally {
      await fs.promises.rm(target.partial, { force: true });
    }
  }

  /**
   * Takes back an upload just stored for something that then refused it (its row and its file),
   * so that a refusal leaves nothing behind.
   */
  async discard(storedName: string): Promise<void> {
    const found = await this.find(storedName);
    if (!found) return;
    await this.repository.deleteByStoredName(storedName);
    await fs.promises.rm(found.absolute, { force: true });
  }

  /** Remote capture: each URL fetched under the address rules, sniffed as an image and stored. */
  async catchImages(
    sources: string[],
    ownerId: number,
    language: MessageLanguage,
  ): Promise<EditorCatchResult> {
    const say = (key: MessageKey, params: MessageParams = {}) =>
      renderMessage(key, params, language);
    if (sources.length === 0) return { state: say('catchNoUrl'), list: [] };
    if (sources.length > EDITOR_CATCHER_MAX_SOURCES) {
      return { state: say('catchTooMany', { max: EDITOR_CATCHER_MAX_SOURCES }), list: [] };
    }
    const budget = AbortSignal.timeout(this.options.catchBudgetMs ?? CATCH_BUDGET_MS);
    const list: EditorCatchResult['list'] = new Array(sources.length);
    let next = 0;
    const worker = async () => {
      while (next < sources.length) {
        const index = next++;
        const source = sources[index]!;
        list[index] = { source, ...(await this.catchOne(source, ownerId, budget, language)) };
      }
    };
    await Promise.all(Array.from({ length: CATCH_CONCURRENCY }, worker));
    const caught = list.some((entry) => entry.state === EDITOR_STATE_SUCCESS);
    return { state: caught ? EDITOR_STATE_SUCCESS : say('catchNothing'), list };
  }

  private async catchOne(
    source: string,
    ownerId: number,
    budget: AbortSignal,
    language: MessageLanguage,
  ): Promise<{ state: string; url: string }> {
    try {
      if (source.length > 2048) throw new UploadRefused('catchUrlTooLong');
      const signal = AbortSignal.any([
        budget,
        AbortSignal.timeout(this.options.perSourceMs ?? PER_SOURCE_MS),
      ]);
      const content = await fetchRemote(source, {
        allowAddress: this.options.allowPrivateFetch ? () => true : isPublicAddress,
        maxBytes: UPLOAD_MAX_BYTES.image,
        maxRedirects: MAX_REDIRECTS,
        signal,
        resolve: this.options.resolve ?? systemResolver,
      });
      if (content.length === 0) throw new UploadRefused('uploadEmpty');
      const image = sniffImage(content.subarray(0, SNIFF_BYTES));
      if (!image) {
        throw new UploadRefused(
          looksLikeMarkup(content) ? 'uploadMarkupNotImage' : 'uploadNotImage',
        );
      }
      const name = cleanOriginalName(nameInUrl(source));
      const stored = await this.storeBuffer('image', name, image.extension, content, ownerId);
      return { state: stored.state, url: stored.url };
    } catch (error) {
      return { state: describeFailure(error).render(language), url: '' };
    }
  }

  /**
   * The bytes of the images this module serves at `urls` (FILE_SERVE_PATH + stored name), for
   * documents that print them (a PDF takes JPEG and PNG), read with one query; per url undefined
   * for any other address, kind or a file gone from disk.
   */
  async printableImages(urls: readonly string[]): Promise<(Buffer | undefined)[]> {
    const nameOf = (url: string) => {
      const name = url.startsWith(FILE_SERVE_PATH) ? url.slice(FILE_SERVE_PATH.length) : '';
      return STORED_NAME.test(name) ? name : undefined;
    };
    const names = [...new Set(urls.map(nameOf).filter((name) => name !== undefined))];
    const rows = new Map(
      (await this.repository.findByStoredNames(names)).map((row) => [row.stored_name, row]),
    );
    const read = async (url: string) => {
      const row = rows.get(nameOf(url) ?? '');
      if (!row || !['image/jpeg', 'image/png'].includes(row.mime)) return undefined;
      const absolute = this.absoluteOf(row);
      return absolute ? fs.promises.readFile(absolute).catch(() => undefined) : undefined;
    };
    const images: (Buffer | undefined)[] = [];
    for (const url of urls) images.push(await read(url));
    return images;
  }

  /** The record and absolute path of a stored file, or undefined for any unknown name. */
  async find(storedName: string): Promise<{ row: UploadRow; absolute: string } | undefined> {
    if (!STORED_NAME.test(storedName)) return undefined;
    const row = await this.repository.findByStoredName(storedName);
    if (!row) return undefined;
    const absolute = this.absoluteOf(row);
    return absolute ? { row, absolute } : undefined;
  }

  /** Where an upload's file is on disk; undefined for a path that would leave the uploads folder. */
  private absoluteOf(row: UploadRow): string | undefined {
    const absolute = path.resolve(this.uploadsDir, row.stored_path);
    return absolute.startsWith(this.uploadsDir + path.sep) ? absolute : undefined;
  }

  private newTarget(extension: string) {
    const now = new Date();
    const year = String(now.getUTCFullYear());
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const name = `${randomBytes(16).toString('hex')}${extension}`;
    const relative = `${year}/${month}/${name}`;
    const absolute = path.join(this.uploadsDir, year, month, name);
    return { name, relative, absolute, partial: `${absolute}.part` };
  }

  private async keep(
    kind: UploadKind,
    originalName: string,
    extension: string,
    target: ReturnType<FilesService['newTarget']>,
    received: Received,
    ownerId: number,
  ): Promise<EditorUploadResult> {
    if (received.size === 0) throw new UploadRefused('uploadEmpty');
    const mime = sniffAs(extension, received.head);
    if (!mime) {
      const markup = looksLikeMarkup(received.head) && extension !== '.txt';
      throw new UploadRefused(markup ? 'uploadMarkupNotType' : 'uploadContentMismatch', {
        extension,
      });
    }
    await fs.promises.rename(target.partial, target.absolute);
    try {
      await this.repository.insert({
        owner_id: ownerId,
        kind,
        original_name: originalName,
        stored_name: target.name,
        stored_path: target.relative,
        mime,
        size: received.size,
        sha256: received.sha256,
        created_at: nowIso(),
      });
    } catch (error) {
      await fs.promises.rm(target.absolute, { force: true });
      throw error;
    }
    return {
      state: EDITOR_STATE_SUCCESS,
      url: `${FILE_SERVE_PATH}${target.name}`,
      title: target.name,
      original: originalName,
      type: extension,
      size: received.size,
    };
  }
}

const tooLarge = (kind: UploadKind) =>
  new UploadRefused('uploadTooLarge', {
    size: formatFileSize(UPLOAD_MAX_BYTES[kind]),
    kind: UPLOAD_KIND_NAMES[kind],
  });

/** Copies `stream` to a new file at `file`, counting, hashing and keeping the first bytes. */
async function receive(stream: Readable, file: string, kind: UploadKind): Promise<Received> {
  const maxBytes = UPLOAD_MAX_BYTES[kind];
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(tooLarge(kind));
        return;
      }
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        head.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  await pipeline(stream, meter, fs.createWriteStream(file, { flags: 'wx' }));
  return {
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head).subarray(0, SNIFF_BYTES),
  };
}

function nameInUrl(source: string): string {
  const pathname = new URL(source).pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function describeFailure(error: unknown): UploadRefused {
  if (error instanceof UploadRefused) return error;
  const name = (error as { name?: string }).name;
  if (name === 'AbortError' || name === 'TimeoutError') return new UploadRefused('catchTimedOut');
  const code = (error as { code?: string }).code;
  return code ? new UploadRefused('catchFailedCode', { code }) : new UploadRefused('catchFailed');
}

import { ApiStatus, REQUEST_TIMEOUT_MS, type Envelope } from '@kaoshi/shared';
import {
  ApiError,
  NETWORK_DISCONNECTED,
  http,
  languageHeaders,
  rejectEnvelope,
  reportNetworkFailure,
} from './request';

/**
 * File transfers of the import and export screens that axios cannot do well: saving a download
 * whose error is a JSON envelope, and an upload whose answer streams NDJSON progress lines.
 */

export interface ImportProgress {
  /** 'upload': bytes sent by the browser; 'write': rows written by the server. */
  phase: 'upload' | 'write';
  done: number;
  total: number;
}

/** A whole import may take a while on a large file; the rows stream progress meanwhile. */
export const IMPORT_TIMEOUT_MS = 10 * REQUEST_TIMEOUT_MS;

export function apiUrl(path: string, params: Record<string, unknown> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${http.defaults.baseURL ?? ''}${path}${search ? `?${search}` : ''}`;
}

/** The name in `attachment; filename="…"; filename*=UTF-8''…` (the UTF-8 one preferred). */
export function fileNameOf(disposition: string | null, fallback: string) {
  if (!disposition) return fallback;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Saves `blob` as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const failure = (): Envelope => ({ status: ApiStatus.INTERNAL, message: '', data: null });
const asEnvelope = (body: unknown): Envelope =>
  body && typeof body === 'object' && 'status' in body ? (body as Envelope) : failure();

/**
 * GETs a file and saves it. fetch rather than axios: an error answer is the JSON envelope, which
 * must be shown as request.ts shows it, not saved as the file.
 */
export async function downloadFile(
  path: string,
  params: Record<string, unknown>,
  fallbackName: string,
) {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      credentials: 'include',
      headers: languageHeaders(),
      signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
    });
  } catch (error) {
    reportNetworkFailure();
    throw error;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) rejectEnvelope(asEnvelope(await response.json().catch(failure)));
  if (!response.ok) rejectEnvelope(failure());
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

const isProgressLine = (value: unknown): value is { done: number; total: number } =>
  typeof value === 'object' && value !== null && 'phase' in value;

/**
 * POSTs a multipart import. XMLHttpRequest rather than fetch: it alone reports upload progress,
 * and its partial responseText lets the server's NDJSON progress lines be read as they come.
 * The answer is the plain envelope (refused before writing began) or NDJSON whose last line is
 * the envelope; resolves to its data.
 */
export function postImport<T>(
  path: string,
  form: FormData,
  onProgress: (progress: ImportProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let consumed = 0;
    let envelope: Envelope | undefined;

    const readLines = (final: boolean) => {
      const text = xhr.responseText;
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= consumed) return;
      const chunk = text.slice(consumed, end);
      consumed = end;
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        const message: unknown = JSON.parse(line);
        if (isProgressLine(message)) {
          onProgress({ phase: 'write', done: message.done, total: message.total });
        } else {
          envelope = message as Envelope;
        }
      }
    };
    const isStream = () => (xhr.getResponseHeader('content-type') ?? '').includes('ndjson');

    const settle = (body: Envelope | undefined) => {
      if (body && (body.status === ApiStatus.OK || body.status === ApiStatus.PASS_THROUGH)) {
        resolve(body.data as T);
        return;
      }
      try {
        rejectEnvelope(asEnvelope(body));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(ApiStatus.INTERNAL, String(error)));
      }
    };
    const networkFailure = () => {
      reportNetworkFailure();
      reject(new Error(NETWORK_DISCONNECTED));
    };

    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(languageHeaders()))
      xhr.setRequestHeader(name, value);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.upload.onprogress = (event) =>
      onProgress({
        phase: 'upload',
        done: event.loaded,
        total: event.lengthComputable ? event.total : event.loaded,
      });
    xhr.onprogress = () => {
      if (isStream()) readLines(false);
    };
    xhr.onload = () => {
      try {
        if (isStream()) {
          readLines(true);
          settle(envelope);
        } else {
          settle(JSON.parse(xhr.responseText) as Envelope);
        }
      } catch {
        settle(undefined);
      }
    };
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.send(form);
  });
}

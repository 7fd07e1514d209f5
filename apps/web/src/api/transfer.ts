import {
  ApiStatus,
  IMPORT_JOB_POLL_MS,
  REQUEST_TIMEOUT_MS,
  type Envelope,
  type ImportJobView,
} from '@kaoshi/shared';
import {
  ApiError,
  NETWORK_DISCONNECTED,
  http,
  languageHeaders,
  rejectEnvelope,
  reportNetworkFailure,
  request,
} from './request';

/**
 * File transfers of the import and export screens that axios cannot do well: saving a download
 * whose error is a JSON envelope, and an import's upload with its progress, then its job.
 */

export interface ImportProgress {
  /** 'upload': bytes sent by the browser; 'check': the server reads the file; 'write': rows written. */
  phase: 'upload' | 'check' | 'write';
  done: number;
  total: number;
}

/**
 * An export is built while the call waits: a large one may take longer than an ordinary call.
 * (Imports run as jobs instead, read with ordinary calls.)
 */
export const DOWNLOAD_TIMEOUT_MS = 10 * REQUEST_TIMEOUT_MS;

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
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
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

/** The job route beside an import's start route: …/importApply → …/importJob/{id}. */
const jobPathOf = (startPath: string, id: number) =>
  `${startPath.slice(0, startPath.lastIndexOf('/'))}/importJob/${id}`;

/**
 * POSTs a multipart import and answers the job the server started. XMLHttpRequest rather than
 * fetch: it alone reports upload progress. The timeout counts from the last upload progress (a
 * slow upload that still moves goes on), and after the last byte is REQUEST_TIMEOUT_MS for the
 * answer, which comes at once: the work runs in the job.
 */
function uploadImport(
  path: string,
  form: FormData,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportJobView> {
  return new Promise<ImportJobView>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => xhr.abort(), REQUEST_TIMEOUT_MS);
    };
    const networkFailure = () => {
      clearTimeout(stalled);
      reportNetworkFailure();
      reject(new Error(NETWORK_DISCONNECTED));
    };

    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(languageHeaders()))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      restartTimer();
      onProgress({
        phase: 'upload',
        done: event.loaded,
        total: event.lengthComputable ? event.total : event.loaded,
      });
    };
    xhr.onload = () => {
      clearTimeout(stalled);
      let body: Envelope | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = undefined;
      }
      if (body?.status === ApiStatus.OK) {
        resolve(body.data as ImportJobView);
        return;
      }
      try {
        rejectEnvelope(asEnvelope(body));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(ApiStatus.INTERNAL, String(error)));
      }
    };
    xhr.onerror = networkFailure;
    xhr.onabort = networkFailure;
    restartTimer();
    xhr.send(form);
  });
}

/** Reads of a job in a row that may get no answer before the page stops waiting. */
const POLL_TRIES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs an import as a job (docs/features/students.md): uploads the form, then reads the job
 * about once a second, each read an ordinary call with the usual timeout, reporting the upload's
 * bytes, the check and the rows written. Resolves to the job's result; a failed job rejects as
 * its error's envelope would (shown once, as request.ts shows errors).
 */
export async function runImportJob<T>(
  path: string,
  form: FormData,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<T> {
  let job = await uploadImport(path, form, onProgress);
  let unanswered = 0;
  for (;;) {
    if (job.phase === 'done') return job.result as T;
    if (job.phase === 'failed') {
      const error = job.error;
      rejectEnvelope({
        status: (error?.status ?? ApiStatus.INTERNAL) as Envelope['status'],
        message: error?.message ?? '',
        data: error?.field ? { field: error.field } : null,
      });
    }
    onProgress({ phase: job.phase, done: job.done, total: job.total });
    await sleep(IMPORT_JOB_POLL_MS);
    try {
      job = await request.get<ImportJobView>(jobPathOf(path, job.id));
      unanswered = 0;
    } catch (error) {
      // An answer (the session ended, the job is gone) ends the wait. No answer at all (a blip
      // of the network) is asked again: the job goes on on the server either way.
      if (error instanceof ApiError || ++unanswered >= POLL_TRIES) throw error;
    }
  }
}

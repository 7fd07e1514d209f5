import {
  ApiStatus,
  REQUEST_TIMEOUT_MS,
  type Envelope,
  type ListStudentQuery,
  type StudentImportLanguage,
  type StudentImportMode,
  type StudentImportPreview,
  type StudentImportProgressLine,
  type StudentImportResult,
} from '@kaoshi/shared';
import {
  ApiError,
  NETWORK_DISCONNECTED,
  http,
  rejectEnvelope,
  reportNetworkFailure,
  request,
} from './request';

const STUDENT = '/api/kaoshi-base/student';

/** The student list's filters and order, without paging: an export holds every match. */
export type StudentExportFilter = Partial<Omit<ListStudentQuery, 'page' | 'limit'>>;

export interface StudentImportProgress {
  /** 'upload': bytes sent by the browser; 'write': rows written by the server. */
  phase: 'upload' | 'write';
  done: number;
  total: number;
}

/** A whole import may take a while on a large file; the rows stream progress meanwhile. */
const APPLY_TIMEOUT_MS = 10 * REQUEST_TIMEOUT_MS;

function urlOf(path: string, params: Record<string, unknown> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${http.defaults.baseURL ?? ''}${path}${search ? `?${search}` : ''}`;
}

/** The name in `attachment; filename="…"; filename*=UTF-8''…` (the UTF-8 one preferred). */
function fileNameOf(disposition: string | null, fallback: string) {
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

function saveBlob(blob: Blob, fileName: string) {
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

/**
 * GET a file and save it. Read with fetch rather than axios: an error answer is the JSON
 * envelope, which must be shown as request.ts shows it, not saved as the file.
 */
async function download(path: string, params: Record<string, unknown>, fallbackName: string) {
  let response: Response;
  try {
    response = await fetch(urlOf(path, params), {
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    reportNetworkFailure();
    throw error;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await response.json().catch(failure)) as Envelope;
    rejectEnvelope(body && typeof body === 'object' && 'status' in body ? body : failure());
  }
  if (!response.ok) rejectEnvelope(failure());
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

/** Saves the empty import template (header row and instructions in `language`). */
export const downloadStudentTemplate = (language: StudentImportLanguage): Promise<void> =>
  download(`${STUDENT}/importTemplate`, { lang: language }, 'students-template.xlsx');

/** Checks a file without writing anything: every row with its action or its errors. */
export function previewStudentImport(file: File): Promise<StudentImportPreview> {
  const form = new FormData();
  form.append('file', file);
  return request.post<StudentImportPreview>(`${STUDENT}/importPreview`, form, {
    timeout: APPLY_TIMEOUT_MS,
  });
}

const isProgressLine = (value: unknown): value is StudentImportProgressLine =>
  typeof value === 'object' && value !== null && 'phase' in value;

/**
 * Imports the file. XMLHttpRequest rather than fetch: it alone reports upload progress, and its
 * partial responseText lets the NDJSON progress lines the server writes be read as they come.
 * The answer is either the plain envelope (an error found before writing began) or NDJSON whose
 * last line is the envelope.
 */
export function applyStudentImport(
  file: File,
  mode: StudentImportMode,
  onProgress: (progress: StudentImportProgress) => void,
): Promise<StudentImportResult> {
  return new Promise<StudentImportResult>((resolve, reject) => {
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
        resolve(body.data as StudentImportResult);
        return;
      }
      try {
        rejectEnvelope(body && typeof body === 'object' && 'status' in body ? body : failure());
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(ApiStatus.INTERNAL, String(error)));
      }
    };
    const networkFailure = () => {
      reportNetworkFailure();
      reject(new Error(NETWORK_DISCONNECTED));
    };

    xhr.open('POST', urlOf(`${STUDENT}/importApply`));
    xhr.withCredentials = true;
    xhr.timeout = APPLY_TIMEOUT_MS;
    xhr.upload.onprogress = (event) =>
      onProgress({
        phase: 'upload',
        done: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
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

    const form = new FormData();
    // The mode first: the server reads the fields in order and the file is the big part.
    form.append('mode', mode);
    form.append('file', file);
    xhr.send(form);
  });
}

/** Saves every student matching the list's current filter (not one page) as .xlsx. */
export const exportStudents = (
  filter: StudentExportFilter,
  language: StudentImportLanguage,
): Promise<void> => download(`${STUDENT}/export`, { ...filter, lang: language }, 'students.xlsx');

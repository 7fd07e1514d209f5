import { ApiStatus, REQUEST_TIMEOUT_MS, type Envelope } from '@kaoshi/shared';
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import i18n from '../i18n';
import { toastError } from '../utils/feedback';
import { clearSessionMarker, hasSessionMarker } from '../utils/session-marker';
import { specString } from '../utils/spec-strings';
import { ApiError } from './api-error';

/** docs/spec.md §8: with no response at all the message is this Chinese one, whatever the UI language. */
export const NETWORK_DISCONNECTED = '您的网络已断开，请在网络稳定后重新登录';

/** docs/spec.md §8: toasts last 5000 ms, and after one shows no other for 5 s. */
export const ERROR_TOAST_MS = 5000;
const TOAST_QUIET_MS = 5000;
let lastToastAt = -Infinity;

function toastOnce(text: string) {
  const now = Date.now();
  if (now - lastToastAt < TOAST_QUIET_MS) return;
  lastToastAt = now;
  toastError(text, ERROR_TOAST_MS);
}

/** Allows a test or a later toast to show at once. */
export function resetToastQuietPeriod() {
  lastToastAt = -Infinity;
}

export { ApiError };

const blamedFieldOf = (body: Envelope): string | undefined => {
  const field = (body.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
};

/**
 * The language the server words its messages in: the UI's own (docs/spec.md §2: saved, else the
 * browser's, else en). Before i18next knows it, the browser's own Accept-Language goes.
 */
export function languageHeaders(): Record<string, string> {
  return i18n.language ? { 'Accept-Language': i18n.language } : {};
}

const DOWNLOAD_TYPES = [
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument',
  'application/vnd.ms-excel',
  'application/zip',
  'application/pdf',
];
const isDownload = (response: AxiosResponse) => {
  const type = String(response.headers['content-type'] ?? '');
  return DOWNLOAD_TYPES.some((download) => type.startsWith(download));
};

export const http = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
});

/**
 * `{ quiet: true }`: the caller shows a failure itself (on the form field the refusal names, or a
 * translated reason why a delete was refused) instead of the request layer's toast.
 */
export type CallOptions = Pick<AxiosRequestConfig, 'quiet'>;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the error in place (the login form); no toast. */
    quiet?: boolean;
  }
}

/**
 * What a failed envelope does, for calls that cannot go through axios (a streamed answer, a
 * download read with fetch): an expired session reloads, any other error toasts its message
 * (unless quiet); either way the ApiError is thrown.
 */
export function rejectEnvelope(body: Envelope, quiet = false): never {
  if (body.status === ApiStatus.NO_SESSION) {
    // Only a session lost while this page still held one (expired, signed out in another tab)
    // reloads into the sign-in page. The answer to a call sent before this page signed out
    // arrives after it: reloading then would throw away what the user types on the sign-in page.
    if (hasSessionMarker()) {
      clearSessionMarker();
      window.location.reload();
    }
    throw new ApiError(body.status, body.message);
  }
  const message = body.message || specString('common.error', 'request');
  if (!quiet) toastOnce(message);
  throw new ApiError(body.status, message, blamedFieldOf(body), body.data);
}

/** The toast of a request that got no response at all (docs/spec.md §8). */
export function reportNetworkFailure() {
  toastOnce(NETWORK_DISCONNECTED);
}

function handleEnvelope(response: AxiosResponse): unknown {
  if (isDownload(response)) return response;
  const body = response.data as Envelope | undefined;
  if (!body || typeof body !== 'object' || !('status' in body)) return response.data;
  if (body.status === ApiStatus.OK || body.status === ApiStatus.PASS_THROUGH) return body.data;
  return rejectEnvelope(body, response.config.quiet);
}

http.interceptors.request.use((config) => {
  config.headers.set(languageHeaders());
  return config;
});

// The interceptor unwraps the envelope: what a call resolves to is its `data` (typed below).
http.interceptors.response.use(
  handleEnvelope as (r: AxiosResponse) => AxiosResponse,
  (error: AxiosError) => {
    // The server answers errors with an HTTP status that mirrors the envelope: read the envelope.
    if (error.response) return handleEnvelope(error.response);
    reportNetworkFailure();
    throw error;
  },
);

/**
 * A list call's query as the web sends it, from the shared schema's type (`z.infer` of its
 * list…Query): page and limit always given, every other field optional (the server fills its
 * defaults, e.g. the ordering).
 */
export type ListCall<Q extends { page: number; limit: number }> = Pick<Q, 'page' | 'limit'> &
  Partial<Omit<Q, 'page' | 'limit'>>;

/** Typed helpers: each resolves to the envelope's `data`. */
export const request = {
  get: <T>(url: string, params?: object, config?: AxiosRequestConfig) =>
    http.get<never, T>(url, { ...config, params }),
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.post<never, T>(url, body, config),
  /** application/x-www-form-urlencoded, as the spec's form calls are sent. */
  form: <T>(url: string, fields: Record<string, string | number>, config?: AxiosRequestConfig) =>
    http.post<never, T>(
      url,
      new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])),
      config,
    ),
  put: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.put<never, T>(url, body, config),
  delete: <T>(url: string) => http.delete<never, T>(url),
};

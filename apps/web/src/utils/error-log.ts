import { isAxiosError } from 'axios';
import { ApiError } from '../api/api-error';
import { useErrorLogStore, type ErrorLogEntry } from '../stores/errorLog';

/** docs/spec.md §9: the error log is kept in production builds only; in development the console has it all. */
export const errorLogEnabled = import.meta.env.PROD;

/** What any thrown value says about itself; a thrown string or object is not always an Error. */
function describe(error: unknown): ErrorLogEntry['err'] {
  if (error instanceof Error) {
    return { message: error.message || error.name, ...(error.stack && { stack: error.stack }) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * Adds an uncaught error to the log (docs/spec.md §3: err, vm, info, url).
 * @param vm the component it came from, or '' when none is known
 * @param info where and how it was caught, e.g. React's component stack
 */
export function logError(error: unknown, vm: string, info: string) {
  if (!errorLogEnabled) return;
  useErrorLogStore.getState().addErrorLog({
    err: describe(error),
    vm,
    info,
    url: window.location.href,
    time: new Date().toISOString(),
  });
}

/**
 * Failed API calls are not UI faults: the request layer has already shown the user the server's
 * or the network's message, and a rejected call no handler awaited would only add noise.
 */
const isReportedApiFailure = (reason: unknown) =>
  reason instanceof ApiError || isAxiosError(reason);

/** Chrome reports this when a layout settles over two frames; harmless, and antd tables cause it. */
const isBenign = (message: string) => message.startsWith('ResizeObserver loop');

/**
 * docs/spec.md §8: records what escapes every error boundary and every promise chain. Production only;
 * returns the function that removes the listeners again.
 */
export function installGlobalErrorLog(): () => void {
  if (!errorLogEnabled) return () => undefined;

  const onError = (event: ErrorEvent) => {
    if (isBenign(event.message)) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    logError(event.error ?? event.message, '', ['window.onerror', where].filter(Boolean).join(' '));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isReportedApiFailure(event.reason)) return;
    logError(event.reason, '', 'unhandledrejection');
  };

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

import { ApiStatus, type ApiStatusCode, type Envelope } from '@kaoshi/shared';

/** An error the client may read: its status goes into the envelope, its message is shown. */
export class AppError extends Error {
  constructor(
    readonly status: ApiStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (field: string, problem: string) =>
  new AppError(ApiStatus.INVALID_INPUT, `${field}: ${problem}`);
export const notFound = (what: string) => new AppError(ApiStatus.NOT_FOUND, `${what} not found`);
export const conflict = (message: string) => new AppError(ApiStatus.CONFLICT, message);
export const forbidden = (message = 'Permission denied') =>
  new AppError(ApiStatus.FORBIDDEN, message);
export const noSession = (message = 'Not signed in or the session has expired') =>
  new AppError(ApiStatus.NO_SESSION, message);

export const ok = <T>(data: T, message = 'ok'): Envelope<T> => ({
  status: ApiStatus.OK,
  message,
  data,
});

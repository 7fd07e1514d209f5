// Its own file so the error log can recognise it without importing the request layer.
/**
 * The envelope's message as the error of a failed call, with the form field it blames when the
 * server names one (`data.field`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** The envelope's data beside the refusal (e.g. a Start's `{ wait }`). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

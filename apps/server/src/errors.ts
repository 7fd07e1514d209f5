import {
  ApiStatus,
  ENTITY_NAMES,
  renderMessage,
  withFieldLabel,
  type ApiStatusCode,
  type EntityKey,
  type Envelope,
  type FieldKey,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
  type StartWait,
  type StartWaitData,
  type StartWaitTiming,
} from '@kaoshi/shared';

/**
 * An error the client may read: its status goes into the envelope, its message is worded from
 * the catalogue (@kaoshi/shared SERVER_MESSAGES) in the request's language, after the label of
 * the field it blames, if any. `message` holds the English wording for logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: ApiStatusCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** The form field it blames (a field name or a dotted path such as `options.2.content`). */
    readonly field?: string,
  ) {
    super('');
    this.message = this.render('en');
  }

  render(language: MessageLanguage): string {
    const text = renderMessage(this.key, this.params, language);
    return this.field === undefined ? text : withFieldLabel(this.field, text, language);
  }
}

/** A known field, or a dotted path ending in one (`options.2.content`). */
export type FieldPath = FieldKey | `${string}.${FieldKey}`;

/**
 * A Start refused by the invigilator's gates (10004): the envelope's data names what it waits
 * for (`{ wait }`), so the candidate's page can wait for it instead of showing an error.
 */
export class WaitRefusal extends AppError {
  constructor(
    key: MessageKey,
    readonly wait: StartWait,
    params: MessageParams = {},
    /** Waiting for the room's start: the times the waiting page shows. */
    readonly timing?: StartWaitTiming,
  ) {
    super(ApiStatus.CONFLICT, key, params);
  }

  get data(): StartWaitData {
    return {
      wait: this.wait,
      ...(this.key === 'checkInWasRefused' ? { refused: true } : {}),
      ...(this.timing ? { timing: this.timing } : {}),
    };
  }
}

export const invalid = (field: FieldPath, key: MessageKey, params: MessageParams = {}) =>
  new AppError(ApiStatus.INVALID_INPUT, key, params, field);
export const notFound = (entity: EntityKey, id?: number | string) =>
  id === undefined
    ? new AppError(ApiStatus.NOT_FOUND, 'notFoundAny', { entity: ENTITY_NAMES[entity] })
    : new AppError(ApiStatus.NOT_FOUND, 'notFound', { entity: ENTITY_NAMES[entity], id });
export const conflict = (key: MessageKey, params: MessageParams = {}, field?: FieldPath) =>
  new AppError(ApiStatus.CONFLICT, key, params, field);
export const forbidden = (key: MessageKey = 'permissionDenied', params: MessageParams = {}) =>
  new AppError(ApiStatus.FORBIDDEN, key, params);
export const noSession = () => new AppError(ApiStatus.NO_SESSION, 'noSession');
/** The entity is still referenced by a row written meanwhile (a foreign key refused the write). */
export const stillInUse = (entity: EntityKey, id: number) =>
  conflict('stillInUseReload', { entity: ENTITY_NAMES[entity], id });

/** The row, or 10003 naming it (the check every read of one row by id makes). */
export function existing<Row>(row: Row | undefined, entity: EntityKey, id: number): Row {
  if (!row) throw notFound(entity, id);
  return row;
}

export const ok = <T>(data: T, message = 'ok'): Envelope<T> => ({
  status: ApiStatus.OK,
  message,
  data,
});

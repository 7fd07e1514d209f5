import { ApiStatus } from '@kaoshi/shared';
import type { FormInstance } from 'antd';
import { ApiError, ERROR_TOAST_MS } from '../../api/request';
import { toastError } from '../../utils/feedback';

/**
 * The field a server message blames, when the form has it: the server starts such messages
 * with the field ("code: …", "body.level: …", "body.registrationEnd: …").
 */
export function blamedField<F extends string>(
  message: string,
  fields: readonly F[],
): F | undefined {
  const match = /^(?:body\.)?([A-Za-z]+)\s*:/.exec(message);
  const field = match?.[1];
  return field !== undefined && (fields as readonly string[]).includes(field)
    ? (field as F)
    : undefined;
}

/** The message without the field it names. */
export const withoutField = (message: string) =>
  message.replace(/^(?:body\.)?[A-Za-z]+\s*:\s*/, '');

/**
 * Shows why a quiet save failed: under the field it blames (in the user's language when
 * `translate` knows the case), else as the request layer's toast. A call with no answer was
 * already reported by the request layer.
 */
export function reportSaveError<F extends string>(
  error: unknown,
  form: FormInstance,
  fields: readonly F[],
  translate: (field: F, status: number) => string | undefined = () => undefined,
) {
  if (!(error instanceof ApiError)) return;
  const field = blamedField(error.message, fields);
  if (field === undefined) {
    toastError(error.message, ERROR_TOAST_MS);
    return;
  }
  form.setFields([
    { name: field, errors: [translate(field, error.status) ?? withoutField(error.message)] },
  ]);
  form.scrollToField(field);
}

/** Whether a quiet call was refused because what it touches is in use (or a code is taken). */
export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === ApiStatus.CONFLICT;

import { ApiStatus } from '@kaoshi/shared';
import type { FormInstance } from 'antd';
import { ApiError, ERROR_TOAST_MS } from '../api/request';
import { toastError } from './feedback';

/**
 * The form field a refusal blames, when the form has it: the server names it in the envelope's
 * `data.field` (a dotted path such as `options.2.content` is matched by its first part).
 */
export function blamedField<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!(error instanceof ApiError) || error.field === undefined) return undefined;
  const candidates = [error.field, error.field.split('.')[0]];
  return fields.find((field) => candidates.includes(field));
}

/**
 * The server's message without the label of the field it leads with ("用户名：…", "Name: …"):
 * shown under that field, which the form labels already.
 */
export const withoutFieldLabel = (message: string) => message.replace(/^[^:：]*[:：]\s*/, '');

/**
 * Shows why a quiet save failed: under the field it blames, in the words the server chose in
 * the user's language, else as a toast. A call with no answer was already reported by the
 * request layer.
 */
export function reportSaveError<F extends string>(
  error: unknown,
  form: FormInstance,
  fields: readonly F[],
) {
  if (!(error instanceof ApiError)) return;
  const field = blamedField(error, fields);
  if (field === undefined) {
    toastError(error.message, ERROR_TOAST_MS);
    return;
  }
  form.setFields([{ name: field, errors: [withoutFieldLabel(error.message)] }]);
  form.scrollToField(field);
}

/** Whether a quiet call was refused because what it touches is in use (or a code is taken). */
export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === ApiStatus.CONFLICT;

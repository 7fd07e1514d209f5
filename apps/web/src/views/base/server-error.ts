import { ApiError } from '../../api/request';

/**
 * Whether a failed call was refused because of `field`: the server's messages for bad input and
 * conflicts start with the field's name ("weight: …", "code: …"). The request layer has already
 * shown the message; the form can then mark the field in the user's language.
 */
export const refusedField = (error: unknown, field: string) =>
  error instanceof ApiError && error.message.startsWith(`${field}:`);

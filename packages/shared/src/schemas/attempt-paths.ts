/** The exam page's HTTP base path (kept free of zod: the sign-in page's first bytes name it). */
export const ATTEMPT_BASE = '/api/kaoshi-attempt/attempt';

/**
 * The header HTTP calls of the exam page carry: the live token its socket's join answered, so a
 * save, submit or event over HTTP is known to come from the page that holds the attempt.
 */
export const LIVE_TOKEN_HEADER = 'x-kaoshi-live';

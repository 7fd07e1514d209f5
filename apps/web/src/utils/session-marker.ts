import { SESSION_MARKER_COOKIE } from '@kaoshi/shared';

/**
 * The session token itself is an HttpOnly cookie the page cannot read; the server sets this
 * non-secret marker beside it so the route guard knows a session may exist.
 */
export const hasSessionMarker = () =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));

/** "Token reset" (docs/spec.md §4): forget the session on this side. */
export function clearSessionMarker() {
  document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

import type { UserRow } from '../db/types.js';

// Who is asking and what they may do: read by nearly every module, so it lives here rather
// than in the auth module, which imports the student and system repositories (a module
// importing auth for this type would otherwise depend on all of those).

export interface AuthContext {
  sessionId: string;
  user: UserRow;
  roleKeys: string[];
  roleNames: string[];
  /** Keys granted through roles; SUPER_ADMIN holds every key without listing them. */
  permissionKeys: Set<string>;
  superAdmin: boolean;
  /** Set when this request moved the session's expiry forward. */
  renewedUntil?: Date;
}

export const hasAnyPermission = (auth: AuthContext, keys: readonly string[]) =>
  auth.superAdmin || keys.some((key) => auth.permissionKeys.has(key));

/** An account's end date has passed (a date alone counts to the end of that day, UTC). */
export const isExpired = (endDate: string | null, now: Date) =>
  endDate !== null &&
  Date.parse(endDate.length === 10 ? `${endDate}T23:59:59.999Z` : endDate) < now.getTime();

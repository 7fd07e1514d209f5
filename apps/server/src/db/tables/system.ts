import type { Generated } from 'kysely';

// Accounts, roles, permissions, sessions and the server's own secrets.
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts).

export interface UsersTable {
  id: Generated<number>;
  name: string;
  nick_name: string;
  password_hash: string;
  password_is_default: number;
  user_type: number;
  email: string;
  introduction: string;
  avatar: string;
  end_date: string | null;
  remote_login: number;
  resource_url: string;
  socket_open: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  key: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface PermissionsTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  key: string;
  type: number;
  link_type: number;
  path: string;
  icon: string;
  sort: number;
  created_at: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  ip: string;
  user_agent: string;
}

export interface CaptchasTable {
  id: string;
  code: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** The account that failed; null when the name typed matched none. */
  user_id: number | null;
  /** The normalised spelling typed (what counts when user_id is null). */
  username: string;
  ip: string;
  created_at: string;
}

/** The server's own secrets (the receipt key): one row each, created once. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** An import's check or write running in the background (lib/import-job.ts). */
export interface ImportJobsTable {
  id: Generated<number>;
  /** 'student' | 'question' */
  kind: string;
  /** 'preview' | 'apply' */
  action: string;
  /** The user who started it: nobody else sees it. */
  owner_id: number;
  /** 'check' | 'write' | 'done' | 'failed' */
  phase: string;
  done: number;
  total: number;
  /** JSON: what the import answers, once done. */
  result: string | null;
  /** JSON: { status, key, params, field }, worded in the language of whoever reads it. */
  error: string | null;
  created_at: string;
  /** The heartbeat of a running job; a running job whose heartbeat stopped has failed. */
  updated_at: string;
}

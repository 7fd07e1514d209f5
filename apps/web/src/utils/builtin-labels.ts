import type { RoleKey } from '@kaoshi/shared';
import { PERMISSION_TREE, ROLE_SEEDS, type PermissionSeed } from '@kaoshi/shared';

export type BuiltInRoleKey = (typeof RoleKey)[keyof typeof RoleKey];

const seeds = (nodes: PermissionSeed[]): PermissionSeed[] =>
  nodes.flatMap((node) => [node, ...seeds(node.children ?? [])]);
const PERMISSION_SEEDS = new Map(seeds(PERMISSION_TREE).map((seed) => [seed.key as string, seed]));
// The roles this release seeds (TEACHER, of an earlier release, is an ordinary role now).
const BUILT_IN_ROLE_KEYS: readonly string[] = ROLE_SEEDS.map((seed) => seed.key);

/** Built-in roles can be neither deleted nor re-keyed (the server refuses both). */
export const isBuiltInRole = (key: string): key is BuiltInRoleKey =>
  BUILT_IN_ROLE_KEYS.includes(key);

/**
 * The server stores built-in entries under their Chinese names. While an entry keeps that name,
 * the screens show its translation; a name an administrator chose is shown as it is.
 */
export function seededPermission(key: string, name: string) {
  const seed = PERMISSION_SEEDS.get(key);
  return seed && seed.name === name ? seed.key : undefined;
}

export function seededRole(key: string, name: string): BuiltInRoleKey | undefined {
  return isBuiltInRole(key) && ROLE_SEEDS.some((seed) => seed.key === key && seed.name === name)
    ? key
    : undefined;
}

export function seededRoleDescription(
  key: string,
  description: string,
): BuiltInRoleKey | undefined {
  return isBuiltInRole(key) &&
    ROLE_SEEDS.some((seed) => seed.key === key && seed.description === description)
    ? key
    : undefined;
}

/** User 1, the first administrator: cannot be deleted and stays an administrator. */
export const FIRST_ADMIN_ID = 1;

/** The nickname apps/server/src/db/seed.ts gives the first administrator, in Chinese like the rest. */
const SEEDED_ADMIN_NICKNAME = '管理员';

/** Whether the first administrator still has the nickname the seed gave it. */
export const isSeededAdminNickName = (id: number, nickName: string) =>
  id === FIRST_ADMIN_ID && nickName === SEEDED_ADMIN_NICKNAME;

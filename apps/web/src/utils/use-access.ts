import { RoleKey } from '@kaoshi/shared';
import { useUserStore } from '../stores/user';

/** Whether the signed-in user holds a permission key (SUPER_ADMIN holds every one, docs/spec.md §6). */
export function useHasPermission(key: string) {
  return useUserStore(
    (state) =>
      (state.info?.roles.includes(RoleKey.SUPER_ADMIN) ?? false) || state.permissions.includes(key),
  );
}

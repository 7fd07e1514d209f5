import { Perm, RoleKey } from '@kaoshi/shared';
import { useUserStore } from '../../stores/user';

/**
 * What the statistics screens may offer beyond their own key: the exam list and the make-up
 * action belong to the publishing group (PUBLISHMANAGE and role SUPER, spec §2), the marking
 * list to markers. The server decides again on every call.
 */
export function useAnalysisAccess() {
  return useUserStore((state) => {
    const roles = state.info?.roles ?? [];
    const all = roles.includes(RoleKey.SUPER_ADMIN);
    const has = (key: string) => all || state.permissions.includes(key);
    return {
      publishing: all || (roles.includes(RoleKey.SUPER) && has(Perm.PUBLISH)),
      marking: has(Perm.MARKING),
    };
  });
}

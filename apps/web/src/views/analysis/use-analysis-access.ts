import { Perm, RoleKey } from '@kaoshi/shared';
import { useUserStore } from '../../stores/user';

/**
 * What the statistics screens may offer beyond their own key: the make-up action belongs to the
 * publishing group (PUBLISHMANAGE and role SUPER, docs/spec.md §2). The server decides again.
 */
export function useAnalysisAccess() {
  // One selector per answer: a selector building an object would be a new value on every read.
  const publishing = useUserStore((state) => {
    const roles = state.info?.roles ?? [];
    return (
      roles.includes(RoleKey.SUPER_ADMIN) ||
      (roles.includes(RoleKey.SUPER) && state.permissions.includes(Perm.PUBLISH))
    );
  });
  return { publishing };
}

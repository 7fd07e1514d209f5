import { Perm, RoleKey } from '@kaoshi/shared';
import { useUserStore } from '../../stores/user';

/**
 * What the statistics screens may offer beyond their own key: the exam list and the make-up
 * action belong to the publishing group (PUBLISHMANAGE and role SUPER, spec §2), the marking
 * list to markers. The server decides again on every call.
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
  const marking = useUserStore(
    (state) =>
      (state.info?.roles.includes(RoleKey.SUPER_ADMIN) ?? false) ||
      state.permissions.includes(Perm.MARKING),
  );
  return { publishing, marking };
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isSeededAdminNickName,
  seededPermission,
  seededRole,
  seededRoleDescription,
} from './builtin-labels';

/** Display labels of system data in the current language (see builtin-labels). */
export function useSystemLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      permission: (entry: { key: string; name: string }) => {
        const seeded = seededPermission(entry.key, entry.name);
        return seeded ? t(`system.permissionNames.${seeded}`) : entry.name;
      },
      role: (key: string | undefined, name: string) => {
        const seeded = key === undefined ? undefined : seededRole(key, name);
        return seeded ? t(`system.roleNames.${seeded}`) : name;
      },
      roleDescription: (key: string, description: string) => {
        const seeded = seededRoleDescription(key, description);
        return seeded ? t(`system.roleDescriptions.${seeded}`) : description;
      },
      /** What to call a user: their nickname, else their username. */
      userName: (user: { id: number; name: string; nickName: string }) =>
        isSeededAdminNickName(user.id, user.nickName)
          ? t('system.user.seededAdminNickName')
          : user.nickName || user.name,
    }),
    [t],
  );
}

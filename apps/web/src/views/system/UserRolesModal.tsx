import type { UserView } from '@kaoshi/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindUserRoles } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { RoleSelect } from './RoleSelect';

interface RolesFormValues {
  roleIds: number[];
}

interface UserRolesModalProps extends EntityDialogProps {
  user?: UserView;
}

/** After a user or their roles change: the users table and each role's count of users reload. */
export const reloadUsersAndRoles = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: systemKeys.users }),
    queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
  ]);

export function UserRolesModal({ user, ...dialog }: UserRolesModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useUserStore((state) => state.info);
  const [form] = Form.useForm<RolesFormValues>();
  const chosen = Form.useWatch('roleIds', form);
  const isMe = user !== undefined && user.id === me?.id;

  const bind = useMutation({
    mutationFn: async ({ roleIds }: RolesFormValues) => {
      // Opened by a row's roles action only, so with its user.
      if (user) await bindUserRoles(user.id, roleIds);
    },
    onSuccess: () => reloadUsersAndRoles(queryClient),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t('system.user.rolesTitle', { name: user?.name ?? '' })}
      name="userRoles"
      form={form}
      initialValues={{ roleIds: user?.roleIds ?? [] }}
      save={bind}
      savedMessage={t('system.user.rolesSaved')}
      // docs/spec.md §4: a change of one's own roles reloads user info, regenerates routes, closes tabs.
      onSaved={() => {
        if (isMe) void succeeded(useUserStore.getState().changeRoles());
      }}
    >
      <Form.Item
        name="roleIds"
        label={t('system.user.roles')}
        rules={
          // An empty role list would lock oneself out at once (docs/spec.md §4: roles must be non-empty).
          isMe ? [{ required: true, message: t('system.user.ownRolesRequired') }] : []
        }
      >
        <RoleSelect />
      </Form.Item>
      {!isMe && chosen?.length === 0 && (
        <Alert type="warning" showIcon title={t('system.user.noRolesWarning')} />
      )}
      {isMe && <Alert type="info" showIcon title={t('system.user.ownRolesNote')} />}
    </EntityFormDialog>
  );
}

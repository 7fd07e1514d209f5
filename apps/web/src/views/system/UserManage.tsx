import { KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { RoleKey, USER_TYPES, type UserView } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Grid, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteUser,
  listRoleOptions,
  listUsers,
  resetUserPassword,
  type UserQuery,
} from '../../api/system';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { FIRST_ADMIN_ID } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useListPage } from '../../components/list/use-list-page';
import { UserFormModal } from './UserFormModal';
import { UserRolesModal } from './UserRolesModal';
import { useDialog } from '../../components/list/use-dialog';
import { useSystemLabels } from '../../utils/use-system-labels';

interface UserFilters {
  name?: string;
  nickName?: string;
  userType?: number;
}

type Dialog = { kind: 'form'; user?: UserView } | { kind: 'roles'; user: UserView };

export default function UserManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const codeLabel = useCodeLabel();
  const screens = Grid.useBreakpoint();
  const me = useUserStore((state) => state.info);
  const [filterForm] = Form.useForm<UserFilters>();
  const users = useListPage<UserView, UserQuery>({
    queryKey: systemKeys.users,
    fetchList: listUsers,
  });
  const dialog = useDialog<Dialog>();
  const confirmDelete = useDeleteConfirmation();
  const actionsColumn = useActionsColumn();
  const roleOptions = useQuery({ queryKey: systemKeys.roleOptions, queryFn: listRoleOptions });
  const roleKeys = useMemo(
    () => new Map((roleOptions.data ?? []).map((role) => [role.roleId, role.key])),
    [roleOptions.data],
  );
  const iAmSuperAdmin = me?.roles.includes(RoleKey.SUPER_ADMIN) ?? false;

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: systemKeys.users }),
      // Roles show how many users hold them.
      queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
    ]);
  const removeUser = useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
  const resetPassword = useMutation({ mutationFn: resetUserPassword });

  const askDelete = (user: UserView) =>
    confirmDelete({
      title: t('system.user.deleteTitle'),
      name: user.name,
      remove: () => removeUser.mutateAsync(user.id),
      onDeleted: users.afterDelete,
    });

  const confirmResetPassword = (user: UserView) =>
    modal.confirm({
      title: t('system.user.resetPasswordTitle'),
      content:
        user.id === me?.id
          ? t('system.user.resetOwnPasswordText')
          : t('system.user.resetPasswordText', { name: user.name }),
      okText: t('system.user.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await succeeded(resetPassword.mutateAsync(user.id))) {
          message.success(t('system.user.passwordReset', { name: user.name }));
        }
      },
    });

  /** Why nothing may be done to this user, if so (mirrors the server's rule). */
  const lockedBecause = (user: UserView) =>
    !iAmSuperAdmin && user.roleIds.some((id) => roleKeys.get(id) === RoleKey.SUPER_ADMIN)
      ? t('system.user.superAdminOnly')
      : undefined;

  const deleteBlockedBecause = (user: UserView) => {
    if (user.id === FIRST_ADMIN_ID) return t('system.user.cannotDeleteFirstAdmin');
    if (user.id === me?.id) return t('system.user.cannotDeleteSelf');
    return lockedBecause(user);
  };

  // Four labelled actions would cover the last columns below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;
  const columns: TableColumnsType<UserView> = [
    { title: t('system.user.id'), dataIndex: 'id', width: 72 },
    { title: t('system.user.username'), dataIndex: 'name' },
    { title: t('system.user.nickName'), dataIndex: 'nickName' },
    {
      title: t('system.user.userType'),
      key: 'userType',
      render: (_, user) => codeLabel('userType', user.userType),
    },
    {
      title: t('system.user.roles'),
      key: 'roles',
      render: (_, user) => (
        <Space size={[4, 4]} wrap>
          {user.roleIds.map((id, index) => (
            <Tag key={id} color={roleKeys.get(id) === RoleKey.SUPER_ADMIN ? 'gold' : 'blue'}>
              {labels.role(roleKeys.get(id), user.roleNames[index] ?? '')}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('system.user.email'), dataIndex: 'email' },
    {
      title: t('system.user.endDate'),
      key: 'endDate',
      render: (_, user) =>
        user.endDate ? dayjs(user.endDate).format('YYYY-MM-DD') : t('codes.none'),
    },
    {
      title: t('system.createdAt'),
      key: 'createdAt',
      render: (_, user) => dayjs(user.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    actionsColumn<UserView>((user) => {
      const locked = lockedBecause(user);
      return (
        <>
          <EditAction
            blockedBy={locked}
            compact={compact}
            onClick={() => dialog.show({ kind: 'form', user })}
          />
          <RowAction
            icon={<TeamOutlined />}
            label={t('system.user.roles')}
            blockedBy={locked}
            compact={compact}
            onClick={() => dialog.show({ kind: 'roles', user })}
          />
          <RowAction
            icon={<KeyOutlined />}
            label={t('system.user.resetPassword')}
            blockedBy={locked}
            compact={compact}
            onClick={() => confirmResetPassword(user)}
          />
          <DeleteAction
            blockedBy={deleteBlockedBecause(user)}
            compact={compact}
            onClick={() => askDelete(user)}
          />
        </>
      );
    }),
  ];

  return (
    <ListPage<UserView, UserFilters>
      list={users}
      searchName="userSearch"
      filterForm={filterForm}
      addLabel={t('system.user.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      columns={columns}
      dialogs={
        <>
          <UserFormModal
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            user={dialog.target?.user}
            onClose={dialog.hide}
          />
          <UserRolesModal
            key={`roles-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'roles'}
            user={dialog.target?.user}
            onClose={dialog.hide}
          />
        </>
      }
    >
      <TextFilter name="name" label={t('system.user.username')} />
      <TextFilter name="nickName" label={t('system.user.nickName')} />
      <SelectFilter
        name="userType"
        label={t('system.user.userType')}
        options={USER_TYPES.map((code) => ({
          value: code,
          label: codeLabel('userType', code),
        }))}
      />
    </ListPage>
  );
}

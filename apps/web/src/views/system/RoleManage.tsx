import { SafetyOutlined } from '@ant-design/icons';
import type { RoleView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Grid, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteRole, listRoles, type RoleQuery } from '../../api/system';
import { isBuiltInRole } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { RoleFormModal } from './RoleFormModal';
import { RolePermissionsDrawer } from './RolePermissionsDrawer';
import { TextFilter } from '../../components/list/filters';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useListPage } from '../../components/list/use-list-page';
import { useDialog } from '../../components/list/use-dialog';
import { useSystemLabels } from '../../utils/use-system-labels';

interface RoleFilters {
  name?: string;
  key?: string;
}

type Dialog = { kind: 'form'; role?: RoleView } | { kind: 'permissions'; role: RoleView };

export default function RoleManage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const screens = Grid.useBreakpoint();
  const [filterForm] = Form.useForm<RoleFilters>();
  const roles = useListPage<RoleView, RoleQuery>({
    queryKey: systemKeys.roles,
    fetchList: listRoles,
    rowKey: 'roleId',
  });
  const dialog = useDialog<Dialog>();
  const confirmDelete = useDeleteConfirmation();
  const actionsColumn = useActionsColumn();

  const removeRole = useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
        queryClient.invalidateQueries({ queryKey: systemKeys.roleOptions }),
      ]),
  });

  const askDelete = (role: RoleView) =>
    confirmDelete({
      title: t('system.role.deleteTitle'),
      name: labels.role(role.key, role.name),
      // A refusal (e.g. users still hold the role) is shown by the request layer.
      remove: () => removeRole.mutateAsync(role.roleId),
      onDeleted: roles.afterDelete,
    });

  const compact = !screens.sm;
  const columns: TableColumnsType<RoleView> = [
    { title: t('system.role.id'), dataIndex: 'roleId', width: 72 },
    {
      title: t('system.role.name'),
      key: 'name',
      render: (_, role) => labels.role(role.key, role.name),
    },
    {
      title: t('system.role.key'),
      key: 'key',
      render: (_, role) => (
        <Space size={4}>
          <code>{role.key}</code>
          {isBuiltInRole(role.key) && <Tag color="gold">{t('system.builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('system.role.description'),
      key: 'description',
      // Long descriptions wrap instead of widening the table.
      render: (_, role) => (
        <div style={{ minWidth: 160, maxWidth: 280 }}>
          {labels.roleDescription(role.key, role.description)}
        </div>
      ),
    },
    { title: t('system.role.userCount'), dataIndex: 'userCount', align: 'right' },
    {
      title: t('system.createdAt'),
      key: 'createdAt',
      render: (_, role) => dayjs(role.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    actionsColumn<RoleView>((role) => (
      <>
        <EditAction compact={compact} onClick={() => dialog.show({ kind: 'form', role })} />
        <RowAction
          icon={<SafetyOutlined />}
          label={t('system.role.permissions')}
          compact={compact}
          onClick={() => dialog.show({ kind: 'permissions', role })}
        />
        <DeleteAction
          compact={compact}
          blockedBy={isBuiltInRole(role.key) ? t('system.role.cannotDeleteBuiltIn') : undefined}
          onClick={() => askDelete(role)}
        />
      </>
    )),
  ];

  return (
    <ListPage<RoleView, RoleFilters>
      list={roles}
      searchName="roleSearch"
      filterForm={filterForm}
      addLabel={t('system.role.add')}
      onAdd={() => dialog.show({ kind: 'form' })}
      columns={columns}
      dialogs={
        <>
          <RoleFormModal
            key={`form-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'form'}
            role={dialog.target?.role}
            onClose={dialog.hide}
          />
          <RolePermissionsDrawer
            key={`permissions-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'permissions'}
            role={dialog.target?.role}
            onClose={dialog.hide}
          />
        </>
      }
    >
      <TextFilter name="name" label={t('system.role.name')} />
      <TextFilter name="key" label={t('system.role.key')} />
    </ListPage>
  );
}

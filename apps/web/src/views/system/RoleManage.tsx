import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { RoleView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Grid,
  Input,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteRole, listRoles, type RoleQuery } from '../../api/system';
import { isBuiltInRole } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { RoleFormModal } from './RoleFormModal';
import { RolePermissionsDrawer } from './RolePermissionsDrawer';
import { RowAction } from '../../components/list/RowAction';
import { SearchBar } from '../../components/list/SearchBar';
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
  const { message, modal } = App.useApp();
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

  const removeRole = useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
        queryClient.invalidateQueries({ queryKey: systemKeys.roleOptions }),
      ]),
  });

  const confirmDelete = (role: RoleView) => {
    modal.confirm({
      title: t('system.role.deleteTitle'),
      content: t('common.deleteConfirm', { name: labels.role(role.key, role.name) }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal (e.g. users still hold the role) is shown by the request layer.
      onOk: async () => {
        if (!(await succeeded(removeRole.mutateAsync(role.roleId)))) return;
        message.success(t('common.deleted'));
        roles.afterDelete();
      },
    });
  };

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
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: screens.md ? 'right' : undefined,
      render: (_, role) => (
        <Space size={0}>
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => dialog.show({ kind: 'form', role })}
          />
          <RowAction
            icon={<SafetyOutlined />}
            label={t('system.role.permissions')}
            compact={compact}
            onClick={() => dialog.show({ kind: 'permissions', role })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            blockedBy={isBuiltInRole(role.key) ? t('system.role.cannotDeleteBuiltIn') : undefined}
            onClick={() => confirmDelete(role)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <SearchBar name="roleSearch" form={filterForm} onSearch={roles.search} onReset={roles.reset}>
        <Form.Item name="name" noStyle>
          <Input
            allowClear
            placeholder={t('system.role.name')}
            aria-label={t('system.role.name')}
          />
        </Form.Item>
        <Form.Item name="key" noStyle>
          <Input allowClear placeholder={t('system.role.key')} aria-label={t('system.role.key')} />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => dialog.show({ kind: 'form' })}
        >
          {t('system.role.add')}
        </Button>
      </Space>
      <Table<RoleView> {...roles.tableProps} columns={columns} />
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
    </Card>
  );
}

import {
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { PermissionType, type PermissionView } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Grid, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { deletePermission, listPermissionTree } from '../../api/system';
import { useCodeLabel } from '../../utils/use-code-label';
import { expandableIds } from './permission-tree';
import { PermissionFormModal, type PermissionFormTarget } from './PermissionFormModal';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { RowAction } from '../../components/list/RowAction';
import { useTableLook } from '../../components/list/use-list-page';
import { useDialog } from '../../components/list/use-dialog';
import { useSystemLabels } from '../../utils/use-system-labels';

export default function PermissionManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const codeLabel = useCodeLabel();
  const screens = Grid.useBreakpoint();
  const tableLook = useTableLook(t('common.noData'));
  const dialog = useDialog<PermissionFormTarget>();
  /** Rows the user opened or closed; until then every row is open. */
  const [expanded, setExpanded] = useState<readonly Key[]>();

  const tree = useQuery({ queryKey: systemKeys.permissionTree, queryFn: listPermissionTree });
  const entries = tree.data ?? [];

  const removeEntry = useMutation({
    mutationFn: deletePermission,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.permissionTree }),
        queryClient.invalidateQueries({ queryKey: systemKeys.rolePermissions }),
      ]),
  });

  const confirmDelete = (entry: PermissionView) =>
    modal.confirm({
      title: t('system.permission.deleteTitle'),
      content: t('common.deleteConfirm', { name: labels.permission(entry) }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal (e.g. roles still hold it) is shown by the request layer.
      onOk: async () => {
        if (await succeeded(removeEntry.mutateAsync(entry.id)))
          message.success(t('common.deleted'));
      },
    });

  const deleteBlockedBecause = (entry: PermissionView) => {
    if (entry.builtIn) return t('system.permission.cannotDeleteBuiltIn');
    if ((entry.children?.length ?? 0) > 0) return t('system.permission.hasChildren');
    return undefined;
  };

  // Three labelled actions push the path, icon and order under the fixed actions column below
  // the widest screens (Japanese and Spanish labels are long): icons with tooltips there.
  const compact = !screens.xxl;
  const columns: TableColumnsType<PermissionView> = [
    {
      title: t('system.permission.name'),
      key: 'name',
      // Widths let a long name (es) and header wrap rather than push the order column under the
      // fixed actions column.
      width: 240,
      // Inline, not a flex box: a long name wraps word by word after the tree's expand icon,
      // and the built-in tag follows it onto the next line.
      render: (_, entry) => (
        <>
          {labels.permission(entry)}
          {entry.builtIn && (
            <Tag color="gold" style={{ marginInlineStart: 6 }}>
              {t('system.builtIn')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('system.permission.key'),
      key: 'key',
      render: (_, entry) => <code>{entry.key}</code>,
    },
    {
      title: t('system.permission.type'),
      key: 'type',
      render: (_, entry) => (
        <Tag color={entry.type === PermissionType.BUTTON ? 'purple' : 'blue'}>
          {codeLabel('permissionType', entry.type)}
        </Tag>
      ),
    },
    {
      title: t('system.permission.linkType'),
      key: 'linkType',
      width: 96,
      render: (_, entry) =>
        entry.type === PermissionType.BUTTON
          ? t('codes.none')
          : codeLabel('linkType', entry.linkType),
    },
    { title: t('system.permission.path'), dataIndex: 'path' },
    { title: t('system.permission.icon'), dataIndex: 'icon' },
    { title: t('system.permission.sort'), dataIndex: 'sort', align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: screens.md ? 'right' : undefined,
      render: (_, entry) => (
        <Space size={0}>
          <RowAction
            icon={<PlusSquareOutlined />}
            label={t('system.permission.addChild')}
            compact={compact}
            blockedBy={
              entry.type === PermissionType.BUTTON
                ? t('system.permission.buttonNoChildren')
                : undefined
            }
            onClick={() => dialog.show({ kind: 'add', parentId: entry.id })}
          />
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => dialog.show({ kind: 'edit', entry })}
          />
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            blockedBy={deleteBlockedBecause(entry)}
            onClick={() => confirmDelete(entry)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => dialog.show({ kind: 'add', parentId: 0 })}
        >
          {t('system.permission.add')}
        </Button>
        <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(expandableIds(entries))}>
          {t('system.expandAll')}
        </Button>
        <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])}>
          {t('system.collapseAll')}
        </Button>
      </Space>
      <Table<PermissionView>
        rowKey="id"
        {...tableLook}
        columns={columns}
        dataSource={entries}
        loading={tree.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? expandableIds(entries),
          onExpandedRowsChange: setExpanded,
        }}
      />
      <PermissionFormModal
        key={dialog.key}
        open={dialog.open}
        target={dialog.target}
        tree={entries}
        onClose={dialog.hide}
      />
    </Card>
  );
}

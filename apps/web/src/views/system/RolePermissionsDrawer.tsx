import { PermissionType, RoleKey, type PermissionView, type RoleView } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Grid,
  Space,
  Tag,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindRolePermissions, listPermissionTree, listRolePermissionIds } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { flattenTree, grantedIds, toggleChecked } from './permission-tree';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { useSystemLabels } from '../../utils/use-system-labels';

interface RolePermissionsDrawerProps {
  open: boolean;
  role?: RoleView;
  onClose: () => void;
}

export function RolePermissionsDrawer({ open, role, onClose }: RolePermissionsDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const codeLabel = useCodeLabel();
  const screens = Grid.useBreakpoint();
  const myRoles = useUserStore((state) => state.info?.roles);
  const roleId = role?.roleId;
  // SUPER_ADMIN holds every permission, including later ones; the server refuses to change it.
  const readOnly = role?.key === RoleKey.SUPER_ADMIN;
  /** The user's changes; until the first one, the role's saved permissions are shown. */
  const [edited, setEdited] = useState<number[]>();

  const tree = useQuery({
    queryKey: systemKeys.permissionTree,
    queryFn: listPermissionTree,
    enabled: open,
  });
  const saved = useQuery({
    queryKey: [...systemKeys.rolePermissions, roleId],
    queryFn: () => listRolePermissionIds(roleId ?? 0),
    enabled: open && roleId !== undefined && !readOnly,
  });
  const entries = useMemo(() => tree.data ?? [], [tree.data]);
  const allIds = useMemo(() => flattenTree(entries).map((entry) => entry.id), [entries]);
  const checked = readOnly ? allIds : (edited ?? saved.data ?? []);

  const treeData = useMemo(() => {
    const toNode = (entry: PermissionView): TreeDataNode => ({
      key: entry.id,
      title: (
        <Space size={4} wrap>
          <span>{labels.permission(entry)}</span>
          {entry.type === PermissionType.BUTTON && (
            <Tag>{codeLabel('permissionType', entry.type)}</Tag>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entry.key}
          </Typography.Text>
        </Space>
      ),
      children: entry.children?.map(toNode),
    });
    return entries.map(toNode);
  }, [entries, labels, codeLabel]);

  const bind = useMutation({
    mutationFn: (ids: number[]) => bindRolePermissions(roleId ?? 0, ids),
    // Reopening the drawer shows the saved set at once, not the one from before the save.
    onSuccess: (_, ids) => queryClient.setQueryData([...systemKeys.rolePermissions, roleId], ids),
  });

  const save = async () => {
    if (!role) return;
    if (!(await succeeded(bind.mutateAsync(grantedIds(entries, checked))))) return;
    message.success(t('system.role.permissionsSaved'));
    onClose();
    // docs/spec.md §4: the signed-in user's permissions changed: reload them and the routes.
    if (myRoles?.includes(role.key)) await succeeded(useUserStore.getState().changeRoles());
  };

  const loading = tree.isPending || (!readOnly && saved.isPending);
  // Saving without the role's current permissions would wipe them.
  const failed = tree.isError || (!readOnly && saved.isError);

  return (
    <Drawer
      open={open}
      title={t('system.role.permissionsTitle', {
        name: role ? labels.role(role.key, role.name) : '',
      })}
      size={screens.sm ? 520 : '100%'}
      onClose={onClose}
      loading={open && loading}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t(readOnly ? 'system.close' : 'common.cancel')}</Button>
          {!readOnly && (
            <Button
              type="primary"
              loading={bind.isPending}
              disabled={loading || failed}
              onClick={() => void save()}
            >
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly ? (
        <Alert
          type="info"
          showIcon
          title={t('system.role.superAdminHoldsAll')}
          style={{ marginBottom: 12 }}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('system.role.checkHint')}</Typography.Paragraph>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button size="small" onClick={() => setEdited(allIds)}>
              {t('system.role.checkAll')}
            </Button>
            <Button size="small" onClick={() => setEdited([])}>
              {t('system.role.uncheckAll')}
            </Button>
          </Space>
        </>
      )}
      {treeData.length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          disabled={readOnly}
          treeData={treeData}
          checkedKeys={{ checked, halfChecked: [] }}
          onCheck={(_, info) =>
            setEdited(toggleChecked(entries, checked, Number(info.node.key), info.checked))
          }
        />
      )}
    </Drawer>
  );
}

import {
  LinkType,
  PermissionType,
  type AddPermissionBody,
  type PermissionView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Radio, TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addPermission, updatePermission } from '../../api/system';
import { useCodeLabel } from '../../utils/use-code-label';
import { parentCandidates } from './permission-tree';
import { systemKeys } from './queries';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { SortField, TextField } from '../../components/form/fields';
import { useFieldRules } from '../../components/form/use-field-rules';
import { useSystemLabels } from '../../utils/use-system-labels';

type Flag = 0 | 1;

interface PermissionFormValues {
  parentId: number;
  name: string;
  key: string;
  type: Flag;
  linkType: Flag;
  path?: string;
  icon?: string;
  sort?: number | null;
}

/** What the dialog is for: a new entry (top level when parentId is 0) or an existing one. */
export type PermissionFormTarget =
  { kind: 'add'; parentId: number } | { kind: 'edit'; entry: PermissionView };

/** Mirrors the shared zod schema (packages/shared/src/schemas/permission.ts). */
const PERMISSION_KEY_PATTERN = /^[A-Z][A-Z0-9_-]*$/;
const EXTERNAL_LINK_PATTERN = /^https?:\/\//i;
const ROOT = 0;

const toFormValues = (target: PermissionFormTarget): Partial<PermissionFormValues> =>
  target.kind === 'add'
    ? { parentId: target.parentId, type: PermissionType.MENU, linkType: LinkType.NORMAL, sort: 0 }
    : {
        parentId: target.entry.parentId,
        name: target.entry.name,
        key: target.entry.key,
        type: target.entry.type === PermissionType.BUTTON ? 1 : 0,
        linkType: target.entry.linkType === LinkType.EXTERNAL ? 1 : 0,
        path: target.entry.path,
        icon: target.entry.icon,
        sort: target.entry.sort,
      };

const toBody = (values: PermissionFormValues): AddPermissionBody => {
  const isButton = values.type === PermissionType.BUTTON;
  // A button guards an action inside a page: it has no link, path or icon.
  return {
    parentId: values.parentId,
    name: values.name.trim(),
    key: values.key.trim(),
    type: values.type,
    linkType: isButton ? LinkType.NORMAL : values.linkType,
    path: isButton ? '' : (values.path?.trim() ?? ''),
    icon: isButton ? '' : (values.icon?.trim() ?? ''),
    sort: values.sort ?? 0,
  };
};

interface PermissionFormModalProps extends EntityDialogProps {
  target?: PermissionFormTarget;
  /** The whole permission tree, to choose a parent from. */
  tree: PermissionView[];
}

export function PermissionFormModal({ target, tree, ...dialog }: PermissionFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const codeLabel = useCodeLabel();
  const rules = useFieldRules('system');
  const [form] = Form.useForm<PermissionFormValues>();
  const type = Form.useWatch('type', form);
  const linkType = Form.useWatch('linkType', form);
  const entry = target?.kind === 'edit' ? target.entry : undefined;
  const keyLocked = entry?.builtIn ?? false;
  const hasChildren = (entry?.children?.length ?? 0) > 0;

  const parentOptions = useMemo<TreeSelectProps['treeData']>(() => {
    const toOption = (node: PermissionView): NonNullable<TreeSelectProps['treeData']>[number] => ({
      value: node.id,
      title: labels.permission(node),
      children: node.children?.map(toOption),
    });
    return [
      {
        value: ROOT,
        title: t('system.permission.root'),
        children: parentCandidates(tree, entry?.id).map(toOption),
      },
    ];
  }, [tree, entry?.id, labels, t]);

  const save = useMutation({
    mutationFn: (values: PermissionFormValues) =>
      entry
        ? updatePermission({ id: entry.id, ...toBody(values) }, { quiet: true })
        : addPermission(toBody(values), { quiet: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.permissionTree }),
        queryClient.invalidateQueries({ queryKey: systemKeys.rolePermissions }),
      ]),
  });

  const isButton = type === PermissionType.BUTTON;

  return (
    <EntityFormDialog
      {...dialog}
      title={t(
        entry
          ? 'system.permission.edit'
          : target?.kind === 'add' && target.parentId !== ROOT
            ? 'system.permission.addChild'
            : 'system.permission.add',
      )}
      name="permissionForm"
      form={form}
      // The dialog opens with a target only.
      initialValues={target && toFormValues(target)}
      save={save}
      savedMessage={t(entry ? 'common.saved' : 'system.permission.added')}
      refused="form"
    >
      <Form.Item
        name="parentId"
        label={t('system.permission.parent')}
        rules={[rules.choose(t('system.permission.parent'))]}
      >
        <TreeSelect
          treeData={parentOptions}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
        />
      </Form.Item>
      <TextField
        name="name"
        label={t('system.permission.name')}
        max={50}
        rules={[rules.required(t('system.permission.name')), rules.maxLength(50)]}
      />
      <TextField
        name="key"
        label={t('system.permission.key')}
        extra={keyLocked ? t('system.permission.builtInKeyLocked') : t('system.permission.keyHelp')}
        normalize={(value: string) => value.toUpperCase()}
        max={64}
        disabled={keyLocked}
        rules={[
          rules.required(t('system.permission.key')),
          {
            min: 2,
            max: 64,
            pattern: PERMISSION_KEY_PATTERN,
            message: t('system.rules.permissionKey'),
          },
        ]}
      />
      <Form.Item
        name="type"
        label={t('system.permission.type')}
        extra={hasChildren ? t('system.permission.buttonTypeLocked') : undefined}
      >
        <Radio.Group
          optionType="button"
          options={[
            {
              value: PermissionType.MENU,
              label: codeLabel('permissionType', PermissionType.MENU),
            },
            {
              value: PermissionType.BUTTON,
              label: codeLabel('permissionType', PermissionType.BUTTON),
              disabled: hasChildren,
            },
          ]}
        />
      </Form.Item>
      {!isButton && (
        <>
          <Form.Item name="linkType" label={t('system.permission.linkType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: LinkType.NORMAL, label: codeLabel('linkType', LinkType.NORMAL) },
                { value: LinkType.EXTERNAL, label: codeLabel('linkType', LinkType.EXTERNAL) },
              ]}
            />
          </Form.Item>
          <TextField
            name="path"
            label={t('system.permission.path')}
            extra={t('system.permission.pathHelp')}
            max={200}
            rules={[
              rules.maxLength(200),
              ...(linkType === LinkType.EXTERNAL
                ? [
                    { required: true, message: t('system.rules.externalLink') },
                    { pattern: EXTERNAL_LINK_PATTERN, message: t('system.rules.externalLink') },
                  ]
                : []),
            ]}
          />
          <TextField
            name="icon"
            label={t('system.permission.icon')}
            extra={t('system.permission.iconHelp')}
            max={50}
            rules={[rules.maxLength(50)]}
          />
        </>
      )}
      <SortField label={t('system.permission.sort')} extra={t('system.permission.sortHelp')} />
    </EntityFormDialog>
  );
}

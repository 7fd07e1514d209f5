import {
  LinkType,
  PermissionType,
  type AddPermissionBody,
  type PermissionView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addPermission, updatePermission } from '../../api/system';
import { useCodeLabel } from '../../utils/use-code-label';
import { parentCandidates } from './permission-tree';
import { systemKeys } from './queries';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { useSystemLabels } from '../../utils/use-system-labels';
import { reportSaveError } from '../../utils/server-error';

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

interface PermissionFormModalProps {
  open: boolean;
  target?: PermissionFormTarget;
  /** The whole permission tree, to choose a parent from. */
  tree: PermissionView[];
  onClose: () => void;
}

/** The fields a server refusal may blame (see reportSaveError). */
const PERMISSION_FIELDS = [
  'parentId',
  'name',
  'key',
  'type',
  'linkType',
  'path',
  'icon',
  'sort',
] as const;

export function PermissionFormModal({ open, target, tree, onClose }: PermissionFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useSystemLabels();
  const codeLabel = useCodeLabel();
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
    mutationFn: (body: AddPermissionBody) =>
      entry
        ? updatePermission({ id: entry.id, ...body }, { quiet: true })
        : addPermission(body, { quiet: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.permissionTree }),
        queryClient.invalidateQueries({ queryKey: systemKeys.rolePermissions }),
      ]),
  });

  const submit = async (values: PermissionFormValues) => {
    try {
      await save.mutateAsync(toBody(values));
    } catch (error) {
      reportSaveError(error, form, PERMISSION_FIELDS);
      return;
    }
    message.success(t(entry ? 'common.saved' : 'system.permission.added'));
    onClose();
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field }),
  });
  const maxLength = (max: number) => ({ max, message: t('system.rules.maxLength', { max }) });
  const isButton = type === PermissionType.BUTTON;

  return (
    <Modal
      open={open}
      title={t(
        entry
          ? 'system.permission.edit'
          : target?.kind === 'add' && target.parentId !== ROOT
            ? 'system.permission.addChild'
            : 'system.permission.add',
      )}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && (
        <Form<PermissionFormValues>
          name="permissionForm"
          form={form}
          layout="vertical"
          initialValues={toFormValues(target)}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="parentId"
            label={t('system.permission.parent')}
            rules={[
              {
                required: true,
                message: t('system.rules.choose', { field: t('system.permission.parent') }),
              },
            ]}
          >
            <TreeSelect
              treeData={parentOptions}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('system.permission.name')}
            rules={[required(t('system.permission.name')), maxLength(50)]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="key"
            label={t('system.permission.key')}
            extra={
              keyLocked ? t('system.permission.builtInKeyLocked') : t('system.permission.keyHelp')
            }
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              required(t('system.permission.key')),
              {
                min: 2,
                max: 64,
                pattern: PERMISSION_KEY_PATTERN,
                message: t('system.rules.permissionKey'),
              },
            ]}
          >
            <Input maxLength={64} autoComplete="off" disabled={keyLocked} />
          </Form.Item>
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
              <Form.Item
                name="path"
                label={t('system.permission.path')}
                extra={t('system.permission.pathHelp')}
                rules={[
                  maxLength(200),
                  ...(linkType === LinkType.EXTERNAL
                    ? [
                        { required: true, message: t('system.rules.externalLink') },
                        { pattern: EXTERNAL_LINK_PATTERN, message: t('system.rules.externalLink') },
                      ]
                    : []),
                ]}
              >
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="icon"
                label={t('system.permission.icon')}
                extra={t('system.permission.iconHelp')}
                rules={[maxLength(50)]}
              >
                <Input maxLength={50} autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="sort"
            label={t('system.permission.sort')}
            extra={t('system.permission.sortHelp')}
          >
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

import type { RoleView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRole, updateRole, type RoleInput } from '../../api/system';
import { isBuiltInRole } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { useFormDialog } from '../../components/list/use-form-dialog';
import { reportSaveError } from '../../utils/server-error';

/** Mirrors the shared zod schema (packages/shared/src/schemas/role.ts). */
const ROLE_KEY_PATTERN = /^[A-Z][A-Z0-9_]*$/;

interface RoleFormModalProps {
  open: boolean;
  /** The role to edit; none to add one. */
  role?: RoleView;
  onClose: () => void;
}

/** The fields a server refusal may blame (see reportSaveError). */
const ROLE_FIELDS = ['name', 'key', 'description'] as const;

export function RoleFormModal({ open, role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleInput>();
  const keyLocked = role !== undefined && isBuiltInRole(role.key);

  const save = useMutation({
    mutationFn: (values: RoleInput) => {
      const input = {
        name: values.name.trim(),
        key: values.key.trim(),
        description: values.description?.trim() ?? '',
      };
      return role
        ? updateRole(role.roleId, input, { quiet: true })
        : addRole(input, { quiet: true });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
        queryClient.invalidateQueries({ queryKey: systemKeys.roleOptions }),
        // The users table shows role names.
        queryClient.invalidateQueries({ queryKey: systemKeys.users }),
      ]),
  });

  const dialog = useFormDialog({
    form,
    save,
    savedMessage: t(role ? 'common.saved' : 'system.role.added'),
    onRefused: (error) => reportSaveError(error, form, ROLE_FIELDS),
    onClose,
  });

  return (
    <Modal
      {...dialog.modalProps}
      open={open}
      title={t(role ? 'system.role.edit' : 'system.role.add')}
    >
      <Form<RoleInput>
        name="roleForm"
        form={form}
        layout="vertical"
        initialValues={role && { name: role.name, key: role.key, description: role.description }}
        onFinish={dialog.submit}
      >
        <Form.Item
          name="name"
          label={t('system.role.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('common.required', { field: t('system.role.name') }),
            },
            { max: 50, message: t('system.rules.maxLength', { max: 50 }) },
          ]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('system.role.key')}
          extra={keyLocked ? t('system.role.builtInKeyLocked') : t('system.role.keyHelp')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[
            {
              required: true,
              message: t('common.required', { field: t('system.role.key') }),
            },
            { min: 2, max: 50, pattern: ROLE_KEY_PATTERN, message: t('system.rules.roleKey') },
          ]}
        >
          <Input maxLength={50} autoComplete="off" disabled={keyLocked} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('system.role.description')}
          rules={[{ max: 200, message: t('system.rules.maxLength', { max: 200 }) }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import type { RoleView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRole, updateRole, type RoleInput } from '../../api/system';
import { isBuiltInRole } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { TextAreaField, TextField } from '../../components/form/fields';
import { useFieldRules } from '../../components/form/use-field-rules';

/** Mirrors the shared zod schema (packages/shared/src/schemas/role.ts). */
const ROLE_KEY_PATTERN = /^[A-Z][A-Z0-9_]*$/;

interface RoleFormModalProps extends EntityDialogProps {
  /** The role to edit; none to add one. */
  role?: RoleView;
}

export function RoleFormModal({ role, ...dialog }: RoleFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFieldRules('system');
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

  return (
    <EntityFormDialog
      {...dialog}
      title={t(role ? 'system.role.edit' : 'system.role.add')}
      name="roleForm"
      form={form}
      initialValues={role && { name: role.name, key: role.key, description: role.description }}
      save={save}
      savedMessage={t(role ? 'common.saved' : 'system.role.added')}
      refused="form"
    >
      <TextField
        name="name"
        label={t('system.role.name')}
        max={50}
        rules={[rules.required(t('system.role.name')), rules.maxLength(50)]}
      />
      <TextField
        name="key"
        label={t('system.role.key')}
        extra={keyLocked ? t('system.role.builtInKeyLocked') : t('system.role.keyHelp')}
        normalize={(value: string) => value.toUpperCase()}
        max={50}
        disabled={keyLocked}
        rules={[
          {
            required: true,
            message: t('common.required', { field: t('system.role.key') }),
          },
          { min: 2, max: 50, pattern: ROLE_KEY_PATTERN, message: t('system.rules.roleKey') },
        ]}
      />
      <TextAreaField
        name="description"
        label={t('system.role.description')}
        max={200}
        maxRows={5}
        rules={[rules.maxLength(200)]}
      />
    </EntityFormDialog>
  );
}

import { RoleKey, USER_TYPES, UserType, type UserView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addUser, bindUserRoles, updateUser, type UserInput } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { FIRST_ADMIN_ID } from '../../utils/builtin-labels';
import { succeeded } from '../../utils/succeeded';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { SwitchField, TextAreaField, TextField } from '../../components/form/fields';
import { useFieldRules } from '../../components/form/use-field-rules';
import { RoleSelect } from './RoleSelect';
import { reloadUsersAndRoles } from './UserRolesModal';
import { userTypeOffered } from './user-type-choice';

interface UserFormValues {
  name: string;
  nickName: string;
  userType: number;
  email?: string;
  endDate?: Dayjs | null;
  introduction?: string;
  remoteLogin: boolean;
  /** Only when adding: roles to bind right after (a user without roles cannot sign in). */
  roleIds?: number[];
}

/** Mirrors the shared zod schema (packages/shared/src/schemas/user.ts). */
const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

const toFormValues = (user: UserView | undefined): Partial<UserFormValues> =>
  user
    ? {
        name: user.name,
        nickName: user.nickName,
        userType: user.userType,
        email: user.email,
        endDate: user.endDate ? dayjs(user.endDate) : null,
        introduction: user.introduction,
        remoteLogin: user.remoteLogin === 1,
      }
    : // Staff accounts are made here; students get theirs from student management.
      { userType: UserType.TEACHER, remoteLogin: true, roleIds: [] };

const toInput = (values: UserFormValues): UserInput => ({
  name: values.name.trim(),
  nickName: values.nickName.trim(),
  userType: values.userType,
  email: values.email?.trim() ?? '',
  introduction: values.introduction ?? '',
  endDate: values.endDate ? values.endDate.format('YYYY-MM-DD') : null,
  remoteLogin: values.remoteLogin ? 1 : 0,
});

interface UserFormModalProps extends EntityDialogProps {
  /** The user to edit; none to add one. */
  user?: UserView;
}

export function UserFormModal({ user, ...dialog }: UserFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const myId = useUserStore((state) => state.info?.id);
  const rules = useFieldRules('system');
  const [form] = Form.useForm<UserFormValues>();
  const roleIds = Form.useWatch('roleIds', form);
  const isFirstAdmin = user?.id === FIRST_ADMIN_ID;
  const iAmSuperAdmin = useUserStore(
    (state) => state.info?.roles.includes(RoleKey.SUPER_ADMIN) ?? false,
  );

  const save = useMutation({
    mutationFn: async (values: UserFormValues) => {
      if (user) return updateUser(user.id, toInput(values), { quiet: true });
      const { id } = await addUser(toInput(values), { quiet: true });
      const chosenRoles = values.roleIds ?? [];
      // The user exists even if binding fails (its message is shown): the dialog closes anyway and
      // the roles can be bound from the table.
      if (chosenRoles.length > 0) await succeeded(bindUserRoles(id, chosenRoles));
    },
    onSuccess: () => reloadUsersAndRoles(queryClient),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(user ? 'system.user.edit' : 'system.user.add')}
      name="userForm"
      form={form}
      initialValues={toFormValues(user)}
      save={save}
      savedMessage={t(user ? 'common.saved' : 'system.user.added')}
      refused="form"
      onSaved={() => {
        // The navbar shows the signed-in user's nickname: refresh it after editing oneself.
        if (user && user.id === myId) void succeeded(useUserStore.getState().getInfo());
      }}
    >
      {!user && (
        <Alert
          type="info"
          showIcon
          title={t('system.user.defaultPasswordNote')}
          style={{ marginBottom: 16 }}
        />
      )}
      <TextField
        name="name"
        label={t('system.user.username')}
        max={64}
        rules={[
          rules.required(t('system.user.username')),
          { min: 2, max: 64, pattern: USERNAME_PATTERN, message: t('system.rules.username') },
        ]}
      />
      <TextField
        name="nickName"
        label={t('system.user.nickName')}
        max={50}
        rules={[rules.required(t('system.user.nickName')), rules.maxLength(50)]}
      />
      <Form.Item
        name="userType"
        label={t('system.user.userType')}
        rules={[rules.choose(t('system.user.userType'))]}
        extra={isFirstAdmin ? t('system.user.firstAdminType') : undefined}
      >
        <Select
          disabled={isFirstAdmin}
          options={USER_TYPES.map((code) => ({
            value: code,
            label: codeLabel('userType', code),
            disabled: !userTypeOffered(code, iAmSuperAdmin, user?.userType),
          }))}
        />
      </Form.Item>
      {!user && (
        <>
          <Form.Item name="roleIds" label={t('system.user.roles')}>
            <RoleSelect />
          </Form.Item>
          {roleIds?.length === 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('system.user.noRolesWarning')}
              style={{ marginTop: -8, marginBottom: 16 }}
            />
          )}
        </>
      )}
      <TextField
        name="email"
        label={t('system.user.email')}
        type="email"
        max={100}
        rules={[{ type: 'email', message: t('system.rules.email') }, rules.maxLength(100)]}
      />
      <Form.Item
        name="endDate"
        label={t('system.user.endDate')}
        extra={t('system.user.endDateHelp')}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <TextAreaField
        name="introduction"
        label={t('system.user.introduction')}
        max={500}
        rules={[rules.maxLength(500)]}
      />
      <SwitchField
        name="remoteLogin"
        label={t('system.user.remoteLogin')}
        extra={t('system.user.remoteLoginHelp')}
      />
    </EntityFormDialog>
  );
}

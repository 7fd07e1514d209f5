import { RoleKey, USER_TYPES, UserType, type UserView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addUser, bindUserRoles, updateUser, type UserInput } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { FIRST_ADMIN_ID } from '../../utils/builtin-labels';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { RoleSelect } from './RoleSelect';
import { userTypeOffered } from './user-type-choice';
import { reportSaveError } from '../../utils/server-error';

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

interface UserFormModalProps {
  open: boolean;
  /** The user to edit; none to add one. */
  user?: UserView;
  onClose: () => void;
}

/** The fields a server refusal may blame (see reportSaveError). */
const USER_FIELDS = [
  'name',
  'nickName',
  'userType',
  'email',
  'endDate',
  'introduction',
  'roleIds',
] as const;

export function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const myId = useUserStore((state) => state.info?.id);
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.users }),
        queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
      ]),
  });

  const submit = async (values: UserFormValues) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      reportSaveError(error, form, USER_FIELDS);
      return;
    }
    message.success(t(user ? 'common.saved' : 'system.user.added'));
    // The navbar shows the signed-in user's nickname: refresh it after editing oneself.
    if (user && user.id === myId) void succeeded(useUserStore.getState().getInfo());
    onClose();
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field }),
  });
  const maxLength = (max: number) => ({ max, message: t('system.rules.maxLength', { max }) });

  return (
    <Modal
      open={open}
      title={t(user ? 'system.user.edit' : 'system.user.add')}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<UserFormValues>
        name="userForm"
        form={form}
        layout="vertical"
        initialValues={toFormValues(user)}
        onFinish={(values) => void submit(values)}
      >
        {!user && (
          <Alert
            type="info"
            showIcon
            title={t('system.user.defaultPasswordNote')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          name="name"
          label={t('system.user.username')}
          rules={[
            required(t('system.user.username')),
            { min: 2, max: 64, pattern: USERNAME_PATTERN, message: t('system.rules.username') },
          ]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nickName"
          label={t('system.user.nickName')}
          rules={[required(t('system.user.nickName')), maxLength(50)]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="userType"
          label={t('system.user.userType')}
          rules={[
            {
              required: true,
              message: t('system.rules.choose', { field: t('system.user.userType') }),
            },
          ]}
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
        <Form.Item
          name="email"
          label={t('system.user.email')}
          rules={[{ type: 'email', message: t('system.rules.email') }, maxLength(100)]}
        >
          <Input type="email" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('system.user.endDate')}
          extra={t('system.user.endDateHelp')}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="introduction"
          label={t('system.user.introduction')}
          rules={[maxLength(500)]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="remoteLogin"
          label={t('system.user.remoteLogin')}
          extra={t('system.user.remoteLoginHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

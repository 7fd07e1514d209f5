import type { UserView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindUserRoles } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { systemKeys } from './queries';
import { succeeded } from '../../utils/succeeded';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { RoleSelect } from './RoleSelect';

interface RolesFormValues {
  roleIds: number[];
}

interface UserRolesModalProps {
  open: boolean;
  user?: UserView;
  onClose: () => void;
}

export function UserRolesModal({ open, user, onClose }: UserRolesModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useUserStore((state) => state.info);
  const [form] = Form.useForm<RolesFormValues>();
  const chosen = Form.useWatch('roleIds', form);
  const isMe = user !== undefined && user.id === me?.id;

  const bind = useMutation({
    mutationFn: ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
      bindUserRoles(userId, roleIds),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.users }),
        queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
      ]),
  });

  const submit = async ({ roleIds }: RolesFormValues) => {
    if (!user) return;
    if (!(await succeeded(bind.mutateAsync({ userId: user.id, roleIds })))) return;
    message.success(t('system.user.rolesSaved'));
    onClose();
    // docs/spec.md §4: a change of one's own roles reloads user info, regenerates routes, closes tabs.
    if (isMe) await succeeded(useUserStore.getState().changeRoles());
  };

  return (
    <Modal
      open={open}
      title={t('system.user.rolesTitle', { name: user?.name ?? '' })}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={bind.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RolesFormValues>
        name="userRoles"
        form={form}
        layout="vertical"
        initialValues={{ roleIds: user?.roleIds ?? [] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="roleIds"
          label={t('system.user.roles')}
          rules={
            // An empty role list would lock oneself out at once (docs/spec.md §4: roles must be non-empty).
            isMe ? [{ required: true, message: t('system.user.ownRolesRequired') }] : []
          }
        >
          <RoleSelect />
        </Form.Item>
        {!isMe && chosen?.length === 0 && (
          <Alert type="warning" showIcon title={t('system.user.noRolesWarning')} />
        )}
        {isMe && <Alert type="info" showIcon title={t('system.user.ownRolesNote')} />}
      </Form>
    </Modal>
  );
}

import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeOwnPassword } from '../api/auth';
import type { LoginState } from '../router/types';
import { useUserStore } from '../stores/user';
import { toastSuccess } from '../utils/feedback';

const MIN_PASSWORD_LENGTH = 6;
const SUCCESS_TOAST_MS = 4000;

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The change of one's own password (docs/spec.md §7 updatePass): on the profile page, and the whole
 * screen for a student who must replace their initial password. The server ends every session
 * of the user, so it leads to the sign-in page.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserStore((state) => state.info);
  const [form] = Form.useForm<PasswordForm>();
  const [submitting, setSubmitting] = useState(false);

  if (!info) return null;

  const submit = async ({ oldPassword, newPassword }: PasswordForm) => {
    setSubmitting(true);
    try {
      await changeOwnPassword(oldPassword, newPassword);
    } catch {
      // The request layer has already shown the server's message (e.g. a wrong current password).
      setSubmitting(false);
      return;
    }
    toastSuccess(t('profile.password.success'), SUCCESS_TOAST_MS);
    const handOver: LoginState = { passwordChanged: true, userType: info.userType };
    // Leave first: this page reads the user being cleared. The server has ended every session of
    // this user already, so logout()'s own call would answer 10000 and reload: forget it here.
    navigate('/login?redirect=/dashboard', { replace: true, state: handOver });
    useUserStore.getState().forgetSession();
  };

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      data-testid="profile-password-form"
    >
      <Form.Item
        name="oldPassword"
        label={t('profile.password.old')}
        rules={[{ required: true, message: t('profile.password.oldRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.password.new')}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: t('profile.password.newRequired') },
          {
            min: MIN_PASSWORD_LENGTH,
            message: t('profile.password.newTooShort', { min: MIN_PASSWORD_LENGTH }),
          },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === getFieldValue('oldPassword')
                ? Promise.reject(new Error(t('profile.password.newSameAsOld')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('profile.password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('profile.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.password.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('profile.password.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

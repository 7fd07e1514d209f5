import { LockOutlined } from '@ant-design/icons';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeOwnPassword } from '../../api/auth';
import type { LoginState } from '../../router/types';
import { useUserStore } from '../../stores/user';
import { toastSuccess } from '../../utils/feedback';
import { useCodeLabel } from '../../utils/use-code-label';
import { useSystemLabels } from '../../utils/use-system-labels';

const MIN_PASSWORD_LENGTH = 6;
const SUCCESS_TOAST_MS = 4000;

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec §2's hidden /profile/index: the signed-in user and the change of their own password. */
export default function Profile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const codeLabel = useCodeLabel();
  const info = useUserStore((state) => state.info);
  const labels = useSystemLabels();
  const [form] = Form.useForm<PasswordForm>();
  const [submitting, setSubmitting] = useState(false);

  if (!info) return null;

  const orEmpty = (value: string | null | undefined) => value || t('profile.empty');

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
    <div className="profile" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {info.passwordIsDefault && (
        <Alert
          type="warning"
          showIcon
          title={t('profile.defaultPassword.title')}
          description={t('profile.defaultPassword.text')}
          data-testid="profile-default-password"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('profile.account')}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
              <Avatar size={64} src={info.avatar || undefined}>
                {(info.nickName || info.name).slice(0, 1).toUpperCase()}
              </Avatar>
              <div>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {info.nickName || info.name}
                </Typography.Title>
                <Typography.Text type="secondary">{info.name}</Typography.Text>
              </div>
            </div>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: t('profile.username'), children: info.name },
                { key: 'nickName', label: t('profile.nickName'), children: orEmpty(info.nickName) },
                { key: 'email', label: t('profile.email'), children: orEmpty(info.email) },
                {
                  key: 'userType',
                  label: t('profile.userType'),
                  children: codeLabel('userType', info.userType),
                },
                {
                  key: 'roles',
                  label: t('profile.roles'),
                  children: info.roleNames.length
                    ? info.roleNames.map((role, index) => (
                        <Tag key={role}>{labels.role(info.roles[index], role)}</Tag>
                      ))
                    : t('profile.empty'),
                },
                ...(info.className
                  ? [{ key: 'className', label: t('profile.className'), children: info.className }]
                  : []),
                ...(info.departmentName
                  ? [
                      {
                        key: 'departmentName',
                        label: t('profile.departmentName'),
                        children: info.departmentName,
                      },
                    ]
                  : []),
                ...(info.endDate
                  ? [
                      {
                        key: 'endDate',
                        label: t('profile.endDate'),
                        children: dayjs(info.endDate).format('YYYY-MM-DD'),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('profile.password.title')}>
            <Typography.Paragraph type="secondary">
              {t('profile.password.hint')}
            </Typography.Paragraph>
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
          </Card>
        </Col>
      </Row>
    </div>
  );
}

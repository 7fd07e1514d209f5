import { Alert, Avatar, Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { useCodeLabel } from '../../utils/use-code-label';
import { useSystemLabels } from '../../utils/use-system-labels';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';

/** docs/spec.md §2's hidden /profile/index: the signed-in user and the change of their own password. */
export default function Profile() {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const info = useUserStore((state) => state.info);
  const labels = useSystemLabels();

  if (!info) return null;

  const orEmpty = (value: string | null | undefined) => value || t('profile.empty');

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
            <PasswordChangeForm />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

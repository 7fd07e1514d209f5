import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppProviders } from '../../components/AppProviders';

export default function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AppProviders>
      <Result
        status="403"
        title={t('errorPage.unauthorizedTitle')}
        subTitle={t('errorPage.unauthorizedText')}
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              {t('common.backHome')}
            </Button>
          </Space>
        }
      />
    </AppProviders>
  );
}

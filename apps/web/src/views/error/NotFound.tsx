import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppProviders } from '../../components/AppProviders';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AppProviders>
      <Result
        status="404"
        title={t('errorPage.notFoundTitle')}
        subTitle={t('errorPage.notFoundText')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </AppProviders>
  );
}

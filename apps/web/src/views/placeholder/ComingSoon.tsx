import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../router/use-current-route';

/** Stands in for a module a later release builds: says so plainly, stores nothing. */
export default function ComingSoon() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const title = current?.route.meta?.title ?? 'noName';
  return (
    <Card>
      <Result
        status="info"
        title={t(`route.${title}`)}
        subTitle={
          <>
            <strong>{t('dashboard.comingSoonTitle')}</strong>
            <br />
            {t('dashboard.comingSoonText')}
          </>
        }
      />
    </Card>
  );
}

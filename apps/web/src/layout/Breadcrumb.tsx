import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentRoute } from '../router/use-current-route';

/** Dashboard › group › page, from the one route table. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  if (!current) return null;
  const { route, parent } = current;
  const items = [];
  if (route.path !== '/dashboard')
    items.push({ title: <Link to="/dashboard">{t('route.dashboard')}</Link> });
  if (parent?.meta) items.push({ title: t(`route.${parent.meta.title}`) });
  if (route.meta) items.push({ title: t(`route.${route.meta.title}`) });
  return <AntBreadcrumb className="app-breadcrumb" items={items} />;
}

import { Card, Col, Empty, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { usePermissionStore } from '../../stores/permission';
import { useUserStore } from '../../stores/user';
import type { AppRoute } from '../../router/types';
import { useSystemLabels } from '../../utils/use-system-labels';
import { DashboardFigures } from './DashboardFigures';
import './dashboard.css';

/** Pages the user can open from the menu, each with the icon of its group. */
function shortcuts(routes: readonly AppRoute[]) {
  return routes.flatMap((route) => {
    if (route.hidden || route.path === '/dashboard') return [];
    if (route.component) return [{ route, icon: route.meta?.icon }];
    return (route.children ?? [])
      .filter((child) => !child.hidden && child.component)
      .map((child) => ({ route: child, icon: route.meta?.icon }));
  });
}

export default function Dashboard() {
  const { t } = useTranslation();
  const info = useUserStore((state) => state.info);
  const labels = useSystemLabels();
  const routes = usePermissionStore((state) => state.addRoutes);
  const hour = dayjs().hour();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const links = shortcuts(routes);

  return (
    <div className="dashboard">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t(`dashboard.greeting.${part}`, { name: info ? labels.userName(info) : '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('dashboard.roles', {
            roles: (info?.roleNames ?? [])
              .map((name, i) => labels.role(info?.roles[i], name))
              .join(' · '),
          })}
        </Typography.Text>
      </Card>
      <DashboardFigures />
      <Typography.Title level={5}>{t('dashboard.shortcuts')}</Typography.Title>
      {links.length === 0 ? (
        <Card>
          <Empty description={t('dashboard.noShortcuts')} />
        </Card>
      ) : (
        <Row gutter={[12, 12]}>
          {links.map(({ route, icon }) => (
            <Col key={route.path} xs={12} sm={8} md={6} xl={4}>
              <Link to={route.path}>
                <Card hoverable size="small" className="dashboard-shortcut">
                  <MenuIcon name={icon} />
                  <span>{t(`route.${route.meta?.title ?? 'noName'}`)}</span>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

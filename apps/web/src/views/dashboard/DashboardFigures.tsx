import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Perm } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getDashboard } from '../../api/dashboard';
import { useHasPermission } from '../../utils/use-access';
import { certificatesPath } from '../../components/analysis/certificate-paths';
import { useServerNow } from '../../components/attempt/my-exams-clock';
import { clockOffset } from '../../components/attempt/my-exams-time';
import { AdminFigures } from './AdminFigures';
import { StudentFigures } from './StudentFigures';
import { TeacherFigures } from './TeacherFigures';

const PATH = '/dashboard';

/** The figures with the offset between this browser's clock and the server's when they came. */
async function fetchDashboard() {
  const sentAt = Date.now();
  const view = await getDashboard({ quiet: true });
  return { ...view, offset: clockOffset(view.serverTime, sentAt, Date.now()) };
}

/**
 * The dashboard's figures for the signed-in user's role (the server decides which): an
 * administrator's, a teacher's or a student's. Fetched again whenever the tab comes back.
 */
export function DashboardFigures() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The dashboard is a fixed tab: it stays mounted, hidden, while another page shows.
  const active = pathname === PATH;
  const staff = useHasPermission(Perm.ANALYSIS);
  const query = useQuery({ queryKey: ['analysis', 'dashboard'], queryFn: fetchDashboard });
  const { data, refetch } = query;
  const counting = active && (data?.student?.upcoming.length ?? 0) > 0;
  const now = useServerNow(data?.offset ?? 0, counting);

  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void refetch();
    wasActive.current = active;
  }, [active, refetch]);

  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('dashboard.figures.loadFailed')}
        description={query.error.message}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
            {t('dashboard.figures.retry')}
          </Button>
        }
      />
    );
  }
  if (!data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16} className="dashboard-figures" data-role={data.role}>
      {data.admin && <AdminFigures admin={data.admin} />}
      {data.teacher && <TeacherFigures teacher={data.teacher} now={now} />}
      {data.student && <StudentFigures student={data.student} now={now} />}
      {staff && data.role !== 'student' && (
        <Link to={certificatesPath()} className="dashboard-certificates-link">
          <SafetyCertificateOutlined /> {t('dashboard.figures.certificates')}
        </Link>
      )}
    </Flex>
  );
}

import { formatNumber, type DashboardView } from '@kaoshi/shared';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../utils/use-code-label';
import { asPercent, passRateTotals } from './dashboard-format';
import { PassRateChart } from './PassRateChart';

/** An administrator's figures: students, questions by review state, exams, 30-day pass rate. */
export function AdminFigures({ admin }: { admin: NonNullable<DashboardView['admin']> }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const questions = admin.questionsByState.reduce((sum, row) => sum + row.count, 0);
  const totals = passRateTotals(admin.passRate);
  const counts = [
    { key: 'students', title: t('dashboard.admin.students'), value: admin.students },
    { key: 'questions', title: t('dashboard.admin.questions'), value: questions },
    { key: 'today', title: t('dashboard.admin.examsToday'), value: admin.exams.today },
    { key: 'running', title: t('dashboard.admin.examsRunning'), value: admin.exams.running },
    { key: 'upcoming', title: t('dashboard.admin.examsUpcoming'), value: admin.exams.upcoming },
  ];
  return (
    <Flex vertical gap={16} className="dashboard-admin">
      <div className="dashboard-counts">
        {counts.map((count) => (
          <Card key={count.key} size="small" data-figure={count.key}>
            {/* Spec §9's units (12.3k); the exact count in the tooltip. */}
            <Tooltip title={count.value.toLocaleString()}>
              <Statistic title={count.title} value={formatNumber(count.value)} />
            </Tooltip>
          </Card>
        ))}
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card size="small" title={t('dashboard.admin.passRate')} className="dashboard-pass-rate">
            {totals.sat === 0 ? (
              <Empty description={t('dashboard.admin.noSittings')} />
            ) : (
              <>
                <Typography.Text type="secondary" className="dashboard-pass-summary">
                  {t('dashboard.admin.passRateSummary', {
                    passed: totals.passed,
                    sat: totals.sat,
                    rate: asPercent(totals.rate) ?? 0,
                  })}
                </Typography.Text>
                <PassRateChart days={admin.passRate} />
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            size="small"
            title={t('dashboard.admin.questionsByState')}
            className="dashboard-question-states"
          >
            <ul className="dashboard-bars">
              {admin.questionsByState.map((row) => (
                <li key={row.state} data-state={row.state}>
                  <span>{codeLabel('auditStatus', row.state)}</span>
                  <Progress
                    percent={questions > 0 ? (row.count / questions) * 100 : 0}
                    format={() => row.count}
                    size="small"
                    aria-label={codeLabel('auditStatus', row.state)}
                  />
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

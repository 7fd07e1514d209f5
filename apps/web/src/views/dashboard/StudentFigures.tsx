import { ClockCircleOutlined } from '@ant-design/icons';
import type { DashboardView } from '@kaoshi/shared';
import { Button, Card, Col, Empty, Flex, List, Row, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CertificateCard, useMyCertificates } from '../../components/analysis/CertificateCard';
import { examResultPath, MY_EXAMS_PATH } from '../../components/attempt/exam-paths';
import { useCountdownText } from '../../components/attempt/use-countdown-text';
import { localWindow } from '../../components/attempt/my-exams-time';
import { msUntil } from './dashboard-format';

/** A student's upcoming exams counting down to the server's opening, results and certificates. */
export function StudentFigures({
  student,
  now,
}: {
  student: NonNullable<DashboardView['student']>;
  /** The server's time now (ms), ticking. */
  now: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countdownText = useCountdownText();
  const certificates = useMyCertificates();
  const toMyExams = (
    <Button size="small" onClick={() => void navigate(MY_EXAMS_PATH)}>
      {t('dashboard.student.toMyExams')}
    </Button>
  );
  return (
    <Row gutter={[16, 16]} className="dashboard-student">
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={t('dashboard.student.upcoming')}
          extra={toMyExams}
          className="dashboard-upcoming"
        >
          {student.upcoming.length === 0 ? (
            <Empty description={t('dashboard.student.noUpcoming')} />
          ) : (
            <List
              dataSource={student.upcoming}
              renderItem={(exam) => {
                const left = msUntil(exam.startAt, now);
                return (
                  <List.Item key={exam.examId} data-exam={exam.examId}>
                    <List.Item.Meta
                      title={exam.name}
                      description={
                        <>
                          {localWindow(exam.startAt, exam.endAt)}
                          {' · '}
                          {t('dashboard.student.duration', { minutes: exam.durationMinutes })}
                        </>
                      }
                    />
                    {left > 0 ? (
                      <Flex gap={4} align="center" className="dashboard-countdown">
                        <ClockCircleOutlined aria-hidden />
                        <span>{t('dashboard.student.opensIn', { time: countdownText(left) })}</span>
                      </Flex>
                    ) : (
                      <Tag color="green" className="dashboard-open-now">
                        {t('dashboard.student.openNow')}
                      </Tag>
                    )}
                  </List.Item>
                );
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dashboard.student.results')} className="dashboard-results">
          {student.results.length === 0 ? (
            <Empty description={t('dashboard.student.noResults')} />
          ) : (
            <List
              dataSource={student.results}
              renderItem={(result) => (
                <List.Item key={result.examId} data-exam={result.examId}>
                  <List.Item.Meta
                    title={
                      result.attemptId === null ? (
                        result.name
                      ) : (
                        <Link to={examResultPath(result.attemptId)}>{result.name}</Link>
                      )
                    }
                    description={t('dashboard.student.releasedAt', {
                      date: dayjs(result.releasedAt).format('YYYY-MM-DD'),
                    })}
                  />
                  <Flex gap={8} align="center" wrap={false}>
                    <Typography.Text strong className="dashboard-result-score">
                      {t('dashboard.student.score', { score: result.score, total: result.total })}
                    </Typography.Text>
                    <Tag color={result.passed ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
                      {t(result.passed ? 'dashboard.student.passed' : 'dashboard.student.failed')}
                    </Tag>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      {certificates.data && certificates.data.length > 0 && (
        <Col xs={24}>
          <Card
            size="small"
            title={t('dashboard.student.certificates')}
            className="dashboard-certificates"
          >
            <Flex vertical gap={8}>
              {certificates.data.map((certificate) => (
                <CertificateCard key={certificate.id} certificate={certificate} showExam />
              ))}
            </Flex>
          </Card>
        </Col>
      )}
    </Row>
  );
}

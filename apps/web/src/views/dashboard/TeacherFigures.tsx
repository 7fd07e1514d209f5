import type { CertLevel, DashboardView } from '@kaoshi/shared';
import { Button, Card, Col, Empty, List, Progress, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLevelLabel } from '../../components/structure';
import { localTime } from '../../components/exam/exam-format';
import { markingExamPath, percent } from '../../components/marking/marking-format';

/** A teacher's batches and the exams they mark, with how far marking has come. */
export function TeacherFigures({
  teacher,
  now,
}: {
  teacher: NonNullable<DashboardView['teacher']>;
  /** The server's time (ms): whether an exam has closed. */
  now: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const levelLabel = useLevelLabel();
  return (
    <Row gutter={[16, 16]} className="dashboard-teacher">
      <Col xs={24} lg={14}>
        <Card size="small" title={t('dashboard.teacher.marking')} className="dashboard-marking">
          {teacher.marking.length === 0 ? (
            <Empty description={t('dashboard.teacher.noMarking')} />
          ) : (
            <List
              dataSource={teacher.marking}
              renderItem={(exam) => (
                <List.Item
                  key={exam.examId}
                  data-exam={exam.examId}
                  actions={[
                    <Button
                      key="open"
                      size="small"
                      onClick={() => void navigate(markingExamPath(exam.examId))}
                    >
                      {t('dashboard.teacher.open')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={exam.name}
                    description={
                      <>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t(
                            Date.parse(exam.endAt) <= now
                              ? 'dashboard.teacher.closed'
                              : 'dashboard.teacher.closes',
                            { time: localTime(exam.endAt) },
                          )}
                          {' · '}
                          {t('dashboard.teacher.mine', { count: exam.mine })}
                        </Typography.Text>
                        <Progress
                          percent={percent(exam.finalized, exam.answers)}
                          format={() =>
                            t('dashboard.teacher.progressText', {
                              done: exam.finalized,
                              total: exam.answers,
                            })
                          }
                          aria-label={t('dashboard.teacher.progress')}
                        />
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('dashboard.teacher.batches')} className="dashboard-batches">
          {teacher.batches.length === 0 ? (
            <Empty description={t('dashboard.teacher.noBatches')} />
          ) : (
            <List
              size="small"
              dataSource={teacher.batches}
              renderItem={(batch) => (
                <List.Item key={batch.id} data-batch={batch.id}>
                  <span>
                    {batch.name}{' '}
                    <Typography.Text type="secondary">
                      {levelLabel(batch.level as CertLevel)}
                    </Typography.Text>
                  </span>
                  <span>{t('dashboard.teacher.students', { count: batch.students })}</span>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

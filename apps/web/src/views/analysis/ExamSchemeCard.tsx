import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  Perm,
  type CertificationComponentAnalysis,
  type ExamCertificationView,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getExamCertificationAnalysis } from '../../api/certification';
import { formatRate } from '../../components/analysis/statistics-format';
import { useLevelLabel } from '../../components/structure';
import { useUserStore } from '../../stores/user';

const STATUS_COLOR = { certified: '#389e0d', failed: '#cf1322', pending: '#d48806' } as const;

/**
 * Where the certification statistics are read (docs/features/skills.md): the score analysts'
 * menu, else the skills menu; none for who holds neither key.
 */
function useCertificationPath(view: ExamCertificationView, classId: number | undefined) {
  const path = useUserStore((state) =>
    state.permissions.includes(Perm.ANALYSIS)
      ? '/examAnalysis/certification'
      : state.permissions.includes(Perm.SKILLS_MANAGE)
        ? '/skills/certification'
        : null,
  );
  if (path === null || view.subjectId === null || view.level === null) return null;
  const search = new URLSearchParams({
    subjectId: String(view.subjectId),
    level: String(view.level),
    ...(classId === undefined ? {} : { classId: String(classId) }),
  });
  return `${path}?${search}`;
}

/**
 * A theory exam published for a certification scheme (issue 26 §4): the scheme, this exam's
 * component's pass rate and the other components' for the same candidates (each one's best
 * valid result), the status counts, and the way to the certification statistics. Nothing for
 * an exam without a scheme.
 */
export function ExamSchemeCard({ examId, classId }: { examId: number; classId?: number }) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const analysis = useQuery({
    queryKey: ['certification', 'examAnalysis', examId, classId],
    queryFn: () => getExamCertificationAnalysis({ examId, classId }),
  });
  const view = analysis.data;
  const path = useCertificationPath(
    view ?? {
      schemeId: null,
      componentId: null,
      subjectId: null,
      subjectName: null,
      level: null,
      scheme: null,
    },
    classId,
  );
  if (!view || view.schemeId === null || view.level === null) return null;
  const scheme = view.scheme;
  const name = `${view.subjectName} · ${levelLabel(view.level)}`;
  return (
    <Card
      size="small"
      className="exam-scheme-card"
      style={{ marginBottom: 16 }}
      title={
        <Flex gap={8} align="center" wrap>
          <SafetyCertificateOutlined />
          <span style={{ whiteSpace: 'normal' }}>
            {t('certification.exam.title', { scheme: name })}
          </span>
        </Flex>
      }
      extra={
        path && (
          <Link to={path}>
            <Button size="small">{t('certification.exam.open')}</Button>
          </Link>
        )
      }
    >
      {scheme ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('certification.exam.hint')}</Typography.Text>
          <Row gutter={[12, 12]}>
            {scheme.components.map((component) => (
              <Col key={component.componentId} xs={24} sm={12} lg={8}>
                <ComponentRate
                  component={component}
                  own={component.componentId === view.componentId}
                />
              </Col>
            ))}
          </Row>
          <Flex gap={16} wrap className="exam-scheme-statuses">
            <Typography.Text>
              {t('certification.stats.candidates')}: <b>{scheme.candidates}</b>
            </Typography.Text>
            {(['certified', 'failed', 'pending'] as const).map((status) => (
              <Typography.Text key={status}>
                {t(`certification.results.statuses.${status}`)}:{' '}
                <b style={{ color: STATUS_COLOR[status] }}>{scheme[status]}</b>
              </Typography.Text>
            ))}
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('certification.exam.noResults')}</Typography.Text>
      )}
    </Card>
  );
}

/** One component's pass rate; the exam's own stands out. */
function ComponentRate({
  component,
  own,
}: {
  component: CertificationComponentAnalysis;
  own: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      gap={2}
      className="exam-scheme-component"
      data-kind={component.kind}
      data-own={own || undefined}
      style={{
        padding: '8px 12px',
        borderRadius: 6,
        border: `1px solid ${own ? '#1677ff' : 'rgba(5, 5, 5, 0.06)'}`,
      }}
    >
      <Flex gap={6} align="center" wrap>
        <Typography.Text strong>{t(`certification.kinds.${component.kind}`)}</Typography.Text>
        {own && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('certification.exam.thisExam')}
          </Tag>
        )}
        {!component.required && (
          <Tag style={{ marginInlineEnd: 0 }}>{t('certification.scheme.optional')}</Tag>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('certification.stats.passRate')}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 20 }}>
        {formatRate(component.passRate)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {component.candidates > 0
          ? t('certification.exam.passedOf', {
              passed: component.passed,
              candidates: component.candidates,
            })
          : t('certification.exam.none')}
      </Typography.Text>
    </Flex>
  );
}

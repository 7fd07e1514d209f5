import type {
  CertLevel,
  CertificationComponentAnalysis,
  CertificationSchemeAnalysis,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getCertificationAnalysis, type CertificationFilter } from '../../api/certification';
import { EChart } from '../../components/chart/EChart';
import { StatisticCards } from '../../components/analysis/StatisticsParts';
import { formatPoints, formatRate } from '../../components/analysis/statistics-format';
import { useLevelLabel } from '../../components/structure';
import {
  binLabel,
  histogramOption,
  loadStatisticsCharts,
} from '../../components/analysis/charts/statistics-charts';
import '../analysis/analysis.css';

const FAILED_COLOR = '#cf1322';

/**
 * The statistics above the certification results (issue 26 §4) for the filters applied: the
 * candidates certified / failed / pending and, per component, the pass rate and the failed best
 * scores with their bands. Asked for once a job type and level pin the scheme.
 */
export function CertificationStatistics({ filter }: { filter: CertificationFilter }) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const chosen = filter.subjectId !== undefined && filter.level !== undefined;
  const analysis = useQuery({
    queryKey: ['certification', 'analysis', filter],
    queryFn: () => getCertificationAnalysis(filter),
    enabled: chosen,
  });
  if (!chosen) {
    return (
      <Typography.Paragraph type="secondary" className="certification-stats-hint">
        {t('certification.stats.choose')}
      </Typography.Paragraph>
    );
  }
  if (!analysis.data) return analysis.isError ? null : <Skeleton active paragraph={{ rows: 3 }} />;
  const scheme = analysis.data.schemes[0];
  if (!scheme) return null;
  return (
    <Flex vertical gap={12} className="certification-stats" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('certification.stats.title', {
          scheme: `${scheme.subjectName} · ${levelLabel(scheme.level as CertLevel)}`,
        })}
      </Typography.Title>
      <SchemeCounts scheme={scheme} />
      <Row gutter={[12, 12]}>
        {scheme.components.map((component) => (
          <Col key={component.componentId} xs={24} md={12} xl={8}>
            <ComponentCard component={component} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

function SchemeCounts({ scheme }: { scheme: CertificationSchemeAnalysis }) {
  const { t } = useTranslation();
  return (
    <StatisticCards
      sm={6}
      cards={[
        { key: 'candidates', title: t('certification.stats.candidates'), value: scheme.candidates },
        {
          key: 'certified',
          title: t('certification.results.statuses.certified'),
          value: scheme.certified,
          color: '#389e0d',
        },
        {
          key: 'failed',
          title: t('certification.results.statuses.failed'),
          value: scheme.failed,
          color: scheme.failed > 0 ? FAILED_COLOR : undefined,
        },
        {
          key: 'pending',
          title: t('certification.results.statuses.pending'),
          value: scheme.pending,
          color: '#d48806',
        },
      ]}
    />
  );
}

/** One component: candidates with a valid result, pass rate, the failed scores and their bands. */
function ComponentCard({ component }: { component: CertificationComponentAnalysis }) {
  const { t } = useTranslation();
  const { failed } = component;
  const option = useMemo(() => {
    const histogram = histogramOption(
      { binWidth: component.fullScore / 10, bins: failed.bands, passScore: component.passScore },
      {
        score: t('analysis.chart.score'),
        count: t('analysis.chart.count'),
        passLine: t('analysis.chart.passLine'),
      },
    );
    // Only the bars: every band is below the pass score (the card's heading names it), and the
    // pass line's label at the right edge of so small a chart would be cut off.
    return { ...histogram, series: (histogram.series as unknown[]).slice(0, 1) };
  }, [component, failed.bands, t]);
  const figures: [string, string, string, string?][] = [
    ['candidates', t('certification.stats.withResult'), String(component.candidates)],
    ['passed', t('certification.stats.passed'), String(component.passed)],
    ['passRate', t('certification.stats.passRate'), formatRate(component.passRate)],
    [
      'failed',
      t('certification.stats.failedCount'),
      String(failed.count),
      failed.count > 0 ? FAILED_COLOR : undefined,
    ],
    ['mean', t('certification.stats.failedMean'), formatPoints(failed.mean)],
    [
      'range',
      t('certification.stats.failedRange'),
      failed.min === null ? '–' : `${formatPoints(failed.min)}–${formatPoints(failed.max)}`,
    ],
  ];
  return (
    <Card
      size="small"
      className="certification-component-stats"
      data-kind={component.kind}
      title={
        <Flex wrap gap={6} align="center">
          {t(`certification.kinds.${component.kind}`)}
          {!component.required && <Tag>{t('certification.scheme.optional')}</Tag>}
        </Flex>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('certification.stats.scale', {
            pass: formatPoints(component.passScore),
            full: formatPoints(component.fullScore),
          })}
        </Typography.Text>
      }
    >
      <Row gutter={[8, 8]}>
        {figures.map(([key, title, value, color]) => (
          <Col key={key} span={8}>
            <Flex vertical className="certification-figure">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {title}
              </Typography.Text>
              <Typography.Text strong style={{ fontSize: 18, color }}>
                {value}
              </Typography.Text>
            </Flex>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '12px 0 4px' }}>
        {t('certification.stats.bands')}
      </Typography.Text>
      {failed.count === 0 ? (
        <Typography.Text type="secondary">{t('certification.stats.noFailed')}</Typography.Text>
      ) : (
        <EChart
          load={loadStatisticsCharts}
          option={option}
          height={180}
          label={t('certification.stats.bandsLabel', {
            bands: failed.bands.map((band) => `${binLabel(band)}: ${band.count}`).join(', '),
          })}
        />
      )}
    </Card>
  );
}

import { Alert, Card, Col, Flex, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReleaseTag } from './ReleaseTag';

interface StatisticsHeadingProps {
  title: string;
  released: boolean;
  /** A line of facts beside the title (total, pass score…). */
  facts?: string;
  actions: ReactNode;
}

/** The heading of a statistics screen: what it is about, its release state, its actions. */
export function StatisticsHeading({ title, released, facts, actions }: StatisticsHeadingProps) {
  const { t } = useTranslation();
  return (
    <>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap size={[8, 4]}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <ReleaseTag released={released} />
          {facts && <Typography.Text type="secondary">{facts}</Typography.Text>}
        </Space>
        {actions}
      </Flex>
      {!released && (
        <Alert
          type="warning"
          showIcon
          title={t('analysis.unreleasedNote')}
          style={{ marginBottom: 12 }}
        />
      )}
    </>
  );
}

export interface StatisticCard {
  key: string;
  title: string;
  value: number | string;
  color?: string;
}

/** Summary figures as small cards, two to a row on a phone. */
export function StatisticCards({
  cards,
  sm,
  md,
}: {
  cards: StatisticCard[];
  sm: number;
  md?: number;
}) {
  return (
    <Row gutter={[12, 12]} className="analysis-summary">
      {cards.map((card) => (
        <Col key={card.key} xs={12} sm={sm} md={md}>
          <Card size="small" className="analysis-stat">
            <Statistic
              title={card.title}
              value={card.value}
              styles={card.color ? { content: { color: card.color } } : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Passed, failed or pending (a score not final yet) as a coloured tag. */
export function PassTag({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation();
  return passed === null ? (
    <Tag>{t('analysis.pending')}</Tag>
  ) : passed ? (
    <Tag color="green">{t('analysis.passed')}</Tag>
  ) : (
    <Tag color="red">{t('analysis.failed')}</Tag>
  );
}

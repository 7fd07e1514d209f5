import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  PAGE_LIMIT_DEFAULT,
  type SupplementaryRow,
  type SupplementaryStatisticsView,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Grid,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportSupplementaryStatistics, getSupplementaryStatistics } from '../../api/analysis';
import { getExam } from '../../api/exam';
import { useTablePagination } from '../../components/list/pagination';
import { ExportButton } from '../../components/list/ExportButton';
import { useTableLook } from '../../components/list/use-list-page';
import { MakeUpDialog } from '../../components/exam/MakeUpDialog';
import { AnalysisExamSelect } from './AnalysisExamSelect';
import { ReleaseTag } from '../../components/analysis/ReleaseTag';
import {
  PassTag,
  StatisticCards,
  StatisticsHeading,
} from '../../components/analysis/StatisticsParts';
import { StatisticsState } from './StatisticsState';
import { useExamStatistics } from './use-exam-statistics';
import { formatPoints, formatRate } from '../../components/analysis/statistics-format';
import { useAnalysisAccess } from './use-analysis-access';
import { useExamParam } from './use-exam-param';
import './analysis.css';

const FINAL_COLOR = {
  passed: 'green',
  failed: 'red',
  absent: 'default',
  pending: 'blue',
  scheduled: 'cyan',
} as const;

/** A score or "absent", and pass or fail, of one sitting; "scheduled" for one still to come. */
function Result({
  absent,
  score,
  passed,
  scheduled = false,
}: {
  absent: boolean;
  score: number | null;
  passed: boolean | null;
  scheduled?: boolean;
}) {
  const { t } = useTranslation();
  if (scheduled) {
    return <Tag color="cyan">{t('analysis.supplementary.finalStates.scheduled')}</Tag>;
  }
  if (absent) return <Tag>{t('analysis.absent')}</Tag>;
  return (
    <Space size={4}>
      <b>{formatPoints(score)}</b>
      <PassTag passed={passed} />
    </Space>
  );
}

/** The exam a further make-up repeats: the latest make-up, else the original itself. */
const lastSitting = (view: SupplementaryStatisticsView) =>
  [...view.makeUps].sort((a, b) => a.startAt.localeCompare(b.startAt)).at(-1) ?? view.exam;

/**
 * Make-up statistics (补考统计, docs/features/analysis.md): per original exam, the failed and absent, how many a
 * make-up was published for, sat it, passed it, still failed; the final pass rate; every
 * candidate with both results; and the publishing screen's make-up dialog for those still
 * failing (its own rules and permission).
 */
export default function Supplementary() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const access = useAnalysisAccess();
  const { examId, choose } = useExamParam();
  const [page, setPage] = useState({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const [makeUpFor, setMakeUpFor] = useState<number>();
  const { statistics, view, includeUnreleased, state } = useExamStatistics({
    name: 'supplementary',
    examId,
    filter: {},
    params: page,
    fetch: getSupplementaryStatistics,
  });
  // The dialog takes the exam as the publishing screen knows it.
  const makeUpSource = useQuery({
    queryKey: ['analysis', 'makeUpSource', makeUpFor],
    queryFn: () => getExam(makeUpFor!),
    enabled: makeUpFor !== undefined,
  });
  const pagination = useTablePagination(page, view?.total, (update) =>
    setPage((current) => update(current)),
  );
  const look = useTableLook(t('analysis.supplementary.noRows'));

  const download = async () => {
    if (!examId) return;
    await exportSupplementaryStatistics(
      { examId, includeUnreleased },
      `${t('analysis.supplementary.fileName')}.xlsx`,
    );
  };

  const columns: TableColumnsType<SupplementaryRow> = [
    { title: t('analysis.fields.ticketNumber'), dataIndex: 'ticketNumber' },
    { title: t('analysis.fields.name'), dataIndex: 'name' },
    { title: t('analysis.fields.batch'), dataIndex: 'className' },
    {
      title: t('analysis.supplementary.original'),
      key: 'original',
      render: (_, row) => <Result {...row.original} />,
    },
    {
      title: t('analysis.supplementary.makeUp'),
      key: 'makeUp',
      render: (_, row) =>
        row.makeUp ? (
          <Space size={4} wrap>
            <Result {...row.makeUp} />
            {!row.makeUp.released && <ReleaseTag released={false} />}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.makeUp.examName}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('analysis.supplementary.noMakeUp')}</Typography.Text>
        ),
    },
    {
      title: t('analysis.supplementary.final'),
      dataIndex: 'final',
      render: (final: SupplementaryRow['final']) => (
        <Tag color={FINAL_COLOR[final]}>{t(`analysis.supplementary.finalStates.${final}`)}</Tag>
      ),
    },
  ];

  const target = view && lastSitting(view);
  // A make-up still to come has its candidates: the next one waits for its results.
  const comingMakeUp = view?.makeUps.find((makeUp) => !makeUp.closed);

  return (
    <Card size={screens.sm ? undefined : 'small'} className="analysis-page">
      <Row gutter={[12, 12]} className="analysis-filters">
        <Col xs={24} md={12} xl={9}>
          <AnalysisExamSelect
            value={examId}
            chosenName={view?.exam.name}
            onChange={(id) => {
              choose({ examId: id });
              setPage((current) => ({ ...current, page: 1 }));
            }}
          />
        </Col>
      </Row>
      <StatisticsState {...state}>
        {view && target && (
          <>
            <StatisticsHeading
              title={view.exam.name}
              released={view.summary.released}
              actions={
                <Space wrap>
                  {access.publishing && (
                    <Tooltip
                      title={
                        comingMakeUp &&
                        t('analysis.supplementary.publishWaits', { name: comingMakeUp.name })
                      }
                    >
                      <Button
                        type="primary"
                        icon={<ReloadOutlined />}
                        disabled={comingMakeUp !== undefined}
                        className="supplementary-publish"
                        onClick={() => setMakeUpFor(target.id)}
                      >
                        {t('analysis.supplementary.publish')}
                      </Button>
                    </Tooltip>
                  )}
                  <ExportButton
                    icon={<FileExcelOutlined />}
                    label={t('analysis.export')}
                    onExport={download}
                  />
                </Space>
              }
            />
            {comingMakeUp && access.publishing && (
              <Alert
                type="info"
                showIcon
                className="supplementary-publish-waits"
                style={{ marginBottom: 12 }}
                title={t('analysis.supplementary.publishWaits', { name: comingMakeUp.name })}
              />
            )}
            <MakeUpList view={view} />
            <SupplementaryCards summary={view.summary} />
            <Table<SupplementaryRow>
              {...look}
              rowKey="candidateId"
              className="analysis-supplementary-table"
              columns={columns}
              dataSource={view.list}
              loading={statistics.isFetching}
              pagination={pagination}
            />
          </>
        )}
      </StatisticsState>
      <MakeUpDialog
        key={makeUpFor}
        open={makeUpFor !== undefined && makeUpSource.data !== undefined}
        exam={makeUpSource.data}
        onClose={() => {
          setMakeUpFor(undefined);
          void statistics.refetch();
        }}
      />
    </Card>
  );
}

/** The make-ups followed, oldest first, each with its release state. */
function MakeUpList({ view }: { view: SupplementaryStatisticsView }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph className="analysis-make-ups">
      <Typography.Text strong>{t('analysis.supplementary.makeUps')}: </Typography.Text>
      {view.makeUps.length === 0 ? (
        <Typography.Text type="secondary">{t('analysis.supplementary.noneYet')}</Typography.Text>
      ) : (
        view.makeUps.map((makeUp) => (
          <Space key={makeUp.id} size={4} style={{ marginInlineEnd: 12 }}>
            <span>{makeUp.name}</span>
            <ReleaseTag released={makeUp.released} />
          </Space>
        ))
      )}
    </Typography.Paragraph>
  );
}

/** The make-up funnel: failed and absent → published for → sat → passed / still failed. */
function SupplementaryCards({ summary }: { summary: SupplementaryStatisticsView['summary'] }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'candidates', value: summary.candidates },
    { key: 'failed', value: summary.failed },
    { key: 'absent', value: summary.absent },
    { key: 'makeUpPublished', value: summary.makeUpPublished },
    { key: 'makeUpSat', value: summary.makeUpSat },
    { key: 'makeUpScheduled', value: summary.makeUpScheduled },
    { key: 'makeUpPassed', value: summary.makeUpPassed, color: '#389e0d' },
    {
      key: 'makeUpStillFailed',
      value: summary.makeUpStillFailed,
      color: summary.makeUpStillFailed > 0 ? '#f5222d' : undefined,
    },
    { key: 'originalPassRate', value: formatRate(summary.originalPassRate) },
    // The product's teal darkened to 4.9:1 on white: the figure is text (WCAG AA).
    { key: 'finalPassRate', value: formatRate(summary.finalPassRate), color: '#00806f' },
  ];
  return (
    <div style={{ marginBottom: 16 }}>
      <StatisticCards
        sm={8}
        cards={cards.map((card) => ({
          ...card,
          title: t(
            `analysis.supplementary.summary.${card.key}` as 'analysis.supplementary.summary.failed',
          ),
        }))}
      />
      {summary.makeUpPending > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={t('analysis.supplementary.pendingNote', { count: summary.makeUpPending })}
        />
      )}
    </div>
  );
}

import {
  BarChartOutlined,
  FileExcelOutlined,
  PrinterOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import {
  PAGE_LIMIT_DEFAULT,
  RANKING_SORTS,
  type RankingRow,
  type RankingSort,
} from '@kaoshi/shared';
import {
  Button,
  Card,
  Col,
  Grid,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportClassRanking, getClassRanking, type RankingCall } from '../../api/analysis';
import { ExamBatchSelect } from '../../components/analysis/ExamBatchSelect';
import { ExportButton } from '../../components/list/ExportButton';
import { useTablePagination } from '../../components/list/pagination';
import { changePage } from '../../components/list/search-params';
import { useTableLook } from '../../components/list/use-list-page';
import { AnalysisExamSelect, useAnalysisExams } from './AnalysisExamSelect';
import { boxPlotOption, histogramOption } from '../../components/analysis/charts/statistics-charts';
import { RankingPrint } from './RankingPrint';
import { StatisticsChart } from './StatisticsChart';
import { PassTag, StatisticsHeading } from '../../components/analysis/StatisticsParts';
import { StatisticsState } from './StatisticsState';
import { useExamStatistics } from './use-exam-statistics';
import {
  columnOrder,
  formatDuration,
  formatPoints,
  sectionHeading,
  sortDirection,
} from '../../components/analysis/statistics-format';
import { useExamParam } from './use-exam-param';
import './analysis.css';

type Query = Omit<RankingCall, 'examId' | 'classId' | 'includeUnreleased'>;
const FIRST: Query = { page: 1, limit: PAGE_LIMIT_DEFAULT, sort: 'rank' };
const TIME = 'YYYY-MM-DD HH:mm';

/**
 * Score ranking per batch (批次成绩排名, docs/features/analysis.md): an exam and one of its batches or all;
 * ranks with ties, sections, pass, time used; the score histogram with the pass line and a box
 * plot per batch; the Excel export and a print view. Unreleased scores are read on request and
 * marked.
 */
export default function ClassRanking() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { examId, classId, choose } = useExamParam();
  const [query, setQuery] = useState<Query>(FIRST);
  const [search, setSearch] = useState('');
  const [printing, setPrinting] = useState(false);
  const {
    statistics: ranking,
    view,
    filter,
    includeUnreleased,
    state,
  } = useExamStatistics({
    name: 'classRanking',
    examId,
    filter: { classId },
    params: query,
    fetch: getClassRanking,
  });

  // The batches: the exam list names them; an exam opened by its link takes them from the figures
  // of all its batches (one box plot each).
  const exams = useAnalysisExams('');
  const listedClasses = exams.data?.find((exam) => exam.id === examId)?.classes;
  const [boxBatches, setBoxBatches] = useState<{
    examId: number;
    list: { id: number; name: string }[];
  }>();
  if (view && classId === undefined && boxBatches?.examId !== examId) {
    setBoxBatches({
      examId: view.exam.id,
      list: view.figures.boxPlots
        .filter((box) => box.classId !== null)
        .map((box) => ({ id: box.classId!, name: box.className })),
    });
  }
  const batches =
    listedClasses ?? (boxBatches && boxBatches.examId === examId ? boxBatches.list : []);

  const pagination = useTablePagination(
    { page: query.page, limit: query.limit },
    view?.total,
    (update) => setQuery((current) => ({ ...current, ...update(current) })),
  );
  const look = useTableLook(t('analysis.ranking.noRows'));

  const histogram = useMemo(
    () =>
      view &&
      histogramOption(view.figures.histogram, {
        score: t('analysis.chart.score'),
        count: t('analysis.chart.count'),
        passLine: t('analysis.chart.passLine'),
      }),
    [view, t],
  );
  const boxes = useMemo(
    () =>
      view &&
      boxPlotOption(view.figures.boxPlots, view.exam.total, view.exam.passScore, {
        all: t('analysis.ranking.allBatches'),
        score: t('analysis.chart.score'),
        min: t('analysis.chart.min'),
        q1: t('analysis.chart.q1'),
        median: t('analysis.chart.median'),
        q3: t('analysis.chart.q3'),
        max: t('analysis.chart.max'),
        count: t('analysis.chart.count'),
      }),
    [view, t],
  );

  const chooseExam = (id: number | undefined) => {
    choose({ examId: id });
    setQuery(FIRST);
    setSearch('');
  };

  const download = async () => {
    if (!examId) return;
    await exportClassRanking(
      {
        examId,
        classId,
        includeUnreleased,
        search: query.search,
        sort: query.sort,
        order: query.order,
      },
      `${t('analysis.ranking.fileName')}.xlsx`,
    );
  };

  const sorter = (column: RankingSort) => ({
    key: column,
    sorter: true,
    sortOrder: columnOrder(query.sort ?? 'rank', query.order, column),
  });

  const columns: TableColumnsType<RankingRow> = [
    {
      title: t('analysis.ranking.rank'),
      dataIndex: 'rank',
      fixed: screens.md ? 'left' : undefined,
      width: 72,
      ...sorter('rank'),
      render: (rank: number | null) => (rank === null ? '–' : <b>{rank}</b>),
    },
    ...(classId === undefined
      ? [
          {
            title: t('analysis.ranking.classRank'),
            dataIndex: 'classRank',
            width: 88,
            render: (rank: number | null) => rank ?? '–',
          },
        ]
      : []),
    {
      title: t('analysis.fields.ticketNumber'),
      dataIndex: 'ticketNumber',
      ...sorter('ticketNumber'),
    },
    { title: t('analysis.fields.name'), dataIndex: 'name', ...sorter('name') },
    { title: t('analysis.fields.batch'), dataIndex: 'className', ...sorter('className') },
    {
      title: t('analysis.fields.score'),
      dataIndex: 'score',
      align: 'right',
      ...sorter('score'),
      render: (score: number | null, row) =>
        row.absent ? <Tag>{t('analysis.absent')}</Tag> : <b>{formatPoints(score)}</b>,
    },
    ...(view?.sections ?? []).map((section, index) => ({
      title: (
        <span>
          {sectionHeading(section, index, (n) => t('analysis.ranking.section', { n }))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {' '}
            /{formatPoints(section.total)}
          </Typography.Text>
        </span>
      ),
      key: `section-${index}`,
      align: 'right' as const,
      render: (_: unknown, row: RankingRow) => formatPoints(row.sections[index]),
    })),
    {
      title: t('analysis.fields.result'),
      dataIndex: 'passed',
      render: (passed: boolean | null, row) => (row.absent ? '–' : <PassTag passed={passed} />),
    },
    {
      title: t('analysis.fields.timeUsed'),
      dataIndex: 'timeUsed',
      ...sorter('timeUsed'),
      render: (seconds: number | null) => formatDuration(seconds),
    },
    {
      title: t('analysis.fields.submittedAt'),
      dataIndex: 'submittedAt',
      ...sorter('submittedAt'),
      render: (at: string | null) => (at ? dayjs(at).format(TIME) : '–'),
    },
  ];

  if (printing && view) {
    return (
      <RankingPrint
        filter={{ ...filter, search: query.search, sort: query.sort, order: query.order }}
        exam={view.exam}
        className={batches.find((batch) => batch.id === classId)?.name}
        onClose={() => setPrinting(false)}
      />
    );
  }

  return (
    <Card size={screens.sm ? undefined : 'small'} className="analysis-page">
      <Row gutter={[12, 12]} className="analysis-filters">
        <Col xs={24} md={12} xl={9}>
          <AnalysisExamSelect
            value={examId}
            chosenName={view?.exam.name}
            onChange={(id) => chooseExam(id)}
          />
        </Col>
        <Col xs={24} sm={12} md={6} xl={5}>
          <ExamBatchSelect
            value={classId}
            batches={batches}
            disabled={examId === undefined}
            onChange={(id) => {
              choose({ classId: id });
              setQuery((current) => changePage(current, 1, current.limit));
            }}
          />
        </Col>
        <Col xs={24} sm={12} md={6} xl={5}>
          <Input.Search
            allowClear
            value={search}
            disabled={examId === undefined}
            placeholder={t('analysis.ranking.search')}
            aria-label={t('analysis.ranking.search')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) =>
              setQuery((current) => ({ ...current, page: 1, search: value.trim() || undefined }))
            }
          />
        </Col>
      </Row>

      <StatisticsState {...state}>
        {view && (
          <>
            <StatisticsHeading
              title={view.exam.name}
              released={view.figures.released}
              facts={t('analysis.ranking.facts', {
                total: formatPoints(view.exam.total),
                pass: formatPoints(view.exam.passScore),
                candidates: view.figures.candidates,
                scored: view.figures.scored,
              })}
              actions={
                <Space wrap className="analysis-no-print">
                  <Link to={`/examAnalysis/itemAnalysis?examId=${view.exam.id}`}>
                    <Button icon={<BarChartOutlined />}>{t('analysis.links.itemAnalysis')}</Button>
                  </Link>
                  <Link to={`/examAnalysis/certificates?examId=${view.exam.id}`}>
                    <Button icon={<SafetyCertificateOutlined />}>
                      {t('analysis.links.certificates')}
                    </Button>
                  </Link>
                  <ExportButton
                    icon={<FileExcelOutlined />}
                    label={t('analysis.export')}
                    onExport={download}
                  />
                  <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
                    {t('analysis.print')}
                  </Button>
                </Space>
              }
            />
            <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
              <Col xs={24} lg={12}>
                {histogram && (
                  <StatisticsChart
                    title={t('analysis.chart.histogram')}
                    label={t('analysis.chart.histogramLabel', {
                      bins: view.figures.histogram.bins
                        .map(
                          (bin) =>
                            `${formatPoints(bin.from)}–${formatPoints(bin.to)}: ${bin.count}`,
                        )
                        .join(', '),
                    })}
                    option={histogram}
                    className="analysis-chart analysis-histogram"
                  />
                )}
              </Col>
              <Col xs={24} lg={12}>
                {boxes && (
                  <StatisticsChart
                    title={t('analysis.chart.boxPlot')}
                    label={t('analysis.chart.boxPlotLabel', {
                      boxes: view.figures.boxPlots
                        .map(
                          (box) =>
                            `${box.classId === null ? t('analysis.ranking.allBatches') : box.className}: ${formatPoints(box.median)}`,
                        )
                        .join(', '),
                    })}
                    option={boxes}
                    className="analysis-chart analysis-boxplot"
                  />
                )}
              </Col>
            </Row>
          </>
        )}
        {view && (
          <Table<RankingRow>
            {...look}
            rowKey="candidateId"
            className="analysis-ranking-table"
            columns={columns}
            dataSource={view.list}
            loading={ranking.isFetching}
            pagination={pagination}
            rowClassName={(row) => (row.passed === false ? 'analysis-row-failed' : '')}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const active = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = String(active?.columnKey ?? active?.field ?? '');
              const order = sortDirection(active?.order);
              setQuery((current) => ({
                ...current,
                page: 1,
                sort:
                  order && (RANKING_SORTS as readonly string[]).includes(key)
                    ? (key as RankingSort)
                    : 'rank',
                order: order && key ? order : undefined,
              }));
            }}
          />
        )}
      </StatisticsState>
    </Card>
  );
}

import { FileExcelOutlined, OrderedListOutlined } from '@ant-design/icons';
import { PAGE_LIMIT_DEFAULT, type CertLevel, type FailedCandidateRow } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Grid,
  Radio,
  Row,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportPassStatistics, getPassStatistics, type PassFilter } from '../../api/analysis';
import { ExamBatchSelect } from '../../components/analysis/ExamBatchSelect';
import { ExportButton } from '../../components/list/ExportButton';
import { useTablePagination } from '../../components/list/pagination';
import { useTableLook } from '../../components/list/use-list-page';
import { BatchSelect, LevelSelect } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { useAllJobTypes } from '../../components/structure/queries';
import { AnalysisExamSelect, useAnalysisExams } from './AnalysisExamSelect';
import { ExamSchemeCard } from './ExamSchemeCard';
import { trendOption } from '../../components/analysis/charts/statistics-charts';
import { ReleaseTag } from '../../components/analysis/ReleaseTag';
import { StatisticCards, StatisticsHeading } from '../../components/analysis/StatisticsParts';
import { StatisticsChart } from './StatisticsChart';
import { StatisticsState } from './StatisticsState';
import { formatPoints, formatRate } from '../../components/analysis/statistics-format';
import { useExamParam } from './use-exam-param';
import './analysis.css';

type Mode = 'exam' | 'jobType';
const FAIL_COLOR = '#f5222d';

interface JobTypeFilter {
  subjectId?: number;
  level?: CertLevel;
  classId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The query the filters make, or why there is none yet. */
function filterOf(
  mode: Mode,
  examId: number | undefined,
  examClassId: number | undefined,
  jobType: JobTypeFilter,
  includeUnreleased: boolean,
): PassFilter | undefined {
  if (mode === 'exam') {
    return examId === undefined ? undefined : { examId, classId: examClassId, includeUnreleased };
  }
  if (jobType.subjectId === undefined || jobType.level === undefined) return undefined;
  const [from, to] = jobType.range ?? [];
  return {
    subjectId: jobType.subjectId,
    level: jobType.level,
    classId: jobType.classId,
    from: from?.format('YYYY-MM-DD'),
    to: to?.format('YYYY-MM-DD'),
    includeUnreleased,
  };
}

/**
 * Failed-score statistics (不合格成绩统计, docs/features/analysis.md): one exam, or the exams of a job type and
 * level (a batch, a time range); candidates, sat, absent, passed, failed, pass rate, mean and
 * median; the failed with the points they lacked; the pass rate's trend; the Excel export.
 */
export default function PassStatistics() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { examId, classId: examClassId, choose } = useExamParam();
  const [mode, setMode] = useState<Mode>('exam');
  const [jobType, setJobType] = useState<JobTypeFilter>({});
  const [includeUnreleased, setIncludeUnreleased] = useState(false);
  const [page, setPage] = useState({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((option) => option.id === jobType.subjectId)?.levels;
  const exams = useAnalysisExams('');
  const examClasses = exams.data?.find((exam) => exam.id === examId)?.classes ?? [];

  const filter = filterOf(mode, examId, examClassId, jobType, includeUnreleased);
  const statistics = useQuery({
    queryKey: ['analysis', 'passStatistics', filter, page],
    queryFn: () => getPassStatistics({ ...filter!, ...page }, { quiet: true }),
    enabled: filter !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const view = filter ? statistics.data : undefined;
  const pagination = useTablePagination(page, view?.failed.total, (update) =>
    setPage((current) => update(current)),
  );
  const look = useTableLook(t('analysis.pass.noFailed'));
  const trend = useMemo(
    () =>
      view && view.trend.length > 0
        ? trendOption(view.trend, {
            passRate: t('analysis.summary.passRate'),
            sat: t('analysis.summary.sat'),
          })
        : undefined,
    [view, t],
  );

  const changeFilter = (change: () => void) => {
    change();
    setPage((current) => ({ ...current, page: 1 }));
  };

  const download = async () => {
    if (!filter) return;
    await exportPassStatistics(filter, `${t('analysis.pass.fileName')}.xlsx`);
  };

  const several = (view?.exams.length ?? 0) > 1;
  const columns: TableColumnsType<FailedCandidateRow> = [
    ...(several
      ? [{ title: t('analysis.fields.exam'), dataIndex: 'examName', key: 'examName' }]
      : []),
    { title: t('analysis.fields.ticketNumber'), dataIndex: 'ticketNumber' },
    { title: t('analysis.fields.name'), dataIndex: 'name' },
    { title: t('analysis.fields.batch'), dataIndex: 'className' },
    {
      title: t('analysis.fields.score'),
      dataIndex: 'score',
      align: 'right',
      render: (score: number) => <b>{formatPoints(score)}</b>,
    },
    {
      title: t('analysis.fields.passScore'),
      dataIndex: 'passScore',
      align: 'right',
      render: formatPoints,
    },
    {
      title: t('analysis.fields.lacking'),
      dataIndex: 'lacking',
      align: 'right',
      render: (lacking: number) => (
        <Typography.Text type="danger">{formatPoints(lacking)}</Typography.Text>
      ),
    },
    {
      title: t('analysis.fields.released'),
      dataIndex: 'released',
      render: (released: boolean) => <ReleaseTag released={released} />,
    },
  ];

  return (
    <Card size={screens.sm ? undefined : 'small'} className="analysis-page">
      <Row gutter={[12, 12]} className="analysis-filters">
        <Col xs={24}>
          <Radio.Group
            optionType="button"
            value={mode}
            onChange={(event) => changeFilter(() => setMode(event.target.value as Mode))}
            options={[
              { value: 'exam', label: t('analysis.pass.byExam') },
              { value: 'jobType', label: t('analysis.pass.byJobType') },
            ]}
          />
        </Col>
        {mode === 'exam' ? (
          <>
            <Col xs={24} md={12} xl={9}>
              <AnalysisExamSelect
                value={examId}
                chosenName={view?.exams[0]?.name}
                onChange={(id) => changeFilter(() => choose({ examId: id }))}
              />
            </Col>
            <Col xs={24} sm={12} md={6} xl={5}>
              <ExamBatchSelect
                value={examClassId}
                batches={examClasses}
                disabled={examId === undefined}
                onChange={(id) => changeFilter(() => choose({ classId: id }))}
              />
            </Col>
          </>
        ) : (
          <>
            <Col xs={24} sm={12} lg={6}>
              <AnyJobTypeSelect
                value={jobType.subjectId}
                onChange={(subjectId, option) =>
                  changeFilter(() =>
                    setJobType((current) => ({
                      ...current,
                      subjectId,
                      level: option?.levels.length === 1 ? option.levels[0] : undefined,
                      classId: undefined,
                    })),
                  )
                }
              />
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <LevelSelect
                value={jobType.level}
                levels={levels}
                waitingFor={
                  jobType.subjectId === undefined ? t('school.select.jobTypeFirst') : undefined
                }
                onChange={(level) =>
                  changeFilter(() =>
                    setJobType((current) => ({ ...current, level, classId: undefined })),
                  )
                }
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <BatchSelect
                subjectId={jobType.subjectId}
                level={jobType.level}
                value={jobType.classId}
                onChange={(id) =>
                  changeFilter(() => setJobType((current) => ({ ...current, classId: id })))
                }
              />
            </Col>
            <Col xs={24} sm={12} lg={8}>
              <DatePicker.RangePicker
                allowEmpty={[true, true]}
                value={jobType.range ?? null}
                aria-label={t('analysis.pass.dateRange')}
                placeholder={[t('analysis.pass.from'), t('analysis.pass.to')]}
                style={{ width: '100%' }}
                onChange={(range) =>
                  changeFilter(() => setJobType((current) => ({ ...current, range })))
                }
              />
            </Col>
          </>
        )}
        <Col xs={24}>
          <Checkbox
            checked={includeUnreleased}
            onChange={(event) => changeFilter(() => setIncludeUnreleased(event.target.checked))}
          >
            {t('analysis.includeUnreleased')}
          </Checkbox>
        </Col>
      </Row>

      <StatisticsState
        waitingFor={
          filter
            ? undefined
            : mode === 'exam'
              ? t('analysis.exam.chooseFirst')
              : t('analysis.pass.chooseJobType')
        }
        isPending={!view}
        error={statistics.error}
        onRetry={() => void statistics.refetch()}
        onShowUnreleased={() => changeFilter(() => setIncludeUnreleased(true))}
      >
        {view && (
          <>
            <StatisticsHeading
              title={
                view.exams.length === 1
                  ? view.exams[0]!.name
                  : t('analysis.pass.examsCounted', { count: view.exams.length })
              }
              released={view.summary.released}
              actions={
                <Space wrap>
                  {mode === 'exam' && examId !== undefined && (
                    <Link to={`/examClassRanking?examId=${examId}`}>
                      <Button icon={<OrderedListOutlined />}>{t('analysis.links.ranking')}</Button>
                    </Link>
                  )}
                  <ExportButton
                    icon={<FileExcelOutlined />}
                    label={t('analysis.export')}
                    onExport={download}
                  />
                </Space>
              }
            />
            {view.summary.pending > 0 && (
              <Alert
                type="info"
                showIcon
                title={t('analysis.pass.pendingNote', { count: view.summary.pending })}
                style={{ marginBottom: 12 }}
              />
            )}
            <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
              <Col xs={24} xl={view.trend.length > 0 ? 12 : 24}>
                <StatisticCards
                  sm={8}
                  md={6}
                  cards={[
                    { key: 'candidates', value: view.summary.candidates },
                    { key: 'sat', value: view.summary.sat },
                    { key: 'absent', value: view.summary.absent },
                    { key: 'passed', value: view.summary.passed },
                    {
                      key: 'failed',
                      value: view.summary.failed,
                      color: view.summary.failed > 0 ? FAIL_COLOR : undefined,
                    },
                    { key: 'passRate', value: formatRate(view.summary.passRate) },
                    { key: 'mean', value: formatPoints(view.summary.mean) },
                    { key: 'median', value: formatPoints(view.summary.median) },
                  ].map((card) => ({
                    ...card,
                    title: t(`analysis.summary.${card.key}` as 'analysis.summary.sat'),
                  }))}
                />
              </Col>
              {trend && (
                <Col xs={24} xl={12}>
                  <StatisticsChart
                    title={t('analysis.chart.trend')}
                    label={t('analysis.chart.trendLabel', {
                      points: view.trend
                        .map((point) => `${point.examName}: ${formatRate(point.passRate)}`)
                        .join(', '),
                    })}
                    option={trend}
                    height={280}
                    className="analysis-chart analysis-trend"
                  />
                </Col>
              )}
            </Row>
            {mode === 'exam' && examId !== undefined && (
              <ExamSchemeCard examId={examId} classId={examClassId} />
            )}
            <Typography.Title level={5}>
              {t('analysis.pass.failedTitle', { count: view.failed.total })}
            </Typography.Title>
            <Table<FailedCandidateRow>
              {...look}
              rowKey={(row) => `${row.examId}-${row.candidateId}`}
              className="analysis-failed-table"
              columns={columns}
              dataSource={view.failed.list}
              loading={statistics.isFetching}
              pagination={pagination}
            />
          </>
        )}
      </StatisticsState>
    </Card>
  );
}

import { ArrowLeftOutlined, WarningOutlined } from '@ant-design/icons';
import type {
  SkillAssessmentAnalysis,
  SkillExaminerAnalysis,
  SkillItemAnalysis,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getAssessmentAnalysis } from '../../api/skill-assessment';
import { PageLoading } from '../../components/PageLoading';
import { StatisticCards } from '../../components/analysis/StatisticsParts';
import { formatPoints, formatRate } from '../../components/analysis/statistics-format';
import '../analysis/analysis.css';
import { ASSESSMENT_LIST_PATH, assessmentKeys } from './assessment-routes';

const OUT_OF_LINE_COLOR = '#cf1322';

/**
 * A skills assessment's analysis (?id=N): pass rate and failed totals, facility and the
 * examiners' agreement per sheet item, and each examiner's deviation from the others, those who
 * score out of line in red. Tables scroll sideways on a phone.
 */
export default function SkillAnalysis() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const analysis = useQuery({
    queryKey: assessmentKeys.analysis(id),
    queryFn: () => getAssessmentAnalysis(id),
    enabled: id > 0,
  });
  if (!analysis.data) return analysis.isError || id === 0 ? null : <PageLoading />;
  const data = analysis.data;
  return (
    <Flex vertical gap={12} className="skill-analysis">
      <Flex wrap gap={8} align="center">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ASSESSMENT_LIST_PATH)}>
          {t('skillAnalysis.back')}
        </Button>
        <Space wrap size={[8, 4]}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {data.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('skillAnalysis.facts', {
              full: formatPoints(data.fullScore),
              pass: formatPoints(data.passScore),
              tolerance: formatPoints(data.tolerance),
            })}
          </Typography.Text>
        </Space>
      </Flex>
      <Summary data={data} />
      <ItemsCard items={data.items} />
      <ExaminersCard data={data} />
    </Flex>
  );
}

function Summary({ data }: { data: SkillAssessmentAnalysis }) {
  const { t } = useTranslation();
  const { failed } = data;
  return (
    <>
      <StatisticCards
        sm={8}
        md={4}
        cards={[
          { key: 'candidates', title: t('skillAnalysis.candidates'), value: data.candidates },
          { key: 'absent', title: t('skillAnalysis.absent'), value: data.absent },
          { key: 'scored', title: t('skillAnalysis.scored'), value: data.scored },
          { key: 'checked', title: t('skillAnalysis.checked'), value: data.checked },
          { key: 'passed', title: t('skillAnalysis.passed'), value: data.passed },
          {
            key: 'passRate',
            title: t('skillAnalysis.passRate'),
            value: formatRate(data.passRate),
            color: '#389e0d',
          },
        ]}
      />
      <Card size="small" title={t('skillAnalysis.failedTitle')}>
        <StatisticCards
          sm={6}
          cards={[
            {
              key: 'count',
              title: t('skillAnalysis.failedCount'),
              value: failed.count,
              color: failed.count > 0 ? OUT_OF_LINE_COLOR : undefined,
            },
            { key: 'mean', title: t('skillAnalysis.failedMean'), value: formatPoints(failed.mean) },
            { key: 'min', title: t('skillAnalysis.failedMin'), value: formatPoints(failed.min) },
            { key: 'max', title: t('skillAnalysis.failedMax'), value: formatPoints(failed.max) },
          ]}
        />
      </Card>
    </>
  );
}

function ItemsCard({ items }: { items: SkillItemAnalysis[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<SkillItemAnalysis> = [
    {
      title: t('skillAnalysis.item'),
      key: 'item',
      render: (_, row) => (
        <Flex vertical gap={2} style={{ minWidth: 120, maxWidth: 280 }}>
          <Typography.Text>
            {row.what} {row.veto && <Tag color="red">{t('skillAnalysis.veto')}</Tag>}
            {row.mode === 'deduct' && <Tag>{t('skillAnalysis.deduct')}</Tag>}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.taskTitle}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('skillAnalysis.points'),
      dataIndex: 'points',
      align: 'right',
      responsive: ['sm'],
      render: (value: number) => formatPoints(value),
    },
    {
      title: t('skillAnalysis.facility'),
      dataIndex: 'facility',
      align: 'right',
      render: (value: number | null) => formatRate(value),
    },
    {
      title: t('skillAnalysis.differ'),
      key: 'differ',
      align: 'right',
      render: (_, row) => `${row.differing} · ${formatRate(row.differRate)}`,
    },
    {
      title: t('skillAnalysis.meanAbsDiff'),
      dataIndex: 'meanAbsDiff',
      align: 'right',
      render: (value: number | null) => formatPoints(value),
    },
    {
      title: t('skillAnalysis.vetoHits'),
      dataIndex: 'vetoHits',
      align: 'right',
      responsive: ['md'],
    },
  ];
  return (
    <Card size="small" title={t('skillAnalysis.itemsTitle')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('skillAnalysis.itemsHelp')}
      </Typography.Paragraph>
      <Table<SkillItemAnalysis>
        rowKey="itemId"
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

function ExaminersCard({ data }: { data: SkillAssessmentAnalysis }) {
  const { t } = useTranslation();
  const outOfLine = data.examiners.filter((examiner) => examiner.outOfLine);
  const signed = (value: number | null) =>
    value === null ? '–' : `${value > 0 ? '+' : ''}${formatPoints(value)}`;
  const columns: TableColumnsType<SkillExaminerAnalysis> = [
    {
      title: t('skillAnalysis.examiner'),
      key: 'name',
      render: (_, row) => (
        <Space size={4} wrap>
          <Typography.Text strong={row.outOfLine}>{row.name}</Typography.Text>
          {row.outOfLine && (
            <Tag color="red" icon={<WarningOutlined />}>
              {t('skillAnalysis.outOfLine')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('skillAnalysis.sheets'), dataIndex: 'sheets', align: 'right' },
    {
      title: t('skillAnalysis.meanDeviation'),
      dataIndex: 'meanDeviation',
      align: 'right',
      render: (value: number | null, row) => (
        <Typography.Text style={row.outOfLine ? { color: OUT_OF_LINE_COLOR } : undefined}>
          {signed(value)}
        </Typography.Text>
      ),
    },
    {
      title: t('skillAnalysis.meanAbsDeviation'),
      dataIndex: 'meanAbsDeviation',
      align: 'right',
      responsive: ['sm'],
      render: (value: number | null) => formatPoints(value),
    },
  ];
  return (
    <Card size="small" title={t('skillAnalysis.examinersTitle')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('skillAnalysis.examinersHelp', { at: formatPoints(data.outOfLineAt) })}
      </Typography.Paragraph>
      {outOfLine.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('skillAnalysis.outOfLineAlert', {
            count: outOfLine.length,
            names: outOfLine.map((examiner) => examiner.name).join(', '),
          })}
        />
      )}
      {data.examiners.length === 0 ? (
        <Empty description={t('skillAnalysis.none')} />
      ) : (
        <Table<SkillExaminerAnalysis>
          rowKey="examinerId"
          size="small"
          columns={columns}
          dataSource={data.examiners}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(row) =>
            row.outOfLine ? { style: { background: 'rgba(255, 77, 79, 0.08)' } } : {}
          }
        />
      )}
    </Card>
  );
}

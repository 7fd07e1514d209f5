import type { CertLevel, CertificationRowView } from '@kaoshi/shared';
import { DownloadOutlined } from '@ant-design/icons';
import { Flex, Form, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  exportCertification,
  listCertification,
  type CertificationFilter,
  type CertificationQuery,
} from '../../api/certification';
import { ExportButton } from '../../components/list/ExportButton';
import { ListPage } from '../../components/list/ListPage';
import { cleanFilters, filtersOf } from '../../components/list/search-params';
import { useListPage } from '../../components/list/use-list-page';
import { BatchSelect, LevelSelect, useLevelLabel } from '../../components/structure';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { useAllJobTypes } from '../../components/structure/queries';
import { CertificationStatistics } from './CertificationStatistics';

const FILTER_CHAIN = ['subjectId', 'level', 'classId'] as const;
const STATUS_COLOR = { certified: 'green', failed: 'red', pending: 'gold' } as const;

/** The filters a link names (?subjectId=&level=&classId=, e.g. from an exam's statistics). */
function linkedFilters(params: URLSearchParams): CertificationFilter {
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    subjectId: id('subjectId'),
    level: id('level') as CertLevel | undefined,
    classId: id('classId'),
  };
}

/**
 * Certification results (认定结果, issue 26 §4): per candidate and scheme, each part's best
 * result still valid, and whether the candidate is certified, failed a part, or is waiting for one;
 * above the table, the chosen scheme's statistics per component (CertificationStatistics).
 */
export default function CertificationResults() {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const [params] = useSearchParams();
  const [linked] = useState(() => linkedFilters(params));
  const [filterForm] = Form.useForm<CertificationFilter>();
  // Any job type, not through a project and category first (as the question bank's lists).
  const subjectId = Form.useWatch('subjectId', filterForm);
  const level = Form.useWatch('level', filterForm);
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((option) => option.id === subjectId)?.levels;
  const results = useListPage<CertificationRowView, CertificationQuery>({
    queryKey: ['certification', 'results'],
    fetchList: listCertification,
    rowKey: (row) => `${row.studentId}-${row.schemeId}`,
    initialFilters: cleanFilters(linked),
  });
  // The search bar shows the filters the link chose.
  useEffect(() => filterForm.setFieldsValue(linked), [filterForm, linked]);

  const columns: TableColumnsType<CertificationRowView> = [
    {
      title: t('certification.results.candidate'),
      key: 'candidate',
      render: (_, row) => (
        <Flex vertical gap={2} style={{ minWidth: 120 }}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.ticketNumber} · {row.className}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('certification.scheme.jobType'),
      key: 'scheme',
      responsive: ['md'],
      render: (_, row) => `${row.subjectName} · ${levelLabel(row.level as CertLevel)}`,
    },
    {
      title: t('certification.scheme.components'),
      key: 'components',
      render: (_, row) => (
        <Flex gap={4} wrap style={{ minWidth: 150, maxWidth: 420 }}>
          {row.components.map((part) => (
            <Tag
              key={part.componentId}
              color={part.passed === null ? undefined : part.passed ? 'green' : 'red'}
              title={
                part.finalAt
                  ? t('certification.results.from', {
                      source: part.source ?? '—',
                      date: part.finalAt.slice(0, 10),
                    })
                  : undefined
              }
              style={{ marginInlineEnd: 0 }}
            >
              {t(`certification.kinds.${part.kind}`)}{' '}
              {part.score === null ? t('certification.results.none') : part.score}
              {!part.required && ` · ${t('certification.scheme.optional')}`}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('certification.results.status'),
      key: 'status',
      width: 130,
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {row.status === 'failed'
            ? t('certification.results.failedParts', {
                parts: row.failed.map((kind) => t(`certification.kinds.${kind}`)).join(', '),
              })
            : t(`certification.results.statuses.${row.status}`)}
        </Tag>
      ),
    },
  ];

  return (
    <ListPage<CertificationRowView, CertificationFilter>
      list={results}
      searchName="certificationSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      toolbar={
        <ExportButton
          icon={<DownloadOutlined />}
          label={t('certification.results.export')}
          doneMessage={t('certification.results.exported')}
          onExport={() =>
            exportCertification(
              filtersOf(results.query),
              `${t('certification.results.fileName')}.xlsx`,
            )
          }
        />
      }
      aboveTable={<CertificationStatistics filter={filtersOf(results.query)} />}
      columns={columns}
    >
      <Form.Item name="subjectId" noStyle>
        <AnyJobTypeSelect />
      </Form.Item>
      <Form.Item name="level" noStyle>
        <LevelSelect
          levels={levels}
          waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
        />
      </Form.Item>
      <Form.Item name="classId" noStyle>
        <BatchSelect subjectId={subjectId} level={level} />
      </Form.Item>
    </ListPage>
  );
}

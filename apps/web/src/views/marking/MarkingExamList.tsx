import { PAGE_LIMIT_DEFAULT, type MarkingExamView } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { listMarkingExam } from '../../api/marking';
import { useTablePagination } from '../../components/list/pagination';
import { useTableLook } from '../../components/list/use-list-page';
import { localTime } from '../../components/exam/exam-format';
import { itemPlace, markingExamPath, markingKeys } from '../../components/marking/marking-format';

/** The exams to mark: name, closing time, released or not, the user's questions. */
export function MarkingExamList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const exams = useQuery({
    queryKey: markingKeys.exams(query),
    queryFn: () => listMarkingExam(query),
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(query, exams.data?.total, setQuery);
  const look = useTableLook(t('marking.exams.empty'));

  const columns: TableColumnsType<MarkingExamView> = [
    {
      title: t('marking.exams.name'),
      key: 'name',
      render: (_, exam) => (
        <Flex vertical gap={2} style={{ minWidth: 140, maxWidth: 320 }}>
          <Link to={markingExamPath(exam.examId)} className="marking-exam-name">
            <strong>{exam.name}</strong>
          </Link>
          {!exam.plan && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('marking.exams.noPlan')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('marking.exams.endAt'),
      key: 'endAt',
      render: (_, exam) => <span style={{ whiteSpace: 'nowrap' }}>{localTime(exam.endAt)}</span>,
    },
    {
      title: t('marking.exams.released'),
      key: 'released',
      render: (_, exam) =>
        exam.released ? (
          <Tag color="green">{t('marking.exams.releasedYes')}</Tag>
        ) : (
          <Tag>{t('marking.exams.releasedNo')}</Tag>
        ),
    },
    {
      title: t('marking.exams.myItems'),
      key: 'items',
      responsive: ['sm'],
      render: (_, exam) =>
        exam.itemIds.length === 0 ? (
          <Typography.Text type="secondary">{t('marking.exams.noItems')}</Typography.Text>
        ) : (
          <Flex wrap gap={4} style={{ maxWidth: 260 }}>
            {exam.itemIds.map((itemId) => {
              const place = itemPlace(itemId);
              return (
                <Tag key={itemId} style={{ marginInlineEnd: 0 }}>
                  {place ? t('marking.overview.itemLabel', place) : itemId}
                </Tag>
              );
            })}
          </Flex>
        ),
    },
    {
      title: '',
      key: 'open',
      align: 'end',
      render: (_, exam) => (
        <Button size="small" onClick={() => void navigate(markingExamPath(exam.examId))}>
          {t('marking.exams.open')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('marking.exams.title')}
      className="marking-exams"
      extra={
        <Button onClick={() => void exams.refetch()} loading={exams.isFetching}>
          {t('marking.overview.reload')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('marking.exams.help')}</Typography.Paragraph>
      <Table<MarkingExamView>
        {...look}
        rowKey="examId"
        columns={columns}
        dataSource={exams.data?.list}
        loading={exams.isFetching}
        pagination={pagination}
      />
    </Card>
  );
}

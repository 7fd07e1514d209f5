import type { ExamChangeView, ExamView } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPublishOptions, listExamChanges } from '../../api/exam';
import { useTableLook } from '../../components/list/use-list-page';
import { describeChange, isRecordedAction, type ChangeNames } from './change-summary';
import { localTime } from '../../components/exam/exam-format';
import { examKeys } from '../../components/exam/exam-routes';

/** Who changed what in an exam and when, newest first. */
export function ExamChanges({ exam }: { exam: ExamView }) {
  const { t } = useTranslation();
  const look = useTableLook(t('common.noData'));
  const changes = useQuery({
    queryKey: examKeys.changes(exam.id),
    queryFn: () => listExamChanges(exam.id),
  });
  const options = useQuery({ queryKey: examKeys.options, queryFn: getPublishOptions });
  const names: ChangeNames = {
    batch: (id) =>
      exam.classes.find((batch) => batch.id === id)?.name ??
      options.data?.classes.find((batch) => batch.id === id)?.name,
    paper: (id) =>
      id === exam.paperId
        ? exam.paperName
        : options.data?.papers.find((paper) => paper.id === id)?.name,
    notice: (id) =>
      id === exam.instructionId
        ? (exam.instructionTitle ?? undefined)
        : options.data?.instructions.find((notice) => notice.id === id)?.title,
  };

  const columns: TableColumnsType<ExamChangeView> = [
    {
      title: t('exam.changes.at'),
      key: 'at',
      render: (_, change) => <span style={{ whiteSpace: 'nowrap' }}>{localTime(change.at)}</span>,
    },
    { title: t('exam.changes.user'), dataIndex: 'userName' },
    {
      title: t('exam.changes.action'),
      key: 'action',
      render: (_, change) => (
        <Tag style={{ marginInlineEnd: 0 }}>
          {isRecordedAction(change.action)
            ? t(`exam.changes.actions.${change.action}`)
            : change.action}
        </Tag>
      ),
    },
    {
      title: t('exam.changes.detail'),
      key: 'detail',
      render: (_, change) => (
        <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 560 }} className="exam-change">
          {describeChange(change, t, names).map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Table<ExamChangeView>
      {...look}
      rowKey="id"
      loading={changes.isFetching}
      dataSource={changes.data}
      columns={columns}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      className="exam-change-table"
    />
  );
}

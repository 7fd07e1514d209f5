import {
  AccommodationTag,
  useExamAccommodations,
} from '../../components/accommodation/AccommodationTags';
import {
  ClockCircleOutlined,
  DownloadOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import {
  CANDIDATE_STATUSES,
  CandidateStatus,
  type CandidateStatusCode,
  type CandidateView,
  type ExamView,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  exportCandidates,
  listCandidates,
  removeCandidates,
  type CandidateFilter,
  type CandidateQuery,
} from '../../api/exam';
import { RowAction } from '../../components/list/RowAction';
import { ExportButton } from '../../components/list/ExportButton';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { filtersOf } from '../../components/list/search-params';
import { ListContent } from '../../components/list/ListPage';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { succeeded } from '../../utils/succeeded';
import { useCodeLabel } from '../../utils/use-code-label';
import { AddCandidatesDialog } from './AddCandidatesDialog';
import { examKeys } from '../../components/exam/exam-routes';
import { ExtraTimeDialog } from './ExtraTimeDialog';

const STATUS_COLORS: Record<CandidateStatusCode, string> = {
  [CandidateStatus.SUBMITTED]: 'green',
  [CandidateStatus.SAVED]: 'cyan',
  [CandidateStatus.IN_PROGRESS]: 'blue',
  [CandidateStatus.NOT_STARTED]: 'default',
  [CandidateStatus.REOPENED]: 'geekblue',
  [CandidateStatus.EXPIRED]: 'orange',
};

/** The spec's label of a candidate's status; 4 (in progress again) says it was reopened. */
function useStatusLabel() {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  return (status: CandidateStatusCode) =>
    status === CandidateStatus.REOPENED
      ? t('exam.candidates.reopened', { status: codeLabel('examStatus', status) })
      : codeLabel('examStatus', status);
}

type FilterValues = Omit<CandidateFilter, 'examId'>;

/**
 * An exam's candidates in seat order: searched by name, ticket or ID number, filtered by status
 * and batch, exported as they are filtered; extra time, removal of those who have not started and
 * students added one by one while the exam is published and not closed.
 */
export function CandidatePanel({ exam }: { exam: ExamView }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const statusLabel = useStatusLabel();
  const actionsColumn = useActionsColumn();
  const accommodations = useExamAccommodations(exam.id);
  const [filterForm] = Form.useForm<FilterValues>();
  const candidates = useListPage<CandidateView, CandidateQuery>({
    queryKey: examKeys.candidates(exam.id),
    fetchList: (query) => listCandidates({ ...query, examId: exam.id }),
    rowKey: 'studentId',
  });
  const extra = useDialog<CandidateView>();
  const adding = useDialog<true>();
  const changeable = exam.state === 'upcoming' || exam.state === 'open';
  const compact = !screens.xxl;
  // A phone keeps the seat, the name and the actions; the status goes under the name.
  const phone = !screens.sm;

  const refresh = () => queryClient.invalidateQueries({ queryKey: examKeys.all });

  const statusTag = (candidate: CandidateView) => (
    <Tag
      color={STATUS_COLORS[candidate.status]}
      style={{ marginInlineEnd: 0 }}
      className="exam-candidate-status"
    >
      {statusLabel(candidate.status)}
    </Tag>
  );

  const confirmRemove = (candidate: CandidateView) =>
    modal.confirm({
      title: t('exam.candidates.removeTitle'),
      content: t('exam.candidates.removeText', {
        name: candidate.name,
        ticket: candidate.ticketNumber,
      }),
      okText: t('exam.candidates.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const done = await succeeded(removeCandidates(exam.id, [candidate.studentId]));
        void refresh();
        if (!done) return;
        message.success(t('exam.candidates.removed', { name: candidate.name }));
        candidates.afterDelete();
      },
    });

  const columns: TableColumnsType<CandidateView> = [
    {
      title: t('exam.candidates.seat'),
      dataIndex: 'seatNumber',
      align: 'right',
      width: 72,
    },
    {
      title: t('exam.candidates.room'),
      dataIndex: 'roomName',
      responsive: ['md'],
      render: (room: string | null) => room ?? '—',
    },
    { title: t('exam.candidates.ticket'), dataIndex: 'ticketNumber', responsive: ['sm'] },
    {
      title: t('exam.candidates.name'),
      key: 'name',
      render: (_, candidate) => (
        <Flex vertical gap={2}>
          <Flex gap={4} align="center" wrap>
            <span>{candidate.name}</span>
            {candidate.addedSingly && (
              <Tag style={{ marginInlineEnd: 0 }}>{t('exam.candidates.addedSingly')}</Tag>
            )}
            <AccommodationTag
              row={accommodations.rows.get(candidate.studentId)}
              applied={accommodations.applied}
            />
          </Flex>
          {phone && (
            <Flex gap={6} align="center" wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {candidate.ticketNumber}
              </Typography.Text>
              {statusTag(candidate)}
            </Flex>
          )}
        </Flex>
      ),
    },
    { title: t('exam.candidates.idNumber'), dataIndex: 'idNumber', responsive: ['md'] },
    { title: t('exam.fields.batch'), dataIndex: 'className', responsive: ['lg'] },
    {
      title: t('exam.candidates.status'),
      key: 'status',
      responsive: ['sm'],
      render: (_, candidate) => statusTag(candidate),
    },
    {
      title: t('exam.candidates.extraMinutes'),
      key: 'extra',
      align: 'right',
      responsive: ['sm'],
      render: (_, candidate) =>
        candidate.extraMinutes > 0
          ? t('exam.candidates.extra', { count: candidate.extraMinutes })
          : t('codes.none'),
    },
    {
      title: t('exam.candidates.score'),
      key: 'score',
      align: 'right',
      render: (_, candidate) =>
        candidate.score === null ? (
          t('codes.none')
        ) : (
          <span className={candidate.passed === false ? 'exam-score-failed' : undefined}>
            {candidate.score}
          </span>
        ),
    },
  ];
  if (changeable) {
    columns.push(
      actionsColumn<CandidateView>((candidate) => (
        <>
          <RowAction
            icon={<ClockCircleOutlined />}
            label={t('exam.candidates.setExtra')}
            compact={compact}
            onClick={() => extra.show(candidate)}
          />
          <RowAction
            icon={<UserDeleteOutlined />}
            label={t('exam.candidates.remove')}
            danger
            compact={compact}
            blockedBy={
              candidate.status === CandidateStatus.NOT_STARTED
                ? undefined
                : t('exam.candidates.removeStarted')
            }
            onClick={() => confirmRemove(candidate)}
          />
        </>
      )),
    );
  }

  return (
    <div className="exam-candidates">
      <ListContent<CandidateView, FilterValues>
        list={candidates}
        searchName="candidateSearch"
        filterForm={filterForm}
        addLabel={changeable ? t('exam.candidates.add') : undefined}
        addIcon={<UserAddOutlined />}
        onAdd={() => adding.show(true)}
        toolbar={
          <ExportButton
            icon={<DownloadOutlined />}
            label={t('exam.candidates.export')}
            doneMessage={t('exam.candidates.exported')}
            disabled={exam.state === 'draft'}
            onExport={() =>
              exportCandidates(
                { ...filtersOf(candidates.query), examId: exam.id },
                `${exam.name}.xlsx`,
              )
            }
          />
        }
        columns={columns}
        tableProps={{
          className: 'exam-candidate-table',
          locale: {
            emptyText:
              exam.state === 'draft' ? t('exam.candidates.draftEmpty') : t('common.noData'),
          },
        }}
        dialogs={
          <>
            <ExtraTimeDialog
              key={`extra-${extra.key}`}
              open={extra.open}
              examId={exam.id}
              candidate={extra.target}
              onClose={extra.hide}
            />
            <AddCandidatesDialog
              key={`add-${adding.key}`}
              open={adding.open}
              examId={exam.id}
              onClose={adding.hide}
            />
          </>
        }
      >
        <TextFilter name="keyword" label={t('exam.candidates.keyword')} />
        <SelectFilter
          name="status"
          label={t('exam.candidates.status')}
          options={[...CANDIDATE_STATUSES]
            .sort((a, b) => a - b)
            .map((status) => ({ value: status, label: statusLabel(status) }))}
        />
        <SelectFilter
          name="classId"
          label={t('exam.fields.batch')}
          options={exam.classes.map((batch) => ({ value: batch.id, label: batch.name }))}
        />
      </ListContent>
    </div>
  );
}

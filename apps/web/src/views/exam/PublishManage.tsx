import {
  CalendarOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  RedoOutlined,
  RollbackOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EXAM_STATES, type ExamListItem } from '@kaoshi/shared';
import { Flex, Form, Grid, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { listExams, type ExamQuery } from '../../api/exam';
import { RowAction } from '../../components/list/RowAction';
import { SelectFilter, TextFilter } from '../../components/list/filters';
import { filtersOf } from '../../components/list/search-params';
import { ListPage } from '../../components/list/ListPage';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { BatchSelect, useLevelLabel } from '../../components/structure';
import { proctorable, proctorPath } from '../../components/exam/proctor-paths';
import { useJobTypeLevelFilters } from '../../components/structure/job-type-level-filters';
import { ExamCalendar, type ExamFilters } from './ExamCalendar';
import { localWindow } from '../../components/exam/exam-format';
import {
  examDetailPath,
  examEditPath,
  examKeys,
  seatPlanPath,
} from '../../components/exam/exam-routes';
import { ExamStateTag } from '../../components/exam/ExamStateTag';
import { MakeUpDialog } from '../../components/exam/MakeUpDialog';
import { TicketDialog } from './TicketDialog';
import { useExamActions } from './use-exam-actions';
import './exam.css';

const FILTER_CHAIN = ['subjectId', 'level', 'classId'] as const;

type View = 'list' | 'calendar';
type Dialog = { kind: 'tickets' | 'makeUp'; exam: ExamListItem };

/** Whether an exam can still be taken back: before anyone could have sat it to the end. */
// Not once open: candidates may be reading the notice or sitting it (the server refuses too).
const unpublishable = (exam: ExamListItem) => exam.state === 'upcoming';
const deletable = (exam: ExamListItem) => exam.state === 'draft' || unpublishable(exam);
const closed = (exam: ExamListItem) => exam.state === 'closed' || exam.state === 'released';

/**
 * The window on two lines, the opening above the closing: as wide as one date and time whether or
 * not it spans midnight, so the columns keep clear of the fixed actions at any time of day.
 */
function WindowLines({ startAt, endAt }: { startAt: string; endAt: string }) {
  const [opening, closing] = localWindow(startAt, endAt).split(' – ');
  return (
    <span className="exam-window">
      <span>{opening}</span>
      <span>– {closing}</span>
    </span>
  );
}

/**
 * Published exams (考试发布): find them by name, job type, level, batch and state, as a list or a
 * month's calendar; publish, change, take back or delete them; print admission tickets; publish a
 * make-up of a closed one.
 */
export default function PublishManage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const actions = useExamActions();
  const actionsColumn = useActionsColumn();
  const [view, setView] = useState<View>('list');
  const [filterForm] = Form.useForm<ExamFilters>();
  const jobTypeLevel = useJobTypeLevelFilters(filterForm, FILTER_CHAIN);
  const { subjectId, level } = jobTypeLevel;
  const exams = useListPage<ExamListItem, ExamQuery>({
    queryKey: examKeys.list,
    fetchList: listExams,
  });
  const dialog = useDialog<Dialog>();
  const filters = filtersOf(exams.query);

  const open = (exam: Pick<ExamListItem, 'id'>) => navigate(examDetailPath(exam.id));

  // Labelled actions would cover the last columns below 1600 px: icons with tooltips there.
  const compact = !screens.xxl;
  const phone = !screens.md;
  const columns: TableColumnsType<ExamListItem> = [
    {
      title: t('exam.fields.name'),
      key: 'name',
      render: (_, exam) => (
        <Flex vertical gap={2} style={{ minWidth: 140, maxWidth: 240 }}>
          <Link to={examDetailPath(exam.id)} className="exam-name">
            <strong>{exam.name}</strong>
          </Link>
          {exam.makeUpOf && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} className="exam-make-up-of">
              {t('exam.list.makeUpOf')}{' '}
              <Link to={examDetailPath(exam.makeUpOf.id)}>{exam.makeUpOf.name}</Link>
            </Typography.Text>
          )}
          {/* The state beside the name: never scrolled out of sight under the actions. */}
          <Flex gap={6} align="center" wrap>
            <ExamStateTag state={exam.state} />
            {phone && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {localWindow(exam.startAt, exam.endAt)}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('exam.fields.paper'),
      key: 'paper',
      responsive: ['lg'],
      render: (_, exam) => (
        <Flex vertical gap={2} style={{ minWidth: 120, maxWidth: 200 }}>
          <Typography.Text ellipsis={{ tooltip: exam.paperName }}>{exam.paperName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {exam.subjectName} · {levelLabel(exam.level)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('exam.fields.classIds'),
      key: 'batches',
      responsive: ['xl'],
      render: (_, exam) => (
        <Flex wrap gap={4} style={{ maxWidth: 150 }}>
          {exam.classes.map((batch) => (
            <Tag key={batch.id} style={{ marginInlineEnd: 0 }}>
              {batch.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('exam.fields.window'),
      key: 'window',
      responsive: ['md'],
      render: (_, exam) => (
        <Flex vertical gap={2}>
          <WindowLines startAt={exam.startAt} endAt={exam.endAt} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('exam.minutes', { count: exam.durationMinutes })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('exam.fields.candidates'),
      dataIndex: 'candidateCount',
      responsive: ['sm'],
      align: 'right',
    },
    actionsColumn<ExamListItem>((exam) => (
      <>
        {exam.state !== 'closed' && exam.state !== 'released' && (
          <RowAction
            icon={<EditOutlined />}
            label={t('common.edit')}
            compact={compact}
            onClick={() => navigate(examEditPath(exam.id))}
          />
        )}
        <RowAction
          icon={<EyeOutlined />}
          label={t('exam.actions.details')}
          compact={compact}
          onClick={() => open(exam)}
        />
        {exam.state === 'draft' && (
          <RowAction
            icon={<SendOutlined />}
            label={t('exam.actions.publish')}
            compact={compact}
            onClick={() => actions.publish(exam)}
          />
        )}
        {proctorable(exam.state) && (
          <RowAction
            icon={<DashboardOutlined />}
            label={t('exam.actions.proctor')}
            compact={compact}
            onClick={() => navigate(proctorPath(exam.id))}
          />
        )}
        {(exam.state === 'upcoming' || exam.state === 'open') && (
          <RowAction
            icon={<LayoutOutlined />}
            label={t('venue.plan.open')}
            compact={compact}
            onClick={() => navigate(seatPlanPath(exam.id))}
          />
        )}
        {exam.state !== 'draft' && (
          <RowAction
            icon={<IdcardOutlined />}
            label={t('exam.actions.tickets')}
            compact={compact}
            onClick={() => dialog.show({ kind: 'tickets', exam })}
          />
        )}
        {closed(exam) && (
          <RowAction
            icon={<RedoOutlined />}
            label={t('exam.actions.makeUp')}
            compact={compact}
            onClick={() => dialog.show({ kind: 'makeUp', exam })}
          />
        )}
        {unpublishable(exam) && (
          <RowAction
            icon={<RollbackOutlined />}
            label={t('exam.actions.unpublish')}
            compact={compact}
            onClick={() => actions.unpublish(exam)}
          />
        )}
        {deletable(exam) && (
          <RowAction
            icon={<DeleteOutlined />}
            label={t('common.delete')}
            danger
            compact={compact}
            onClick={() => actions.remove(exam, exams.afterDelete)}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage<ExamListItem, ExamFilters>
      className="exam-manage"
      list={exams}
      searchName="examSearch"
      filterForm={filterForm}
      filterChain={FILTER_CHAIN}
      addLabel={t('exam.add')}
      onAdd={() => navigate(examEditPath())}
      toolbarJustify="space-between"
      toolbar={
        <Segmented<View>
          value={view}
          onChange={setView}
          aria-label={t('exam.list.view')}
          options={[
            { value: 'list', icon: <UnorderedListOutlined />, label: t('exam.list.asList') },
            { value: 'calendar', icon: <CalendarOutlined />, label: t('exam.list.asCalendar') },
          ]}
        />
      }
      columns={columns}
      tableProps={{ className: 'exam-table' }}
      replaceTable={
        view === 'calendar' ? <ExamCalendar filters={filters} onOpen={open} /> : undefined
      }
      dialogs={
        <>
          <TicketDialog
            key={`tickets-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'tickets'}
            exam={dialog.target?.exam}
            onClose={dialog.hide}
          />
          <MakeUpDialog
            key={`make-up-${dialog.key}`}
            open={dialog.open && dialog.target?.kind === 'makeUp'}
            exam={dialog.target?.exam}
            onClose={dialog.hide}
          />
        </>
      }
    >
      <TextFilter name="keyword" label={t('exam.list.keyword')} />
      {jobTypeLevel.items}
      <Form.Item name="classId" noStyle>
        <BatchSelect subjectId={subjectId} level={level} />
      </Form.Item>
      <SelectFilter
        name="state"
        label={t('exam.fields.state')}
        options={EXAM_STATES.map((state) => ({
          value: state,
          label: t(`exam.states.${state}`),
        }))}
      />
    </ListPage>
  );
}

import {
  AccommodationTag,
  useExamAccommodations,
} from '../../components/accommodation/AccommodationTags';
import {
  ClockCircleOutlined,
  DownloadOutlined,
  MessageOutlined,
  ProfileOutlined,
  RedoOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  CandidateStatus,
  PROCTOR_STATES,
  type LiveExamView,
  type ProctorCounts,
  type ProctorDelta,
  type ProctorRow,
  type ProctorState,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Col,
  Flex,
  Grid,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { exportEventLog, getLiveExam } from '../../api/proctor';
import { RowAction } from '../../components/list/RowAction';
import { TABLE_SCROLL } from '../../components/list/responsive';
import { RelativeTime } from '../../components/time/RelativeTime';
import { localWindow, timeOfDay } from '../../components/attempt/my-exams-time';
import { EXAM_LIST_PATH, examDetailPath } from '../../components/exam/exam-routes';
import { ExamStateTag } from '../../components/exam/ExamStateTag';
import { ProctorActionDialog, type ProctorActionTarget } from './ProctorActionDialog';
import {
  PauseDialog,
  PauseExamButtons,
  PauseRowAction,
  pauseColumn,
  pauseKeys,
  usePauses,
  type PauseTarget,
} from './PauseControls';
import { ReceiptCheckDialog } from './ReceiptCheckDialog';
import { ProctorEventsDrawer, proctorKeys } from './ProctorEventsDrawer';
import { useDeltaBatch } from './use-delta-batch';
import {
  EVENT_TYPES,
  SIGNAL_TYPES,
  breaksLabel,
  eventName,
  eventShortName,
} from './proctor-labels';
import { useProctorSocket, type ProctorLink } from './use-proctor-socket';
import { ProctorRoomTools } from '../../components/irregularity/ProctorRoomTools';
import { AnswerFileUpload } from '../../components/invigilation/AnswerFileUpload';
import './proctor.css';

/** After a delta that changes more than a row shows (extra time, reopen), reload once so long. */
const RELOAD_AFTER_MS = 300;

const STATE_COLORS: Record<ProctorState, string> = {
  not_started: 'default',
  in_progress: 'processing',
  submitted: 'success',
  absent: 'warning',
};
const COUNT_KEYS: { key: keyof ProctorCounts; state: ProctorState | 'offline' }[] = [
  { key: 'notStarted', state: 'not_started' },
  { key: 'inProgress', state: 'in_progress' },
  { key: 'offline', state: 'offline' },
  { key: 'submitted', state: 'submitted' },
  { key: 'absent', state: 'absent' },
];
type Filter = ProctorState | 'offline' | 'all';

/**
 * The proctor's live view of one exam (?examId=N): counts, a row per candidate that moves as
 * they join, save, leave the page or submit (socket.io, no reload), and the actions.
 */
export default function ProctorView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const known = Number.isInteger(examId) && examId > 0;
  const live = useQuery({
    queryKey: proctorKeys.live(examId),
    queryFn: () => getLiveExam(examId),
    enabled: known,
    // The socket keeps it current; a refetch happens on every (re)join of the room.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (!known || live.isError) {
    return (
      <Result
        status="warning"
        title={known ? t('proctor.loadFailed') : t('proctor.noExam')}
        subTitle={live.error?.message}
        extra={<Link to={EXAM_LIST_PATH}>{t('exam.backToList')}</Link>}
      />
    );
  }
  return <ProctorDesk examId={examId} view={live.data} />;
}

function ProctorDesk({ examId, view }: { examId: number; view: LiveExamView | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  // The seat plan's room to show (its documents, records and candidates); undefined: all.
  const [roomId, setRoomId] = useState<number | undefined>();
  const [drawer, setDrawer] = useState<ProctorRow | null>(null);
  const [action, setAction] = useState<ProctorActionTarget | null>(null);
  const [checkingReceipt, setCheckingReceipt] = useState(false);
  const [pauseTarget, setPauseTarget] = useState<PauseTarget | null>(null);
  const pauses = usePauses(examId);
  const accommodations = useExamAccommodations(examId);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: proctorKeys.live(examId) });
    void queryClient.invalidateQueries({ queryKey: ['proctor', 'events', examId] });
    void queryClient.invalidateQueries({ queryKey: pauseKeys(examId) });
  };
  const reloadSoon = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(reload, RELOAD_AFTER_MS);
  };
  // Deltas gather a moment and go in together: a large exam sends hundreds a second.
  const takeDelta = useDeltaBatch(examId);
  const link = useProctorSocket(examId, {
    onJoined: reload,
    onDelta: (delta: ProctorDelta) => {
      if (delta.kind === 'changed') return reloadSoon();
      takeDelta(delta);
    },
  });

  const rooms = useMemo(() => {
    const named = new Map<number, string>();
    for (const row of view?.rows ?? []) if (row.room) named.set(row.room.roomId, row.room.name);
    return [...named].map(([value, label]) => ({ value, label }));
  }, [view]);
  const inRoom = useMemo(
    () => (view?.rows ?? []).filter((row) => !roomId || row.room?.roomId === roomId),
    [view, roomId],
  );
  const rows = useMemo(() => {
    const words = search.trim().toLowerCase();
    return inRoom.filter((row) => {
      if (filter === 'offline' && !(row.state === 'in_progress' && !row.connected)) return false;
      if (filter !== 'offline' && filter !== 'all' && row.state !== filter) return false;
      return (
        words === '' ||
        row.name.toLowerCase().includes(words) ||
        row.ticketNumber.toLowerCase().includes(words)
      );
    });
  }, [inRoom, filter, search]);

  if (!view) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  // Which day "today" is: the server's word at the last load is close enough for showing times.
  const now = Date.parse(view.serverNow);
  const exam = view.exam;

  const columns: TableColumnsType<ProctorRow> = [
    {
      title: t('proctor.columns.ticket'),
      dataIndex: 'ticketNumber',
      fixed: compact ? undefined : 'left',
    },
    {
      title: t('proctor.columns.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <>
          {name}
          <AccommodationTag
            row={accommodations.rows.get(row.studentId)}
            applied={accommodations.applied}
          />
        </>
      ),
    },
    {
      title: t('proctor.columns.state'),
      key: 'state',
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[row.state]} className={`proctor-state-${row.state}`}>
            {t(`proctor.state.${row.state}`)}
          </Tag>
          {row.status === CandidateStatus.REOPENED && (
            <Tag color="gold">{t('proctor.reopened')}</Tag>
          )}
          {row.breaks.allowed > 0 && (
            <Tag color={row.breaks.onBreak ? 'orange' : undefined} className="proctor-breaks">
              {breaksLabel(t, row.breaks)}
            </Tag>
          )}
          {row.accessLockedUntil && (
            <Tag color="red" className="proctor-access-locked">
              {t('proctor.accessLocked', { time: timeOfDay(row.accessLockedUntil, now) })}
            </Tag>
          )}
          {row.state === 'submitted' && row.finishReason && (
            <Typography.Text type="secondary">
              {t(`proctor.finish.${row.finishReason}`)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    pauseColumn(t, pauses),
    {
      title: t('proctor.columns.answered'),
      dataIndex: 'answered',
      align: 'right',
      className: 'proctor-answered',
    },
    {
      title: t('proctor.columns.lastSave'),
      key: 'lastSave',
      render: (_, row) => (row.lastSaveAt ? <RelativeTime at={row.lastSaveAt} now={now} /> : '—'),
    },
    {
      title: t('proctor.columns.connection'),
      key: 'connection',
      render: (_, row) =>
        row.attemptId === null ? (
          '—'
        ) : (
          <Badge
            status={row.connected ? 'success' : 'default'}
            text={row.connected ? t('proctor.online') : t('proctor.offline')}
            className={row.connected ? 'proctor-online' : 'proctor-offline'}
          />
        ),
    },
    {
      title: t('proctor.columns.events'),
      key: 'events',
      render: (_, row) => {
        const counted = EVENT_TYPES.filter(
          (type) => !SIGNAL_TYPES.includes(type) && (row.eventCounts[type] ?? 0) > 0,
        );
        if (counted.length === 0)
          return <Typography.Text type="secondary">{t('proctor.noEvents')}</Typography.Text>;
        const latest = row.latestEvents
          .map((event) => `${timeOfDay(event.at, now)} ${eventName(t, event.type)}`)
          .join('\n');
        return (
          <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{latest}</span>}>
            <Space size={[4, 4]} wrap className="proctor-events">
              {counted.map((type) => (
                <Tag key={type} color="red">
                  {eventShortName(t, type)} {row.eventCounts[type]}
                </Tag>
              ))}
            </Space>
          </Tooltip>
        );
      },
    },
    {
      title: t('proctor.columns.deadline'),
      key: 'deadline',
      responsive: ['md'],
      render: (_, row) =>
        row.deadline ? (
          <Space size={4}>
            {timeOfDay(row.deadline, now)}
            {row.extraMinutes > 0 && (
              <Tag>{t('proctor.extraMinutes', { count: row.extraMinutes })}</Tag>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('proctor.columns.address'),
      dataIndex: 'address',
      responsive: ['lg'],
      render: (address: string) => address || '—',
    },
    { title: t('proctor.columns.batch'), dataIndex: 'className', responsive: ['lg'] },
    {
      title: t('proctor.columns.room'),
      key: 'room',
      responsive: ['md'],
      render: (_, row) => (row.room ? `${row.room.name} · ${row.room.seat}` : '—'),
    },
    {
      title: t('proctor.columns.actions'),
      key: 'actions',
      fixed: compact ? undefined : 'right',
      render: (_, row) => (
        <Space size={0} wrap={false}>
          <RowAction
            icon={<ProfileOutlined />}
            label={t('proctor.actions.events')}
            compact
            onClick={() => setDrawer(row)}
          />
          {row.state === 'in_progress' && (
            <>
              <PauseRowAction row={row} pauses={pauses} onClick={setPauseTarget} />
              <RowAction
                icon={<ClockCircleOutlined />}
                label={t('proctor.actions.extraTime')}
                compact
                onClick={() => setAction({ kind: 'extraTime', row })}
              />
              <RowAction
                icon={<MessageOutlined />}
                label={t('proctor.actions.message')}
                compact
                onClick={() => setAction({ kind: 'message', row })}
              />
              <RowAction
                icon={<StopOutlined />}
                label={t('proctor.actions.submit')}
                danger
                compact
                onClick={() => setAction({ kind: 'submit', row })}
              />
            </>
          )}
          {row.state === 'not_started' && exam.state === 'open' && (
            <RowAction
              icon={<ClockCircleOutlined />}
              label={t('proctor.actions.extraTime')}
              compact
              onClick={() => setAction({ kind: 'extraTime', row })}
            />
          )}
          {row.attemptId !== null && (
            <AnswerFileUpload examId={examId} studentId={row.studentId} name={row.name} />
          )}
          {row.state === 'submitted' && (
            <RowAction
              icon={<RedoOutlined />}
              label={t('proctor.actions.reopen')}
              compact
              onClick={() => setAction({ kind: 'reopen', row })}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="proctor-view">
      <Card size={screens.sm ? undefined : 'small'}>
        <Flex justify="space-between" align="start" wrap gap={8}>
          <div>
            <Flex align="center" gap={8} wrap>
              <Typography.Title level={4} style={{ margin: 0 }} className="proctor-exam-name">
                {exam.name}
              </Typography.Title>
              <ExamStateTag state={exam.state} />
              <LinkBadge link={link} />
            </Flex>
            <Typography.Text type="secondary">
              {t('proctor.window', {
                window: localWindow(exam.startAt, exam.endAt),
                minutes: exam.durationMinutes,
              })}
            </Typography.Text>
          </div>
          <Flex gap={8} wrap>
            <PauseExamButtons onClick={setPauseTarget} />
            <Button icon={<SendOutlined />} onClick={() => setAction({ kind: 'message' })}>
              {t('proctor.actions.messageAll')}
            </Button>
            <Button icon={<SafetyCertificateOutlined />} onClick={() => setCheckingReceipt(true)}>
              {t('proctor.actions.checkReceipt')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void exportEventLog(examId, `${exam.name}-${t('proctor.exportName')}.xlsx`)
              }
            >
              {t('proctor.actions.export')}
            </Button>
            <Link to={examDetailPath(examId)}>
              <Button>{t('proctor.back')}</Button>
            </Link>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[12, 12]} className="proctor-counts">
        {COUNT_KEYS.map(({ key, state }) => (
          <Col key={key} xs={8} sm={8} md={8} lg={4} xl={4}>
            <Card
              size="small"
              hoverable
              onClick={() => setFilter(filter === state ? 'all' : state)}
              className={[
                'proctor-count',
                `proctor-count-${key}`,
                filter === state && 'proctor-count-active',
                key === 'offline' && view.counts.offline > 0 && 'proctor-count-alert',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-pressed={filter === state}
              role="button"
            >
              <Statistic title={t(`proctor.counts.${key}`)} value={view.counts[key]} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size={screens.sm ? undefined : 'small'}>
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('proctor.search')}
            aria-label={t('proctor.search')}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 280 }}
          />
          {rooms.length > 0 && (
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('irregularity.allRooms')}
              aria-label={t('irregularity.room')}
              value={roomId}
              onChange={setRoomId}
              options={rooms}
            />
          )}
          <Space size={4} wrap>
            {(['all', ...PROCTOR_STATES, 'offline'] as Filter[]).map((state) => (
              <Tag.CheckableTag
                key={state}
                checked={filter === state}
                onChange={() => setFilter(state)}
              >
                {state === 'all'
                  ? t('proctor.counts.all')
                  : state === 'offline'
                    ? t('proctor.counts.offline')
                    : t(`proctor.state.${state}`)}
              </Tag.CheckableTag>
            ))}
          </Space>
        </Flex>
        <Table<ProctorRow>
          rowKey="studentId"
          size="small"
          columns={columns}
          dataSource={rows}
          scroll={TABLE_SCROLL}
          pagination={{ defaultPageSize: 50, showSizeChanger: true, hideOnSinglePage: true }}
          className="proctor-table"
          rowClassName={(row) => `proctor-row-${row.ticketNumber}`}
        />
      </Card>
      <ProctorRoomTools
        examId={examId}
        roomId={roomId}
        hasRooms={rooms.length > 0}
        candidates={inRoom}
      />
      <ProctorEventsDrawer examId={examId} row={drawer} onClose={() => setDrawer(null)} />
      <ProctorActionDialog
        examId={examId}
        target={action}
        onClose={() => setAction(null)}
        onDone={reload}
      />
      <PauseDialog
        examId={examId}
        target={pauseTarget}
        limitMinutes={pauses?.limitMinutes ?? 0}
        onClose={() => setPauseTarget(null)}
        onDone={reload}
      />
      <ReceiptCheckDialog
        examId={examId}
        open={checkingReceipt}
        onClose={() => setCheckingReceipt(false)}
      />
    </Flex>
  );
}

function LinkBadge({ link }: { link: ProctorLink }) {
  const { t } = useTranslation();
  const status =
    link === 'live' ? 'processing' : link === 'connecting' ? 'default' : ('error' as const);
  return (
    <Badge
      status={status}
      text={t(`proctor.link.${link}`)}
      className={`proctor-link proctor-link-${link}`}
    />
  );
}

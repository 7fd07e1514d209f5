import { PauseCircleOutlined, PlayCircleOutlined, RocketOutlined } from '@ant-design/icons';
import {
  PROCTOR_PAUSE_REASON_MAX,
  proposesReschedule,
  type ConsoleCandidate,
  type ConsoleRoom,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Flex,
  Input,
  Modal,
  Result,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getConsoleRoom,
  pauseCandidate,
  pauseRoom,
  resumeCandidate,
  resumeRoom,
  startRoom,
} from '../../api/invigilation';
import { localWindow } from '../../components/attempt/my-exams-time';
import { IrregularityPanel } from '../../components/irregularity/IrregularityPanel';
import { RoomDocuments } from '../../components/irregularity/RoomDocuments';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { CandidateTable } from './CandidateTable';
import { CheckInDialog } from './CheckInDialog';
import { MY_ROOMS_PATH } from '../../components/exam/exam-routes';
import { useRoomSocket } from './use-room-socket';
import './invigilate.css';

/** Without the room's live channel, the console reads the room this often. */
const POLL_MS = 5000;
/** The room's pause or resume, or one candidate's (`candidate` set). */
interface PauseAction {
  kind: 'pauseRoom' | 'resumeRoom' | 'pauseOne' | 'resumeOne';
  candidate?: ConsoleCandidate;
}

export const consoleKey = (examId: number, roomId: number, sessionId?: number) => [
  'invigilation',
  'room',
  examId,
  roomId,
  sessionId ?? 0,
];

/**
 * The invigilator's console of one room (?examId=&roomId=, docs/features/invigilation.md): the
 * candidates in seat order with check-in, pause and resume; the room's start and pause; the room
 * record (irregularities, documents). Live through the room's socket channel, else every 5 s.
 */
export default function InvigilationConsole() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const roomId = Number(params.get('roomId'));
  // The session (场次) of the room; absent: an exam without sessions.
  const sessionId = Number(params.get('sessionId')) || undefined;
  const client = useQueryClient();
  const key = consoleKey(examId, roomId, sessionId);
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const link = useRoomSocket(examId, roomId, refresh);
  const room = useQuery({
    queryKey: key,
    queryFn: () => getConsoleRoom(examId, roomId, sessionId),
    enabled: examId > 0 && roomId > 0,
    refetchInterval: link === 'live' ? false : POLL_MS,
    retry: false,
  });
  const [checking, setChecking] = useState<ConsoleCandidate | null>(null);
  const [pausing, setPausing] = useState<PauseAction | null>(null);

  if (room.isError) {
    return (
      <Result
        status="warning"
        title={room.error.message}
        extra={<Link to={MY_ROOMS_PATH}>{t('invigilate.back')}</Link>}
      />
    );
  }
  if (!room.data) return <Skeleton active />;
  const data = room.data;
  return (
    <Flex vertical gap={12} className="invigilation-console">
      <ConsoleHeader
        room={data}
        live={link === 'live'}
        onStarted={refresh}
        onPause={(kind) => setPausing({ kind })}
      />
      <Reschedule room={data} />
      <Tabs
        items={[
          {
            key: 'candidates',
            label: t('invigilate.tabCandidates'),
            children: (
              <CandidateTable
                candidates={data.candidates}
                loading={room.isFetching && !room.isFetched}
                actions={{
                  examId,
                  onCheckIn: setChecking,
                  onPause: (candidate) => setPausing({ kind: 'pauseOne', candidate }),
                  onResume: (candidate) => setPausing({ kind: 'resumeOne', candidate }),
                }}
              />
            ),
          },
          {
            key: 'record',
            label: t('invigilate.tabRecord'),
            children: (
              <Flex vertical gap={12}>
                <Card size="small">
                  <RoomDocuments examId={examId} roomId={roomId} sessionId={sessionId} />
                </Card>
                <IrregularityPanel
                  examId={examId}
                  roomId={roomId}
                  candidates={data.candidates}
                  onChanged={refresh}
                />
              </Flex>
            ),
          },
        ]}
      />
      <CheckInDialog
        key={checking?.studentId ?? 0}
        examId={examId}
        roomId={roomId}
        sessionId={sessionId}
        candidate={checking}
        onClose={() => setChecking(null)}
        onDone={() => {
          setChecking(null);
          refresh();
        }}
      />
      <PauseDialog
        room={data}
        action={pausing}
        onClose={() => setPausing(null)}
        onDone={() => {
          setPausing(null);
          refresh();
        }}
      />
    </Flex>
  );
}

function ConsoleHeader({
  room,
  live,
  onStarted,
  onPause,
}: {
  room: ConsoleRoom;
  live: boolean;
  onStarted: () => void;
  onPause: (kind: 'pauseRoom' | 'resumeRoom') => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const running = room.candidates.some((candidate) => candidate.state === 'inProgress');
  const paused = room.candidates.some((candidate) => candidate.state === 'paused');
  const confirmStart = () =>
    modal.confirm({
      title: t('invigilate.startRoom'),
      content: t('invigilate.startConfirm', {
        room: room.sessionName ? `${room.roomName} · ${room.sessionName}` : room.roomName,
      }),
      okText: t('invigilate.startRoom'),
      onOk: async () => {
        await startRoom({
          examId: room.examId,
          roomId: room.roomId,
          ...(room.sessionId ? { sessionId: room.sessionId } : {}),
        });
        void message.success(t('invigilate.roomStarted'));
        onStarted();
      },
    });
  return (
    <Card size="small" className="console-header">
      <Flex vertical gap={8}>
        {/* The link beside the title: the layout's settings button floats at the right edge. */}
        <Flex gap={16} wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {room.examName}
          </Typography.Title>
          <Badge
            status={live ? 'processing' : 'default'}
            text={t(live ? 'invigilate.live' : 'invigilate.polling')}
            className="console-link"
          />
        </Flex>
        <Flex gap={16} wrap align="center">
          <span>
            {room.venueName} / <strong>{room.roomName}</strong>
            {room.sessionName && <Tag className="console-session">{room.sessionName}</Tag>}
          </span>
          <span>
            {localWindow(room.startAt, room.endAt)} ·{' '}
            {t('invigilate.duration', { count: room.durationMinutes })}
          </span>
          <Tag color={room.startedAt ? 'green' : 'default'} className="console-room-start">
            {room.startedAt
              ? t('invigilate.started', { at: dayjs(room.startedAt).format('HH:mm') })
              : t('invigilate.notStarted')}
          </Tag>
          {room.requireCheckIn && <Tag>{t('invigilate.checkInRequired')}</Tag>}
          {room.holdUntilRoomStart && <Tag>{t('invigilate.heldUntilStart')}</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          {t('invigilate.limit', { count: room.limitMinutes })}
        </Typography.Text>
        <Flex gap={8} wrap>
          {!room.startedAt && (
            <Button type="primary" icon={<RocketOutlined />} onClick={confirmStart}>
              {t('invigilate.startRoom')}
            </Button>
          )}
          <Button
            icon={<PauseCircleOutlined />}
            disabled={!running}
            onClick={() => onPause('pauseRoom')}
          >
            {t('invigilate.pauseRoom')}
          </Button>
          <Button
            icon={<PlayCircleOutlined />}
            disabled={!paused}
            onClick={() => onPause('resumeRoom')}
          >
            {t('invigilate.resumeRoom')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * Candidates paused for the compensatory limit or longer, every pause of their attempt counted
 * (the server's pausedMs; rest breaks are not pauses): time beyond it is not given back, so the
 * console proposes a make-up rather than another pause.
 */
function Reschedule({ room }: { room: ConsoleRoom }) {
  const { t } = useTranslation();
  const over = room.candidates.filter((candidate) =>
    proposesReschedule(candidate.pausedMs, room.limitMinutes),
  );
  if (over.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="console-reschedule"
      title={t('invigilate.reschedule.title')}
      description={t('invigilate.reschedule.body', {
        count: over.length,
        names: over.map((candidate) => candidate.name).join(', '),
        limit: room.limitMinutes,
      })}
    />
  );
}

/** Pause or resume the room or one candidate, with the reason the record keeps. */
function PauseDialog({
  room,
  action,
  onClose,
  onDone,
}: {
  room: ConsoleRoom;
  action: PauseAction | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const one = action?.candidate;
  const pausing = action?.kind === 'pauseRoom' || action?.kind === 'pauseOne';
  const title = !action
    ? ''
    : one
      ? t(pausing ? 'invigilate.pauseOneTitle' : 'invigilate.resumeOneTitle', { name: one.name })
      : t(pausing ? 'invigilate.pauseRoomTitle' : 'invigilate.resumeRoomTitle');
  const submit = async () => {
    if (!action) return;
    const base = {
      examId: room.examId,
      roomId: room.roomId,
      ...(room.sessionId ? { sessionId: room.sessionId } : {}),
      reason: reason.trim(),
    };
    setBusy(true);
    try {
      const { count } = one
        ? await (pausing ? pauseCandidate : resumeCandidate)({ ...base, studentId: one.studentId })
        : await (pausing ? pauseRoom : resumeRoom)(base);
      void message.success(
        t(pausing ? 'invigilate.pausedCount' : 'invigilate.resumedCount', { count }),
      );
      setReason('');
      onDone();
    } catch {
      // The request layer has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={action !== null}
      width={MODAL_WIDTH}
      title={title}
      onCancel={() => {
        setReason('');
        onClose();
      }}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, disabled: reason.trim() === '' }}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        rows={2}
        maxLength={PROCTOR_PAUSE_REASON_MAX}
        placeholder={t('invigilate.reasonRequired')}
        aria-label={t('invigilate.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

import { CheckCircleOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ConsoleCandidate, ConsoleState } from '@kaoshi/shared';
import {
  Avatar,
  Badge,
  Card,
  Flex,
  Grid,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { AnswerFileUpload } from '../../components/invigilation/AnswerFileUpload';
import { RowAction } from '../../components/list/RowAction';
import { TABLE_SCROLL } from '../../components/list/responsive';

export const STATE_COLORS: Record<ConsoleState, string> = {
  notArrived: 'default',
  checkedIn: 'cyan',
  refused: 'red',
  inProgress: 'processing',
  paused: 'warning',
  submitted: 'success',
  absent: 'volcano',
};

export interface CandidateActions {
  /** The exam, for the answer file's upload. */
  examId: number;
  onCheckIn: (candidate: ConsoleCandidate) => void;
  onPause: (candidate: ConsoleCandidate) => void;
  onResume: (candidate: ConsoleCandidate) => void;
}

/**
 * Check-in until the candidate starts; then Pause or Resume while the attempt runs, and the
 * candidate's encrypted answer file once there is an attempt (a machine that cannot reconnect).
 */
function Actions({
  candidate,
  actions,
}: {
  candidate: ConsoleCandidate;
  actions: CandidateActions;
}) {
  const { t } = useTranslation();
  const { state } = candidate;
  return (
    <Flex gap={4} wrap>
      {(state === 'notArrived' || state === 'refused' || state === 'checkedIn') && (
        <RowAction
          icon={<CheckCircleOutlined />}
          label={t('invigilate.checkIn')}
          onClick={() => actions.onCheckIn(candidate)}
        />
      )}
      {state === 'inProgress' && (
        <RowAction
          icon={<PauseCircleOutlined />}
          label={t('invigilate.pause')}
          onClick={() => actions.onPause(candidate)}
        />
      )}
      {state === 'paused' && (
        <RowAction
          icon={<PlayCircleOutlined />}
          label={t('invigilate.resume')}
          onClick={() => actions.onResume(candidate)}
        />
      )}
      {candidate.attemptId !== null && (
        <AnswerFileUpload
          examId={actions.examId}
          studentId={candidate.studentId}
          name={candidate.name}
        />
      )}
    </Flex>
  );
}

function StateTag({ candidate }: { candidate: ConsoleCandidate }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[candidate.state]} className={`console-state-${candidate.state}`}>
      {t(`invigilate.states.${candidate.state}`)}
    </Tag>
  );
}

function Connected({ candidate }: { candidate: ConsoleCandidate }) {
  const { t } = useTranslation();
  if (candidate.attemptId === null) return null;
  const label = t(candidate.connected ? 'invigilate.connected' : 'invigilate.disconnected');
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} className="console-connected">
        <Badge status={candidate.connected ? 'success' : 'default'} />
      </span>
    </Tooltip>
  );
}

function Extra({ candidate }: { candidate: ConsoleCandidate }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      {candidate.extraMinutes > 0 && (
        <span>{t('invigilate.extraMinutes', { count: candidate.extraMinutes })}</span>
      )}
      {candidate.accommodationMinutes > 0 && (
        <Typography.Text type="secondary">
          {t('invigilate.accommodationMinutes', { count: candidate.accommodationMinutes })}
        </Typography.Text>
      )}
    </Flex>
  );
}

const Photo = ({ candidate, size }: { candidate: ConsoleCandidate; size: number }) => (
  <Avatar shape="square" size={size} src={candidate.photo || undefined} alt="">
    {candidate.name.slice(0, 1)}
  </Avatar>
);

/**
 * The room's candidates in seat order: a table from a tablet up (it fits 820 px), a card per
 * candidate on a phone with its actions on the card.
 */
export function CandidateTable({
  candidates,
  actions,
  loading,
}: {
  candidates: ConsoleCandidate[];
  actions: CandidateActions;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  if (screens.md === false) {
    return (
      <Flex vertical gap={8} className="console-cards">
        {candidates.map((candidate) => (
          <Card
            key={candidate.studentId}
            size="small"
            className="console-card"
            data-student={candidate.studentId}
          >
            <Flex gap={12} align="start">
              <Flex vertical align="center" gap={4}>
                <Typography.Text strong className="console-seat">
                  {candidate.seat}
                </Typography.Text>
                <Photo candidate={candidate} size={48} />
              </Flex>
              <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{candidate.name}</Typography.Text>
                  <Connected candidate={candidate} />
                  <StateTag candidate={candidate} />
                </Flex>
                <Typography.Text type="secondary">
                  {candidate.ticketNumber} · {candidate.idNumberMasked}
                </Typography.Text>
                <Flex gap={12} wrap>
                  {candidate.attemptId !== null && (
                    <span>
                      {t('invigilate.answered')}: {candidate.answered}
                    </span>
                  )}
                  <Extra candidate={candidate} />
                </Flex>
                <Actions candidate={candidate} actions={actions} />
              </Flex>
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  }
  const columns: TableColumnsType<ConsoleCandidate> = [
    { title: t('invigilate.seat'), dataIndex: 'seat', width: 56 },
    {
      title: t('invigilate.photo'),
      key: 'photo',
      width: 56,
      render: (_, candidate) => <Photo candidate={candidate} size={36} />,
    },
    {
      title: t('invigilate.name'),
      key: 'name',
      render: (_, candidate) => (
        <Flex vertical>
          <Typography.Text strong>{candidate.name}</Typography.Text>
          <Typography.Text type="secondary">{candidate.ticketNumber}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('invigilate.idNumber'), dataIndex: 'idNumberMasked' },
    {
      title: t('invigilate.state'),
      key: 'state',
      render: (_, candidate) => (
        <Flex gap={6} align="center">
          <Connected candidate={candidate} />
          <StateTag candidate={candidate} />
        </Flex>
      ),
    },
    {
      title: t('invigilate.answered'),
      key: 'answered',
      align: 'right',
      render: (_, candidate) => (candidate.attemptId === null ? '' : candidate.answered),
    },
    {
      title: t('invigilate.extra'),
      key: 'extra',
      render: (_, candidate) => <Extra candidate={candidate} />,
    },
    {
      title: t('invigilate.actions'),
      key: 'actions',
      render: (_, candidate) => <Actions candidate={candidate} actions={actions} />,
    },
  ];
  return (
    <Table
      rowKey="studentId"
      size="small"
      className="console-table"
      loading={loading}
      columns={columns}
      dataSource={candidates}
      pagination={false}
      scroll={TABLE_SCROLL}
      onRow={(candidate) => ({ 'data-student': candidate.studentId }) as object}
    />
  );
}

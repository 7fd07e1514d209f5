import { ArrowLeftOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import type { SeatPlan as Plan, SeatPlanRoom, SeatedCandidate } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
  Result,
  Row,
  Segmented,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getSeatPlan, listRooms } from '../../api/venue';
import { localWindow } from '../../components/exam/exam-format';
import { EXAM_LIST_PATH } from '../../components/exam/exam-routes';
import { RowAction } from '../../components/list/RowAction';
import { useDialog } from '../../components/list/use-dialog';
import { useTableLook } from '../../components/list/use-list-page';
import { InvigilatorsDialog } from './InvigilatorsDialog';
import { MoveCandidateDialog } from './MoveCandidateDialog';
import { SeatPlanForm, type PlanFormValues } from './SeatPlanForm';
import { SeatPlanTransfer } from './SeatPlanTransfer';
import { planOfSession, seatRows, sessionChoices, type SessionChoice } from './seat-plan-view';
import { SessionsEditor } from './SessionsEditor';
import { venueKeys } from './venue-keys';

/** One row of a room's table: a seat with its candidate, or an empty seat. */
type SeatRow = { seat: number; candidate: SeatedCandidate | null };

/**
 * An exam's seat plan (?examId=N, 座位安排): the rooms in order with their candidates seat by
 * seat and their invigilators, the automatic plan, and moving one candidate by hand.
 */
export default function SeatPlan() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const known = Number.isInteger(examId) && examId > 0;
  const plan = useQuery({
    queryKey: venueKeys.plan(examId),
    queryFn: () => getSeatPlan(examId),
    enabled: known,
  });
  const rooms = useQuery({ queryKey: venueKeys.allRooms, queryFn: () => listRooms() });
  if (!known || plan.isError) {
    return (
      <Result
        status="warning"
        title={t('exam.detail.loadFailed')}
        subTitle={plan.error?.message}
        extra={<Link to={EXAM_LIST_PATH}>{t('exam.backToList')}</Link>}
      />
    );
  }
  if (!plan.data || !rooms.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <SeatPlanView plan={plan.data} rooms={rooms.data} />;
}

function SeatPlanView({
  plan: whole,
  rooms,
}: {
  plan: Plan;
  rooms: Awaited<ReturnType<typeof listRooms>>;
}) {
  const { t } = useTranslation();
  // With sessions (场次) the rooms are seated once per session: one session is shown at a time.
  const choices = sessionChoices(whole);
  const [picked, setPicked] = useState<SessionChoice>();
  const session = picked !== undefined && choices.includes(picked) ? picked : choices[0];
  const plan = planOfSession(whole, session);
  const screens = Grid.useBreakpoint();
  const move = useDialog<{ candidate: SeatedCandidate; roomId?: number }>();
  const guards = useDialog<SeatPlanRoom>();
  const [last, setLast] = useState<PlanFormValues>();
  const look = useTableLook(t('common.noData'));
  const locked = plan.started > 0;
  const compact = !screens.sm;

  const columns = (roomId?: number): TableColumnsType<SeatRow> => [
    { title: t('venue.plan.seat'), dataIndex: 'seat', width: compact ? 48 : 72, align: 'right' },
    {
      title: t('venue.plan.candidate'),
      key: 'name',
      render: (_, row) =>
        !row.candidate ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : compact ? (
          // At phone width the ticket goes under the name, so the actions column keeps its room.
          <Flex vertical>
            <span>{row.candidate.name}</span>
            <Typography.Text type="secondary">{row.candidate.ticketNumber}</Typography.Text>
          </Flex>
        ) : (
          row.candidate.name
        ),
    },
    {
      title: t('venue.plan.ticketNumber'),
      key: 'ticket',
      responsive: ['sm'],
      render: (_, row) => row.candidate?.ticketNumber,
    },
    {
      title: t('venue.plan.batch'),
      key: 'batch',
      responsive: ['sm'],
      render: (_, row) => row.candidate && <Tag>{row.candidate.className}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: compact ? 56 : undefined,
      render: (_, row) =>
        row.candidate && (
          <RowAction
            icon={<SwapOutlined />}
            label={t('venue.plan.move')}
            compact={compact}
            blockedBy={locked ? t('venue.plan.locked', { count: plan.started }) : undefined}
            onClick={() => move.show({ candidate: row.candidate!, roomId })}
          />
        ),
    },
  ];

  const roomCard = (room: SeatPlanRoom) => (
    <Card
      key={room.roomId}
      size="small"
      className="seat-plan-room"
      title={`${room.venueName} · ${room.roomName}`}
      extra={
        <Typography.Text type="secondary">
          {t('venue.plan.seatsUsed', {
            used: room.candidates.length + room.othersSeated,
            seats: room.seats,
          })}
        </Typography.Text>
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('venue.plan.invigilators')}:</Typography.Text>
        {room.invigilators.length === 0 ? (
          <Typography.Text type="secondary">{t('venue.plan.noInvigilators')}</Typography.Text>
        ) : (
          room.invigilators.map((person) => (
            <Tag key={person.id}>{person.nickName || person.name}</Tag>
          ))
        )}
        <Button size="small" icon={<TeamOutlined />} onClick={() => guards.show(room)}>
          {t('venue.plan.setInvigilators')}
        </Button>
      </Flex>
      {room.ipAllowList.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('venue.plan.addresses', { list: room.ipAllowList.join(', ') })}
        </Typography.Paragraph>
      )}
      {room.othersSeated > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('venue.plan.othersSeated', { count: room.othersSeated })}
        </Typography.Paragraph>
      )}
      <Table<SeatRow>
        {...look}
        rowKey="seat"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns(room.roomId)}
        dataSource={seatRows(room.candidates).map((candidate, index) => ({
          seat: index + 1,
          candidate,
        }))}
      />
    </Card>
  );

  return (
    <Flex vertical gap={16} className="seat-plan">
      <Card size={screens.sm ? undefined : 'small'}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('venue.plan.title')} · {plan.examName}
            </Typography.Title>
            <Typography.Text type="secondary">
              {localWindow(plan.startAt, plan.endAt)} ·{' '}
              {t('venue.plan.candidates', { count: plan.candidateCount })}
            </Typography.Text>
          </div>
          <Flex wrap gap={8}>
            <SeatPlanTransfer examId={plan.examId} examName={plan.examName} locked={locked} />
            <Link to={EXAM_LIST_PATH}>
              <Button icon={<ArrowLeftOutlined />}>{t('exam.backToList')}</Button>
            </Link>
          </Flex>
        </Flex>
        {locked && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={t('venue.plan.locked', { count: plan.started })}
          />
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <SessionsEditor
            key={whole.sessions.map((s) => `${s.id}:${s.name}:${s.startAt}:${s.endAt}`).join(',')}
            examId={whole.examId}
            sessions={whole.sessions}
            window={{ startAt: whole.startAt, endAt: whole.endAt }}
            disabled={locked}
          />
          <div style={{ height: 16 }} />
          <SeatPlanForm
            key={plan.rooms.map((room) => room.roomId).join(',')}
            examId={plan.examId}
            rooms={rooms}
            chosen={plan.rooms.map((room) => room.roomId)}
            last={last && { mode: last.mode, gap: last.gap }}
            onPlanned={setLast}
            disabled={locked}
          />
        </Col>
        <Col xs={24} lg={16}>
          <Flex vertical gap={16}>
            {choices.length > 0 && (
              <Segmented<SessionChoice>
                className="seat-plan-session-choice"
                block={compact}
                vertical={compact}
                value={session}
                onChange={setPicked}
                options={choices.map((choice) => {
                  const found = whole.sessions.find((row) => row.id === choice);
                  return {
                    value: choice,
                    label: found
                      ? `${found.name} · ${localWindow(found.startAt, found.endAt)}`
                      : t('venue.session.noSession'),
                  };
                })}
              />
            )}
            {plan.rooms.length === 0 && (
              <Card size="small">
                <Empty description={t('venue.plan.noRooms')} />
              </Card>
            )}
            {plan.rooms.map(roomCard)}
            {plan.unseated.length > 0 && (
              <Card size="small" title={t('venue.plan.unseated')} className="seat-plan-unseated">
                <Table<SeatRow>
                  {...look}
                  rowKey={(row) => row.candidate!.studentId}
                  size="small"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  columns={columns()}
                  dataSource={plan.unseated.map((candidate) => ({
                    seat: candidate.seat,
                    candidate,
                  }))}
                />
              </Card>
            )}
          </Flex>
        </Col>
      </Row>
      <MoveCandidateDialog
        key={`move-${move.key}`}
        open={move.open}
        onClose={move.hide}
        plan={plan}
        rooms={rooms}
        candidate={move.target?.candidate}
        roomId={move.target?.roomId}
        sessionId={typeof session === 'number' ? session : undefined}
      />
      <InvigilatorsDialog
        key={`guards-${guards.key}`}
        open={guards.open}
        onClose={guards.hide}
        examId={plan.examId}
        room={guards.target}
      />
    </Flex>
  );
}

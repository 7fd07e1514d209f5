import { MonitorOutlined } from '@ant-design/icons';
import type { MyRoom } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listMyRooms } from '../../api/invigilation';
import { localWindow } from '../../components/attempt/my-exams-time';
import { TABLE_SCROLL } from '../../components/list/responsive';
import { consolePath } from '../../components/exam/exam-routes';

/** 我的监考: one line per room and session the user invigilates of exams not closed yet, soonest first. */
export default function MyInvigilation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rooms = useQuery({ queryKey: ['invigilation', 'mine'], queryFn: listMyRooms });
  const sorted = [...(rooms.data ?? [])].sort(
    (a, b) => a.startAt.localeCompare(b.startAt) || a.roomName.localeCompare(b.roomName),
  );
  const columns: TableColumnsType<MyRoom> = [
    { title: t('invigilate.exam'), dataIndex: 'examName' },
    {
      title: t('invigilate.room'),
      key: 'room',
      render: (_, room) => (
        <span>
          {room.venueName} / <strong>{room.roomName}</strong>
          {room.sessionName && <Tag className="my-room-session">{room.sessionName}</Tag>}
        </span>
      ),
    },
    {
      title: t('invigilate.window'),
      key: 'window',
      render: (_, room) => localWindow(room.startAt, room.endAt),
    },
    {
      title: t('invigilate.roomState'),
      key: 'started',
      render: (_, room) => (
        <Tag color={room.startedAt ? 'green' : 'default'}>
          {room.startedAt
            ? t('invigilate.started', { at: dayjs(room.startedAt).format('HH:mm') })
            : t('invigilate.notStarted')}
        </Tag>
      ),
    },
    { title: t('invigilate.candidates'), dataIndex: 'candidates', align: 'right' },
    {
      title: t('invigilate.actions'),
      key: 'open',
      render: (_, room) => (
        <Button
          type="primary"
          size="small"
          icon={<MonitorOutlined />}
          onClick={() => void navigate(consolePath(room.examId, room.roomId, room.sessionId))}
        >
          {t('invigilate.open')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('invigilate.myRooms')} className="my-invigilation">
      <Table
        rowKey={(room) => `${room.examId}-${room.roomId}-${room.sessionId ?? 0}`}
        size="small"
        loading={rooms.isLoading}
        columns={columns}
        dataSource={sorted}
        pagination={false}
        scroll={TABLE_SCROLL}
        locale={{ emptyText: <Empty description={t('invigilate.empty')} /> }}
      />
    </Card>
  );
}

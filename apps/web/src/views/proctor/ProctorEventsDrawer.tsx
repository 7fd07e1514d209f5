import type { ProctorRow } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCandidateEvents } from '../../api/proctor';
import { localTime } from '../../components/attempt/my-exams-time';
import { actionLines, eventDetail, eventName } from './proctor-labels';

export const proctorKeys = {
  live: (examId: number) => ['proctor', 'live', examId] as const,
  events: (examId: number, studentId: number) => ['proctor', 'events', examId, studentId] as const,
};

/** One candidate's integrity events and the proctors' actions about them, newest first. */
export function ProctorEventsDrawer({
  examId,
  row,
  onClose,
}: {
  examId: number;
  row: ProctorRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const studentId = row?.studentId ?? 0;
  const events = useQuery({
    queryKey: proctorKeys.events(examId, studentId),
    queryFn: () => getCandidateEvents(examId, studentId),
    enabled: row !== null,
  });
  const data = events.data;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? t('proctor.drawer.title', { name: row.name, ticket: row.ticketNumber }) : ''}
      size="large"
      className="proctor-drawer"
      destroyOnHidden
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={5}>{t('proctor.drawer.events')}</Typography.Title>
          {data.events.length === 0 ? (
            <Empty description={t('proctor.drawer.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline
              items={data.events.map((event) => ({
                key: event.id,
                color: event.type === 'joined' ? 'gray' : 'red',
                content: (
                  <>
                    <Typography.Text strong>{eventName(t, event.type)}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      {localTime(event.at)} · {eventDetail(t, event)}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          )}
          <Typography.Title level={5}>{t('proctor.drawer.actions')}</Typography.Title>
          {data.actions.length === 0 ? (
            <Empty description={t('proctor.drawer.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline
              items={data.actions.map((action) => ({
                key: action.id,
                color: 'blue',
                content: (
                  <>
                    {actionLines(t, action).map((line, i) => (
                      <div key={i}>{line}</div>
                    ))}
                    <Typography.Text type="secondary">
                      {localTime(action.at)} · {t('proctor.drawer.by', { name: action.by })}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

import type { MySessionView, SkillPresence } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listMySessions, setPresence } from '../../../api/skill-scoring';
import { SCORE_SHEET_PATH, examinerKeys } from './examiner-routes';
import './examiner.css';

const PRESENCE_COLORS: Record<SkillPresence, string> = {
  pending: 'default',
  checked: 'green',
  absent: 'red',
};

type Candidate = MySessionView['stations'][number]['candidates'][number];

/**
 * The examiner's sessions on a phone or tablet (issue 26 §3): per station its candidates with
 * ticket, name and photo to check identity, marked checked or absent, each opening the sheet.
 */
export default function ExaminerDesk() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: examinerKeys.sessions, queryFn: listMySessions });
  const presence = useMutation({
    mutationFn: setPresence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: examinerKeys.sessions }),
  });

  const candidateCard = (c: Candidate) => (
    <Card size="small" key={c.id} data-testid={`candidate-${c.id}`}>
      <div className="examiner-candidate">
        <Avatar size={56} src={c.photo || undefined}>
          {c.name.slice(0, 1)}
        </Avatar>
        <div className="examiner-candidate-who">
          <Typography.Text strong>{c.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t('examiner.desk.ticket')} {c.ticketNumber}
          </Typography.Text>
          <br />
          <Tag color={PRESENCE_COLORS[c.presence]}>{t(`examiner.desk.presence.${c.presence}`)}</Tag>
          {c.mySheetSigned && <Tag color="blue">{t('examiner.desk.signed')}</Tag>}
        </div>
        <div className="examiner-candidate-actions">
          <Button
            className="examiner-touch"
            disabled={c.mySheetSigned || c.presence === 'checked'}
            loading={presence.isPending && presence.variables?.candidateId === c.id}
            onClick={() => presence.mutate({ candidateId: c.id, presence: 'checked' })}
          >
            {t('examiner.desk.checkIdentity')}
          </Button>
          <Button
            className="examiner-touch"
            danger
            disabled={c.mySheetSigned || c.presence === 'absent'}
            onClick={() => presence.mutate({ candidateId: c.id, presence: 'absent' })}
          >
            {t('examiner.desk.markAbsent')}
          </Button>
          <Button
            className="examiner-touch"
            type="primary"
            disabled={c.presence === 'absent'}
            onClick={() => navigate(`${SCORE_SHEET_PATH}?candidateId=${c.id}`)}
          >
            {t('examiner.desk.score')}
          </Button>
        </div>
      </div>
    </Card>
  );

  if (sessions.data && sessions.data.length === 0) {
    return (
      <Card>
        <Empty description={t('examiner.desk.empty')} />
      </Card>
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {(sessions.data ?? []).map((session) => (
        <Card key={session.sessionId} loading={sessions.isLoading}>
          <Flex vertical gap={16}>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {session.assessmentName}
              </Typography.Title>
              <Typography.Text type="secondary">
                {dayjs(session.startsAt).format('YYYY-MM-DD HH:mm')}–
                {dayjs(session.endsAt).format('HH:mm')} · {session.place}
              </Typography.Text>
            </div>
            {session.stations.map((station) => (
              <div key={station.station}>
                <Typography.Title level={5}>
                  {t('examiner.desk.station', { station: station.station })}
                </Typography.Title>
                {station.candidates.length === 0 ? (
                  <Typography.Text type="secondary">
                    {t('examiner.desk.noCandidates')}
                  </Typography.Text>
                ) : (
                  <Flex vertical gap={8}>
                    {station.candidates.map(candidateCard)}
                  </Flex>
                )}
              </div>
            ))}
          </Flex>
        </Card>
      ))}
    </Space>
  );
}

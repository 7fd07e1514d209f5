import type { MySheetView, SkillTimerView } from '@kaoshi/shared';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Flex,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { getMySheet, signSheet, startTimer, stopTimer } from '../../../api/skill-scoring';
import { EXAMINER_DESK_PATH, examinerKeys } from './examiner-routes';
import { ScoreItemCard } from './ScoreItemCard';
import { SheetPhotos } from './SheetPhotos';
import { SheetStopwatch } from './SheetStopwatch';
import { runningTotal } from './sheet-total';
import { useSheetSaver } from './use-sheet-saver';
import './examiner.css';

/**
 * One candidate's sheet for the signed-in examiner (issue 26 §3): every item with its points and
 * criteria, veto items apart and red, a running total, the stopwatch, a note per item, photos,
 * and signing, which waits until the outbox has delivered every score and then freezes the sheet.
 */
export default function ScoreSheet() {
  const [params] = useSearchParams();
  const candidateId = Number(params.get('candidateId'));
  const view = useQuery({
    queryKey: examinerKeys.sheet(candidateId),
    queryFn: () => getMySheet(candidateId),
    enabled: candidateId > 0,
    // Offline, a refetch would only fail: what is on screen is the outbox's, not the server's.
    refetchOnWindowFocus: false,
  });
  if (!view.data) {
    return <Card loading={view.isLoading}>{view.isError && <Result status="warning" />}</Card>;
  }
  return <SheetBody key={candidateId} candidateId={candidateId} view={view.data} />;
}

function SheetBody({ candidateId, view }: { candidateId: number; view: MySheetView }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = examinerKeys.sheet(candidateId);
  const { saver, snapshot } = useSheetSaver(candidateId, view.mine.examinerId, view.mine.scores);

  const setTimer = (timer: SkillTimerView) =>
    queryClient.setQueryData<MySheetView>(key, (old) =>
      old ? { ...old, mine: { ...old.mine, timer } } : old,
    );
  const timer = useMutation({
    mutationFn: (action: 'start' | 'stop') =>
      action === 'start' ? startTimer(candidateId) : stopTimer(candidateId),
    onSuccess: setTimer,
  });
  const sign = useMutation({
    mutationFn: async () => {
      if (!(await saver.drain())) throw new Error(t('examiner.sheet.signOffline'));
      return signSheet(candidateId);
    },
    onSuccess: (signed) => {
      queryClient.setQueryData(key, signed);
      void queryClient.invalidateQueries({ queryKey: examinerKeys.sessions });
    },
  });

  const { candidate, sheet, mine } = view;
  const signed = mine.signedAt !== null;
  const frozen = signed || !snapshot.loaded;
  const online = snapshot.link === 'online';
  const { total, vetoHit, unscored } = runningTotal(
    sheet,
    snapshot.values,
    mine.timer.overtimeMinutes,
  );
  const ordinary = sheet.tasks
    .map((task) => ({ ...task, items: task.items.filter((item) => !item.veto) }))
    .filter((task) => task.items.length > 0);
  const vetoItems = sheet.tasks.flatMap((task) => task.items.filter((item) => item.veto));
  const itemCard = (item: (typeof vetoItems)[number]) => (
    <ScoreItemCard
      key={item.id}
      item={item}
      value={snapshot.values[item.id]}
      disabled={frozen}
      onChange={(value, options) => saver.set(item.id, value, options)}
    />
  );

  const outboxState = !online ? (
    <Badge status="error" text={t('examiner.sheet.outbox.offline', { count: snapshot.pending })} />
  ) : snapshot.pending > 0 ? (
    <Badge
      status="processing"
      text={t('examiner.sheet.outbox.waiting', { count: snapshot.pending })}
    />
  ) : (
    <Badge status="success" text={t('examiner.sheet.outbox.saved')} />
  );

  const confirmSign = () =>
    modal.confirm({
      title: t('examiner.sheet.signConfirm'),
      okText: t('examiner.sheet.sign'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await sign.mutateAsync();
        } catch (error) {
          // The request layer has shown the server's refusal; the outbox that could not empty is ours.
          if (!(error instanceof ApiError)) message.warning(t('examiner.sheet.signOffline'));
        }
      },
    });

  return (
    <Flex vertical gap={12} style={{ maxWidth: 880, margin: '0 auto' }}>
      <Card size="small">
        <Flex gap={12} align="center" wrap>
          <Button
            className="examiner-touch"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(EXAMINER_DESK_PATH)}
          >
            {t('examiner.sheet.back')}
          </Button>
          <Avatar size={48} src={candidate.photo || undefined}>
            {candidate.name.slice(0, 1)}
          </Avatar>
          <div style={{ flex: '1 1 160px', minWidth: 0 }}>
            <Typography.Text strong>{candidate.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('examiner.desk.ticket')} {candidate.ticketNumber} ·{' '}
              {t('examiner.desk.station', { station: candidate.station })}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
      <Card size="small">
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space align="baseline">
              <Typography.Text>{t('examiner.sheet.total')}</Typography.Text>
              <Typography.Text
                strong
                data-testid="running-total"
                style={{ fontSize: 28 }}
                type={vetoHit ? 'danger' : undefined}
              >
                {signed && mine.total !== null ? mine.total : total}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('examiner.sheet.of', { full: sheet.fullScore })}
              </Typography.Text>
            </Space>
            <span data-testid="outbox-state">{outboxState}</span>
          </Flex>
          <SheetStopwatch
            key={mine.timer.serverNow}
            sheet={sheet}
            timer={mine.timer}
            frozen={signed}
            disabled={!online}
            busy={timer.isPending}
            onStart={() => timer.mutate('start')}
            onStop={() => timer.mutate('stop')}
          />
        </Flex>
      </Card>
      {snapshot.notice && <Alert type="warning" showIcon message={snapshot.notice} />}
      {ordinary.map((task) => (
        <Flex key={task.id} vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {task.title}
          </Typography.Title>
          {task.items.map(itemCard)}
        </Flex>
      ))}
      {vetoItems.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Title level={5} type="danger" style={{ margin: 0 }}>
            {t('examiner.sheet.vetoTitle')}
          </Typography.Title>
          <Typography.Text type="danger">{t('examiner.sheet.vetoHint')}</Typography.Text>
          {vetoItems.map(itemCard)}
        </Flex>
      )}
      <SheetPhotos candidateId={candidateId} frozen={signed} online={online} />
      <Card size="small">
        {signed ? (
          <Tag color="blue" style={{ fontSize: 16, padding: 8 }} data-testid="signed">
            {t('examiner.sheet.signedAt', {
              at: dayjs(mine.signedAt).format('YYYY-MM-DD HH:mm'),
              total: mine.total,
            })}
          </Tag>
        ) : (
          <Flex vertical gap={8}>
            {unscored > 0 && (
              <Typography.Text type="secondary">
                {t('examiner.sheet.unscored', { count: unscored })}
              </Typography.Text>
            )}
            {!online && (
              <Typography.Text type="danger">{t('examiner.sheet.signOffline')}</Typography.Text>
            )}
            <Button
              className="examiner-touch"
              type="primary"
              size="large"
              block
              disabled={!online || unscored > 0 || frozen}
              loading={sign.isPending}
              onClick={confirmSign}
            >
              {sign.isPending && snapshot.pending > 0
                ? t('examiner.sheet.signWaiting')
                : t('examiner.sheet.sign')}
            </Button>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}

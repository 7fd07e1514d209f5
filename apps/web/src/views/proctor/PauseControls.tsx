import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  PROCTOR_PAUSE_REASON_MAX,
  proposesReschedule,
  type ProctorPausesView,
  type ProctorRow,
} from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getPauses,
  proctorPause,
  proctorPauseExam,
  proctorResume,
  proctorResumeExam,
} from '../../api/proctor';
import { timeOfDay } from '../../components/attempt/my-exams-time';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { RowAction } from '../../components/list/RowAction';

/**
 * Pausing from the proctor's view (docs/features/proctoring.md "Pausing"): the pauses of the
 * exam's attempts (their own query, next to the live view's rows), a column, the row's and the
 * exam's buttons and the reason dialog.
 */
export const pauseKeys = (examId: number) => ['proctor', 'pauses', examId] as const;

const MINUTE = 60_000;

/** While someone is paused, the minutes (and the reschedule flag) are read again this often. */
const PAUSED_REFRESH_MS = 30_000;

export function usePauses(examId: number) {
  const query = useQuery({
    queryKey: pauseKeys(examId),
    queryFn: () => getPauses(examId),
    refetchInterval: (current) =>
      current.state.data?.rows.some((row) => row.pausedSince !== null) ? PAUSED_REFRESH_MS : false,
    refetchOnWindowFocus: false,
  });
  return query.data;
}

const byAttempt = (pauses: ProctorPausesView | undefined, attemptId: number | null) =>
  attemptId === null ? undefined : pauses?.rows.find((row) => row.attemptId === attemptId);

/**
 * Paused since (the pauses' query), minutes paused in all and the reschedule flag (建议重新安排)
 * from the row's pausedMs: every pause of the attempt, rest breaks not.
 */
export function pauseColumn(
  t: TFunction,
  pauses: ProctorPausesView | undefined,
): TableColumnType<ProctorRow> {
  return {
    title: t('proctor.pause.column'),
    key: 'pause',
    render: (_, row) => {
      const pause = byAttempt(pauses, row.attemptId);
      // Both count every pause, not rest breaks; the pauses' query is read again while one goes on.
      const pausedMs = Math.max(row.pausedMs, pause?.pausedMs ?? 0);
      return pausedMs > 0 || pause?.pausedSince ? (
        <PauseCell
          pausedSince={pause?.pausedSince ?? null}
          reason={pause?.reason ?? null}
          pausedMs={pausedMs}
          limit={pauses?.limitMinutes}
        />
      ) : (
        '—'
      );
    },
  };
}

function PauseCell({
  pausedSince,
  reason,
  pausedMs,
  limit,
}: {
  pausedSince: string | null;
  reason: string | null;
  pausedMs: number;
  /** Unknown until the pauses' query answers: no proposal before. */
  limit: number | undefined;
}) {
  const { t } = useTranslation();
  const minutes = Math.floor(pausedMs / MINUTE);
  const reschedule = limit !== undefined && proposesReschedule(pausedMs, limit);
  return (
    <Space size={[4, 4]} wrap className="proctor-pause">
      {pausedSince && (
        <Tooltip title={reason}>
          <Tag color="orange" className="proctor-paused">
            {t('proctor.pause.since', {
              time: timeOfDay(pausedSince, Date.parse(pausedSince)),
            })}
          </Tag>
        </Tooltip>
      )}
      <Typography.Text type="secondary" className="proctor-paused-minutes">
        {t('proctor.pause.minutes', { count: minutes })}
      </Typography.Text>
      {reschedule && (
        <Tooltip
          title={t('proctor.pause.rescheduleHelp', {
            count: Math.floor((pausedMs - limit * MINUTE) / MINUTE),
            limit,
          })}
        >
          <Tag color="red" className="proctor-reschedule">
            {t('proctor.pause.reschedule')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export interface PauseTarget {
  kind: 'pause' | 'resume';
  /** Missing: every running (or paused) candidate of the exam in one's batches. */
  row?: ProctorRow;
}

/** The row's Pause or Resume (a running attempt). */
export function PauseRowAction({
  row,
  pauses,
  onClick,
}: {
  row: ProctorRow;
  pauses: ProctorPausesView | undefined;
  onClick: (target: PauseTarget) => void;
}) {
  const { t } = useTranslation();
  const paused = (byAttempt(pauses, row.attemptId)?.pausedSince ?? null) !== null;
  return paused ? (
    <RowAction
      icon={<PlayCircleOutlined />}
      label={t('proctor.pause.resume')}
      compact
      onClick={() => onClick({ kind: 'resume', row })}
    />
  ) : (
    <RowAction
      icon={<PauseCircleOutlined />}
      label={t('proctor.pause.pause')}
      compact
      onClick={() => onClick({ kind: 'pause', row })}
    />
  );
}

/** "Pause all running" and "Resume all paused", for the exam's header. */
export function PauseExamButtons({ onClick }: { onClick: (target: PauseTarget) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        icon={<PauseCircleOutlined />}
        onClick={() => onClick({ kind: 'pause' })}
        className="proctor-pause-all"
      >
        {t('proctor.pause.pauseAll')}
      </Button>
      <Button
        icon={<PlayCircleOutlined />}
        onClick={() => onClick({ kind: 'resume' })}
        className="proctor-resume-all"
      >
        {t('proctor.pause.resumeAll')}
      </Button>
    </>
  );
}

/** Asks the reason (shown to the candidate, kept on the record), then pauses or resumes. */
export function PauseDialog({
  examId,
  target,
  limitMinutes,
  onClose,
  onDone,
}: {
  examId: number;
  target: PauseTarget | null;
  limitMinutes: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const row = target?.row;
  const name = row?.name ?? '';

  const run = async (reason: string) => {
    if (!target) return '';
    if (row) {
      const body = { examId, studentId: row.studentId, reason };
      if (target.kind === 'pause') {
        await proctorPause(body);
        return t('proctor.pause.donePause', { name });
      }
      const result = await proctorResume(body);
      return t('proctor.pause.doneResume', {
        name,
        time: result.deadline ? timeOfDay(result.deadline, Date.parse(result.deadline)) : '',
      });
    }
    if (target.kind === 'pause') {
      const { count } = await proctorPauseExam({ examId, reason });
      return t('proctor.pause.donePauseAll', { count });
    }
    const { count } = await proctorResumeExam({ examId, reason });
    return t('proctor.pause.doneResumeAll', { count });
  };

  const submit = async ({ reason }: { reason: string }) => {
    setSaving(true);
    try {
      message.success(await run(reason));
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  const kind = target?.kind ?? 'pause';
  const title = row
    ? t(kind === 'pause' ? 'proctor.pause.dialogPause' : 'proctor.pause.dialogResume', { name })
    : t(kind === 'pause' ? 'proctor.pause.dialogPauseAll' : 'proctor.pause.dialogResumeAll');
  const reasonLabel = t('proctor.pause.reason');
  return (
    <Modal
      open={target !== null}
      title={title}
      width={MODAL_WIDTH}
      okText={t('proctor.dialog.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      className="proctor-pause-dialog"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => void submit(values)}
      >
        {row && (
          <Typography.Paragraph type="secondary">
            {t('proctor.drawer.title', { name: row.name, ticket: row.ticketNumber })}
          </Typography.Paragraph>
        )}
        <Typography.Paragraph>
          {t(kind === 'pause' ? 'proctor.pause.pauseHelp' : 'proctor.pause.resumeHelp', {
            limit: limitMinutes,
          })}
        </Typography.Paragraph>
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('common.required', { field: reasonLabel }),
            },
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={PROCTOR_PAUSE_REASON_MAX}
            showCount
            placeholder={t('proctor.pause.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

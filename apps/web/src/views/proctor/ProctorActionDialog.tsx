import {
  EXAM_EXTRA_MINUTES_MAX,
  PROCTOR_MESSAGE_MAX,
  PROCTOR_REASON_MAX,
  PROCTOR_REOPEN_MINUTES_MAX,
  type ProctorRow,
} from '@kaoshi/shared';
import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  proctorExtraTime,
  proctorReopen,
  proctorSubmit,
  sendProctorMessage,
} from '../../api/proctor';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { timeOfDay } from '../../components/attempt/my-exams-time';

export type ProctorActionKind = 'extraTime' | 'submit' | 'reopen' | 'message';

export interface ProctorActionTarget {
  kind: ProctorActionKind;
  /** Missing: a message to every candidate still answering. */
  row?: ProctorRow;
}

interface FormValues {
  minutes?: number;
  reason?: string;
  content?: string;
}

/**
 * One action of the proctor on a candidate (or a message to all), with the reason the exam's
 * log keeps. A refusal is the request layer's toast (the server's words).
 */
export function ProctorActionDialog({
  examId,
  target,
  onClose,
  onDone,
}: {
  examId: number;
  target: ProctorActionTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const kind = target?.kind;
  const row = target?.row;
  const name = row?.name ?? '';

  const run = async (values: FormValues) => {
    if (!target) return;
    const reason = values.reason ?? '';
    const studentId = row?.studentId ?? 0;
    switch (target.kind) {
      case 'extraTime':
        await proctorExtraTime({ examId, studentId, minutes: values.minutes ?? 0, reason });
        return t('proctor.done.extraTime', { name });
      case 'submit': {
        const result = await proctorSubmit({ examId, studentId, reason });
        return t(result.changed ? 'proctor.done.submit' : 'proctor.done.submitAlready', { name });
      }
      case 'reopen': {
        const result = await proctorReopen({
          examId,
          studentId,
          minutes: values.minutes ?? 1,
          reason,
        });
        return t('proctor.done.reopen', {
          name,
          time: result.deadline ? timeOfDay(result.deadline, Date.now()) : '',
        });
      }
      case 'message': {
        const result = await sendProctorMessage({
          examId,
          studentId: row ? studentId : null,
          content: values.content ?? '',
        });
        return t('proctor.done.message', {
          count: result.recipients,
          delivered: result.delivered,
        });
      }
    }
  };

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      message.success(await run(values));
      onDone();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  const minutesLabel = t(
    kind === 'extraTime' ? 'proctor.dialog.minutes' : 'proctor.dialog.reopenMinutes',
  );
  const title =
    kind === 'message' && !row
      ? t('proctor.dialog.messageAll')
      : kind
        ? t(`proctor.dialog.${kind}`, { name })
        : '';
  return (
    <Modal
      open={target !== null}
      title={title}
      width={MODAL_WIDTH}
      okText={kind === 'message' ? t('proctor.dialog.send') : t('proctor.dialog.confirm')}
      okButtonProps={{ danger: kind === 'submit' }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      className="proctor-action-dialog"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ minutes: kind === 'extraTime' ? (row?.extraMinutes ?? 0) : 10 }}
        onFinish={(values) => void submit(values)}
      >
        {row && (
          <Typography.Paragraph type="secondary">
            {t('proctor.drawer.title', { name: row.name, ticket: row.ticketNumber })}
          </Typography.Paragraph>
        )}
        {kind === 'submit' && (
          <Typography.Paragraph>{t('proctor.dialog.submitHelp')}</Typography.Paragraph>
        )}
        {(kind === 'extraTime' || kind === 'reopen') && (
          <Form.Item
            name="minutes"
            label={minutesLabel}
            extra={
              kind === 'extraTime'
                ? t('proctor.dialog.minutesHelp', { max: EXAM_EXTRA_MINUTES_MAX })
                : t('proctor.dialog.reopenHelp', { max: PROCTOR_REOPEN_MINUTES_MAX })
            }
            rules={[{ required: true, message: t('common.required', { field: minutesLabel }) }]}
          >
            <InputNumber
              min={kind === 'extraTime' ? 0 : 1}
              max={kind === 'extraTime' ? EXAM_EXTRA_MINUTES_MAX : PROCTOR_REOPEN_MINUTES_MAX}
              precision={0}
              suffix={t('proctor.dialog.unit')}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        {kind === 'message' ? (
          <Form.Item
            name="content"
            label={t('proctor.dialog.content')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('common.required', { field: t('proctor.dialog.content') }),
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={PROCTOR_MESSAGE_MAX}
              showCount
              placeholder={t('proctor.dialog.contentPlaceholder')}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label={t('proctor.dialog.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('common.required', { field: t('proctor.dialog.reason') }),
              },
            ]}
          >
            <Input.TextArea
              rows={2}
              maxLength={PROCTOR_REASON_MAX}
              showCount
              placeholder={t('proctor.dialog.reasonPlaceholder')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

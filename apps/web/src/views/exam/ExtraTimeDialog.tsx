import { EXAM_EXTRA_MINUTES_MAX, type CandidateView } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setExtraTime } from '../../api/exam';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { succeeded } from '../../utils/succeeded';
import { examKeys } from '../../components/exam/exam-routes';

interface ExtraTimeDialogProps {
  open: boolean;
  examId: number;
  candidate?: CandidateView;
  onClose: () => void;
}

/** A candidate's extra minutes (an accommodation), added to their own deadline. */
export function ExtraTimeDialog({ open, examId, candidate, onClose }: ExtraTimeDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState<number | null>(candidate?.extraMinutes ?? 0);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!candidate || minutes === null) return;
    setSaving(true);
    const done = await succeeded(setExtraTime(examId, candidate.studentId, minutes));
    setSaving(false);
    void queryClient.invalidateQueries({ queryKey: examKeys.candidates(examId) });
    void queryClient.invalidateQueries({ queryKey: examKeys.changes(examId) });
    if (!done) return;
    message.success(t('exam.candidates.extraSaved', { name: candidate.name }));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('exam.candidates.extraTitle', { name: candidate?.name ?? '' })}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: minutes === null }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      className="exam-extra-dialog"
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item
          label={t('exam.candidates.extraMinutes')}
          htmlFor="exam-extra-minutes"
          extra={t('exam.candidates.extraHelp', { max: EXAM_EXTRA_MINUTES_MAX })}
        >
          <InputNumber
            id="exam-extra-minutes"
            min={0}
            max={EXAM_EXTRA_MINUTES_MAX}
            precision={0}
            value={minutes}
            onChange={setMinutes}
            suffix={t('exam.fields.minutesUnit')}
            style={{ width: 200 }}
          />
        </Form.Item>
        {candidate && (
          <Typography.Text type="secondary">
            {t('exam.check.student', { name: candidate.name, ticket: candidate.ticketNumber })}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}

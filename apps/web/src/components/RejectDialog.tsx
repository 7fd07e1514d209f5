import { QUESTION_AUDIT_REASON_MAX } from '@kaoshi/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from './list/responsive';

interface RejectDialogProps {
  open: boolean;
  /** How many questions are rejected. */
  count: number;
  /** Rejects with the reason; resolves whether the call went through (then the dialog closes). */
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** Another title and button (a paper's audit); the questions' by default. */
  title?: string;
  okText?: string;
  /** Another field (a certificate's revocation): label, hint, message when empty, length. */
  reason?: { label: string; placeholder: string; required: string; max: number };
}

/** Asks why the questions (or a paper) are rejected: the author reads it beside the status. */
export function RejectDialog({
  open,
  count,
  onReject,
  onClose,
  title,
  okText,
  reason: field,
}: RejectDialogProps) {
  const { t } = useTranslation();
  const label = field?.label ?? t('question.reject.reason');
  const max = field?.max ?? QUESTION_AUDIT_REASON_MAX;
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      if (await onReject(reason.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? t('question.reject.title', { count })}
      width={MODAL_WIDTH}
      okText={okText ?? t('question.actions.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      className="question-reject-dialog"
    >
      <Form
        form={form}
        name="rejectForm"
        layout="vertical"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="reason"
          label={label}
          rules={[
            {
              required: true,
              whitespace: true,
              message: field?.required ?? t('question.reject.required'),
            },
            { max, message: t('question.problems.tooLong', { field: label }) },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={max}
            showCount
            placeholder={field?.placeholder ?? t('question.reject.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type ProctorReceiptCheck } from '@kaoshi/shared';
import { Alert, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkReceipt } from '../../api/proctor';
import { MODAL_WIDTH } from '../../components/list/responsive';

/**
 * Checks a receipt code a candidate shows: whose paper of this exam it is, and whether the answers
 * the server holds still give it. A malformed code is the server's refusal (the request toast).
 */
export function ReceiptCheckDialog({
  examId,
  open,
  onClose,
}: {
  examId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [checking, setChecking] = useState(false);
  const [answer, setAnswer] = useState<ProctorReceiptCheck | null>(null);

  const run = async ({ code }: { code: string }) => {
    setChecking(true);
    setAnswer(null);
    try {
      setAnswer(await checkReceipt(examId, code));
    } finally {
      setChecking(false);
    }
  };

  const candidate = answer?.candidate;
  const words = candidate
    ? {
        name: candidate.name,
        ticket: candidate.ticketNumber,
        time: dayjs(candidate.finishedAt).format('YYYY-MM-DD HH:mm:ss'),
        answered: candidate.answeredCount,
      }
    : {};

  return (
    <Modal
      open={open}
      title={t('proctor.receiptCheck.title')}
      width={MODAL_WIDTH}
      okText={t('proctor.receiptCheck.check')}
      cancelText={t('common.cancel')}
      confirmLoading={checking}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAnswer(null);
      }}
      destroyOnHidden
      className="proctor-receipt-dialog"
    >
      <Form form={form} layout="vertical" onFinish={(values) => void run(values)}>
        <Form.Item
          name="code"
          label={t('proctor.receiptCheck.code')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input
            placeholder={t('proctor.receiptCheck.placeholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
          />
        </Form.Item>
      </Form>
      {answer && (
        <Alert
          role="status"
          showIcon
          className={`proctor-receipt-${answer.result}`}
          type={
            answer.result === 'valid'
              ? 'success'
              : answer.result === 'changed'
                ? 'error'
                : 'warning'
          }
          title={t(`proctor.receiptCheck.${answer.result}`, words)}
        />
      )}
    </Modal>
  );
}

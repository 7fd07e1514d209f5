import type { ExamClassView } from '@kaoshi/shared';
import { Form, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { admissionTicketPath } from '../../components/exam/exam-routes';

interface TicketDialogProps {
  open: boolean;
  exam?: { id: number; name: string; classes: ExamClassView[] };
  onClose: () => void;
}

const ALL = 0;

/** Chooses the batch whose admission tickets to print, and opens them in a new tab. */
export function TicketDialog({ open, exam, onClose }: TicketDialogProps) {
  const { t } = useTranslation();
  const batches = exam?.classes ?? [];
  const [classId, setClassId] = useState<number>(batches.length === 1 ? batches[0]!.id : ALL);

  const openTickets = () => {
    if (!exam) return;
    window.open(admissionTicketPath(exam.id, classId === ALL ? undefined : classId), '_blank');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('exam.tickets.chooseTitle', { name: exam?.name ?? '' })}
      width={MODAL_WIDTH}
      okText={t('exam.tickets.open')}
      cancelText={t('common.cancel')}
      onOk={openTickets}
      onCancel={onClose}
      className="exam-ticket-dialog"
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('exam.fields.batch')} style={{ marginBottom: 8 }}>
          <Radio.Group
            value={classId}
            onChange={(event) => setClassId(event.target.value as number)}
          >
            <Space orientation="vertical">
              {batches.length > 1 && <Radio value={ALL}>{t('exam.tickets.allBatches')}</Radio>}
              {batches.map((batch) => (
                <Radio key={batch.id} value={batch.id}>
                  {batch.name}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {batch.code}
                  </Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('exam.tickets.newTabHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

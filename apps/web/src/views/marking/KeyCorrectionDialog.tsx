import { MARKING_COMMENT_MAX, type KeyCorrectionResult } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, List, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctKey } from '../../api/marking';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { blanksOf, markingKeys } from './marking-format';
import { useItemLabel } from './marking-names';

interface KeyForm {
  itemId: string;
  kind: 'key' | 'blanks';
  answer: string;
  reason: string;
}

/** The item ids of a paper version (attempt.ts's itemIdSchema). */
const ITEM_ID = /^s\d{1,3}[qp]\d{1,5}$/;

/**
 * Key correction (issue 14 §4): the corrected key of one objective question of the exam's
 * version, with a reason; the server re-scores every affected attempt at once and answers how
 * many changed, listed here for the session.
 */
export function KeyCorrectionDialog({
  open,
  examId,
  onClose,
}: {
  open: boolean;
  examId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const itemLabel = useItemLabel();
  const [form] = Form.useForm<KeyForm>();
  const kind = Form.useWatch('kind', form) as KeyForm['kind'] | undefined;
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<KeyCorrectionResult[]>([]);

  const save = async (values: KeyForm) => {
    setSaving(true);
    try {
      const result = await correctKey({
        examId,
        itemId: values.itemId.trim(),
        answer: values.kind === 'blanks' ? blanksOf(values.answer) : values.answer.trim(),
        reason: values.reason,
      });
      setDone((list) => [result, ...list]);
      message.success(t('marking.key.done', { count: result.rescored }));
      form.resetFields(['answer', 'reason']);
    } catch {
      // The request layer has shown the server's reason (open exam, released, not a key…).
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: markingKeys.all });
    }
  };

  return (
    <Modal
      open={open}
      title={t('marking.key.title')}
      width={MODAL_WIDTH}
      okText={t('marking.key.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      className="marking-key-dialog"
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('marking.key.help')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ itemId: '', kind: 'key', answer: '', reason: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="itemId"
          label={t('marking.key.item')}
          extra={t('marking.key.itemHelp')}
          rules={[{ required: true, pattern: ITEM_ID, message: t('marking.key.itemHelp') }]}
        >
          <Input style={{ maxWidth: 200 }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind">
          <Radio.Group
            options={[
              { value: 'key', label: t('marking.key.answerHelpChoice') },
              { value: 'blanks', label: t('marking.key.answerHelpBlanks') },
            ]}
            className="marking-key-kind"
          />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('marking.key.answer')}
          rules={[
            {
              required: true,
              whitespace: true,
              message:
                kind === 'blanks'
                  ? t('marking.key.answerHelpBlanks')
                  : t('marking.key.answerHelpChoice'),
            },
          ]}
        >
          {kind === 'blanks' ? <Input.TextArea rows={3} /> : <Input style={{ maxWidth: 200 }} />}
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('marking.key.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('common.required', { field: t('marking.key.reason') }),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={MARKING_COMMENT_MAX} />
        </Form.Item>
      </Form>
      {done.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('marking.key.history')}</Typography.Text>}
          dataSource={done}
          renderItem={(result, i) => (
            <List.Item key={i}>
              {itemLabel(result.itemId)} · {t('marking.key.rescored', { count: result.rescored })}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

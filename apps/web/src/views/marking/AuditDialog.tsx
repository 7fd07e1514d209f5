import { MARKING_COMMENT_MAX, MarkingAudit, type MarkingItemProgress } from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditGroup, getAuditSample } from '../../api/marking';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { answerText, markingKeys, points } from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';
import type { MarkingDialogProps } from './marking-dialog';

const STATE_KEYS = { 0: 'review', 1: 'passed', 2: 'failed' } as const;

/**
 * A question's group audit (docs/features/marking.md): the sample the server drew, each answer with its
 * final score and marks under its anonymous code; the chief passes the group, or fails it with
 * a reason, which sends the question's answers back to marking.
 */
export function AuditDialog({
  open,
  view,
  item,
  onClose,
}: MarkingDialogProps & { item: MarkingItemProgress }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const itemLabel = useItemLabel(view.items);
  const markerName = useMarkerName(view);
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const sample = useQuery({
    queryKey: markingKeys.audit(view.examId, item.itemId),
    queryFn: () => getAuditSample({ examId: view.examId, itemId: item.itemId }),
  });
  const audit = sample.data;
  const undecided = audit?.state === MarkingAudit.UNDER_REVIEW;

  const decide = async (result: 1 | 2) => {
    let reason = '';
    if (result === MarkingAudit.FAILED) {
      try {
        reason = (await form.validateFields()).reason;
      } catch {
        return;
      }
    }
    setSaving(true);
    try {
      await auditGroup({ examId: view.examId, itemId: item.itemId, result, reason });
      message.success(
        t(result === MarkingAudit.PASSED ? 'marking.audit.passed' : 'marking.audit.failed'),
      );
      onClose();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: markingKeys.all });
    }
  };

  return (
    <Modal
      open={open}
      title={t('marking.audit.title', { item: itemLabel(item.itemId) })}
      width={MODAL_WIDTH}
      onCancel={onClose}
      className="marking-audit-dialog"
      destroyOnHidden
      footer={
        undecided ? (
          <Flex gap={8} justify="end" wrap>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              danger
              loading={saving}
              onClick={() => void decide(MarkingAudit.FAILED)}
              className="marking-audit-fail"
            >
              {t('marking.audit.fail')}
            </Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void decide(MarkingAudit.PASSED)}
              className="marking-audit-pass"
            >
              {t('marking.audit.pass')}
            </Button>
          </Flex>
        ) : (
          <Button onClick={onClose}>{t('common.ok')}</Button>
        )
      }
    >
      {!audit ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            <Tag color={{ 0: 'processing', 1: 'success', 2: 'error' }[audit.state]}>
              {t(`marking.audit.states.${STATE_KEYS[audit.state]}`)}
            </Tag>
            <Typography.Text type="secondary">
              {t('marking.audit.cycle', { cycle: audit.cycle })} ·{' '}
              {t('marking.audit.sample', { count: audit.sample.length })}
            </Typography.Text>
          </Flex>
          {audit.reason && (
            <Alert
              type="warning"
              showIcon
              title={t('marking.audit.lastReason', { reason: audit.reason })}
            />
          )}
          {audit.sample.length === 0 ? (
            <Empty />
          ) : (
            <List
              size="small"
              bordered
              className="marking-audit-sample"
              dataSource={audit.sample}
              renderItem={(entry) => (
                <List.Item key={entry.answerId}>
                  <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
                    <Flex justify="space-between" gap={8} wrap>
                      <strong>
                        {t('marking.arbitration.candidate', { code: entry.anonCode })}
                      </strong>
                      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                        {t('marking.audit.final', { score: points(entry.final) })}
                      </Tag>
                    </Flex>
                    <div className="marking-answer">{answerText(entry.value)}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {entry.marks
                        .map((mark) => `${markerName(mark.markerId)}: ${points(mark.score)}`)
                        .join(' · ')}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
          {undecided && (
            <Form form={form} layout="vertical">
              <Form.Item
                name="reason"
                label={t('marking.audit.reason')}
                extra={t('marking.audit.failHelp')}
                required={false}
                rules={[
                  { required: true, whitespace: true, message: t('marking.audit.reasonRequired') },
                ]}
              >
                <Input.TextArea rows={2} maxLength={MARKING_COMMENT_MAX} />
              </Form.Item>
            </Form>
          )}
        </Flex>
      )}
    </Modal>
  );
}

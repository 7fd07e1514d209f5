import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { MARKING_COMMENT_MAX, type MarkingProgressView, type ReleaseView } from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseScores, withdrawScores } from '../../api/marking';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { analysisKeys } from '../../components/analysis/analysis-keys';
import { certificateKeys } from '../../components/analysis/certificate-paths';
import { localTime } from '../../components/exam/exam-format';
import { markingKeys } from '../../components/marking/marking-format';

/** The exam's release state and history (getRelease), under the marking keys' prefix. */
export const releaseKey = (examId: number) => [...markingKeys.all, 'release', examId] as const;

/**
 * Release (docs/features/marking.md) after a confirmation, or withdraw a release with a reason. Before the
 * exam has closed the button only says when it closes; the server refuses a release while
 * marking or the group audit is open, in its own words (the request layer's toast). The history
 * each call answers replaces the one getRelease read. A release or withdrawal changes what the
 * score analysis screens list, so their queries are refreshed too.
 */
export function ReleaseBar({ view }: { view: MarkingProgressView }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = () =>
    Promise.all(
      [markingKeys.all, analysisKeys.all, certificateKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const onHistory = (release: ReleaseView) =>
    queryClient.setQueryData(releaseKey(view.examId), release);

  const release = () =>
    !view.closed
      ? modal.warning({
          title: t('marking.release.notClosed', { name: view.name, end: localTime(view.endAt) }),
          okText: t('common.ok'),
          className: 'marking-release-early',
        })
      : modal.confirm({
          title: t('marking.release.releaseConfirm', { name: view.name }),
          content: t('marking.release.releaseHelp'),
          okText: t('marking.release.release'),
          cancelText: t('common.cancel'),
          className: 'marking-release-confirm',
          onOk: async () => {
            let result: ReleaseView;
            try {
              result = await releaseScores(view.examId);
            } catch {
              return;
            } finally {
              void refresh();
            }
            onHistory(result);
            message.success(t('marking.release.released'));
          },
        });

  const withdraw = async ({ reason }: { reason: string }) => {
    setSaving(true);
    try {
      onHistory(await withdrawScores(view.examId, reason));
      message.success(t('marking.release.withdrawn'));
      setWithdrawing(false);
    } catch {
      // The request layer has said why.
    } finally {
      setSaving(false);
      void refresh();
    }
  };

  return (
    <>
      {view.released ? (
        <Button
          danger
          icon={<RollbackOutlined />}
          onClick={() => setWithdrawing(true)}
          className="marking-withdraw"
        >
          {t('marking.release.withdraw')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={release}
          className="marking-release"
        >
          {t('marking.release.release')}
        </Button>
      )}
      <Modal
        open={withdrawing}
        title={t('marking.release.withdrawConfirm', { name: view.name })}
        width={MODAL_WIDTH}
        okText={t('marking.release.withdraw')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setWithdrawing(false)}
        className="marking-withdraw-dialog"
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('marking.release.withdrawHelp')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(values) => void withdraw(values)}>
          <Form.Item
            name="reason"
            label={t('marking.release.reason')}
            rules={[
              { required: true, whitespace: true, message: t('marking.release.reasonRequired') },
            ]}
          >
            <Input.TextArea rows={3} maxLength={MARKING_COMMENT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

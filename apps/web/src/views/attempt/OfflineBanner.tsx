import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSnapshot } from './attempt-session';

/**
 * The page is offline (perhaps opened from its copy on this device, offline-open.ts): how many
 * answers wait to be sent, and that the clock counts on from the server's last time; once that
 * time is up, that the answers are sent when the network returns. Its action saves the
 * encrypted answer file (answer-file.ts) for the invigilator, made without the network.
 */
export function OfflineBanner({
  state,
  onDownload,
}: {
  state: Pick<SessionSnapshot, 'link' | 'pendingCount' | 'stopped' | 'finished'>;
  onDownload?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (state.link !== 'offline' || state.finished) return null;
  if (state.stopped !== null && state.stopped !== 'time') return null;
  const download = async () => {
    setBusy(true);
    try {
      await onDownload?.();
    } catch {
      void message.error(t('attemptPage.answerFile.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="exam-offline"
      title={t('attemptPage.offline.title', { count: state.pendingCount })}
      description={
        <>
          <div>
            {t(
              state.stopped === 'time'
                ? 'attemptPage.offline.timeUp'
                : 'attemptPage.offline.counting',
            )}
          </div>
          {onDownload && (
            // Under the text, not beside it: on a phone a side action squeezes the words.
            <div className="exam-offline-file">
              <div>{t('attemptPage.answerFile.hint')}</div>
              <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={download}>
                {t('attemptPage.answerFile.download')}
              </Button>
            </div>
          )}
        </>
      }
    />
  );
}

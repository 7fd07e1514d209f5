import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionSnapshot } from './attempt-session';

/**
 * The page is offline (perhaps opened from its copy on this device, offline-open.ts): how many
 * answers wait to be sent, and that the clock counts on from the server's last time; once that
 * time is up, that the answers are sent when the network returns.
 */
export function OfflineBanner({
  state,
}: {
  state: Pick<SessionSnapshot, 'link' | 'pendingCount' | 'stopped' | 'finished'>;
}) {
  const { t } = useTranslation();
  if (state.link !== 'offline' || state.finished) return null;
  if (state.stopped !== null && state.stopped !== 'time') return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="exam-offline"
      title={t('attemptPage.offline.title', { count: state.pendingCount })}
      description={t(
        state.stopped === 'time' ? 'attemptPage.offline.timeUp' : 'attemptPage.offline.counting',
      )}
    />
  );
}

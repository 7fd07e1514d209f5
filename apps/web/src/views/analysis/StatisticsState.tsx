import { ApiStatus } from '@kaoshi/shared';
import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';

interface StatisticsStateProps {
  /** Nothing chosen yet: what to choose. */
  waitingFor?: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Offered when the exam's scores are not released (staff may read them, marked). */
  onShowUnreleased?: () => void;
  children: ReactNode;
}

/** Whether a statistics call was refused because the exam's scores are not released. */
export const notReleased = (error: unknown) =>
  error instanceof ApiError && error.status === ApiStatus.CONFLICT;

/**
 * The states a statistics screen passes through before its figures: nothing chosen, loading,
 * scores not released (with the offer to read them anyway), failed (with a retry); then the
 * figures themselves.
 */
export function StatisticsState({
  waitingFor,
  isPending,
  error,
  onRetry,
  onShowUnreleased,
  children,
}: StatisticsStateProps) {
  const { t } = useTranslation();
  if (waitingFor) {
    return <Empty className="analysis-empty" description={waitingFor} style={{ padding: 48 }} />;
  }
  if (error) {
    if (notReleased(error)) {
      return (
        <Alert
          type="info"
          showIcon
          title={t('analysis.notReleased')}
          description={t('analysis.notReleasedHelp')}
          action={
            onShowUnreleased && (
              <Button size="small" onClick={onShowUnreleased}>
                {t('analysis.showUnreleased')}
              </Button>
            )
          }
        />
      );
    }
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('analysis.loadFailed')}
        description={error instanceof Error ? error.message : undefined}
        action={
          <Button size="small" onClick={onRetry}>
            {t('common.refresh')}
          </Button>
        }
      />
    );
  }
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return children;
}

import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExamDesk } from './ExamDesk';
import { MY_EXAMS_PATH } from '../../components/attempt/exam-paths';
import { openAttempt } from './offline-open';

/**
 * The exam page (/socketA?attemptId=N): the attempt as the server holds it (paper, answers,
 * time left, or the receipt), then the desk that keeps it live. A reload comes back here and
 * loses neither time nor answers: both are the server's, plus what the outbox still holds.
 */
export default function ExamPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('attemptId'));
  const known = Number.isInteger(id) && id > 0;
  const attempt = useQuery({
    queryKey: ['attempt', id],
    // Without network, the copy kept on this device (offline-open.ts).
    queryFn: () => openAttempt(id),
    enabled: known,
    // The desk keeps the attempt current over the socket: a refetch would only reset it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  if (!known || attempt.isError) {
    return (
      <Result
        status="warning"
        title={known ? t('attemptPage.loadFailed') : t('attemptPage.noAttempt')}
        subTitle={attempt.error?.message}
        extra={
          <Button type="primary" onClick={() => void navigate(MY_EXAMS_PATH)}>
            {t('attemptPage.backToList')}
          </Button>
        }
      />
    );
  }
  if (!attempt.data) {
    return (
      <Card aria-busy aria-label={t('attemptPage.loading')}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <ExamDesk key={id} view={attempt.data} />;
}

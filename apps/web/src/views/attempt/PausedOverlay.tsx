import { PauseCircleOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeOfDay } from '../../components/attempt/my-exams-time';
import { formatRemaining } from '../../components/time/format-remaining';
import type { PausedState, SessionSnapshot } from './attempt-session';

/**
 * A proctor paused the attempt (power cut, network fault): in place of the paper, why and since
 * when, the time left as it stands, and that nothing answered is lost
 * (docs/features/proctoring.md "Pausing").
 */
export function PausedOverlay({ paused }: { paused: PausedState }) {
  const { t } = useTranslation();
  return (
    <section className="exam-paused" role="alert" aria-live="assertive">
      <PauseCircleOutlined className="exam-paused-icon" aria-hidden />
      <h2 className="exam-paused-title">{t('attemptPage.paused.title')}</h2>
      {paused.since === '' ? (
        <Typography.Paragraph className="exam-paused-reason">{paused.reason}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph className="exam-paused-reason">
            {t('attemptPage.paused.reason', { reason: paused.reason })}
          </Typography.Paragraph>
          <Typography.Paragraph className="exam-paused-since">
            {t('attemptPage.paused.since', {
              time: timeOfDay(paused.since, Date.parse(paused.since)),
            })}
          </Typography.Paragraph>
        </>
      )}
      <Typography.Paragraph>
        {t('attemptPage.paused.clock', { time: formatRemaining(paused.remainingMs) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('attemptPage.paused.kept')}</Typography.Paragraph>
    </section>
  );
}

/** After a resume: how much time was given back, until the candidate closes it. */
export function ResumedNotice({ resumed }: { resumed: SessionSnapshot['resumed'] }) {
  const { t } = useTranslation();
  const [seen, setSeen] = useState(0);
  if (!resumed || resumed.serial <= seen) return null;
  return (
    <Alert
      key={resumed.serial}
      type="success"
      showIcon
      role="status"
      className="exam-resumed"
      closable={{ onClose: () => setSeen(resumed.serial) }}
      title={t('attemptPage.paused.resumed', { time: formatRemaining(resumed.givenBackMs) })}
    />
  );
}

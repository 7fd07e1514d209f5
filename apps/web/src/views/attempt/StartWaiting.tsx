import type { MyExamView, StartWait, StartWaitTiming } from '@kaoshi/shared';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localWindow } from '../../components/attempt/my-exams-time';

interface StartWaitingProps {
  exam: MyExamView;
  wait: StartWait;
  /** The server's words for the refusal (a refused check-in says why). */
  message: string;
  /** The check-in was refused by the invigilator (its reason is in `message`). */
  refusedCheckIn: boolean;
  /** Held until the room's start: the candidate's window and minutes, by the server. */
  timing?: StartWaitTiming;
}

/**
 * The waiting page inside the start dialog: what the candidate waits for (the check-in at the
 * door, or the invigilator's start of the room), the exam's time, and that it moves on by
 * itself (start-wait.ts listens for it).
 */
export function StartWaiting({ exam, wait, message, refusedCheckIn, timing }: StartWaitingProps) {
  const { t } = useTranslation();
  const title =
    wait === 'checkIn' ? t('myExams.dialog.waitCheckIn') : t('myExams.dialog.waitRoomStart');
  return (
    <Alert
      type={refusedCheckIn ? 'warning' : 'info'}
      showIcon
      icon={<Spin size="small" />}
      role="status"
      aria-live="polite"
      className="start-exam-waiting"
      data-wait={wait}
      title={title}
      description={
        <>
          {refusedCheckIn && <Typography.Paragraph>{message}</Typography.Paragraph>}
          {timing ? (
            <RoomTiming timing={timing} />
          ) : (
            <Typography.Paragraph>
              {t('myExams.dialog.waitTime', {
                window: localWindow(exam.startAt, exam.endAt),
                count: exam.durationMinutes + exam.extraMinutes,
              })}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary" className="start-exam-waiting-hint">
            {wait === 'checkIn'
              ? t('myExams.dialog.waitCheckInHint')
              : t('myExams.dialog.waitRoomStartHint')}
          </Typography.Paragraph>
        </>
      }
    />
  );
}

/** The room's wait: the window (the session's, named, if any) and the minutes from its start. */
function RoomTiming({ timing }: { timing: StartWaitTiming }) {
  const { t } = useTranslation();
  const span = localWindow(timing.startAt, timing.endAt);
  return (
    <div className="start-exam-waiting-timing">
      <Typography.Paragraph className="start-exam-waiting-window">
        {timing.session
          ? t('myExams.dialog.waitSession', { name: timing.session.name, window: span })
          : t('myExams.dialog.waitWindow', { window: span })}
      </Typography.Paragraph>
      <Typography.Paragraph strong className="start-exam-waiting-minutes">
        {t('myExams.dialog.waitFromRoomStart', { count: timing.minutes })}
      </Typography.Paragraph>
    </div>
  );
}

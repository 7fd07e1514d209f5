import { Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '../../components/attempt/my-exams-clock';

interface NoticeReadGateProps {
  /**
   * Seconds still to read, as the server counts them from the notice's first opening; null while
   * the server has not answered (the count waits for it: counted from this page's opening, a slow
   * answer would let Start go before the server's time and be refused).
   */
  seconds: number | null;
  /** The notice's whole reading time, shown while the server's count is awaited. */
  minSeconds: number;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}

/** The notice's reading time left, and "I have read it", which can be ticked only after it. */
export function NoticeReadGate({ seconds, minSeconds, confirmed, onConfirm }: NoticeReadGateProps) {
  const { t } = useTranslation();
  const counted = useSecondsLeft(seconds ?? 0);
  const readLeft = seconds === null && minSeconds > 0 ? minSeconds : counted;
  return (
    <>
      {readLeft > 0 && (
        <Typography.Text type="secondary" className="start-exam-read-left">
          {t('myExams.dialog.readFor', { count: readLeft })}
        </Typography.Text>
      )}
      <Checkbox
        className="start-exam-read"
        checked={confirmed}
        disabled={readLeft > 0}
        onChange={(event) => onConfirm(event.target.checked)}
      >
        {t('myExams.dialog.confirm')}
      </Checkbox>
    </>
  );
}

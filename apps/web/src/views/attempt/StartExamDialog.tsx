import type { MyExamView, StartWaitData } from '@kaoshi/shared';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openNotice, startAttempt } from '../../api/attempt';
import { ApiError } from '../../api/request';
import { SafeHtml } from '../../components/SafeHtml';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { withoutFieldLabel } from '../../utils/server-error';
import { NoticeReadGate } from './NoticeReadGate';
import { StartWaiting } from './StartWaiting';
import { startWaitOf, useStartWait } from './start-wait';
import { asSentence, expectedDeadline, timeOfDay } from '../../components/attempt/my-exams-time';

interface StartExamDialogProps {
  open: boolean;
  exam: MyExamView;
  /** The server's time now (ms). */
  now: number;
  onClose: () => void;
  afterClose: () => void;
  /** The attempt has started (or was running): open the exam page. */
  onStarted: (attemptId: number) => void;
  /** The server refused for a reason other than the code (the window, late entry, the address). */
  onRefused: () => void;
}

/**
 * Before the clock starts: what the time will be, the exam notice with its minimum reading time
 * and an "I have read it" that can be ticked only after it, the access code when the exam has
 * one. The server checks the window, late entry, the code, the address and the reading time (from
 * when openNotice told it the notice was opened); a refusal is shown here in its words, in the
 * user's language.
 */
export function StartExamDialog({
  open,
  exam,
  now,
  onClose,
  afterClose,
  onStarted,
  onRefused,
}: StartExamDialogProps) {
  const { t, i18n } = useTranslation();
  const language = useCallback(() => i18n.language, [i18n]);
  const notice = exam.notice;
  /** The reading time left by the server's count; null until it has answered. */
  const [readSeconds, setReadSeconds] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  /** Start was refused until the invigilator checks in or starts the room: the waiting page. */
  const [waiting, setWaiting] = useState<{ wait: StartWaitData; message: string } | null>(null);
  /** A Start in flight (the waiting page's own tries must not overlap a click). */
  const trying = useRef(false);
  const minutes = exam.durationMinutes + exam.extraMinutes;
  const ready = (notice === null || confirmed) && !starting;

  // The server records the opening: its clock, not this browser's, decides when Start is taken.
  useEffect(() => {
    if (!open || notice === null) return;
    let current = true;
    openNotice(exam.examId, { quiet: true }).then(
      (opened) => current && setReadSeconds(opened.remainingSeconds),
      () => current && setReadSeconds(notice.minReadSeconds),
    );
    return () => {
      current = false;
    };
  }, [open, notice, exam.examId]);

  /** `again`: the waiting page tries by itself (no spinner on the button). */
  const start = async (again = false) => {
    if (!ready || trying.current) return;
    const accessCode = code.trim();
    if (exam.accessCodeRequired && accessCode === '') {
      setCodeError(t('myExams.dialog.accessCodeMissing'));
      return;
    }
    trying.current = true;
    if (!again) setStarting(true);
    setProblem(undefined);
    setCodeError(undefined);
    try {
      const attempt = await startAttempt({ examId: exam.examId, accessCode }, { quiet: true });
      setWaiting(null);
      onStarted(attempt.attemptId);
    } catch (error) {
      // A call with no answer at all was reported by the request layer.
      if (!(error instanceof ApiError)) return;
      const wait = startWaitOf(error);
      if (wait) setWaiting({ wait, message: asSentence(error.message) });
      else if (error.field === 'accessCode') {
        setWaiting(null);
        setCodeError(asSentence(withoutFieldLabel(error.message)));
      } else {
        setWaiting(null);
        setProblem(asSentence(error.message));
        onRefused();
      }
    } finally {
      trying.current = false;
      setStarting(false);
    }
  };
  useStartWait(exam.examId, open && waiting !== null, () => void start(true), language);

  return (
    <Modal
      open={open}
      title={t('myExams.dialog.title', { name: exam.name })}
      width={MODAL_WIDTH}
      onCancel={onClose}
      afterClose={afterClose}
      className="start-exam-dialog"
      footer={[
        <Button key="cancel" size="large" onClick={onClose}>
          {t('myExams.dialog.cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          size="large"
          className="start-exam-confirm"
          disabled={!ready}
          loading={starting}
          onClick={() => void start()}
        >
          {t('myExams.dialog.start')}
        </Button>,
      ]}
    >
      <div className="start-exam-timing">
        <Typography.Paragraph strong>
          {t('myExams.dialog.timing', { count: minutes })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('myExams.dialog.handIn', { time: timeOfDay(expectedDeadline(exam, now), now) })}
        </Typography.Paragraph>
      </div>
      {waiting && (
        <StartWaiting
          exam={exam}
          wait={waiting.wait.wait}
          refusedCheckIn={waiting.wait.refused === true}
          timing={waiting.wait.timing}
          message={waiting.message}
        />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="start-exam-problem"
          title={t('myExams.dialog.refused')}
          description={problem}
        />
      )}
      {notice && (
        <section className="start-exam-notice" aria-labelledby="start-exam-notice-title">
          <Typography.Title level={5} id="start-exam-notice-title">
            {notice.title || t('myExams.dialog.notice')}
          </Typography.Title>
          <div className="start-exam-notice-body" tabIndex={0}>
            <SafeHtml html={notice.body} />
          </div>
          {/* Counted again from the server's answer (a reopened notice may be read already). */}
          <NoticeReadGate
            key={readSeconds ?? 'asking'}
            seconds={readSeconds}
            minSeconds={notice.minReadSeconds}
            confirmed={confirmed}
            onConfirm={setConfirmed}
          />
        </section>
      )}
      {exam.accessCodeRequired && (
        <Form layout="vertical" onFinish={() => void start()} className="start-exam-code">
          <Form.Item
            label={t('myExams.dialog.accessCode')}
            htmlFor="start-exam-access-code"
            validateStatus={codeError ? 'error' : undefined}
            help={codeError}
            extra={t('myExams.dialog.accessCodeHelp')}
          >
            <Input
              id="start-exam-access-code"
              size="large"
              autoComplete="off"
              spellCheck={false}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(undefined);
              }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

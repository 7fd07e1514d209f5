import type { MyExamView } from '@kaoshi/shared';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startAttempt } from '../../api/attempt';
import { ApiError } from '../../api/request';
import { SafeHtml } from '../../components/SafeHtml';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { withoutFieldLabel } from '../../utils/server-error';
import { useSecondsLeft } from './my-exams-clock';
import { asSentence, expectedDeadline, timeOfDay } from './my-exams-time';

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
 * one. The server checks the window, late entry, the code and the address; a refusal is shown
 * here in its words, in the user's language.
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
  const { t } = useTranslation();
  const notice = exam.notice;
  const readLeft = useSecondsLeft(notice?.minReadSeconds ?? 0);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  const minutes = exam.durationMinutes + exam.extraMinutes;
  const ready = (notice === null || confirmed) && !starting;

  const start = async () => {
    if (!ready) return;
    const accessCode = code.trim();
    if (exam.accessCodeRequired && accessCode === '') {
      setCodeError(t('myExams.dialog.accessCodeMissing'));
      return;
    }
    setStarting(true);
    setProblem(undefined);
    setCodeError(undefined);
    try {
      const attempt = await startAttempt({ examId: exam.examId, accessCode }, { quiet: true });
      onStarted(attempt.attemptId);
    } catch (error) {
      // A call with no answer at all was reported by the request layer.
      if (!(error instanceof ApiError)) return;
      if (error.field === 'accessCode') setCodeError(asSentence(withoutFieldLabel(error.message)));
      else {
        setProblem(asSentence(error.message));
        onRefused();
      }
    } finally {
      setStarting(false);
    }
  };

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
          {readLeft > 0 && (
            <Typography.Text type="secondary" className="start-exam-read-left">
              {t('myExams.dialog.readFor', { count: readLeft })}
            </Typography.Text>
          )}
          <Checkbox
            className="start-exam-read"
            checked={confirmed}
            disabled={readLeft > 0}
            onChange={(event) => setConfirmed(event.target.checked)}
          >
            {t('myExams.dialog.confirm')}
          </Checkbox>
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

import { groupReceiptCode, type Receipt } from '@kaoshi/shared';
import { Button, Card, Descriptions, Result, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { examResultPath, MY_EXAMS_PATH } from '../../components/attempt/exam-paths';

const TITLE_KEYS = {
  submitted: 'attemptPage.receipt.submitted',
  deadline: 'attemptPage.receipt.deadline',
  leave_limit: 'attemptPage.receipt.leaveLimit',
  proctor_submit: 'attemptPage.receipt.proctorSubmit',
  terminated: 'attemptPage.receipt.terminated',
} as const;

/**
 * What the candidate keeps once the attempt has ended (submitted, time up, or handed in past the
 * leave limit): when, how many questions were answered, the receipt code over the answers as
 * stored, and the result when the exam's policy shows it.
 */
export function AttemptReceipt({ receipt, examName }: { receipt: Receipt; examName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { result } = receipt;
  let resultText: React.ReactNode = t('attemptPage.receipt.later');
  if (result) {
    resultText = (
      <div className="exam-receipt-result">
        {result.score !== null && (
          <span className="exam-receipt-score">
            {t('attemptPage.receipt.score', { score: result.score, total: result.total })}
          </span>
        )}
        {result.passed !== null && (
          <Tag color={result.passed ? 'success' : 'error'}>
            {result.passed ? t('attemptPage.receipt.passed') : t('attemptPage.receipt.failed')}
          </Tag>
        )}
        {result.score === null && (
          <span>{t('attemptPage.receipt.objective', { score: result.objectiveScore })}</span>
        )}
        {result.pendingMarking > 0 && (
          <span>{t('attemptPage.receipt.pending', { count: result.pendingMarking })}</span>
        )}
        <Typography.Text type="secondary">
          {t('attemptPage.receipt.passScore', { score: result.passScore })}
        </Typography.Text>
      </div>
    );
  }
  return (
    <Card className="exam-receipt">
      <Result
        status={receipt.finishReason === 'submitted' ? 'success' : 'info'}
        title={t(TITLE_KEYS[receipt.finishReason])}
        subTitle={examName}
      />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'at',
            label: t('attemptPage.receipt.finishedAt'),
            children: dayjs(receipt.finishedAt).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'answered',
            label: t('attemptPage.receipt.answered'),
            children: t('attemptPage.receipt.answeredCount', {
              answered: receipt.answeredCount,
              total: receipt.itemCount,
            }),
          },
          {
            key: 'code',
            label: t('attemptPage.receipt.code'),
            children: (
              <div>
                <Typography.Text
                  code
                  copyable={{ text: receipt.receiptCode }}
                  className="exam-receipt-code"
                >
                  {groupReceiptCode(receipt.receiptCode)}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {t('attemptPage.receipt.codeHelp')}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          { key: 'result', label: t('attemptPage.receipt.result'), children: resultText },
        ]}
      />
      <div className="exam-receipt-back">
        <Button onClick={() => void navigate(MY_EXAMS_PATH)}>{t('attemptPage.backToList')}</Button>
        <Button onClick={() => void navigate(examResultPath(receipt.attemptId))}>
          {t('attemptPage.result.view')}
        </Button>
      </div>
    </Card>
  );
}

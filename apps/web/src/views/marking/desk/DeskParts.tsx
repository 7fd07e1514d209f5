import { ArrowLeftOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { QuestionType, type DeskAnswer } from '@kaoshi/shared';
import { Alert, Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SafeHtml } from '../../../components/SafeHtml';
import { formatRemaining } from '../../../components/time/format-remaining';
import { leaseLeft } from './desk-score';
import type { Pool, Scored } from './desk-state';

// The parts of the marking desk around its score form (MarkingDesk.tsx).

/** Where the desk sends a marker back to. */
export const MARKING_OVERVIEW_PATH = '/examPublishManage/examinationSituation';

/**
 * Back to the marking overview of the desk's exam (the exam list when the address names none):
 * a button (a link inside a button would be two controls).
 */
export function BackButton({
  primary = false,
  className,
  examId,
}: {
  primary?: boolean;
  className?: string;
  examId?: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = examId ? `${MARKING_OVERVIEW_PATH}?examId=${examId}` : MARKING_OVERVIEW_PATH;
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={primary ? undefined : <ArrowLeftOutlined />}
      className={className}
      onClick={() => void navigate(overview)}
    >
      {t('marking.desk.backToOverview')}
    </Button>
  );
}

/**
 * What became of the last score saved: final under single marking; under double marking
 * nothing, since the outcome would tell the other marker's score.
 */
export function SavedNote({ entry }: { entry: Scored }) {
  const { t } = useTranslation();
  const { outcome } = entry;
  const what =
    outcome.blind || outcome.final === null
      ? t('marking.desk.blind')
      : t('marking.desk.final', { score: outcome.final });
  return (
    <div className="desk-saved" role="status">
      {t('marking.desk.saved', { code: entry.answer.anonCode, score: entry.score })} · {what}
    </div>
  );
}

/** The question, the candidate's answer, and the marking guide: everything but who wrote it. */
export function AnswerPanel({ answer, revising }: { answer: DeskAnswer; revising: boolean }) {
  const { t } = useTranslation();
  const text = Array.isArray(answer.value) ? answer.value.join('\n') : answer.value;
  const isTask = answer.type === QuestionType.EXTERNAL_LINK;
  return (
    <>
      <Card size="small" className="desk-question">
        <div className="desk-code-line">
          <span className="desk-label">{t('marking.desk.candidate')}</span>
          <Tag
            color={revising ? 'blue' : 'geekblue'}
            className="desk-code desk-anon"
            aria-label={t('marking.desk.candidateAria', { code: answer.anonCode })}
          >
            {answer.anonCode}
          </Tag>
          <span className="desk-step">{t('marking.desk.step', { step: answer.step })}</span>
        </div>
        <Typography.Title level={2} className="desk-section-title">
          {t('marking.desk.stem')}
        </Typography.Title>
        <SafeHtml html={answer.content} className="desk-stem" />
        {isTask && answer.linkUrl && (
          <p className="desk-task">
            <span className="desk-label">{t('marking.desk.task')}</span>{' '}
            <a href={answer.linkUrl} target="_blank" rel="noopener noreferrer">
              <ExportOutlined /> {answer.linkUrl}
            </a>
          </p>
        )}
      </Card>
      <Card size="small" className="desk-answer">
        <Typography.Title level={2} className="desk-section-title">
          {isTask ? t('marking.desk.returned') : t('marking.desk.answer')}
        </Typography.Title>
        {text.trim() ? (
          <div className="desk-answer-text">{text}</div>
        ) : (
          <Typography.Text type="secondary">{t('marking.desk.emptyAnswer')}</Typography.Text>
        )}
      </Card>
      <Card size="small" className="desk-guide">
        <GuideSection
          title={t('marking.desk.modelAnswer')}
          html={answer.modelAnswer}
          className="desk-model"
        />
        <GuideSection
          title={t('marking.desk.analysis')}
          html={answer.analysis}
          className="desk-analysis"
        />
      </Card>
    </>
  );
}

/** One part of the marking guide (the model answer, the analysis), or that the paper gives none. */
function GuideSection({
  title,
  html,
  className,
}: {
  title: string;
  html: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={2} className="desk-section-title">
        {title}
      </Typography.Title>
      {html.trim() ? (
        <SafeHtml html={html} className={className} />
      ) : (
        <Typography.Text type="secondary">{t('marking.desk.nothing')}</Typography.Text>
      )}
    </>
  );
}

/** The time left on the marker's hold of the answer, by the server's clock; or that it ran out. */
export function Lease({
  answer,
  offset,
  onNext,
}: {
  answer: DeskAnswer;
  offset: number | null;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!answer.leaseUntil) return null;
  const left = leaseLeft(answer.leaseUntil, now, offset ?? 0);
  if (left <= 0) {
    return (
      <Alert
        type="warning"
        showIcon
        className="desk-lease expired"
        title={t('marking.desk.leaseExpired')}
        // Under the words, not beside them: the panel is narrow.
        description={
          <Button size="small" className="desk-alert-action" onClick={onNext}>
            {t('marking.desk.takeNext')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="desk-lease" title={t('marking.desk.leaseHelp')}>
      <span>{t('marking.desk.lease')}</span>{' '}
      <span className="desk-lease-time" role="timer" aria-live="off">
        {formatRemaining(left)}
      </span>
    </div>
  );
}

/** No answer to show: loading, nothing left (for everyone or for now), or the server refused. */
export function PoolState({
  examId,
  pool,
  left,
  mine,
  onRetry,
}: {
  examId: number;
  pool: Pool;
  left: number;
  mine: number;
  onRetry: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const back = <BackButton primary key="back" examId={examId} />;
  if (pool.kind === 'loading' || pool.kind === 'answer') {
    return (
      <Card className="desk-loading" aria-busy="true">
        <Typography.Text type="secondary">{t('marking.desk.loading')}</Typography.Text>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (pool.kind === 'refused') {
    return (
      <Result
        status="warning"
        className="desk-pool-state"
        title={t('marking.desk.refused')}
        subTitle={<span role="alert">{pool.message}</span>}
        extra={[
          back,
          <Button key="retry" icon={<ReloadOutlined />} onClick={() => void onRetry()}>
            {t('marking.desk.checkAgain')}
          </Button>,
        ]}
      />
    );
  }
  if (left === 0) {
    return (
      <Result
        status="success"
        className="desk-pool-state desk-done"
        title={t('marking.desk.doneTitle')}
        subTitle={t('marking.desk.doneText', { count: mine })}
        extra={[back]}
      />
    );
  }
  return (
    <Result
      status="info"
      className="desk-pool-state desk-wait"
      title={t('marking.desk.waitTitle')}
      subTitle={t('marking.desk.waitText', { count: left })}
      extra={[
        <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={() => void onRetry()}>
          {t('marking.desk.checkAgain')}
        </Button>,
        <BackButton key="back" examId={examId} />,
      ]}
    />
  );
}

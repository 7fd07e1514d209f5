import type { MyExamView } from '@kaoshi/shared';
import {
  ClockCircleOutlined,
  FileTextOutlined,
  KeyOutlined,
  LockOutlined,
  PlayCircleFilled,
  RightCircleFilled,
  TrophyOutlined,
} from '@ant-design/icons';
import { Alert, Button, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLevelLabel } from '../../components/structure';
import { examResultPath } from '../../components/attempt/exam-paths';
import { useCountdownText } from '../../components/attempt/use-countdown-text';
import {
  finishedKind,
  localTime,
  localWindow,
  openStanding,
  timeOfDay,
  type FinishedKind,
  type OpenStanding,
} from '../../components/attempt/my-exams-time';

type StateKey = OpenStanding | FinishedKind | 'upcoming';

interface MyExamCardProps {
  exam: MyExamView;
  /** The server's time now (ms). */
  now: number;
  onStart: (exam: MyExamView) => void;
  onContinue: (attemptId: number) => void;
}

/** One of the student's exams: what it is, when, how long, and what they can do about it now. */
export function MyExamCard({ exam, now, onStart, onContinue }: MyExamCardProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const countdownText = useCountdownText();
  const standing: OpenStanding | null = exam.state === 'open' ? openStanding(exam, now) : null;
  const stateKey: StateKey =
    standing ?? (exam.state === 'finished' ? finishedKind(exam) : 'upcoming');

  const facts: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'window',
      label: t('myExams.facts.window'),
      value: localWindow(exam.startAt, exam.endAt),
    },
    {
      key: 'duration',
      label: t('myExams.facts.duration'),
      value: (
        <>
          {t('myExams.facts.minutes', { count: exam.durationMinutes })}
          {exam.extraMinutes > 0 && (
            <Tag color="green" className="my-exam-extra">
              {t('myExams.facts.extra', { count: exam.extraMinutes })}
            </Tag>
          )}
        </>
      ),
    },
  ];
  if (exam.state !== 'finished') {
    facts.push({
      key: 'lateEntry',
      label: t('myExams.facts.lateEntry'),
      value:
        exam.lateEntryUntil === null
          ? t('myExams.facts.lateEntryNone')
          : t('myExams.facts.lateEntryUntil', { time: timeOfDay(exam.lateEntryUntil, now) }),
    });
  }

  return (
    <article
      className={`my-exam-card state-${stateKey}`}
      data-exam-id={exam.examId}
      aria-labelledby={`my-exam-${exam.examId}`}
    >
      <div className="my-exam-main">
        <div className="my-exam-heading">
          <Typography.Title level={3} id={`my-exam-${exam.examId}`} className="my-exam-name">
            {exam.name}
          </Typography.Title>
          <Tag className="my-exam-state" color={STATE_COLORS[stateKey]}>
            {t(`myExams.state.${stateKey}`)}
          </Tag>
        </div>
        <Typography.Text type="secondary" className="my-exam-job">
          {exam.subjectName} · {levelLabel(exam.level)}
        </Typography.Text>
        <dl className="my-exam-facts">
          {facts.map((fact) => (
            <div key={fact.key} className={`my-exam-fact fact-${fact.key}`}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {(stateKey === 'startable' || stateKey === 'upcoming') &&
          (exam.accessCodeRequired || exam.notice) && (
            <div className="my-exam-needs">
              {exam.notice && <Tag icon={<FileTextOutlined />}>{t('myExams.facts.notice')}</Tag>}
              {exam.accessCodeRequired && (
                <Tag icon={<KeyOutlined />}>{t('myExams.facts.accessCode')}</Tag>
              )}
            </div>
          )}
      </div>
      <div className="my-exam-action">
        {exam.state === 'upcoming' && (
          <Upcoming exam={exam} now={now} countdownText={countdownText} />
        )}
        {standing === 'startable' && (
          <>
            <Button
              type="primary"
              size="large"
              block
              icon={<PlayCircleFilled />}
              className="my-exam-start"
              onClick={() => onStart(exam)}
            >
              {t('myExams.start')}
            </Button>
            {exam.lateEntryUntil !== null && (
              <Typography.Text type="secondary" className="my-exam-enter-within" role="timer">
                {t('myExams.countdown.enterWithin', {
                  time: countdownText(Date.parse(exam.lateEntryUntil) - now),
                })}
              </Typography.Text>
            )}
          </>
        )}
        {standing === 'running' && exam.attempt && (
          <>
            <div className="my-exam-countdown" role="timer">
              <span className="my-exam-countdown-label">{t('myExams.countdown.timeLeft')}</span>
              <span className="my-exam-countdown-value">
                {countdownText(Date.parse(exam.attempt.deadline) - now)}
              </span>
            </div>
            <Button
              type="primary"
              size="large"
              block
              icon={<RightCircleFilled />}
              className="my-exam-continue"
              onClick={() => onContinue(exam.attempt!.id)}
            >
              {t('myExams.continue')}
            </Button>
            <Typography.Text type="secondary" className="my-exam-continue-help">
              {t('myExams.continueHelp')}
            </Typography.Text>
          </>
        )}
        {standing === 'lateEntryOver' && (
          <Alert
            type="warning"
            showIcon
            icon={<LockOutlined />}
            className="my-exam-refusal"
            title={t('myExams.lateEntryOver', {
              time: timeOfDay(exam.lateEntryUntil!, now),
            })}
          />
        )}
        {standing === 'closed' && (
          <Typography.Text type="secondary">{t('myExams.closed')}</Typography.Text>
        )}
        {exam.state === 'finished' && <Finished exam={exam} />}
      </div>
    </article>
  );
}

const STATE_COLORS: Record<StateKey, string> = {
  startable: 'green',
  running: 'processing',
  lateEntryOver: 'orange',
  closed: 'default',
  upcoming: 'blue',
  submitted: 'success',
  deadline: 'success',
  leaveLimit: 'warning',
  finishing: 'processing',
  absent: 'default',
};

function Upcoming({
  exam,
  now,
  countdownText,
}: {
  exam: MyExamView;
  now: number;
  countdownText: (ms: number) => string;
}) {
  const { t } = useTranslation();
  const left = Date.parse(exam.startAt) - now;
  return (
    <div className="my-exam-countdown" role="timer">
      <span className="my-exam-countdown-label">
        <ClockCircleOutlined /> {t('myExams.countdown.startsIn')}
      </span>
      <span className="my-exam-countdown-value">
        {left <= 0 ? t('myExams.countdown.opening') : countdownText(left)}
      </span>
    </div>
  );
}

/** How the attempt ended, and the result as far as the exam's policy shows it. */
function Finished({ exam }: { exam: MyExamView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = finishedKind(exam);
  const finishedAt = exam.attempt?.finishedAt ?? null;
  const how = {
    absent: () => t('myExams.finished.absent', { time: localTime(exam.endAt) }),
    finishing: () => t('myExams.finished.finishing'),
    deadline: () => t('myExams.finished.deadline', { time: localTime(finishedAt!) }),
    leaveLimit: () => t('myExams.finished.leaveLimit', { time: localTime(finishedAt!) }),
    submitted: () => t('myExams.finished.submitted', { time: localTime(finishedAt!) }),
  }[kind]();
  const result = exam.result;
  return (
    <div className={`my-exam-finished kind-${kind}`}>
      <Typography.Text className="my-exam-how">{how}</Typography.Text>
      {result ? (
        <div className="my-exam-result">
          <span className="my-exam-result-label">{t('myExams.result.score')}</span>
          {result.score !== null ? (
            <>
              <span className="my-exam-score">
                {t('myExams.result.points', { score: result.score, total: result.total })}
              </span>
              {result.passed !== null && (
                <Tag color={result.passed ? 'success' : 'error'} className="my-exam-passed">
                  {t(result.passed ? 'myExams.result.passed' : 'myExams.result.failed')}
                </Tag>
              )}
              <Typography.Text type="secondary" className="my-exam-pass-score">
                {t('myExams.result.passScore', { score: result.passScore })}
              </Typography.Text>
            </>
          ) : (
            <>
              <span className="my-exam-objective">
                {t('myExams.result.objective', { score: result.objectiveScore })}
              </span>
              {result.pendingMarking > 0 && (
                <Typography.Text type="secondary" className="my-exam-pending">
                  {t('myExams.result.pending', { count: result.pendingMarking })}
                </Typography.Text>
              )}
            </>
          )}
        </div>
      ) : (
        finishedAt !== null && (
          <Typography.Text type="secondary" className="my-exam-no-result">
            {t(
              exam.showResult === 'none' ? 'myExams.result.hidden' : 'myExams.result.afterRelease',
            )}
          </Typography.Text>
        )
      )}
      {/* The result page: the score as far as it is known, and after release the sections and
          (when allowed) the answers reviewed. Nothing to show when the exam shows no result. */}
      {exam.attempt && finishedAt !== null && exam.showResult !== 'none' && (
        <Button
          icon={<TrophyOutlined />}
          className="my-exam-view-result"
          onClick={() => void navigate(examResultPath(exam.attempt!.id))}
        >
          {t('attemptPage.result.view')}
        </Button>
      )}
    </div>
  );
}

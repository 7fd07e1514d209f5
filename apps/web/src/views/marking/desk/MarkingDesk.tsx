import { ArrowLeftOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { QuestionType, type DeskAnswer, type ScoreAnswerResult } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Result, Skeleton, Tag, Typography } from 'antd';
import type { InputRef } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getMarkingProgress, nextAnswer, scoreAnswer } from '../../../api/marking';
import { ApiError } from '../../../api/request';
import { SafeHtml } from '../../../components/SafeHtml';
import { withoutFieldLabel } from '../../../utils/server-error';
import { formatRemaining } from '../../../components/time/format-remaining';
import { useItemLabel } from '../marking-names';
import { leaseClockOffset, leaseLeft, parseScore, quickScores } from './desk-score';
import './desk.css';

/** The desk shows every refusal in place, so the request layer's toast would only repeat it. */
const QUIET = { quiet: true } as const;

/** Where the desk sends a marker back to. */
export const MARKING_OVERVIEW_PATH = '/examPublishManage/examinationSituation';

const ITEM_ID = /^s\d{1,3}[qp]\d{1,5}$/;

/** An answer this marker scored at this desk: kept so that they can go back and revise it. */
interface Scored {
  answer: DeskAnswer;
  score: number;
  comment: string;
  outcome: ScoreAnswerResult;
}

/** Where the desk stands: an answer to score, nothing for this marker, or a refusal. */
type Pool =
  | { kind: 'loading' }
  | { kind: 'answer'; answer: DeskAnswer }
  | { kind: 'empty' }
  | { kind: 'refused'; message: string };

/** A refusal shown in place: under the score when the server blames it, else above the form. */
interface Refusal {
  message: string;
  onScore: boolean;
  /** The answer is no longer this marker's (lease lost): the way on is the next answer. */
  offerNext: boolean;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The marking desk (/examinationRead?examId=N&itemId=X, docs/spec.md §2 and docs/features/marking.md): one answer of
 * the marker's question at a time, claimed with a lease. Blind: it shows an anonymous code,
 * never who wrote the answer. Score by typing, by quick buttons or digits then Enter (saves and
 * takes the next); go back to the answers scored here to revise them until the question closes.
 */
export default function MarkingDesk() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const itemId = params.get('itemId') ?? '';
  const known = Number.isInteger(examId) && examId > 0 && ITEM_ID.test(itemId);

  if (!known) {
    return (
      <Result
        status="warning"
        title={t('marking.desk.noQuestion')}
        extra={<BackButton primary examId={examId > 0 ? examId : undefined} />}
      />
    );
  }
  return <Desk key={`${examId}:${itemId}`} examId={examId} itemId={itemId} />;
}

function Desk({ examId, itemId }: { examId: number; itemId: string }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['marking', 'progress', examId],
    queryFn: () => getMarkingProgress(examId, { quiet: true }),
    staleTime: 60_000,
  });
  const itemLabel = useItemLabel(progress.data?.items);
  const [pool, setPool] = useState<Pool>({ kind: 'loading' });
  const [counts, setCounts] = useState<{ left: number; mine: number } | null>(null);
  const [scored, setScored] = useState<Scored[]>([]);
  /** The index in `scored` being revised; null: scoring the current answer. */
  const [revising, setRevising] = useState<number | null>(null);
  const [scoreText, setScoreText] = useState('');
  const [comment, setComment] = useState('');
  /** What the form held for the current answer while the marker revises an earlier one. */
  const stash = useRef<{ scoreText: string; comment: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const [lastSaved, setLastSaved] = useState<Scored | null>(null);
  /** Server minus browser clock (ms), from the leases seen. */
  const [offset, setOffset] = useState<number | null>(null);
  const scoreInput = useRef<InputRef>(null);

  /** Claims the next answer (or finds none) and shows it; a refusal is shown where it would be. */
  const claim = useCallback(
    () =>
      nextAnswer({ examId, itemId }, QUIET).then(
        (next) => {
          const { answer } = next;
          if (answer?.leaseUntil) {
            const until = answer.leaseUntil;
            const receivedAt = Date.now();
            setOffset((previous) => leaseClockOffset(previous, until, receivedAt));
          }
          setCounts({ left: next.left, mine: next.mine });
          setScoreText(answer && answer.myScore !== null ? String(answer.myScore) : '');
          setComment(answer?.myComment ?? '');
          setPool(answer ? { kind: 'answer', answer } : { kind: 'empty' });
        },
        (error: unknown) =>
          setPool({
            kind: 'refused',
            message: error instanceof ApiError ? error.message : t('marking.desk.offline'),
          }),
      ),
    [examId, itemId, t],
  );

  const takeNext = useCallback(() => {
    setPool({ kind: 'loading' });
    setRefusal(null);
    return claim();
  }, [claim]);

  // The desk opens on an answer: the one this marker still holds, else the next of the pool.
  useEffect(() => {
    void claim();
  }, [claim]);

  const revised = revising === null ? null : scored[revising]!;
  const shown = revised?.answer ?? (pool.kind === 'answer' ? pool.answer : null);

  // The score field takes the focus whenever another answer shows, so digits then Enter work.
  useEffect(() => {
    if (shown) scoreInput.current?.focus({ cursor: 'end' });
  }, [shown]);

  const startRevising = (index: number) => {
    if (revising === null) stash.current = { scoreText, comment };
    const entry = scored[index]!;
    setRevising(index);
    setScoreText(String(entry.score));
    setComment(entry.comment);
    setRefusal(null);
  };

  const stopRevising = () => {
    setRevising(null);
    setScoreText(stash.current?.scoreText ?? '');
    setComment(stash.current?.comment ?? '');
    stash.current = null;
    setRefusal(null);
  };

  const save = async () => {
    if (!shown || saving) return;
    const parsed = parseScore(scoreText);
    if ('problem' in parsed) {
      setRefusal({
        message: t(`marking.desk.${parsed.problem}`),
        onScore: true,
        offerNext: false,
      });
      scoreInput.current?.focus();
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const outcome = await scoreAnswer(
        { answerId: shown.answerId, score: parsed.score, comment: comment.trim() },
        QUIET,
      );
      const entry: Scored = {
        answer: shown,
        score: parsed.score,
        comment: comment.trim(),
        outcome,
      };
      setLastSaved(entry);
      if (revising !== null) {
        setScored((list) => list.map((old, i) => (i === revising ? entry : old)));
        stopRevising();
      } else {
        setScored((list) => [
          ...list.filter((old) => old.answer.answerId !== shown.answerId),
          entry,
        ]);
        await takeNext();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal({ message: t('marking.desk.offline'), onScore: false, offerNext: false });
        return;
      }
      const onScore = error.field === 'score';
      setRefusal({
        message: onScore ? withoutFieldLabel(error.message) : error.message,
        onScore,
        // A lost lease or an answer decided meanwhile: nothing more to do with this one.
        offerNext: !onScore && revising === null,
      });
      if (onScore) scoreInput.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  // Digits typed anywhere on the desk go to the score, as the marker's hands expect.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || !/^[0-9.,]$/.test(event.key)) return;
      if (!scoreInput.current?.input) return;
      event.preventDefault();
      setScoreText((text) => text + event.key);
      scoreInput.current.focus({ cursor: 'end' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onScoreKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && revising !== null) {
      event.preventDefault();
      stopRevising();
    }
  };

  const onCommentKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && revising !== null) {
      event.preventDefault();
      stopRevising();
    }
  };

  const typed = parseScore(scoreText);
  const typedScore = 'score' in typed ? typed.score : null;
  const examName =
    progress.data?.name ??
    (progress.isPending ? '' : t('marking.desk.examFallback', { id: examId }));
  const itemProgress = progress.data?.items.find((item) => item.itemId === itemId);
  const type = shown?.type ?? itemProgress?.type;
  const fullScore = shown?.fullScore ?? itemProgress?.fullScore;

  return (
    <div className="marking-desk">
      <header className="desk-header">
        <div className="desk-heading">
          <Typography.Title level={1} className="desk-title">
            {t('marking.desk.title')}
          </Typography.Title>
          <Typography.Text className="desk-where">
            {examName && <span className="desk-exam">{examName}</span>}
            <span className="desk-item">{itemLabel(itemId)}</span>
            {type !== undefined && (
              <Tag className="desk-type">
                {t(
                  type === QuestionType.EXTERNAL_LINK
                    ? 'attemptPage.question.types.link'
                    : 'attemptPage.question.types.short',
                )}
              </Tag>
            )}
            {fullScore !== undefined && (
              <span className="desk-full">{t('marking.desk.fullScore', { score: fullScore })}</span>
            )}
          </Typography.Text>
        </div>
        <dl className="desk-counts" aria-live="polite">
          <div>
            <dt>{t('marking.desk.mine')}</dt>
            <dd className="desk-mine">{counts?.mine ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('marking.desk.left')}</dt>
            <dd className="desk-left">{counts?.left ?? '–'}</dd>
          </div>
        </dl>
        <BackButton className="desk-back" examId={examId} />
      </header>

      {lastSaved && <SavedNote entry={lastSaved} />}

      {shown ? (
        <div className="desk-body">
          <AnswerPanel answer={shown} revising={revised !== null} />
          <Card className="desk-score-panel" size="small">
            <form
              aria-label={t('marking.desk.scoreForm', { code: shown.anonCode })}
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              {revised ? (
                <Alert
                  type="info"
                  className="desk-revising"
                  title={t('marking.desk.revising', { code: shown.anonCode })}
                />
              ) : (
                <Lease answer={shown} offset={offset} onNext={() => void takeNext()} />
              )}
              {refusal && !refusal.onScore && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  className="desk-refusal"
                  title={refusal.message}
                  description={
                    refusal.offerNext ? (
                      <Button
                        size="small"
                        className="desk-alert-action"
                        onClick={() => void takeNext()}
                      >
                        {t('marking.desk.takeNext')}
                      </Button>
                    ) : undefined
                  }
                />
              )}
              <label htmlFor="desk-score" className="desk-label">
                {t('marking.desk.score')}
              </label>
              <Input
                id="desk-score"
                ref={scoreInput}
                className="desk-score-input"
                inputMode="decimal"
                autoComplete="off"
                value={scoreText}
                status={refusal?.onScore ? 'error' : undefined}
                aria-invalid={refusal?.onScore ? true : undefined}
                aria-describedby="desk-score-help"
                suffix={`/ ${shown.fullScore}`}
                onChange={(event) => {
                  setScoreText(event.target.value);
                  if (refusal?.onScore) setRefusal(null);
                }}
                onKeyDown={onScoreKey}
              />
              <div id="desk-score-help" className="desk-help">
                {refusal?.onScore ? (
                  <Typography.Text type="danger" role="alert" className="desk-score-error">
                    {refusal.message}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">
                    {t('marking.desk.scoreHelp', { full: shown.fullScore, step: shown.step })}
                  </Typography.Text>
                )}
              </div>
              <div className="desk-quick" role="group" aria-label={t('marking.desk.quick')}>
                {quickScores(shown.fullScore, shown.step).map((value) => (
                  <Button
                    key={value}
                    size="small"
                    aria-pressed={typedScore === value}
                    type={typedScore === value ? 'primary' : 'default'}
                    onClick={() => {
                      setScoreText(String(value));
                      setRefusal(null);
                      scoreInput.current?.focus({ cursor: 'end' });
                    }}
                  >
                    {value}
                  </Button>
                ))}
              </div>
              <label htmlFor="desk-comment" className="desk-label">
                {t('marking.desk.comment')}
              </label>
              <Input.TextArea
                id="desk-comment"
                className="desk-comment"
                value={comment}
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                onChange={(event) => setComment(event.target.value)}
                onKeyDown={onCommentKey}
              />
              <div className="desk-actions">
                <Button type="primary" htmlType="submit" loading={saving} className="desk-save">
                  {revised ? t('marking.desk.saveRevision') : t('marking.desk.save')}
                </Button>
                {revised ? (
                  <Button onClick={stopRevising}>{t('marking.desk.cancelRevision')}</Button>
                ) : (
                  scored.length > 0 && (
                    <Button
                      onClick={() => startRevising(scored.length - 1)}
                      className="desk-previous"
                    >
                      {t('marking.desk.previous')}
                    </Button>
                  )
                )}
              </div>
              <Typography.Paragraph type="secondary" className="desk-keys">
                {t('marking.desk.keys')}
              </Typography.Paragraph>
            </form>
          </Card>
        </div>
      ) : (
        <PoolState
          examId={examId}
          pool={pool}
          left={counts?.left ?? 0}
          mine={counts?.mine ?? 0}
          onRetry={takeNext}
        />
      )}

      {scored.length > 0 && (
        <section className="desk-session" aria-labelledby="desk-session-title">
          <Typography.Title level={2} id="desk-session-title" className="desk-session-title">
            {t('marking.desk.session')}
          </Typography.Title>
          <ol className="desk-session-list">
            {scored.map((entry, index) => (
              <li
                key={entry.answer.answerId}
                className={index === revising ? 'current' : undefined}
              >
                <span className="desk-code">{entry.answer.anonCode}</span>
                <span className="desk-session-score">
                  {t('marking.desk.points', { score: entry.score })}
                </span>
                <Button
                  size="small"
                  type="link"
                  disabled={index === revising}
                  onClick={() => startRevising(index)}
                  aria-label={t('marking.desk.reviseCode', { code: entry.answer.anonCode })}
                >
                  {t('marking.desk.revise')}
                </Button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/**
 * Back to the marking overview of the desk's exam (the exam list when the address names none):
 * a button (a link inside a button would be two controls).
 */
function BackButton({
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
function SavedNote({ entry }: { entry: Scored }) {
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
function AnswerPanel({ answer, revising }: { answer: DeskAnswer; revising: boolean }) {
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
        <Typography.Title level={2} className="desk-section-title">
          {t('marking.desk.modelAnswer')}
        </Typography.Title>
        {answer.modelAnswer.trim() ? (
          <SafeHtml html={answer.modelAnswer} className="desk-model" />
        ) : (
          <Typography.Text type="secondary">{t('marking.desk.nothing')}</Typography.Text>
        )}
        <Typography.Title level={2} className="desk-section-title">
          {t('marking.desk.analysis')}
        </Typography.Title>
        {answer.analysis.trim() ? (
          <SafeHtml html={answer.analysis} className="desk-analysis" />
        ) : (
          <Typography.Text type="secondary">{t('marking.desk.nothing')}</Typography.Text>
        )}
      </Card>
    </>
  );
}

/** The time left on the marker's hold of the answer, by the server's clock; or that it ran out. */
function Lease({
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
function PoolState({
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

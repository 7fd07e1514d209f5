import { QuestionType } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getMarkingProgress } from '../../../api/marking';
import { useItemLabel } from '../marking-names';
import { parseScore, quickScores } from './desk-score';
import { AnswerPanel, BackButton, Lease, PoolState, SavedNote } from './DeskParts';
import { useMarkingDesk } from './use-marking-desk';
import './desk.css';

const ITEM_ID = /^s\d{1,3}[qp]\d{1,5}$/;

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
  const desk = useMarkingDesk(examId, itemId);
  const { pool, counts, scored, revising, scoreText, comment, refusal, saving, lastSaved } = desk;
  const { offset, revised, shown, scoreInput, takeNext, save, startRevising, stopRevising } = desk;

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
                onChange={(event) => desk.typeScore(event.target.value)}
                onKeyDown={desk.onScoreKey}
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
                    onClick={() => desk.pickScore(value)}
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
                onChange={(event) => desk.typeComment(event.target.value)}
                onKeyDown={desk.onCommentKey}
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

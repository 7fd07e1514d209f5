import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, ExportOutlined } from '@ant-design/icons';
import { QuestionType, type AttemptResultView, type ReviewItem } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getResult } from '../../api/marking';
import { SafeHtml } from '../../components/SafeHtml';
import { CertificateCard, useMyCertificates } from '../../components/analysis/CertificateCard';
import { MY_EXAMS_PATH } from '../../components/attempt/exam-paths';
import { QUESTION_TYPE_KEYS } from './question-type-keys';
import './exam-result.css';

const FINISH_KEYS = {
  submitted: 'attemptPage.result.finished.submitted',
  deadline: 'attemptPage.result.finished.deadline',
  leave_limit: 'attemptPage.result.finished.leaveLimit',
  proctor_submit: 'attemptPage.result.finished.proctorSubmit',
  terminated: 'attemptPage.result.finished.terminated',
} as const;

/**
 * A student's result (/exam-student/examResult?attemptId=N, docs/features/marking.md): what the exam's policy
 * lets them see. Before release the score as far as it is known (or that it is not shown yet);
 * after release the total, pass or fail and the sections, and with review allowed every question
 * with their answer, the key (a corrected key says why), the points and the marker's comment.
 */
export default function ExamResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const attemptId = Number(params.get('attemptId'));
  const known = Number.isInteger(attemptId) && attemptId > 0;
  const result = useQuery({
    queryKey: ['attempt', 'result', attemptId],
    queryFn: () => getResult(attemptId, { quiet: true }),
    enabled: known,
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(MY_EXAMS_PATH)}>
      {t('attemptPage.backToList')}
    </Button>
  );
  if (!known || result.isError) {
    return (
      <Result
        status="warning"
        title={known ? t('attemptPage.result.loadFailed') : t('attemptPage.result.noAttempt')}
        subTitle={result.error?.message}
        extra={back}
      />
    );
  }
  if (!result.data) return <Skeleton active className="exam-result" />;
  const view = result.data;
  return (
    <div className="exam-result">
      <header className="exam-result-header">
        <Typography.Title level={1} className="exam-result-title">
          {view.examName}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t(FINISH_KEYS[view.finishReason], {
            time: dayjs(view.finishedAt).format('YYYY-MM-DD HH:mm'),
          })}
        </Typography.Text>
      </header>
      <Summary view={view} />
      {view.released && view.result?.passed && <ResultCertificate examId={view.examId} />}
      {view.sections && <Sections view={view} />}
      {view.review ? (
        <Review review={view.review} />
      ) : (
        view.released &&
        view.result && (
          <Typography.Paragraph type="secondary" className="exam-result-no-review">
            {t('attemptPage.result.noReview')}
          </Typography.Paragraph>
        )
      )}
      <div className="exam-result-back">{back}</div>
    </div>
  );
}

/** The total and pass, or how far the result is: being marked, not released, not shown. */
function Summary({ view }: { view: AttemptResultView }) {
  const { t } = useTranslation();
  const { result } = view;
  if (!result) {
    return (
      <Alert
        type="info"
        showIcon
        className="exam-result-state"
        title={t(
          view.showResult === 'none'
            ? 'attemptPage.result.hidden'
            : 'attemptPage.result.notReleased',
        )}
      />
    );
  }
  return (
    <Card className="exam-result-summary">
      <div className="exam-result-figures">
        <div className="exam-result-total">
          <span className="exam-result-label">{t('attemptPage.result.score')}</span>
          {result.score !== null ? (
            <span className="exam-result-score">
              {t('attemptPage.result.points', { score: result.score, total: result.total })}
            </span>
          ) : (
            <span className="exam-result-score pending">{t('attemptPage.result.notYet')}</span>
          )}
          {result.passed !== null && (
            <Tag color={result.passed ? 'success' : 'error'} className="exam-result-passed">
              {t(result.passed ? 'attemptPage.result.passed' : 'attemptPage.result.failed')}
            </Tag>
          )}
        </div>
        <dl className="exam-result-facts">
          <div>
            <dt>{t('attemptPage.result.objective')}</dt>
            <dd className="exam-result-objective">
              {t('attemptPage.result.pointsOnly', { score: result.objectiveScore })}
            </dd>
          </div>
          <div>
            <dt>{t('attemptPage.result.passScore')}</dt>
            <dd>{t('attemptPage.result.pointsOnly', { score: result.passScore })}</dd>
          </div>
        </dl>
      </div>
      {result.pendingMarking > 0 ? (
        <Alert
          type="info"
          showIcon
          className="exam-result-state"
          title={t('attemptPage.result.beingMarked', { count: result.pendingMarking })}
        />
      ) : (
        !view.released && (
          <Alert
            type="info"
            showIcon
            className="exam-result-state"
            title={t('attemptPage.result.notReleased')}
          />
        )
      )}
    </Card>
  );
}

/** The certificate a pass earned, once issued (at release): download and public check. */
function ResultCertificate({ examId }: { examId: number }) {
  const certificates = useMyCertificates();
  const certificate = certificates.data?.find((mine) => mine.examId === examId);
  if (!certificate) return null;
  return (
    <div className="exam-result-certificate" style={{ marginBottom: 12 }}>
      <CertificateCard certificate={certificate} />
    </div>
  );
}

function Sections({ view }: { view: AttemptResultView }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="exam-result-sections" title={t('attemptPage.result.sections')}>
      <Table
        size="small"
        pagination={false}
        rowKey={(_, index) => String(index)}
        dataSource={view.sections ?? []}
        columns={[
          { key: 'title', title: t('attemptPage.result.section'), dataIndex: 'title' },
          {
            key: 'score',
            title: t('attemptPage.result.score'),
            align: 'right',
            render: (_, section) =>
              section.score === null
                ? t('attemptPage.result.notYet')
                : t('attemptPage.result.points', { score: section.score, total: section.total }),
          },
        ]}
      />
    </Card>
  );
}

function Review({ review }: { review: NonNullable<AttemptResultView['review']> }) {
  const { t } = useTranslation();
  // Numbered throughout the paper, as the candidate saw it.
  const firstNumbers = review.map((_, index) =>
    review.slice(0, index).reduce((sum, section) => sum + section.items.length, 1),
  );
  return (
    <section className="exam-result-review" aria-labelledby="exam-result-review-title">
      <Typography.Title level={2} id="exam-result-review-title" className="exam-result-h2">
        {t('attemptPage.result.review')}
      </Typography.Title>
      {review.map((section, sectionIndex) => (
        <div key={sectionIndex} className="exam-result-review-section">
          <Typography.Title level={3} className="exam-result-h3">
            {section.title}
          </Typography.Title>
          {section.items.map((item, index) => (
            <ReviewCard
              key={item.itemId}
              item={item}
              number={firstNumbers[sectionIndex]! + index}
            />
          ))}
        </div>
      ))}
    </section>
  );
}

const sameLetters = (a: string, b: string) => [...a].sort().join('') === [...b].sort().join('');

const asText = (value: ReviewItem['answer']) =>
  value === null ? '' : Array.isArray(value) ? value.join(' / ') : value;

/** One question reviewed: the stem, their answer beside the key, the points, the comment. */
function ReviewCard({ item, number }: { item: ReviewItem; number: number }) {
  const { t } = useTranslation();
  const titleId = `result-q-${item.itemId}`;
  const full = item.earned !== null && item.earned >= item.score;
  const none = item.earned === null || item.earned === 0;
  const verdict = item.earned === null ? 'pending' : full ? 'right' : none ? 'wrong' : 'partly';
  return (
    <article className={`exam-result-item verdict-${verdict}`} aria-labelledby={titleId}>
      <div className="exam-result-item-head" id={titleId}>
        <span className="exam-result-item-number">
          {t('attemptPage.question.number', { n: number })}
        </span>
        <Tag>{t(QUESTION_TYPE_KEYS[item.type])}</Tag>
        <span className="exam-result-earned">
          {item.earned === null
            ? t('attemptPage.result.notYet')
            : t('attemptPage.result.points', { score: item.earned, total: item.score })}
        </span>
      </div>
      <SafeHtml html={item.content} className="exam-result-stem" />
      <ItemAnswer item={item} />
      {item.correction && (
        <Alert
          type="warning"
          showIcon
          className="exam-result-correction"
          title={t('attemptPage.result.corrected', {
            time: dayjs(item.correction.at).format('YYYY-MM-DD HH:mm'),
          })}
          description={item.correction.reason}
        />
      )}
      {item.key.analysis.trim() && (
        <div className="exam-result-block">
          <div className="exam-result-label">{t('attemptPage.result.analysis')}</div>
          <SafeHtml html={item.key.analysis} />
        </div>
      )}
      {item.comment.trim() && (
        <div className="exam-result-block exam-result-comment">
          <div className="exam-result-label">{t('attemptPage.result.comment')}</div>
          <div className="exam-result-text">{item.comment}</div>
        </div>
      )}
    </article>
  );
}

function ItemAnswer({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const given = asText(item.answer);
  const mine = t('attemptPage.result.yours');
  const key = t('attemptPage.result.key');

  if (item.type === QuestionType.SINGLE || item.type === QuestionType.MULTIPLE) {
    const chosen = typeof item.answer === 'string' ? item.answer : '';
    return (
      <>
        <ul className="exam-result-options">
          {item.options.map((option) => {
            const picked = chosen.includes(option.key);
            const correct = item.key.correctKeys.includes(option.key);
            return (
              <li
                key={option.key}
                className={[picked && 'picked', correct && 'correct'].filter(Boolean).join(' ')}
              >
                <span className="exam-option-key">{option.key}.</span>
                <SafeHtml inline html={option.content} />
                {picked && <Tag color={correct ? 'success' : 'error'}>{mine}</Tag>}
                {correct && (
                  <Tag color="success" icon={<CheckOutlined />}>
                    {key}
                  </Tag>
                )}
              </li>
            );
          })}
        </ul>
        <Pair
          given={given || null}
          keyText={item.key.correctKeys.join('')}
          right={sameLetters(given, item.key.correctKeys.join(''))}
        />
      </>
    );
  }
  if (item.type === QuestionType.JUDGEMENT) {
    const word = (value: string) =>
      value === 'T'
        ? t('attemptPage.question.true')
        : value === 'F'
          ? t('attemptPage.question.false')
          : value;
    return (
      <Pair
        given={given ? word(given) : null}
        keyText={word(item.key.answer)}
        right={given === item.key.answer}
      />
    );
  }
  if (item.type === QuestionType.FILL_BLANK) {
    const blanks = Array.isArray(item.answer) ? item.answer : [];
    return (
      <dl className="exam-result-blanks">
        {Array.from({ length: Math.max(item.blankCount, item.key.blanks.length) }, (_, index) => (
          <div key={index} className="exam-result-blank">
            <dt>{t('attemptPage.question.blank', { n: index + 1 })}</dt>
            <dd>
              <span className="exam-result-given">
                <span className="exam-result-label">{mine}</span>{' '}
                {blanks[index]?.trim() ? blanks[index] : t('attemptPage.result.unanswered')}
              </span>
              <span className="exam-result-key">
                <span className="exam-result-label">{key}</span>{' '}
                {(item.key.blanks[index] ?? []).join(' / ')}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  // Short answers and practical tasks: their text beside the model answer.
  return (
    <>
      {item.type === QuestionType.EXTERNAL_LINK && item.linkUrl && (
        <p className="exam-result-task">
          <a href={item.linkUrl} target="_blank" rel="noopener noreferrer">
            <ExportOutlined /> {item.linkUrl}
          </a>
        </p>
      )}
      <div className="exam-result-block">
        <div className="exam-result-label">{mine}</div>
        {given.trim() ? (
          <div className="exam-result-text">{given}</div>
        ) : (
          <Typography.Text type="secondary">{t('attemptPage.result.unanswered')}</Typography.Text>
        )}
      </div>
      <div className="exam-result-block">
        <div className="exam-result-label">{t('attemptPage.result.model')}</div>
        {item.key.answer.trim() ? (
          <SafeHtml html={item.key.answer} />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        )}
      </div>
    </>
  );
}

/** Their answer and the key side by side, with whether they match. */
function Pair({
  given,
  keyText,
  right,
}: {
  given: string | null;
  keyText: string;
  right: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className="exam-result-pair">
      <div>
        <dt>{t('attemptPage.result.yours')}</dt>
        <dd className={right ? 'right' : 'wrong'}>
          {given ?? t('attemptPage.result.unanswered')}{' '}
          {given !== null &&
            (right ? (
              <CheckOutlined aria-label={t('attemptPage.result.right')} />
            ) : (
              <CloseOutlined aria-label={t('attemptPage.result.wrong')} />
            ))}
        </dd>
      </div>
      <div>
        <dt>{t('attemptPage.result.key')}</dt>
        <dd>{keyText}</dd>
      </div>
    </dl>
  );
}

import { QuestionType, type PrintItem } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { PrintKey } from './PrintKey';

/** Lines a short answer is written on. */
const ANSWER_LINES = 6;

interface PrintQuestionProps {
  item: PrintItem;
  /** Numbered throughout the paper. */
  number: number;
}

/**
 * One question as printed: what the examinee sees (stem, options, blanks as lines, answer
 * lines), and under it the key when the paper carries one.
 */
export function PrintQuestion({ item, number }: PrintQuestionProps) {
  const { t } = useTranslation();
  const correct = new Set(item.key?.correctKeys ?? []);
  const withKey = item.key !== null;

  let body = null;
  if (item.type === QuestionType.SINGLE || item.type === QuestionType.MULTIPLE) {
    body = (
      <ol className="paper-print-options">
        {item.options.map((option) => (
          <li
            key={option.key}
            className={
              correct.has(option.key) ? 'paper-print-option correct' : 'paper-print-option'
            }
          >
            <span className="paper-print-option-key">{option.key}.</span>
            <SafeHtml html={option.content} className="paper-print-option-content" />
          </li>
        ))}
      </ol>
    );
  } else if (item.type === QuestionType.JUDGEMENT) {
    body = (
      <div className="paper-print-judgement">
        {(['T', 'F'] as const).map((value) => (
          <span
            key={value}
            className={
              item.key?.answer === value ? 'paper-print-choice correct' : 'paper-print-choice'
            }
          >
            <span className="paper-print-box" aria-hidden="true" />
            {t(value === 'T' ? 'paperPrint.question.true' : 'paperPrint.question.false')}
          </span>
        ))}
      </div>
    );
  } else if (item.type === QuestionType.FILL_BLANK) {
    body = (
      <div className="paper-print-blanks">
        {Array.from({ length: item.blankCount }, (_, index) => (
          <span key={index} className="paper-print-blank">
            {t('paperPrint.question.blank', { n: index + 1 })}
            <span className="paper-print-line" />
          </span>
        ))}
      </div>
    );
  } else if (item.type === QuestionType.EXTERNAL_LINK) {
    body = item.linkUrl ? (
      <p className="paper-print-task">
        {t('paperPrint.question.task')}
        <span className="paper-print-url">{item.linkUrl}</span>
      </p>
    ) : null;
  } else if (!withKey) {
    body = (
      <div
        className="paper-print-answer-lines"
        role="group"
        aria-label={t('paperPrint.question.answerArea')}
      >
        {Array.from({ length: ANSWER_LINES }, (_, index) => (
          <div key={index} className="paper-print-answer-line" />
        ))}
      </div>
    );
  }

  return (
    <div className="paper-print-question" data-item={item.itemId}>
      <div className="paper-print-stem">
        <span className="paper-print-number">{number}.</span>
        <SafeHtml html={item.content} className="paper-print-stem-content" />
        <span className="paper-print-points">
          {t('paperPrint.question.points', { count: item.score })}
        </span>
      </div>
      {body}
      {item.key && <PrintKey type={item.type} itemKey={item.key} />}
    </div>
  );
}

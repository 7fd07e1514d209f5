import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import type { AnswerValue } from '@kaoshi/shared';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { AnswerControl, type AnswerHandlers } from './AnswerControl';
import type { PaperItem } from './paper-items';
import { QUESTION_TYPE_KEYS } from './question-type-keys';

interface QuestionCardProps extends AnswerHandlers {
  entry: PaperItem;
  value: AnswerValue | undefined;
  flagged: boolean;
  current: boolean;
  /** The screen-reader layout: the question's number is a heading to move by. */
  heading?: boolean;
  disabled: boolean;
  onFlag(): void;
  /** Clicking or focusing inside makes it the question the keys act on. */
  onFocus(): void;
}

/** One question: its number, type and points, the flag, the stem and the answer field. */
export function QuestionCard({
  entry,
  value,
  flagged,
  current,
  heading = false,
  disabled,
  onFlag,
  onFocus,
  ...handlers
}: QuestionCardProps) {
  const { t } = useTranslation();
  const { item, number } = entry;
  const titleId = `exam-q-${item.itemId}`;
  return (
    <section
      id={`exam-item-${item.itemId}`}
      className={current ? 'exam-question current' : 'exam-question'}
      aria-labelledby={titleId}
      data-item={item.itemId}
      tabIndex={-1}
      onFocusCapture={onFocus}
      onPointerDown={onFocus}
    >
      <div className="exam-question-head">
        <div id={titleId} className="exam-question-title">
          <span
            className="exam-question-number"
            {...(heading ? { role: 'heading', 'aria-level': 3 } : {})}
          >
            {t('attemptPage.question.number', { n: number })}
          </span>
          <Tag className="exam-question-type">{t(QUESTION_TYPE_KEYS[item.type])}</Tag>
          <span className="exam-question-points">
            {t('attemptPage.question.points', { count: item.score })}
          </span>
          <SafeHtml html={item.content} className="exam-stem" />
        </div>
        <Button
          type={flagged ? 'primary' : 'default'}
          ghost={flagged}
          icon={flagged ? <FlagFilled /> : <FlagOutlined />}
          aria-pressed={flagged}
          onClick={onFlag}
          className="exam-flag"
        >
          {t('attemptPage.question.flag')}
        </Button>
      </div>
      <AnswerControl
        item={item}
        value={value}
        labelledBy={titleId}
        disabled={disabled}
        {...handlers}
      />
    </section>
  );
}

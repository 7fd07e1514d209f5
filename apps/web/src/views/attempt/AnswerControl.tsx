import { ExportOutlined } from '@ant-design/icons';
import {
  ANSWER_BLANK_MAX,
  ANSWER_TEXT_MAX,
  QuestionType,
  type AnswerValue,
  type CandidateItem,
} from '@kaoshi/shared';
import { Button, Checkbox, Input, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { toggleChoice } from './answer-merge';

export interface AnswerHandlers {
  /** A change; `typing` for text, which is sent when the candidate pauses. */
  onChange(value: AnswerValue, options?: { typing: boolean }): void;
  /** Leaving a text field: what typing held back goes now. */
  onBlur(): void;
  /** Pasting into a text answer is an integrity event. */
  onPaste(): void;
  /** The link task's tab opens: the page it hides is the candidate's own work, no leave. */
  onOpenTask(): void;
}

interface AnswerControlProps extends AnswerHandlers {
  item: CandidateItem;
  value: AnswerValue | undefined;
  /** The id of the element naming the question (its number and stem). */
  labelledBy: string;
  disabled: boolean;
}

/** A one-answer question's radio group (single choice, judgement), its answer the chosen value. */
function ChoiceRadios({
  className,
  labelledBy,
  text,
  disabled,
  onChange,
  children,
}: Pick<AnswerControlProps, 'labelledBy' | 'disabled' | 'onChange'> & {
  className: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Radio.Group
      className={className}
      aria-labelledby={labelledBy}
      value={text || undefined}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as string)}
    >
      {children}
    </Radio.Group>
  );
}

/** The judgement answers as options: A/1 true, B/2 false for the keyboard. */
export const JUDGEMENT_OPTIONS = ['T', 'F'] as const;

/**
 * The answer field of one question, by type: single (radio), multiple (checkboxes), judgement
 * (true/false), fill-in (one input per blank), short answer (a plain text area with a character
 * count), external link (open the task in a new tab, then an answer field).
 */
export function AnswerControl({
  item,
  value,
  labelledBy,
  disabled,
  onChange,
  onBlur,
  onPaste,
  onOpenTask,
}: AnswerControlProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const choice = { labelledBy, text, disabled, onChange };

  if (item.type === QuestionType.SINGLE) {
    return (
      <ChoiceRadios className="exam-options" {...choice}>
        {item.options.map((option) => (
          <Radio key={option.key} value={option.key} className="exam-option">
            <span className="exam-option-key">{option.key}.</span>
            <SafeHtml inline html={option.content} />
          </Radio>
        ))}
      </ChoiceRadios>
    );
  }

  if (item.type === QuestionType.MULTIPLE) {
    return (
      <div className="exam-options" role="group" aria-labelledby={labelledBy}>
        {item.options.map((option) => (
          <Checkbox
            key={option.key}
            className="exam-option"
            checked={text.includes(option.key)}
            disabled={disabled}
            onChange={() => onChange(toggleChoice(text, option.key))}
          >
            <span className="exam-option-key">{option.key}.</span>
            <SafeHtml inline html={option.content} />
          </Checkbox>
        ))}
      </div>
    );
  }

  if (item.type === QuestionType.JUDGEMENT) {
    return (
      <ChoiceRadios className="exam-options exam-options-row" {...choice}>
        {JUDGEMENT_OPTIONS.map((answer) => (
          <Radio key={answer} value={answer} className="exam-option">
            {t(answer === 'T' ? 'attemptPage.question.true' : 'attemptPage.question.false')}
          </Radio>
        ))}
      </ChoiceRadios>
    );
  }

  if (item.type === QuestionType.FILL_BLANK) {
    const blanks = Array.from({ length: item.blankCount }, (_, index) =>
      Array.isArray(value) ? (value[index] ?? '') : '',
    );
    return (
      <div className="exam-blanks" role="group" aria-labelledby={labelledBy}>
        {blanks.map((blank, index) => (
          <label key={index} className="exam-blank">
            <span className="exam-blank-label">
              {t('attemptPage.question.blank', { n: index + 1 })}
            </span>
            <Input
              value={blank}
              maxLength={ANSWER_BLANK_MAX}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) =>
                onChange(
                  blanks.map((other, at) => (at === index ? event.target.value : other)),
                  { typing: true },
                )
              }
              onBlur={onBlur}
              onPaste={onPaste}
            />
          </label>
        ))}
      </div>
    );
  }

  const area = (
    <div className="exam-text-answer">
      <Input.TextArea
        aria-label={t('attemptPage.question.answer')}
        value={text}
        maxLength={ANSWER_TEXT_MAX}
        autoSize={{ minRows: 5, maxRows: 16 }}
        disabled={disabled}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value, { typing: true })}
        onBlur={onBlur}
        onPaste={onPaste}
      />
      <Typography.Text type="secondary" className="exam-count" aria-live="off">
        {t('attemptPage.question.characters', { count: text.length, max: ANSWER_TEXT_MAX })}
      </Typography.Text>
    </div>
  );

  if (item.type === QuestionType.EXTERNAL_LINK) {
    return (
      <div className="exam-task">
        <div className="exam-task-open">
          <Button
            icon={<ExportOutlined />}
            href={item.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onOpenTask}
          >
            {t('attemptPage.question.openTask')}
          </Button>
          <Typography.Text type="secondary">{t('attemptPage.question.taskHelp')}</Typography.Text>
        </div>
        {area}
      </div>
    );
  }
  return area;
}

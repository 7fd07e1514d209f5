import { CheckCircleFilled, ExportOutlined } from '@ant-design/icons';
import { QuestionType, type QuestionTypeCode } from '@kaoshi/shared';
import {
  Button,
  Checkbox,
  Flex,
  Input,
  Radio,
  Tag,
  Typography,
  theme,
  type RadioChangeEvent,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../SafeHtml';
import './QuestionView.css';

/** What an examinee is shown of a question; the key and analysis only for `showAnswer`. */
export interface ViewableQuestion {
  type: QuestionTypeCode;
  /** Stem (or the instructions of an external-link question), HTML. */
  content: string;
  /** Choice questions; `correct` is read only with showAnswer. */
  options: readonly { key: string; content: string; correct?: boolean }[];
  /**
   * Fill-in: one entry per blank, in order. Its accepted answers are read only with showAnswer;
   * an exam may send empty lists, only the number of blanks counts then.
   */
  blanks: readonly (readonly string[])[];
  linkUrl: string;
  /** Judgement 'T'/'F', the marking guide (external link) or model answer (short answer) HTML. */
  answer?: string;
  analysis?: string;
}

/** What an examinee has answered: a key or keys ('B', 'ACD', 'T'), blanks, or a text. */
export type QuestionResponse = string | string[];

interface QuestionViewProps {
  question: ViewableQuestion;
  /** Shown before the stem, e.g. 3 for "3." */
  number?: number;
  /** Shown after the stem's number, e.g. "(2 分)". */
  extra?: ReactNode;
  /** Marks the correct options and shows the accepted answers, model answer and analysis. */
  showAnswer?: boolean;
  /** The examinee's answer; left out, the view keeps its own (a preview). */
  value?: QuestionResponse;
  onChange?: (value: QuestionResponse) => void;
  disabled?: boolean;
}

const JUDGEMENT = ['T', 'F'] as const;
const OPTIONS_COLUMN = { display: 'flex', flexDirection: 'column', gap: 8, width: '100%' } as const;

/**
 * A question exactly as an examinee sees it: stem, options A–J as radios or checkboxes, the
 * judgement's two choices, one input per blank, the external link as a button, or an answer box.
 * Every piece of HTML goes through SafeHtml. No admin logic here: exam screens reuse it.
 */
export function QuestionView({
  question,
  number,
  extra,
  showAnswer = false,
  value,
  onChange,
  disabled,
}: QuestionViewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [own, setOwn] = useState<QuestionResponse>();
  const response = value ?? own;
  const answer = (next: QuestionResponse) => {
    setOwn(next);
    onChange?.(next);
  };
  const text = typeof response === 'string' ? response : '';
  const list = Array.isArray(response) ? response : [];
  const { type } = question;
  const correctMark = (correct: boolean | undefined) =>
    showAnswer && correct ? (
      <CheckCircleFilled
        style={{ color: token.colorSuccess, marginInlineStart: 6 }}
        aria-label={t('question.view.correct')}
      />
    ) : null;
  const optionStyle = (correct: boolean | undefined) => ({
    display: 'flex',
    alignItems: 'flex-start',
    width: '100%',
    padding: '6px 10px',
    borderRadius: token.borderRadius,
    border: `1px solid ${showAnswer && correct ? token.colorSuccessBorder : token.colorBorderSecondary}`,
    background: showAnswer && correct ? token.colorSuccessBg : undefined,
  });
  const optionLabel = (option: ViewableQuestion['options'][number]) => (
    <Flex gap={6} align="baseline" style={{ minWidth: 0 }}>
      <Typography.Text strong>{option.key}.</Typography.Text>
      <SafeHtml html={option.content} inline className="question-option-content" />
      {correctMark(option.correct)}
    </Flex>
  );

  /** An option's radio or checkbox: its key is its value. */
  const optionProps = (key: string, correct: boolean | undefined) => ({
    value: key,
    style: optionStyle(correct),
    className: 'question-option',
  });
  /** The radio group of a one-answer question (single choice, judgement). */
  const oneAnswer = {
    value: text || undefined,
    disabled,
    onChange: (event: RadioChangeEvent) => answer(String(event.target.value)),
    style: OPTIONS_COLUMN,
  };

  let body: ReactNode;
  if (type === QuestionType.SINGLE) {
    body = (
      <Radio.Group {...oneAnswer}>
        {question.options.map((option) => (
          <Radio key={option.key} {...optionProps(option.key, option.correct)}>
            {optionLabel(option)}
          </Radio>
        ))}
      </Radio.Group>
    );
  } else if (type === QuestionType.MULTIPLE) {
    const chosen = text.split('');
    body = (
      <Checkbox.Group
        value={chosen}
        disabled={disabled}
        onChange={(keys) =>
          answer(
            question.options
              .map((option) => option.key)
              .filter((key) => keys.includes(key))
              .join(''),
          )
        }
        style={OPTIONS_COLUMN}
      >
        {question.options.map((option) => (
          <Checkbox key={option.key} {...optionProps(option.key, option.correct)}>
            {optionLabel(option)}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  } else if (type === QuestionType.JUDGEMENT) {
    body = (
      <Radio.Group {...oneAnswer}>
        {JUDGEMENT.map((key) => {
          const correct = question.answer === key;
          return (
            <Radio key={key} {...optionProps(key, correct)}>
              {t(key === 'T' ? 'question.view.true' : 'question.view.false')}
              {correctMark(correct)}
            </Radio>
          );
        })}
      </Radio.Group>
    );
  } else if (type === QuestionType.FILL_BLANK) {
    body = (
      <Flex vertical gap={8}>
        {question.blanks.map((accepted, index) => (
          <Flex key={index} vertical gap={4} className="question-blank">
            <Flex gap={8} align="center" wrap>
              <Typography.Text style={{ minWidth: 64 }}>
                {t('question.view.blank', { n: index + 1 })}
              </Typography.Text>
              <Input
                style={{ flex: '1 1 200px', maxWidth: 420 }}
                value={list[index] ?? ''}
                disabled={disabled}
                aria-label={t('question.view.blank', { n: index + 1 })}
                onChange={(event) => {
                  const next = question.blanks.map((_, i) => list[i] ?? '');
                  next[index] = event.target.value;
                  answer(next);
                }}
              />
            </Flex>
            {showAnswer && (
              <Flex gap={4} wrap className="question-blank-answers">
                {accepted.map((alternative) => (
                  <Tag key={alternative} color="success">
                    {alternative}
                  </Tag>
                ))}
              </Flex>
            )}
          </Flex>
        ))}
      </Flex>
    );
  } else if (type === QuestionType.EXTERNAL_LINK) {
    body = question.linkUrl ? (
      <Button
        type="primary"
        ghost
        icon={<ExportOutlined />}
        href={question.linkUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="question-link"
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      >
        {t('question.view.openLink')}
      </Button>
    ) : null;
  } else {
    body = (
      <Input.TextArea
        value={text}
        disabled={disabled}
        autoSize={{ minRows: 4, maxRows: 12 }}
        aria-label={t('question.view.yourAnswer')}
        placeholder={t('question.view.yourAnswer')}
        onChange={(event) => answer(event.target.value)}
      />
    );
  }

  const guide =
    type === QuestionType.EXTERNAL_LINK
      ? 'question.view.markingGuide'
      : type === QuestionType.SHORT_ANSWER
        ? 'question.view.modelAnswer'
        : undefined;

  return (
    <Flex vertical gap={12} className="question-view" style={{ minWidth: 0 }}>
      <Flex gap={6} align="baseline" style={{ minWidth: 0 }}>
        {number !== undefined && <Typography.Text strong>{number}.</Typography.Text>}
        <div style={{ flex: 1, minWidth: 0 }}>
          <SafeHtml html={question.content} className="question-stem" />
        </div>
        {extra}
      </Flex>
      {body}
      {showAnswer && (
        <Flex
          vertical
          gap={8}
          className="question-answer"
          style={{
            padding: '10px 12px',
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
          }}
        >
          {(type === QuestionType.SINGLE || type === QuestionType.MULTIPLE) && (
            <Typography.Text>
              <Typography.Text strong>{t('question.view.key')}</Typography.Text>{' '}
              {question.options
                .filter((option) => option.correct)
                .map((option) => option.key)
                .join('')}
            </Typography.Text>
          )}
          {type === QuestionType.JUDGEMENT && (
            <Typography.Text>
              <Typography.Text strong>{t('question.view.key')}</Typography.Text>{' '}
              {t(question.answer === 'T' ? 'question.view.true' : 'question.view.false')}
            </Typography.Text>
          )}
          {guide && question.answer && (
            <div>
              <Typography.Text strong>{t(guide)}</Typography.Text>
              <SafeHtml html={question.answer} />
            </div>
          )}
          <div>
            <Typography.Text strong>{t('question.view.analysis')}</Typography.Text>
            {question.analysis ? (
              <SafeHtml html={question.analysis} />
            ) : (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('question.view.noAnalysis')}
              </Typography.Paragraph>
            )}
          </div>
        </Flex>
      )}
    </Flex>
  );
}

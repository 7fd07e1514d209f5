import { QuestionType, type QuestionTypeCode } from '@kaoshi/shared';

/** The message key naming each question type, as the exam page and the result page show it. */
export const QUESTION_TYPE_KEYS = {
  [QuestionType.SINGLE]: 'attemptPage.question.types.single',
  [QuestionType.MULTIPLE]: 'attemptPage.question.types.multiple',
  [QuestionType.JUDGEMENT]: 'attemptPage.question.types.judgement',
  [QuestionType.EXTERNAL_LINK]: 'attemptPage.question.types.link',
  [QuestionType.FILL_BLANK]: 'attemptPage.question.types.fill',
  [QuestionType.SHORT_ANSWER]: 'attemptPage.question.types.short',
} as const satisfies Record<QuestionTypeCode, string>;

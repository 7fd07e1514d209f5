import { z } from 'zod';
import {
  CHOICE_TYPES,
  DIFFICULTY_DEFAULT,
  QUESTION_BLANK_ALTERNATIVES_MAX,
  QUESTION_BLANK_ANSWER_MAX,
  QUESTION_BLANK_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_SCORE_DEFAULT,
  QUESTION_TAG_MAX,
  QuestionType,
} from '../question.js';
import { schemaMessage } from '../messages/server-messages.js';
import { dbId, keyList } from './common.js';
import {
  certLevel,
  difficultySchema,
  emptyToUndefined,
  html,
  questionLinkUrl,
  questionScore,
  questionTag,
  questionTypeSchema,
} from './question-base.js';
import { choiceAnswer, questionShapeProblems } from './question-rules.js';

// ---------------------------------------------------------------------------------------------
// Add and update

const option = z.object({ content: html, correct: z.boolean().default(false) });

/** One blank: its accepted answers; empty entries are dropped (a form's trailing input). */
const blank = z
  .array(z.string().trim().max(QUESTION_BLANK_ANSWER_MAX))
  .max(QUESTION_BLANK_ALTERNATIVES_MAX)
  .transform((answers) => [...new Set(answers.filter((answer) => answer !== ''))]);

export const questionFields = z.object({
  type: questionTypeSchema,
  /** The stem (HTML); for an external link, the instructions. */
  content: html,
  /** Choice types only: A, B, … in order; ignored for the other types. */
  options: z.array(option).max(QUESTION_OPTION_MAX).default([]),
  /** Judgement 'T'/'F'; external link: marking guide (HTML); short answer: model answer (HTML). */
  answer: html.default(''),
  /** Fill-in only: the accepted answers of each ___ in the stem, in order. */
  blanks: z.array(blank).max(QUESTION_BLANK_MAX).default([]),
  /** External link only. */
  linkUrl: questionLinkUrl.default(''),
  analysis: html.default(''),
  score: questionScore.default(QUESTION_SCORE_DEFAULT),
  difficulty: difficultySchema.default(DIFFICULTY_DEFAULT),
  subjectId: dbId,
  level: certLevel,
  /** A course (cn) of the job type and level. */
  courseId: dbId,
  /** An appraisal point (kn) under the course, or null. */
  pointId: z.preprocess(emptyToUndefined, dbId.nullable().default(null)),
  tags: keyList(questionTag, QUESTION_TAG_MAX).default([]),
});

type QuestionFields = z.output<typeof questionFields>;

/**
 * What each type keeps: the fields of other types are cleared, a choice question's answer is
 * derived from its options, a judgement answer is upper-cased.
 */
function normaliseQuestion<T extends QuestionFields>(value: T): T {
  const { type } = value;
  const choice = CHOICE_TYPES.includes(type);
  const answer =
    type === QuestionType.JUDGEMENT
      ? value.answer.trim().toUpperCase()
      : type === QuestionType.EXTERNAL_LINK || type === QuestionType.SHORT_ANSWER
        ? value.answer
        : '';
  return {
    ...value,
    options: choice ? value.options : [],
    answer: choice ? choiceAnswer(value.options) : answer,
    blanks: type === QuestionType.FILL_BLANK ? value.blanks : [],
    linkUrl: type === QuestionType.EXTERNAL_LINK ? value.linkUrl : '',
  };
}

const checkShape = <T extends QuestionFields>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  for (const problem of questionShapeProblems(value)) {
    ctx.addIssue({
      code: 'custom',
      path: problem.field.split('.'),
      ...schemaMessage(problem.key, problem.params),
    });
  }
};

/** One question as add sends it; the rules run on the normalised value. */
export const addQuestionBody = questionFields.transform(normaliseQuestion).superRefine(checkShape);
export type QuestionInput = z.output<typeof addQuestionBody>;

export const updateQuestionBody = questionFields
  .extend({ id: dbId })
  .transform(normaliseQuestion)
  .superRefine(checkShape);
export type UpdateQuestionBody = z.output<typeof updateQuestionBody>;
